// Picks the deployment's vector store from the environment. The choice decides where vectors
// live, so it should stay put once documents are indexed: vectors written by one backend are
// invisible to the others (switching means re-ingesting).
import type { SqlClient, VectorIndex } from '../types.js';
import { ExactVectorIndex } from './exact.js';
import { PgVectorIndex, ensurePgVectorSchema, hasPgVector } from './pgvector.js';

const BACKENDS = ['auto', 'exact', 'pgvector', 'pinecone'] as const;
type Backend = (typeof BACKENDS)[number];

/**
 * `ASKFLOW_VECTOR_BACKEND`: `exact`, `pgvector`, `pinecone`, or `auto` (the default: pgvector
 * when the database offers it, else exact). Pinecone needs `PINECONE_API_KEY` and
 * `PINECONE_INDEX_HOST`. pgvector's extension and table are created here if missing.
 */
export async function chooseVectorIndex(opts: { sql: SqlClient; env: NodeJS.ProcessEnv }): Promise<VectorIndex> {
  const backend = parseBackend(opts.env.ASKFLOW_VECTOR_BACKEND);
  switch (backend) {
    case 'exact':
      return new ExactVectorIndex({ sql: opts.sql });
    case 'pgvector':
      await ensurePgVectorSchema(opts.sql);
      return new PgVectorIndex(opts.sql, pgvectorOptions(opts.env));
    case 'pinecone':
      return await pineconeFromEnv(opts.env);
    case 'auto':
      if (!(await hasPgVector(opts.sql))) return new ExactVectorIndex({ sql: opts.sql });
      try {
        await ensurePgVectorSchema(opts.sql);
      } catch (err) {
        // No silent fallback to exact: it would hide every vector already stored in pgvector.
        throw new Error(
          `pgvector is available but could not be set up (${(err as Error).message}); set ASKFLOW_VECTOR_BACKEND=exact to use exact search instead`,
          { cause: err },
        );
      }
      return new PgVectorIndex(opts.sql, pgvectorOptions(opts.env));
  }
}

/**
 * `ASKFLOW_PGVECTOR_ANN=on`: search through a project's approximate index where one was built
 * (createPgVectorAnnIndex in pgvector.ts); `ASKFLOW_PGVECTOR_EF_SEARCH`, `ASKFLOW_PGVECTOR_PROBES`
 * widen or narrow that search. Off (the default), every search is exact.
 */
function pgvectorOptions(env: NodeJS.ProcessEnv): ConstructorParameters<typeof PgVectorIndex>[1] {
  const on = (env.ASKFLOW_PGVECTOR_ANN ?? '').trim().toLowerCase();
  if (!['on', 'true', '1'].includes(on)) return {};
  const int = (name: string) => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number ≥ 1; got "${raw}"`);
    return n;
  };
  return { ann: { efSearch: int('ASKFLOW_PGVECTOR_EF_SEARCH'), probes: int('ASKFLOW_PGVECTOR_PROBES') } };
}

function parseBackend(raw: string | undefined): Backend {
  const value = (raw ?? '').trim().toLowerCase() || 'auto';
  const backend = BACKENDS.find((b) => b === value);
  if (!backend) throw new Error(`ASKFLOW_VECTOR_BACKEND must be one of ${BACKENDS.join(', ')}; got "${raw}"`);
  return backend;
}

/** Pinecone's client (~13 MB in memory) is loaded only by deployments that chose it. */
async function pineconeFromEnv(env: NodeJS.ProcessEnv): Promise<VectorIndex> {
  const apiKey = env.PINECONE_API_KEY?.trim();
  const indexHost = env.PINECONE_INDEX_HOST?.trim();
  const missing = [!apiKey && 'PINECONE_API_KEY', !indexHost && 'PINECONE_INDEX_HOST'].filter(Boolean);
  if (!apiKey || !indexHost) throw new Error(`ASKFLOW_VECTOR_BACKEND=pinecone needs ${missing.join(' and ')}`);
  const { PineconeVectorIndex } = await import('./pinecone.js');
  return new PineconeVectorIndex({ apiKey, indexHost });
}
