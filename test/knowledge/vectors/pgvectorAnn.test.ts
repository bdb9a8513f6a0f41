// pgvector's opt-in approximate search (HNSW or IVFFlat per project) on PGlite with pgvector:
// with no approximate index the search is the exact one; with one, the project's index is used,
// other projects' vectors never come back, and most of the exact neighbours are found.
import { randomUUID } from 'node:crypto';
import { PgVectorIndex, createPgVectorAnnIndex, dropPgVectorAnnIndex, ensurePgVectorSchema, type AnnMethod } from '../../../knowledge/vectors/pgvector.js';
import { describeVectorIndexBehaviour } from './behaviour.js';
import { openPglite, type TestDatabase } from './databases.js';
import { seededRandom } from './random.js';

let database: TestDatabase;
let ann: PgVectorIndex;
let exact: PgVectorIndex;

beforeAll(async () => {
  database = await openPglite({ pgvector: true });
  await ensurePgVectorSchema(database.sql);
  // Half of IVFFlat's 20 lists probed: pgvector builds them by k-means from rows sampled at random,
  // so recall varies from build to build; probing 8 it ranged 0.795–0.89 of the exact neighbours
  // (once under the 0.8 asked below, in a full run), probing 10 it ranged 0.91–0.945.
  ann = new PgVectorIndex(database.sql, { ann: { efSearch: 64, probes: 10 } });
  exact = new PgVectorIndex(database.sql);
});
afterAll(() => database.close());

// Every behaviour of the exact search holds for the approximate path while no approximate index exists.
describeVectorIndexBehaviour('pgvector (ann search, no approximate index)', () => ann);

/** Deterministic pseudo-random numbers in [-0.5, 0.5). */
const random = (seed: number) => seededRandom(seed, -0.5, 0.5);

async function indexScans(projectId: string): Promise<number> {
  // Statistics reach the views only when flushed (PGlite never gets round to it on its own).
  await database.sql.query('SELECT pg_stat_force_next_flush()');
  await database.sql.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await database.sql.query<{ scans: number | string }>(
    `SELECT coalesce(sum(idx_scan), 0) AS scans FROM pg_stat_user_indexes WHERE indexrelname LIKE $1`,
    [`chunk_pgvectors_ann_${projectId.replaceAll('-', '')}%`],
  );
  return Number(rows[0]!.scans);
}

it.each<[AnnMethod, object]>([
  ['hnsw', { m: 8, efConstruction: 32 }],
  ['ivfflat', { lists: 20 }],
])('searches a project through its own %s index, finding most exact neighbours and nothing of other projects', async (method, options) => {
  const next = random(method.length);
  const dims = 24;
  const [project, neighbour] = [randomUUID(), randomUUID()];
  const records = (n: number) => Array.from({ length: n }, () => ({ chunkId: randomUUID(), documentId: randomUUID(), vector: Array.from({ length: dims }, next) }));
  const own = records(2000);
  await ann.upsert(project, own);
  await ann.upsert(neighbour, records(500));
  await ann.upsert(project, [{ chunkId: randomUUID(), documentId: randomUUID(), vector: [1, 2, 3] }]); // another dimension: skipped
  await createPgVectorAnnIndex(database.sql, project, dims, method, options);

  const queries = Array.from({ length: 20 }, () => Array.from({ length: dims }, next));
  const scansBefore = await indexScans(project);
  const ownIds = new Set<string>(own.map((r) => r.chunkId));
  let found = 0;
  for (const q of queries) {
    const [approximate, truth] = [await ann.query(project, q, 10), await exact.query(project, q, 10)];
    expect(approximate).toHaveLength(10);
    expect(approximate.every((m) => ownIds.has(m.chunkId))).toBe(true);
    const wanted = new Set<string>(truth.map((m) => m.chunkId));
    found += approximate.filter((m) => wanted.has(m.chunkId)).length;
  }
  expect(await indexScans(project)).toBeGreaterThanOrEqual(scansBefore + queries.length);
  expect(found / (queries.length * 10)).toBeGreaterThan(0.8);

  // Dropped: exact again.
  await dropPgVectorAnnIndex(database.sql, project, dims);
  expect(await ann.query(project, queries[0]!, 10)).toEqual(await exact.query(project, queries[0]!, 10));
}, 120_000);

it('refuses a project id or dimension that is not one before building anything', async () => {
  await expect(createPgVectorAnnIndex(database.sql, "x'; DROP TABLE chunk_pgvectors; --", 3, 'hnsw')).rejects.toThrow(/not a project id/);
  await expect(createPgVectorAnnIndex(database.sql, randomUUID(), 0, 'hnsw')).rejects.toThrow(/dimensions/);
});
