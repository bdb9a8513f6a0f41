// A quarter-size int8 copy of a packed matrix, scanned with SIMD (usearch's exact search) to
// pick candidates that are then rescored exactly from the float32 rows. At 100k × 256 the float32
// scan in JavaScript took tens of milliseconds — it is bound by reading 100 MB; the int8 copy is
// 25 MB and the SIMD integer dot products are exact, so the scan takes a few.
//
// Exactness: every row is quantised with one scale S, so a row's integer dot product with the
// quantised query, divided by S·Sq, approximates its cosine within |e_r| + |f| + |e_r|·|f| — e_r
// and f being the row's and the query's quantisation errors, which are measured, not guessed.
// A row left out of the candidates scores at most the last candidate's approximation, so at
// most that plus the largest such error; when the k-th exact score among the candidates is above
// that, no row left out could have made the top k, and the result equals a full scan's. Otherwise
// more candidates are taken, and past a quarter of the rows the full float32 scan runs.
import { createRequire } from 'node:module';
import type * as Usearch from 'usearch';
import { dotRow, topKRows, type PackedMatrix, type RowScore } from './matrix.js';

let usearchModule: typeof Usearch | undefined;

/**
 * usearch, loaded on the first search rather than when this module is: the api reaches this
 * file (it deletes documents' vectors through the index) but never searches, and the native
 * library is ~10 MB resident. `require` (it ships CommonJS beside ESM) keeps the search synchronous.
 */
function simd(): typeof Usearch {
  usearchModule ??= createRequire(import.meta.url)('usearch') as typeof Usearch;
  return usearchModule;
}

export interface Int8Matrix {
  data: Int8Array;
  /** The scale every row was multiplied by before rounding. */
  scale: number;
  /** The largest |x̃ − x| over the rows, x̃ being a row's int8 copy divided by the scale. */
  maxError: number;
}

/**
 * Candidates asked for first, per result wanted (and at least MIN_CANDIDATES). The bench's 100k
 * project needed a second scan for most questions with 256; rescoring 1,024 rows costs far
 * less than a second scan.
 */
const CANDIDATES_PER_RESULT = 4;
const MIN_CANDIDATES = 1024;
/** Past this share of the rows, a full float32 scan is cheaper than asking for more. */
const FULL_SCAN_SHARE = 0.25;
/** Float rounding in the float32 rows' own scores, far above what it can reach at these sizes. */
const SLOP = 1e-6;

/** Quantises a unit-row matrix to int8 with one scale (the largest component maps to ±127). */
export function quantizeMatrix(matrix: PackedMatrix): Int8Matrix {
  const { data, dims } = matrix;
  let largest = 0;
  for (let i = 0; i < data.length; i++) largest = Math.max(largest, Math.abs(data[i]!));
  const scale = largest > 0 ? 127 / largest : 1;
  const out = new Int8Array(data.length);
  let maxError = 0;
  for (let base = 0; base < data.length; base += dims) {
    let error = 0;
    for (let j = base; j < base + dims; j++) {
      const v = Math.round(data[j]! * scale);
      out[j] = v;
      const e = v / scale - data[j]!;
      error += e * e;
    }
    maxError = Math.max(maxError, Math.sqrt(error));
  }
  return { data: out, scale, maxError };
}

/** How often a query's first candidates were enough, and how often it fell back to the full scan (the bench prints these). */
export const prefilterStats = { queries: 0, widened: 0, fullScans: 0 };

/** The same rows and scores as topKRows(matrix, q, k), found through the int8 copy. */
export function topKRowsInt8(matrix: PackedMatrix, quantized: Int8Matrix, q: Float32Array, k: number): RowScore[] {
  const rows = matrix.ids.length;
  const size = Math.min(k, rows);
  if (size <= 0) return [];
  prefilterStats.queries++;
  const { dims } = matrix;
  let qScale = 0;
  for (let j = 0; j < dims; j++) qScale = Math.max(qScale, Math.abs(q[j]!));
  qScale = qScale > 0 ? 127 / qScale : 1;
  const q8 = new Int8Array(dims);
  let qError = 0;
  for (let j = 0; j < dims; j++) {
    q8[j] = Math.round(q[j]! * qScale);
    const e = q8[j]! / qScale - q[j]!;
    qError += e * e;
  }
  qError = Math.sqrt(qError);
  const bound = quantized.maxError + qError + quantized.maxError * qError + SLOP;

  for (let count = Math.max(size * CANDIDATES_PER_RESULT, MIN_CANDIDATES); count < rows * FULL_SCAN_SHARE; count *= 4) {
    const usearch = simd();
    const found = usearch.exactSearch(quantized.data, q8, dims, count, usearch.MetricKind.IP, 1);
    const candidates = Array.from(found.keys, (key) => Number(key));
    const scored = candidates.map((row) => ({ row, score: dotRow(matrix.data, row * dims, q, dims) }));
    scored.sort((a, b) => b.score - a.score || a.row - b.row);
    // The weakest candidate's approximation, from its integer dot product (exact in int32).
    const last = candidates[candidates.length - 1]!;
    let dot = 0;
    for (let j = 0, base = last * dims; j < dims; j++) dot += quantized.data[base + j]! * q8[j]!;
    const ceiling = dot / (quantized.scale * qScale) + bound;
    if (scored[size - 1]!.score > ceiling) return scored.slice(0, size);
    prefilterStats.widened++;
  }
  prefilterStats.fullScans++;
  return topKRows(matrix, q, k);
}
