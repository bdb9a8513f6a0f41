// The in-memory BM25 index against the SQL path it replaces on the hot path: over a real corpus
// and a generated one large enough for the candidate budget to select by "all of the rarest
// stems", every question must get the same chunks with the same scores in the same order — and
// still after another process (here: plain SQL writes) replaces and deletes chunks.
import { chunkDocument } from '../../knowledge/chunk.js';
import { LexicalIndex } from '../../knowledge/lexicalIndex/index.js';
import { ROWS_PER_TURN } from '../../knowledge/lexicalIndex/load.js';
import { sqlRound9 } from '../../knowledge/lexicalIndex/sqlRound.js';
import { parseTsvectorText } from '../../knowledge/lexicalIndex/tsvectorText.js';
import { bm25Search, CANDIDATE_BUDGET, type Bm25Params } from '../../knowledge/lexical.js';
import { FUSION_DEFAULTS } from '../../knowledge/retrieve.js';
import { parseDocument } from '../../knowledge/parse.js';
import { replaceChunks } from '../../store/chunks.js';
import { createDocument } from '../../store/documents.js';
import { createProject } from '../../store/projects.js';
import type { WeightedText } from '../../store/bm25.js';
import { closeDb, db } from '../stack/context.js';
import { CORPUS, QUESTIONS } from './qa/corpus.js';

afterAll(closeDb);

const PARAMS: Bm25Params = { k1: FUSION_DEFAULTS.k1, b: FUSION_DEFAULTS.b, commonShare: FUSION_DEFAULTS.commonShare };
const LIMIT = 300;

// Deterministic pseudo-random English-like text: a Zipf-ish draw from real words (so stemming
// merges forms: run/runs/running) and a few made-up ones, repeated words for term frequencies > 1.
let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const WORDS = (
  'tent tents pole poles run runs running ran boot boots hiking hike hiked jacket jackets zipper zippers repair repaired ' +
  'refund refunds refunded shipping ship shipped delivery deliver store stores open opening closed voucher points expire ' +
  'warranty defect defects seam seams weather rain rainy waterproof sleeping bag bags stove fuel map compass trail trails ' +
  "camp camping campsite lake river mountain summit o'reilly's back\\slash don't 2024 v1.2 e-mail naïve café"
).split(' ');
const VOCAB = [...WORDS, ...Array.from({ length: 400 }, (_, i) => `zq${i.toString(36)}x`)];
const word = () => VOCAB[Math.floor(rand() ** 2.5 * VOCAB.length)]!;
const passage = (n: number) => Array.from({ length: n }, word).join(' ') + '.';

/** A project with the QA corpus twice (copies tie exactly), odd document names, and `generated` chunks of generated text. */
async function corpusProject(generated: number): Promise<{ projectId: string; docs: Map<string, string> }> {
  const pool = db();
  const project = await createProject(pool, 'lexical index');
  const docs = new Map<string, string>();
  // Names whose order differs between PostgreSQL's collation and naive comparisons, and a repeated name.
  const documents = [...CORPUS, ...CORPUS.map((d) => ({ name: `Copy ${d.name}`, text: d.text })), { name: 'Ärger.md', text: CORPUS[0]!.text }, { name: 'returns.md', text: CORPUS[0]!.text }];
  for (const { name, text } of documents) {
    const doc = await createDocument(pool, { projectId: project.id, name, kind: 'markdown', sourceUrl: null, content: Buffer.from(text), contentHash: null });
    await replaceChunks(pool, project.id, doc.id, chunkDocument(await parseDocument('markdown', Buffer.from(text), name), { chunkTokens: 50, overlapTokens: 0 }));
    docs.set(name, doc.id);
  }
  for (let done = 0; done < generated; done += 500) {
    const name = `generated-${done / 500}.txt`;
    const doc = await createDocument(pool, { projectId: project.id, name, kind: 'text', sourceUrl: null, content: null, contentHash: null });
    const texts = Array.from({ length: Math.min(500, generated - done) }, () => passage(10 + Math.floor(rand() * 40)));
    await replaceChunks(pool, project.id, doc.id, texts.map((text, i) => ({ index: i, text, headings: [], tokenCount: Math.round(text.length / 5) })));
    docs.set(name, doc.id);
  }
  return { projectId: project.id, docs };
}

