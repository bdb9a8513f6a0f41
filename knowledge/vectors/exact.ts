// Exact cosine search over vectors kept in PostgreSQL as float32 bytes, scanned in memory.
// Recall is 1.0 and nothing beyond plain PostgreSQL is needed; a warm 100k × 256 project is
// searched in a few milliseconds through an int8 copy of its vectors, rescored exactly (int8.ts). Each process caches every queried project's vectors as one packed
// matrix and revalidates it on each query against a per-project version row, which every write
// bumps in the same statement — so another worker's upsert is seen by the very next query here.
import type { SqlClient, VectorIndex, VectorMatch, VectorRecord } from '../types.js';
import { batches, checkQueryVector, checkRecords, checkTopK, dimensionMismatch } from './common.js';
import { ProjectCache } from '../projectCache.js';
import { quantizeMatrix, topKRowsInt8, type Int8Matrix } from './int8.js';
import { normalizeRow, topKRows, unitQuery, type PackedMatrix } from './matrix.js';

export interface ExactVectorIndexOptions {
  sql: SqlClient;
  /** Memory the cached matrices may use together; least recently queried projects are dropped past it. Default 1 GiB. */
  maxCacheBytes?: number;
  /** Search through the int8 copy (same results, a fraction of the time); false scans the float32 rows in JS, as before it (the bench's baseline). Default true. */
  int8Prefilter?: boolean;
}

/** One project's cached vectors, grouped by dimension (see `load`). */
interface CachedProject {
  groups: Map<number, PackedMatrix & { int8: Int8Matrix }>;
  bytes: number;
}

/** Records per INSERT: bounds one statement's parameters (hex text, ~2 KB per 256-dim vector). */
const UPSERT_BATCH = 1000;
const DEFAULT_CACHE_BYTES = 1024 ** 3;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

// One statement, so the rows and the version bump commit together even on a bare pool without
// a transaction. The WHERE on DO UPDATE keeps a chunk id from being taken over by another project.
// The project's row, then its documents' in id order, are taken before anything is written (the
// cross join makes every row wait for them): deleting a project or a document takes its row, then
// the rows under it, so a write that held a chunk (its foreign-key check) while waiting for the
// document would deadlock with that delete. A document deleted meanwhile still fails the write on
// its foreign key, as before.
const UPSERT_SQL = `
WITH input AS (
  SELECT * FROM unnest($2::uuid[], $3::uuid[], $4::int[], $5::text[]) AS t(chunk_id, document_id, dims, hex)
), project_first AS (
  SELECT count(*) FROM (SELECT 1 FROM projects WHERE id = $1::uuid FOR KEY SHARE) AS locked
), documents_next AS (
  SELECT count(*) FROM (
    SELECT 1 FROM documents CROSS JOIN project_first
     WHERE id IN (SELECT document_id FROM input) ORDER BY id FOR KEY SHARE OF documents
  ) AS locked
), written AS (
  INSERT INTO chunk_vectors (chunk_id, project_id, document_id, dims, embedding)
  SELECT chunk_id, $1::uuid, document_id, dims, decode(hex, 'hex') FROM input CROSS JOIN documents_next
  ON CONFLICT (chunk_id) DO UPDATE
    SET document_id = EXCLUDED.document_id, dims = EXCLUDED.dims, embedding = EXCLUDED.embedding
    WHERE chunk_vectors.project_id = EXCLUDED.project_id
  RETURNING 1
), bumped AS (
  INSERT INTO vector_index_versions (project_id, version) VALUES ($1::uuid, 1)
  ON CONFLICT (project_id) DO UPDATE SET version = vector_index_versions.version + 1
  RETURNING version
)
SELECT (SELECT count(*) FROM written)::int AS written, (SELECT version FROM bumped) AS version`;

// Bumps even when nothing was deleted: the rows may already have gone by a foreign-key cascade
// (which bumps nothing), and other processes must still drop them from their caches.
const DELETE_SQL = `
WITH gone AS (
  DELETE FROM chunk_vectors WHERE project_id = $1::uuid AND document_id = $2::uuid RETURNING 1
), bumped AS (
  INSERT INTO vector_index_versions (project_id, version) VALUES ($1::uuid, 1)
  ON CONFLICT (project_id) DO UPDATE SET version = vector_index_versions.version + 1
  RETURNING version
)
SELECT (SELECT count(*) FROM gone)::int AS deleted, (SELECT version FROM bumped) AS version`;

export class ExactVectorIndex implements VectorIndex {
  readonly kind = 'exact' as const;
  private readonly sql: SqlClient;
  private readonly int8Prefilter: boolean;
  private readonly cache: ProjectCache<CachedProject>;

  constructor(options: ExactVectorIndexOptions) {
    this.sql = options.sql;
    this.cache = new ProjectCache(options.maxCacheBytes ?? DEFAULT_CACHE_BYTES);
    this.int8Prefilter = options.int8Prefilter ?? true;
  }

