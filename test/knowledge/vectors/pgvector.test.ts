import { randomUUID } from 'node:crypto';
import { PgVectorIndex, ensurePgVectorSchema, hasPgVector } from '../../../knowledge/vectors/pgvector.js';
import { describeVectorIndexBehaviour } from './behaviour.js';
import { openPglite, type TestDatabase } from './databases.js';

// Real pgvector SQL: PGlite with the vector extension compiled in.
describe('PgVectorIndex on PGlite with pgvector', () => {
  let database: TestDatabase;
  let index: PgVectorIndex;

  beforeAll(async () => {
    database = await openPglite({ pgvector: true });
    await ensurePgVectorSchema(database.sql);
    index = new PgVectorIndex(database.sql);
  });
  afterAll(() => database.close());

  describeVectorIndexBehaviour('pgvector', () => index);

  it('has kind "pgvector"', () => {
    expect(index.kind).toBe('pgvector');
  });

  it('ensurePgVectorSchema is safe to run again and leaves the vectors in place', async () => {
    const project = randomUUID();
    const chunk = randomUUID();
    await index.upsert(project, [{ chunkId: chunk, documentId: randomUUID(), vector: [1, 2, 3] }]);
    await ensurePgVectorSchema(database.sql);
    expect((await index.query(project, [1, 2, 3], 1)).map((m) => m.chunkId)).toEqual([chunk]);
    const { rows } = await database.sql.query<{ type: string }>(
      `SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = 'chunk_pgvectors'::regclass AND attname = 'embedding'`,
    );
    expect(rows).toEqual([{ type: 'vector' }]); // untyped: any dimension per project
  });

  it('keeps projects of different dimensions side by side, and names both dimensions on a mismatch', async () => {
    const [small, large] = [randomUUID(), randomUUID()];
    const [smallChunk, largeChunk] = [randomUUID(), randomUUID()];
    await index.upsert(small, [{ chunkId: smallChunk, documentId: randomUUID(), vector: [1, 0] }]);
    await index.upsert(large, [{ chunkId: largeChunk, documentId: randomUUID(), vector: [0, 0, 0, 0, 0, 1] }]);
    expect((await index.query(small, [1, 1], 5)).map((m) => m.chunkId)).toEqual([smallChunk]);
    expect((await index.query(large, [0, 0, 0, 0, 0, 1], 5)).map((m) => m.chunkId)).toEqual([largeChunk]);
    await expect(index.query(small, [1, 0, 0], 5)).rejects.toThrow(`query vector has 3 dimensions but project ${small} stores 2-dimensional vectors`);
  });

  it('will not let one project overwrite a chunk id held by another', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const chunk = randomUUID();
    await index.upsert(a, [{ chunkId: chunk, documentId: randomUUID(), vector: [1, 0] }]);
    await expect(index.upsert(b, [{ chunkId: chunk, documentId: randomUUID(), vector: [0, 1] }])).rejects.toThrow(/another project/);
    expect(await index.query(b, [0, 1], 5)).toEqual([]);
    expect((await index.query(a, [1, 0], 5)).map((m) => m.chunkId)).toEqual([chunk]);
  });
});

describe('hasPgVector', () => {
  it('is true where the extension is available, before and after it is installed', async () => {
    const database = await openPglite({ pgvector: true });
    try {
      expect(await hasPgVector(database.sql)).toBe(true);
      await database.sql.query('CREATE EXTENSION vector');
      expect(await hasPgVector(database.sql)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('is false on a PostgreSQL without it', async () => {
    const database = await openPglite();
    try {
      expect(await hasPgVector(database.sql)).toBe(false);
      await expect(ensurePgVectorSchema(database.sql)).rejects.toThrow(/vector/);
    } finally {
      await database.close();
    }
  });
});
