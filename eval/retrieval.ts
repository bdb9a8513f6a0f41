/**
 * Retrieval alone, in process: `npm run eval:retrieval`. Ingests the evaluation corpus straight
 * into a scratch project (parse, chunk with the project defaults, embed with the offline
 * embedder, exact index) and runs `retrieve` for every labelled question — no router, no
 * workflow — so a change to ranking is measured in seconds. `npm run eval` measures the same
 * questions through the whole ask.
 */
import { chunkDocument, chunkSearchText } from '../knowledge/chunk.js';
import { parseDocument } from '../knowledge/parse.js';
import { retrieve, type FusionParams, type RetrievalMode } from '../knowledge/retrieve.js';
import { ExactVectorIndex } from '../knowledge/vectors/exact.js';
import { LexicalIndex } from '../knowledge/lexicalIndex/index.js';
import { MentionIndex } from '../knowledge/mentions.js';
import { linkTargets } from '../knowledge/linkTargets.js';
import { builtInConnection, embedderFor } from '../providers/registry.js';
import { extractiveAnswer } from '../providers/kinds/local/answer.js';
import { knowledgePassage } from '../interface/ask.js';
import { startTestStack } from '../infra/testStack.js';
import { replaceChunks } from '../store/chunks.js';
import { createDocument, updateDocument } from '../store/documents.js';
import { createPool } from '../store/pool.js';
import { createProject } from '../store/projects.js';
import { evaluationCorpus, labelledSet, readPage } from './corpus.js';
import { mrr, recallAt, retrievalRows, type RetrievalOutcome } from './metrics.js';
import { RETRIEVAL_SETS } from './sets/retrievalSets.js';
import type { LabelledQuestion } from './sets/retrieval.js';

const TOP_K = 5;
/** The embedding model (`<provider>:<model>` of a built-in provider); the default for new projects unless set. */
const model = process.env.EVAL_EMBEDDING_MODEL ?? 'local:lexical-256';

