import { ExactVectorIndex } from '../../../knowledge/vectors/exact.js';
import { PgVectorIndex } from '../../../knowledge/vectors/pgvector.js';
import { PineconeVectorIndex } from '../../../knowledge/vectors/pinecone.js';
import { chooseVectorIndex } from '../../../knowledge/vectors/select.js';
import { openPglite, type TestDatabase } from './databases.js';

describe('chooseVectorIndex', () => {
  let plain: TestDatabase;
  let withVector: TestDatabase;

  // Two WASM PostgreSQL instances: seconds on a quiet machine, a minute and more on a busy one.
  beforeAll(async () => {
    [plain, withVector] = await Promise.all([openPglite(), openPglite({ pgvector: true })]);
  }, 180_000);
  afterAll(() => Promise.all([plain.close(), withVector.close()]));

  const tableExists = async (db: TestDatabase) =>
    (await db.sql.query<{ found: boolean }>(`SELECT to_regclass('chunk_pgvectors') IS NOT NULL AS found`)).rows[0]?.found;

  it('auto (the default) picks pgvector where the database has it, creating its table', async () => {
    const index = await chooseVectorIndex({ sql: withVector.sql, env: {} });
    expect(index).toBeInstanceOf(PgVectorIndex);
    expect(await tableExists(withVector)).toBe(true);
    expect(await chooseVectorIndex({ sql: withVector.sql, env: { ASKFLOW_VECTOR_BACKEND: 'auto' } })).toBeInstanceOf(PgVectorIndex);
  });

  it('auto falls back to exact where pgvector is missing, touching nothing', async () => {
    expect(await chooseVectorIndex({ sql: plain.sql, env: {} })).toBeInstanceOf(ExactVectorIndex);
    expect(await tableExists(plain)).toBe(false);
  });

  it('exact is used when asked for, even with pgvector available', async () => {
    const index = await chooseVectorIndex({ sql: withVector.sql, env: { ASKFLOW_VECTOR_BACKEND: 'exact' } });
    expect(index).toBeInstanceOf(ExactVectorIndex);
    expect(index.kind).toBe('exact');
  });

  it('pgvector when asked for fails loudly on a database without it', async () => {
    await expect(chooseVectorIndex({ sql: plain.sql, env: { ASKFLOW_VECTOR_BACKEND: 'pgvector' } })).rejects.toThrow(/vector/);
    expect(await chooseVectorIndex({ sql: withVector.sql, env: { ASKFLOW_VECTOR_BACKEND: ' PGVector ' } })).toBeInstanceOf(PgVectorIndex);
  });

  it('pinecone needs its key and index host, and says which are missing', async () => {
    const choose = (env: NodeJS.ProcessEnv) => chooseVectorIndex({ sql: plain.sql, env: { ASKFLOW_VECTOR_BACKEND: 'pinecone', ...env } });
    await expect(choose({})).rejects.toThrow('ASKFLOW_VECTOR_BACKEND=pinecone needs PINECONE_API_KEY and PINECONE_INDEX_HOST');
    await expect(choose({ PINECONE_API_KEY: 'k' })).rejects.toThrow(/needs PINECONE_INDEX_HOST$/);
    await expect(choose({ PINECONE_INDEX_HOST: 'idx.svc.pinecone.io', PINECONE_API_KEY: ' ' })).rejects.toThrow(/needs PINECONE_API_KEY$/);
    const index = await choose({ PINECONE_API_KEY: 'k', PINECONE_INDEX_HOST: 'idx-abc.svc.pinecone.io' });
    expect(index).toBeInstanceOf(PineconeVectorIndex);
    expect(index.kind).toBe('pinecone');
  });

  it('refuses an unknown backend name', async () => {
    await expect(chooseVectorIndex({ sql: plain.sql, env: { ASKFLOW_VECTOR_BACKEND: 'faiss' } })).rejects.toThrow(
      'ASKFLOW_VECTOR_BACKEND must be one of auto, exact, pgvector, pinecone; got "faiss"',
    );
  });
});
