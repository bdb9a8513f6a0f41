import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../../../knowledge/types.js';
import { ExactVectorIndex } from '../../../knowledge/vectors/exact.js';
import { describeVectorIndexBehaviour } from './behaviour.js';
import { createExactTables, openPglite, openScratchSchema, type TestDatabase } from './databases.js';

/** A SqlClient that records the statements it passes on, to see what a query cost. */
function counting(sql: SqlClient): SqlClient & { statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    query: (text, params) => {
      statements.push(text.trim());
      return sql.query(text, params);
    },
  };
}

// PGlite for speed and independence from the migration; the suite's real PostgreSQL (a scratch
// schema) because production goes through `pg`, which returns bytea and bigint differently.
describe.each([
  ['PGlite', () => openPglite()],
  ['PostgreSQL', () => openScratchSchema()],
])('ExactVectorIndex on %s', (dbName, open: () => Promise<TestDatabase>) => {
  let database: TestDatabase;
  let index: ExactVectorIndex;

  beforeAll(async () => {
    database = await open();
    await createExactTables(database.sql);
    index = new ExactVectorIndex({ sql: database.sql });
  });
  afterAll(() => database.close());

  describeVectorIndexBehaviour(`exact (${dbName})`, () => index);

  it('has kind "exact"', () => {
    expect(index.kind).toBe('exact');
  });

  it('stores float32 little-endian bytes with their dimension, bumping the project version on each write', async () => {
    const project = randomUUID();
    const [doc, chunk] = [randomUUID(), randomUUID()];
    await index.upsert(project, [{ chunkId: chunk, documentId: doc, vector: [1.5, -2, 0.25] }]);
    const { rows } = await database.sql.query<{ project_id: string; document_id: string; dims: number; embedding: Uint8Array }>(
      'SELECT project_id, document_id, dims, embedding FROM chunk_vectors WHERE chunk_id = $1',
      [chunk],
    );
    const expected = Buffer.alloc(12);
    [1.5, -2, 0.25].forEach((v, i) => expected.writeFloatLE(v, i * 4));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ project_id: project, document_id: doc, dims: 3 });
    expect(Buffer.from(rows[0]!.embedding).equals(expected)).toBe(true);

    const version = async () =>
      Number((await database.sql.query<{ version: unknown }>('SELECT version FROM vector_index_versions WHERE project_id = $1', [project])).rows[0]?.version);
    expect(await version()).toBe(1);
    await index.deleteDocument(project, doc);
    expect(await version()).toBe(2);
  });

  it('answers a warm project with one cheap version lookup, not a reload', async () => {
    const sql = counting(database.sql);
    const own = new ExactVectorIndex({ sql });
    const project = randomUUID();
    await own.upsert(project, [{ chunkId: randomUUID(), documentId: randomUUID(), vector: [1, 0] }]);
    await own.query(project, [1, 0], 1); // cold: version + rows
    sql.statements.length = 0;
    await own.query(project, [0, 1], 1);
    expect(sql.statements).toEqual(['SELECT version FROM vector_index_versions WHERE project_id = $1']);
  });

  it('sees another instance’s upserts and deletes on the next query (cache revalidated by version)', async () => {
    const other = new ExactVectorIndex({ sql: database.sql });
    const project = randomUUID();
    const [doc, newDoc] = [randomUUID(), randomUUID()];
    const [old, fresh] = [randomUUID(), randomUUID()];
    await index.upsert(project, [{ chunkId: old, documentId: doc, vector: [1, 1, 0, 0] }]);
    expect((await index.query(project, [1, 0, 0, 0], 5)).map((m) => m.chunkId)).toEqual([old]); // now cached

    await other.upsert(project, [{ chunkId: fresh, documentId: newDoc, vector: [1, 0, 0, 0] }]);
    expect((await index.query(project, [1, 0, 0, 0], 5)).map((m) => m.chunkId)).toEqual([fresh, old]);

    await other.deleteDocument(project, doc);
    expect((await index.query(project, [1, 0, 0, 0], 5)).map((m) => m.chunkId)).toEqual([fresh]);
  });

  it('refuses a query of the wrong dimension with an error naming both', async () => {
    const project = randomUUID();
    await index.upsert(project, [{ chunkId: randomUUID(), documentId: randomUUID(), vector: [1, 0, 0, 0] }]);
    await expect(index.query(project, [1, 0, 0, 0, 0, 0], 3)).rejects.toThrow(`query vector has 6 dimensions but project ${project} stores 4-dimensional vectors`);
  });

  it('serves each dimension from its own vectors while a project is part-way through re-embedding', async () => {
    const project = randomUUID();
    const [oldModel, newModel] = [randomUUID(), randomUUID()];
    await index.upsert(project, [{ chunkId: oldModel, documentId: randomUUID(), vector: [1, 0, 0, 0] }]);
    await index.upsert(project, [{ chunkId: newModel, documentId: randomUUID(), vector: [0, 1, 0] }]);
    expect((await index.query(project, [0, 1, 0], 5)).map((m) => m.chunkId)).toEqual([newModel]);
    expect((await index.query(project, [1, 0, 0, 0], 5)).map((m) => m.chunkId)).toEqual([oldModel]);
    await expect(index.query(project, [1, 0], 5)).rejects.toThrow(/stores (4 and 3|3 and 4)-dimensional/);
  });

  it('will not let one project overwrite a chunk id held by another', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const chunk = randomUUID();
    await index.upsert(a, [{ chunkId: chunk, documentId: randomUUID(), vector: [1, 0, 0, 0] }]);
    await expect(index.upsert(b, [{ chunkId: chunk, documentId: randomUUID(), vector: [0, 1, 0, 0] }])).rejects.toThrow(/another project/);
    expect(await index.query(b, [0, 1, 0, 0], 5)).toEqual([]);
    const [match] = await index.query(a, [1, 0, 0, 0], 5);
    expect(match).toEqual({ chunkId: chunk, score: expect.closeTo(1, 6) as number });
  });

  it('keeps the last vector when a batch names a chunk twice', async () => {
    const project = randomUUID();
    const chunk = randomUUID();
    const doc = randomUUID();
    await index.upsert(project, [
      { chunkId: chunk, documentId: doc, vector: [1, 0, 0, 0] },
      { chunkId: chunk, documentId: doc, vector: [0, 0, 1, 0] },
    ]);
    const matches = await index.query(project, [0, 0, 1, 0], 5);
    expect(matches).toHaveLength(1);
    expect(matches[0]!.score).toBeCloseTo(1, 6);
  });

  it('still answers correctly when the cache budget holds less than one project', async () => {
    const tiny = new ExactVectorIndex({ sql: database.sql, maxCacheBytes: 1 });
    const [a, b] = [randomUUID(), randomUUID()];
    const [chunkA, chunkB] = [randomUUID(), randomUUID()];
    await tiny.upsert(a, [{ chunkId: chunkA, documentId: randomUUID(), vector: [1, 0] }]);
    await tiny.upsert(b, [{ chunkId: chunkB, documentId: randomUUID(), vector: [0, 1] }]);
    for (let round = 0; round < 2; round++) {
      expect((await tiny.query(a, [1, 0], 5)).map((m) => m.chunkId)).toEqual([chunkA]);
      expect((await tiny.query(b, [1, 0], 5)).map((m) => m.chunkId)).toEqual([chunkB]);
    }
  });

  it('rejects malformed input before touching the database', async () => {
    const project = randomUUID();
    const doc = randomUUID();
    await expect(index.upsert(project, [{ chunkId: randomUUID(), documentId: doc, vector: [1, Number.NaN] }])).rejects.toThrow(/non-finite/);
    await expect(
      index.upsert(project, [
        { chunkId: randomUUID(), documentId: doc, vector: [1, 0] },
        { chunkId: randomUUID(), documentId: doc, vector: [1, 0, 0] },
      ]),
    ).rejects.toThrow(/share a dimension/);
    await expect(index.query(project, [1, 0], -1)).rejects.toThrow(/topK/);
    await expect(index.query(project, [1, 0], 1.5)).rejects.toThrow(/topK/);
    expect(await index.query(project, [1, 0], 5)).toEqual([]);
  });
});
