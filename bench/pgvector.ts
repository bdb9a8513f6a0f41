/**
 * pgvector on PGlite (in-process PostgreSQL compiled to WebAssembly, with pgvector 0.8 — the one
 * pgvector this machine has): exact search, and the opt-in approximate indexes, at large sizes.
 * Run by `npm run bench:retrieval` when BENCH_PGVECTOR_SIZES is set (e.g. 100000,1000000);
 * BENCH_PGVECTOR_METHODS picks the indexes (default ivfflat; hnsw builds far slower here).
 * WebAssembly runs single-threaded and without the native build's SIMD, so every figure is an
 * upper bound of what a native PostgreSQL with pgvector gives on the same machine.
 */
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import { LocalLexicalEmbedder } from '../providers/kinds/local/embeddings.js';
import { PgVectorIndex, createPgVectorAnnIndex, ensurePgVectorSchema, type AnnMethod } from '../knowledge/vectors/pgvector.js';
import { printTable, summarize } from './stats.js';

export async function benchPgvector(sizes: number[], queries: number, methods: AnnMethod[], text: { sentence: (n: number) => string; word: () => string }): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  const embedder = new LocalLexicalEmbedder();
  for (const size of sizes) {
    const db = await PGlite.create({ extensions: { vector } });
    try {
      await ensurePgVectorSchema(db);
      const project = randomUUID();
      const exact = new PgVectorIndex(db);
      let started = performance.now();
      for (let done = 0; done < size; done += 1000) {
        const texts = Array.from({ length: Math.min(1000, size - done) }, () => `${text.sentence(30)} ${text.sentence(30)} ${text.sentence(30)}`);
        const vectors = await embedder.embed(texts);
        await exact.upsert(project, vectors.map((v) => ({ chunkId: randomUUID(), documentId: project, vector: v })));
      }
      const insertS = (performance.now() - started) / 1000;
      const questions = await embedder.embed(Array.from({ length: queries }, () => `${text.word()} ${text.word()} ${text.word()} ${text.word()} ${text.word()}?`));
      const truth: number[][] = []; // the exact scores, best first
      const exactMs: number[] = [];
      for (const q of questions) {
        const s = performance.now();
        truth.push((await exact.query(project, q, 51)).map((m) => m.score));
        exactMs.push(performance.now() - s);
      }
      // A question none of whose words embed is a zero vector: cosine is undefined (NaN) for every
      // chunk, so it has no neighbours to find and is left out of recall.
      const scored = truth.map((scores) => Number.isFinite(scores[0]));
      const counted = scored.filter(Boolean).length;
      const e = summarize(exactMs);
      rows.push({ chunks: size, search: `exact (no index); ${questions.length - counted} of ${questions.length} questions embed to zero`, 'insert s': insertS.toFixed(0), 'index build s': '—', 'top-51 p50 ms': e.p50.toFixed(1), 'p99 ms': e.p99.toFixed(1), 'recall@5': '1.000', 'recall@50': '1.000' });
      console.log(`[bench] pgvector ${size}: inserted in ${insertS.toFixed(0)} s, exact p50 ${e.p50.toFixed(1)} ms`);
      for (const method of methods) {
        // pgvector's guidance: lists = rows / 1000 up to 1M rows; probes ≈ √lists.
        const lists = Math.max(10, Math.round(size / 1000));
        const probes = Math.max(1, Math.round(Math.sqrt(lists)));
        started = performance.now();
        await db.query(`SET maintenance_work_mem = '1GB'`);
        await createPgVectorAnnIndex(db, project, questions[0]!.length, method, method === 'ivfflat' ? { lists } : {});
        const buildS = (performance.now() - started) / 1000;
        // Two search widths each: pgvector's usual one and a wider one, to show what recall costs.
        for (const [efSearch, p] of method === 'hnsw' ? [[100, 0], [400, 0]] : [[0, probes], [0, probes * 4]]) {
          const ann = new PgVectorIndex(db, { ann: { efSearch: efSearch || undefined, probes: p || undefined } });
          const annMs: number[] = [];
          let hit5 = 0;
          let hit50 = 0;
          let short = 0; // searches that returned fewer than asked for
          for (const [i, q] of questions.entries()) {
            const s = performance.now();
            const found = (await ann.query(project, q, 51)).map((m) => m.score);
            annMs.push(performance.now() - s);
            if (!scored[i]) continue;
            if (found.length < 51) short++;
            // A hit scores at least the exact k-th score: chunks tied with it count alike, whichever of them either search returned.
            hit5 += found.slice(0, 5).filter((score) => score >= truth[i]![4]! - 1e-6).length;
            hit50 += found.slice(0, 50).filter((score) => score >= truth[i]![49]! - 1e-6).length;
          }
          const a = summarize(annMs);
          rows.push({
            chunks: size,
            search: method === 'ivfflat' ? `ivfflat (lists ${lists}, probes ${p})` : `hnsw (m 16, ef_construction 64, ef_search ${efSearch})`,
            'insert s': '',
            'index build s': buildS.toFixed(0),
            'top-51 p50 ms': a.p50.toFixed(1),
            'p99 ms': a.p99.toFixed(1),
            'recall@5': (hit5 / (5 * counted)).toFixed(3),
            'recall@50': (hit50 / (50 * counted)).toFixed(3),
            'short results': short,
          });
        }
        console.log(`[bench] pgvector ${size} ${method}: built in ${buildS.toFixed(0)} s`);
      }
    } finally {
      await db.close();
    }
  }
  printTable(`pgvector on PGlite (WebAssembly, one thread), 256-dim local lexical vectors of ~90-word chunks, ${queries} queries of 5 words`, rows);
}
