// Checks shared by every VectorIndex, so the three backends refuse the same inputs the same
// way instead of each failing differently (or, worse, storing a vector that later breaks queries).
import type { VectorRecord } from '../types.js';

/**
 * The records to write: validated, one per chunk id (the last wins, as if upserted in order —
 * a batch naming a chunk twice would otherwise fail in SQL's ON CONFLICT), all of one dimension.
 */
export function checkRecords(records: VectorRecord[]): VectorRecord[] {
  const byChunk = new Map<string, VectorRecord>();
  let dims: number | undefined;
  for (const record of records) {
    const n = record.vector.length;
    if (n === 0) throw new Error(`vector for chunk ${record.chunkId} is empty`);
    dims ??= n;
    if (n !== dims) throw new Error(`vectors in one upsert must share a dimension: got ${dims} and ${n} (chunk ${record.chunkId})`);
    if (!record.vector.every(Number.isFinite)) throw new Error(`vector for chunk ${record.chunkId} has a non-finite value`);
    byChunk.delete(record.chunkId); // re-inserted below, so the map keeps the last occurrence's order
    byChunk.set(record.chunkId, record);
  }
  return [...byChunk.values()];
}

/** How many matches to look for: 0 means none (no round trip); anything but a whole number ≥ 0 is a caller bug. */
export function checkTopK(topK: number): number {
  if (!Number.isInteger(topK) || topK < 0) throw new Error(`topK must be a whole number ≥ 0, got ${topK}`);
  return topK;
}

export function checkQueryVector(vector: number[]): void {
  if (vector.length === 0) throw new Error('query vector is empty');
  if (!vector.every(Number.isFinite)) throw new Error('query vector has a non-finite value');
}

export function dimensionMismatch(projectId: string, queryDims: number, storedDims: number | string): Error {
  return new Error(`query vector has ${queryDims} dimensions but project ${projectId} stores ${storedDims}-dimensional vectors (was the embedder changed without re-indexing?)`);
}

/** Splits `items` into runs of at most `size`, in order. */
export function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
