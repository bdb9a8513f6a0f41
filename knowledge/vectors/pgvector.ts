// Vectors in PostgreSQL's pgvector extension; PostgreSQL does the scoring. The column is an
// untyped `vector` so projects may use embedders of different dimensions, so by default each
// query is an exact scan of the project's rows, found through the (project_id, document_id)
// index. Opt-in, a large project gets an approximate index of its own (HNSW or IVFFlat need a
// fixed dimension: a partial index over `embedding::vector(dims)` for that project and
// dimension, see createPgVectorAnnIndex), which an index built with `ann` options searches.
import type { SqlClient, VectorIndex, VectorMatch, VectorRecord } from '../types.js';
import { batches, checkQueryVector, checkRecords, checkTopK, dimensionMismatch } from './common.js';

/** Records per INSERT: bounds one statement's parameters (vector text, ~2–3 KB per 256-dim vector). */
const UPSERT_BATCH = 1000;

const UPSERT_SQL = `
INSERT INTO chunk_pgvectors (chunk_id, project_id, document_id, embedding)
SELECT chunk_id, $1::uuid, document_id, embedding::vector
FROM unnest($2::uuid[], $3::uuid[], $4::text[]) AS t(chunk_id, document_id, embedding)
ON CONFLICT (chunk_id) DO UPDATE
  SET document_id = EXCLUDED.document_id, embedding = EXCLUDED.embedding
  WHERE chunk_pgvectors.project_id = EXCLUDED.project_id
RETURNING 1`;

// The vector_dims filter skips rows of another dimension (a project part-way through
// re-embedding) instead of letting `<=>` fail the whole query on them.
const QUERY_SQL = `
SELECT chunk_id, 1 - (embedding <=> $2::vector) AS score
FROM chunk_pgvectors
WHERE project_id = $1::uuid AND vector_dims(embedding) = $3
ORDER BY embedding <=> $2::vector
LIMIT $4`;

// The approximate search, as a function so that its search-width settings apply to this one
// statement on whatever pooled connection runs it (set_config(…, true) lasts until the statement's
// transaction ends), and so that the project and dimension reach the planner as literals: only
// then can it prove the project's partial index applies.
const NEAREST_FUNCTION_SQL = `
CREATE OR REPLACE FUNCTION chunk_pgvectors_nearest(p_project uuid, p_query text, p_dims int, p_k int, p_ef_search int, p_probes int)
RETURNS TABLE (chunk_id uuid, score float8) LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM set_config('hnsw.ef_search', p_ef_search::text, true);
  PERFORM set_config('ivfflat.probes', p_probes::text, true);
  RETURN QUERY EXECUTE format(
    'SELECT chunk_id, (1 - (embedding::vector(%s) <=> %L::vector(%s)))::float8 FROM chunk_pgvectors
      WHERE project_id = %L AND vector_dims(embedding) = %s
      ORDER BY embedding::vector(%s) <=> %L::vector(%s) LIMIT %s',
    p_dims, p_query, p_dims, p_project, p_dims, p_dims, p_query, p_dims, p_k);
END $fn$`;

export type AnnMethod = 'hnsw' | 'ivfflat';