// EVAL_CORPUS: `git` (the default; its tuning half is where parameters were chosen), `sqlite`, `python` or `pgpool`.
// EVAL_PAGES=all: the same questions over every page of the manual, not the 100 chosen.
const corpus = evaluationCorpus();
// EVAL_QUESTIONS: a JSON file of labelled questions over the corpus to use instead of its set —
// for a set written afresh by someone who has not seen the ranking, its word lists or the sets.
const RETRIEVAL_SET = labelledSet<LabelledQuestion>(corpus, 'EVAL_QUESTIONS', RETRIEVAL_SETS);
const t = await startTestStack();
const pool = createPool(t.info.databaseUrl, 4);
try {
  const project = await createProject(pool, 'eval retrieval');
  const [provider, name] = [model.slice(0, model.indexOf(':')), model.slice(model.indexOf(':') + 1)];
  const connection = builtInConnection(provider);
  if (!connection) throw new Error(`${model}: not a built-in provider's model`);
  const embedder = embedderFor(connection, name);
  const index = new ExactVectorIndex({ sql: pool });
  // BM25 as the worker runs it (in memory); it ranks exactly as the SQL path does.
  const lexical = new LexicalIndex({ sql: pool });
  const mentions = new MentionIndex({ sql: pool });
  let chunks = 0;
  const started = performance.now();
  for (const page of corpus.pages) {
    const html = Buffer.from(readPage(corpus, page));
    const doc = await createDocument(pool, { projectId: project.id, name: `${page}.html`, kind: 'html', sourceUrl: null, content: html, contentHash: null });
    const parsed = await parseDocument('html', html, `${page}.html`);
    // The title the ingestion workflow stores: retrieval's title list reads it.
    await updateDocument(pool, doc.id, { title: parsed.title });
    const parts = chunkDocument(parsed, { chunkTokens: Number(process.env.EVAL_CHUNK_TOKENS ?? 300), overlapTokens: Number(process.env.EVAL_OVERLAP_TOKENS ?? 40) });
    const ids = await replaceChunks(pool, project.id, doc.id, parts, linkTargets(parsed.links ?? [], doc));
    const vectors = await embedder.embed(parts.map(chunkSearchText));
    await index.upsert(project.id, ids.map((chunkId, i) => ({ chunkId, documentId: doc.id, vector: vectors[i]! })));
    chunks += parts.length;
  }
  console.log(`[eval] ${corpus.title}: ${corpus.pages.length} pages, ${chunks} chunks, indexed in ${((performance.now() - started) / 1000).toFixed(1)} s with ${embedder.id}`);

  // EVAL_SWEEP: a JSON list of FusionParams overrides to compare, e.g. [{"lexicalWeight":2},{"b":0.5}].
  const sweep = JSON.parse(process.env.EVAL_SWEEP ?? '[{}]') as Partial<FusionParams>[];
  const modes = (process.env.EVAL_MODES ?? 'lexical,vector,hybrid').split(',') as RetrievalMode[];
  for (const [mode, fusion] of modes.flatMap((m) => sweep.map((f) => [m, f] as const))) {
    const outcomes: RetrievalOutcome[] = [];
    const misses: string[] = [];
    const queryStarted = performance.now();
    for (const q of RETRIEVAL_SET) {
      const found = await retrieve({ pool, index, embedder, lexical, mentions }, project.id, q.q, { topK: TOP_K, minScore: 0.15, mode, fusion });
      const at = found.findIndex((c) => q.pages.includes(c.document.replace(/\.html$/, '')));
      // The offline model's answer from these chunks, as the ask would give it (sources as the workflow names them).
      const answer = extractiveAnswer(q.q, found.map(knowledgePassage));
      const termInAnswer = answer.toLowerCase().includes(q.term.toLowerCase());
      outcomes.push({ kind: q.kind, split: q.split, rank: at === -1 ? null : at + 1, termInAnswer });
      if (process.env.EVAL_ANSWERS) console.log(`${q.term} | ${q.q}\n   -> ${answer}`);
      if (!termInAnswer) misses.push(`  no key term (page ${at === -1 ? 'not found' : `#${at + 1}`}) [${q.split} ${q.kind}] ${q.term} | ${q.q}\n     -> ${answer}`);
      if (at !== 0) misses.push(`  ${at === -1 ? 'miss' : `#${at + 1}  `} [${q.split} ${q.kind}] ${q.q} → ${found.map((c) => `${c.document.replace(/\.html$/, '')}:${c.chunkIndex}`).join(' ')}`);
    }
    const ms = (performance.now() - queryStarted) / RETRIEVAL_SET.length;
    if (process.env.EVAL_BRIEF) {
      // One line per configuration, for sweeps: recall@5 / MRR / key term in the answer on the tuning and held-out halves.
      const half = (split: string, kind?: string) => outcomes.filter((o) => o.split === split && (!kind || o.kind === kind));
      const f = (xs: RetrievalOutcome[]) => `${recallAt(xs, 5).toFixed(3)}/${mrr(xs).toFixed(3)}/${(xs.filter((x) => x.termInAnswer).length / xs.length).toFixed(3)}`;
      console.log(`${mode} ${JSON.stringify(fusion)}  tuning ${f(half('tuning'))} (para ${f(half('tuning', 'paraphrase'))})  held-out ${f(half('held-out'))} (para ${f(half('held-out', 'paraphrase'))})`);
      continue;
    }
    console.log(`\n${mode} ${JSON.stringify(fusion)}: ${ms.toFixed(1)} ms per question (key term: in the offline model's extractive answer from these chunks)`);
    console.table(retrievalRows(outcomes));
    if (process.env.EVAL_VERBOSE) console.log(misses.join('\n'));
  }
} finally {
  await pool.end();
  await t.dispose();
}