  async upsert(projectId: string, records: VectorRecord[]): Promise<void> {
    const unique = checkRecords(records);
    for (const batch of batches(unique, UPSERT_BATCH)) {
      this.cache.delete(projectId); // frees the stale copy now; the next query reloads anyway
      const { rows } = await this.sql.query<{ written: number }>(UPSERT_SQL, [
        projectId,
        batch.map((r) => r.chunkId),
        batch.map((r) => r.documentId),
        batch.map((r) => r.vector.length),
        batch.map((r) => float32Hex(r.vector)),
      ]);
      const written = Number(rows[0]?.written ?? 0);
      if (written !== batch.length) {
        throw new Error(`${batch.length - written} of ${batch.length} chunk ids already belong to another project; they were not written`);
      }
    }
  }

  async deleteDocument(projectId: string, documentId: string): Promise<void> {
    this.cache.delete(projectId);
    await this.sql.query(DELETE_SQL, [projectId, documentId]);
  }

  async deleteProject(projectId: string): Promise<void> {
    this.cache.delete(projectId);
    await this.sql.query(
      `WITH gone AS (DELETE FROM chunk_vectors WHERE project_id = $1::uuid RETURNING 1)
       INSERT INTO vector_index_versions (project_id, version) VALUES ($1::uuid, 1)
       ON CONFLICT (project_id) DO UPDATE SET version = vector_index_versions.version + 1`,
      [projectId],
    );
  }

  async query(projectId: string, vector: number[], topK: number): Promise<VectorMatch[]> {
    checkQueryVector(vector);
    if (checkTopK(topK) === 0) return [];
    const project = await this.project(projectId);
    if (project.groups.size === 0) return [];
    const matrix = project.groups.get(vector.length);
    if (!matrix) throw dimensionMismatch(projectId, vector.length, [...project.groups.keys()].join(' and '));
    const q = unitQuery(vector);
    return (this.int8Prefilter ? topKRowsInt8(matrix, matrix.int8, q, topK) : topKRows(matrix, q, topK)).map(({ row, score }) => ({
      chunkId: matrix.ids[row]!,
      // float32 rounding can land a hair outside cosine's range
      score: Math.max(-1, Math.min(1, score)),
    }));
  }

  /** Drops every cached matrix (e.g. to measure a cold query). */
  clearCache(): void {
    this.cache.clear();
  }

  /**
   * The project's vectors as of its current version: from the cache when that version is cached.
   * The version is read *before* the rows: a write landing in between makes the rows newer than
   * their label, which only costs one more reload; the other order could cache old rows under a
   * new version for good.
   */
  private async project(projectId: string): Promise<CachedProject> {
    const { rows } = await this.sql.query<{ version: unknown }>('SELECT version FROM vector_index_versions WHERE project_id = $1', [projectId]);
    const version = String(rows[0]?.version ?? 0); // pg gives bigint as text, PGlite as a number
    return this.cache.at(projectId, version, () => this.load(projectId));
  }

  /** Reads the project's vectors into packed matrices. */
  private async load(projectId: string): Promise<CachedProject> {
    const { rows } = await this.sql.query<{ chunk_id: string; dims: number; embedding: Uint8Array }>(
      'SELECT chunk_id, dims, embedding FROM chunk_vectors WHERE project_id = $1',
      [projectId],
    );
    // Grouped by dimension so that a project part-way through re-embedding with a new model
    // keeps answering queries of either dimension from the vectors that match it.
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(row.dims, (counts.get(row.dims) ?? 0) + 1);
    const groups = new Map<number, PackedMatrix>();
    for (const [dims, count] of counts) groups.set(dims, { dims, ids: [], data: new Float32Array(count * dims) });

    let bytes = 0;
    for (const row of rows) {
      const matrix = groups.get(row.dims)!;
      if (row.embedding.byteLength !== row.dims * 4) {
        throw new Error(`chunk_vectors row ${row.chunk_id} holds ${row.embedding.byteLength} bytes for ${row.dims} dimensions`);
      }
      const offset = matrix.ids.length * row.dims;
      readFloat32(row.embedding, matrix.data, offset);
      normalizeRow(matrix.data, offset, row.dims);
      matrix.ids.push(row.chunk_id);
      bytes += row.embedding.byteLength + 100; // + the id string and its array slot, roughly
    }
    const quantized = new Map<number, PackedMatrix & { int8: Int8Matrix }>();
    for (const [dims, matrix] of groups) {
      quantized.set(dims, { ...matrix, int8: quantizeMatrix(matrix) });
      bytes += matrix.data.length; // the int8 copy: a byte per float
    }
    return { groups: quantized, bytes };
  }
}

/** float32 little-endian bytes of `vector`, hex-encoded (the one bytea parameter format pg and PGlite both take inside an array). */
function float32Hex(vector: number[]): string {
  const buf = Buffer.allocUnsafe(vector.length * 4);
  for (let i = 0; i < vector.length; i++) buf.writeFloatLE(vector[i]!, i * 4);
  return buf.toString('hex');
}

/** Decodes float32 little-endian `bytes` into `out` at `offset`. */
function readFloat32(bytes: Uint8Array, out: Float32Array, offset: number): void {
  if (LITTLE_ENDIAN) {
    // A byte copy into the matrix's own buffer: the source may not be 4-byte aligned
    // (pg slices Buffers out of a shared pool), so no Float32Array view over it.
    new Uint8Array(out.buffer, out.byteOffset + offset * 4, bytes.byteLength).set(bytes);
    return;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < bytes.byteLength / 4; i++) out[offset + i] = view.getFloat32(i * 4, true);
}