/** How wide the approximate search looks: wider finds more of the exact neighbours, slower. */
export interface AnnSearch {
  /** HNSW's candidate list (pgvector's default 40; raised to the number of results asked for when below it). Default 100. */
  efSearch?: number;
  /** IVFFlat's lists searched (pgvector's default 1). Default 10. */
  probes?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function annIndexName(projectId: string, dims: number): string {
  if (!UUID.test(projectId)) throw new Error(`not a project id: ${projectId}`);
  if (!Number.isInteger(dims) || dims < 1 || dims > 16000) throw new Error(`dimensions must be a whole number from 1 to 16000, got ${dims}`);
  return `chunk_pgvectors_ann_${projectId.replaceAll('-', '').toLowerCase()}_${dims}`;
}

/**
 * Builds an approximate (HNSW or IVFFlat, cosine) index over one project's vectors of one
 * dimension — for projects large enough that the exact scan is too slow. Results then are
 * approximate: recall depends on the index's parameters and AnnSearch. IVFFlat learns its lists
 * from the rows present, so build it after ingesting. Building takes long on a large project and
 * holds a lock that blocks the project's writes meanwhile; replaces an index built before.
 */
export async function createPgVectorAnnIndex(
  sql: SqlClient,
  projectId: string,
  dims: number,
  method: AnnMethod,
  options: { m?: number; efConstruction?: number; lists?: number } = {},
): Promise<void> {
  const name = annIndexName(projectId, dims);
  const int = (v: number, what: string) => {
    if (!Number.isInteger(v) || v < 1) throw new Error(`${what} must be a whole number ≥ 1, got ${v}`);
    return v;
  };
  const withClause =
    method === 'hnsw'
      ? `WITH (m = ${int(options.m ?? 16, 'm')}, ef_construction = ${int(options.efConstruction ?? 64, 'efConstruction')})`
      : `WITH (lists = ${int(options.lists ?? 100, 'lists')})`;
  await sql.query(`DROP INDEX IF EXISTS ${name}`);
  await sql.query(
    `CREATE INDEX ${name} ON chunk_pgvectors USING ${method} ((embedding::vector(${dims})) vector_cosine_ops) ${withClause}
      WHERE project_id = '${projectId}' AND vector_dims(embedding) = ${dims}`,
  );
}

/** Drops a project's approximate index: its queries are exact again. */
export async function dropPgVectorAnnIndex(sql: SqlClient, projectId: string, dims: number): Promise<void> {
  await sql.query(`DROP INDEX IF EXISTS ${annIndexName(projectId, dims)}`);
}

/** True when the server can provide pgvector: installed in this database, or available to `CREATE EXTENSION`. */
export async function hasPgVector(sql: SqlClient): Promise<boolean> {
  // pg_available_extensions lists installed extensions too (with installed_version set).
  const { rows } = await sql.query<{ available: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS available`,
  );
  return rows[0]?.available === true;
}

/** Installs pgvector and the table if missing; safe to run on every start. */
export async function ensurePgVectorSchema(sql: SqlClient): Promise<void> {
  await sql.query('CREATE EXTENSION IF NOT EXISTS vector');
  await sql.query(`CREATE TABLE IF NOT EXISTS chunk_pgvectors (
    chunk_id uuid PRIMARY KEY,
    project_id uuid NOT NULL,
    document_id uuid NOT NULL,
    embedding vector NOT NULL
  )`);
  await sql.query('CREATE INDEX IF NOT EXISTS chunk_pgvectors_project_document_idx ON chunk_pgvectors (project_id, document_id)');
  await sql.query(NEAREST_FUNCTION_SQL);
}

export class PgVectorIndex implements VectorIndex {
  readonly kind = 'pgvector' as const;

  /** `ann`: search through a project's approximate index where one was built (createPgVectorAnnIndex); without one the search is still exact. */
  constructor(
    private readonly sql: SqlClient,
    private readonly options: { ann?: AnnSearch } = {},
  ) {}

  async upsert(projectId: string, records: VectorRecord[]): Promise<void> {
    for (const batch of batches(checkRecords(records), UPSERT_BATCH)) {
      const { rows } = await this.sql.query(UPSERT_SQL, [
        projectId,
        batch.map((r) => r.chunkId),
        batch.map((r) => r.documentId),
        batch.map((r) => vectorLiteral(r.vector)),
      ]);
      if (rows.length !== batch.length) {
        throw new Error(`${batch.length - rows.length} of ${batch.length} chunk ids already belong to another project; they were not written`);
      }
    }
  }

  async deleteDocument(projectId: string, documentId: string): Promise<void> {
    await this.sql.query('DELETE FROM chunk_pgvectors WHERE project_id = $1::uuid AND document_id = $2::uuid', [projectId, documentId]);
  }

  async deleteProject(projectId: string): Promise<void> {
    await this.sql.query('DELETE FROM chunk_pgvectors WHERE project_id = $1::uuid', [projectId]);
  }

  async query(projectId: string, vector: number[], topK: number): Promise<VectorMatch[]> {
    checkQueryVector(vector);
    if (checkTopK(topK) === 0) return [];
    const ann = this.options.ann;
    const { rows } = ann
      ? await this.sql.query<{ chunk_id: string; score: number | null }>('SELECT chunk_id, score FROM chunk_pgvectors_nearest($1::uuid, $2, $3, $4, $5, $6)', [
          projectId,
          vectorLiteral(vector),
          vector.length,
          topK,
          Math.min(1000, Math.max(ann.efSearch ?? 100, topK)),
          ann.probes ?? 10,
        ])
      : await this.sql.query<{ chunk_id: string; score: number | null }>(QUERY_SQL, [projectId, vectorLiteral(vector), vector.length, topK]);
    if (rows.length === 0) await this.assertNoOtherDimension(projectId, vector.length);
    // pgvector's cosine distance is NaN (returned as null) against a zero vector: no similarity.
    return rows.map((r) => ({ chunkId: r.chunk_id, score: Number(r.score ?? 0) }));
  }

  /** Nothing matched: fine for an empty project, a caller error when its vectors have another dimension. */
  private async assertNoOtherDimension(projectId: string, dims: number): Promise<void> {
    const { rows } = await this.sql.query<{ dims: number }>(
      'SELECT vector_dims(embedding) AS dims FROM chunk_pgvectors WHERE project_id = $1::uuid LIMIT 1',
      [projectId],
    );
    const stored = rows[0]?.dims;
    if (stored !== undefined && stored !== dims) throw dimensionMismatch(projectId, dims, stored);
  }
}

/** pgvector's text form, `[0.1,0.2,…]`; JavaScript's shortest round-trip formatting loses nothing float4 keeps. */
function vectorLiteral(vector: number[]): string {
  return `[${vector.join(',')}]`;
}