const QUERIES: WeightedText[][] = [
  ...QUESTIONS.map((q) => [{ text: q.q, weight: 1 }]),
  ...Array.from({ length: 60 }, () => [{ text: `${word()} ${word()} ${word()} ${word()}?`, weight: 1 }]),
  // Common words only: the candidates are the chunks holding all of the rarest few.
  [{ text: 'tent pole run', weight: 1 }],
  [{ text: 'tents poles running boots', weight: 1 }],
  // Weighted expansions, a stem given twice with different weights, and a question of stopwords only.
  [{ text: 'refund shipping', weight: 1 }, { text: 'delivery refund voucher', weight: 0.3 }],
  [{ text: "O'Reilly's back\\slash don't café naïve", weight: 1 }],
  [{ text: 'what is the', weight: 1 }],
];

/** Every query answered by both paths. */
async function bothPaths(projectId: string, index: LexicalIndex) {
  const pool = db();
  const out = [];
  for (const texts of QUERIES) {
    out.push({ texts, sql: await bm25Search(pool, projectId, texts, LIMIT, PARAMS), memory: await index.search(projectId, texts, LIMIT, PARAMS) });
  }
  return out;
}

it('ranks and scores exactly as the SQL path, on a real corpus and 3,000 generated chunks', async () => {
  const { projectId } = await corpusProject(3000);
  const results = await bothPaths(projectId, new LexicalIndex({ sql: db() }));
  for (const r of results) expect({ texts: r.texts, hits: r.memory }).toEqual({ texts: r.texts, hits: r.sql });
  // The comparison covered what it should: ties, long lists, and the "all of the rarest" selection.
  expect(results.filter((r) => r.sql.length === LIMIT).length).toBeGreaterThan(5);
  expect(results.some((r) => r.sql.some((h, i) => i > 0 && h.score === r.sql[i - 1]!.score))).toBe(true);
  const common = results.find((r) => r.texts[0]!.text === 'tent pole run')!;
  expect(common.sql.length).toBeGreaterThan(0);
  const { rows } = await db().query<{ df: number }>(`SELECT min(df)::int AS df FROM chunk_terms WHERE project_id = $1 AND lexeme IN ('tent', 'pole', 'run')`, [projectId]);
  expect(rows[0]!.df).toBeGreaterThan(CANDIDATE_BUDGET);
}, 180_000);

it('sees chunks replaced and deleted by another process on its very next query, and shares one load between concurrent cold queries', async () => {
  const pool = db();
  const { projectId, docs } = await corpusProject(0);
  const index = new LexicalIndex({ sql: pool });
  const question = [{ text: 'How long do refunds take to reach my card?', weight: 1 }];
  // Cold: five questions at once read the project's chunks once.
  const first = await Promise.all(Array.from({ length: 5 }, () => index.search(projectId, question, LIMIT, PARAMS)));
  expect(index.loads).toBe(1);
  expect(first[4]).toEqual(await bm25Search(pool, projectId, question, LIMIT, PARAMS));
  await index.search(projectId, question, LIMIT, PARAMS);
  expect(index.loads).toBe(1); // warm: nothing read again

  // Another process replaces the returns page's chunks: the new text is found, the old is gone.
  const returns = docs.get('returns.md')!;
  await replaceChunks(pool, projectId, returns, [{ index: 0, text: 'Refunds now reach your card within 48 hours of the parcel arriving.', headings: ['Returns'], tokenCount: 12 }]);
  const afterReplace = await index.search(projectId, question, LIMIT, PARAMS);
  expect(afterReplace).toEqual(await bm25Search(pool, projectId, question, LIMIT, PARAMS));
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM chunks WHERE document_id = $1', [returns]);
  expect(afterReplace.map((h) => h.id)).toContain(rows[0]!.id);

  // …and deletes every copy of it: no hit from a deleted document remains.
  const gone = [...docs].filter(([name]) => name.endsWith('returns.md')).map(([, id]) => id);
  await pool.query('DELETE FROM documents WHERE id = ANY($1::uuid[])', [gone]);
  const afterDelete = await index.search(projectId, question, LIMIT, PARAMS);
  expect(afterDelete.some((h) => gone.includes(h.documentId))).toBe(false);
  expect(afterDelete).toEqual(await bm25Search(pool, projectId, question, LIMIT, PARAMS));
  expect(index.loads).toBe(3);

  // The whole project deleted (its chunks go by cascade, its version row with them): nothing is found.
  await pool.query('DELETE FROM projects WHERE id = $1', [projectId]);
  expect(await index.search(projectId, question, LIMIT, PARAMS)).toEqual([]);
}, 120_000);

