// Vectors in PostgreSQL's pgvector extension; PostgreSQL does the scoring. The column is an
// untyped `vector` so projects may use embedders of different dimensions — which also means no
// HNSW/IVFFlat index (those need a fixed dimension): each query is an exact scan of the
// project's rows, found through the (project_id, document_id) index.
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
}

export class PgVectorIndex implements VectorIndex {
  readonly kind = 'pgvector' as const;

  constructor(private readonly sql: SqlClient) {}

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
    const { rows } = await this.sql.query<{ chunk_id: string; score: number | null }>(QUERY_SQL, [projectId, vectorLiteral(vector), vector.length, topK]);
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