it("lets the worker's other work run while a large project's index loads", async () => {
  // 3 × ROWS_PER_TURN generated chunks beside the QA corpus. Once the chunks have arrived from
  // PostgreSQL, loading is all parsing: the event loop must get a turn between slices, or every
  // other ask in the worker waits for the whole project.
  const { projectId } = await corpusProject(3 * ROWS_PER_TURN);
  const pool = db();
  let parsing = false;
  const sql = {
    query: async (text: string, values?: unknown[]) => {
      const result = await pool.query(text, values);
      if (text.includes('tsv::text')) parsing = true; // the chunks are in; parsing starts now
      return result;
    },
  } as unknown as typeof pool;
  const index = new LexicalIndex({ sql });
  let turns = 0;
  let searching = true;
  const tick = () => {
    if (parsing) turns++;
    if (searching) setImmediate(tick);
  };
  setImmediate(tick);
  const hits = await index.search(projectId, [{ text: 'tent pole repair', weight: 1 }], LIMIT, PARAMS);
  searching = false;
  expect(hits.length).toBeGreaterThan(0);
  expect(index.loads).toBe(1);
  expect(turns).toBeGreaterThanOrEqual(3); // one per slice after the first
}, 120_000);

it('reads tsvectors as PostgreSQL prints them, quotes and backslashes included', async () => {
  const literal = `'it''s':1,4 'back\\\\slash':2 'plain' 'weighted':3A,5B,7`;
  const { rows } = await db().query<{ text: string; lexemes: string[]; counts: number[] }>(
    `SELECT v::text AS text, array_agg(u.lexeme ORDER BY u.lexeme) AS lexemes, array_agg(coalesce(array_length(u.positions, 1), 1) ORDER BY u.lexeme) AS counts
       FROM (SELECT $1::tsvector AS v) s, unnest(s.v) u GROUP BY v`,
    [literal],
  );
  const parsed = parseTsvectorText(rows[0]!.text).sort((a, b) => (a.stem < b.stem ? -1 : 1));
  expect(parsed).toEqual(rows[0]!.lexemes.map((stem, i) => ({ stem, tf: rows[0]!.counts[i] })));
  expect(parsed.map((p) => p.stem)).toEqual(expect.arrayContaining(["it's", 'back\\slash']));
});

it("rounds as PostgreSQL's round(float8::numeric, 9) does", async () => {
  const xs = [0, 1, 0.5, 1.0000000005, 2.4999999995, 12.3456789015, 1e-10, 5e-10, 123456.789012345, ...Array.from({ length: 2000 }, () => rand() * 10 ** Math.floor(rand() * 8 - 3))];
  const { rows } = await db().query<{ r: number[] }>('SELECT array_agg(round(x::numeric, 9)::float8 ORDER BY i) AS r FROM unnest($1::float8[]) WITH ORDINALITY AS t(x, i)', [xs]);
  expect(xs.map(sqlRound9)).toEqual(rows[0]!.r);
});

it('keeps no more projects than its memory budget allows, reloading an evicted one when asked again', async () => {
  const [a, b] = [(await corpusProject(0)).projectId, (await corpusProject(0)).projectId];
  const question = [{ text: 'zipper repair cost', weight: 1 }];
  const roomy = new LexicalIndex({ sql: db() });
  const tiny = new LexicalIndex({ sql: db(), maxCacheBytes: 1 }); // room for the project being queried only
  for (const project of [a, b, a, b]) {
    expect(await tiny.search(project, question, LIMIT, PARAMS)).toEqual(await roomy.search(project, question, LIMIT, PARAMS));
  }
  expect(roomy.loads).toBe(2);
  expect(tiny.loads).toBe(4);
});
