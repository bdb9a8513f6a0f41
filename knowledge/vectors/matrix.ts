// The in-memory half of ExactVectorIndex: one project's vectors packed row after row in a single
// Float32Array (no per-vector objects for the GC to walk, cache-friendly scans), each row scaled
// to unit length when packed so that cosine similarity is a plain dot product at query time.

export interface PackedMatrix {
  dims: number;
  /** Row i's chunk id. */
  ids: string[];
  /** ids.length × dims floats, row-major; every row unit length (or all zeros for a zero vector). */
  data: Float32Array;
}

export interface RowScore {
  row: number;
  score: number;
}

/** Scales `data[offset .. offset+dims)` to unit length in place; a zero vector stays zero (cosine 0 with everything). */
export function normalizeRow(data: Float32Array, offset: number, dims: number): void {
  let sum = 0;
  for (let j = offset; j < offset + dims; j++) sum += data[j]! * data[j]!;
  if (sum === 0) return;
  const inv = 1 / Math.sqrt(sum);
  for (let j = offset; j < offset + dims; j++) data[j] = data[j]! * inv;
}

/** `vector` as a unit-length Float32Array, ready to dot with a packed matrix's rows. */
export function unitQuery(vector: number[]): Float32Array {
  const q = Float32Array.from(vector);
  normalizeRow(q, 0, q.length);
  return q;
}

/**
 * The k rows with the highest dot product with unit-length `q`, best first: one pass over the
 * matrix keeping a size-k min-heap (O(n log k), no n-sized sort or score array). The inner
 * product is unrolled by four with separate accumulators, which lets V8 overlap the
 * multiply-adds — about twice as fast as the plain loop at 256 dims.
 */
export function topKRows(matrix: PackedMatrix, q: Float32Array, k: number): RowScore[] {
  const { dims, data } = matrix;
  const rows = matrix.ids.length;
  const size = Math.min(k, rows);
  if (size <= 0) return [];
  const heapScore = new Float64Array(size);
  const heapRow = new Int32Array(size);
  let filled = 0;

  for (let r = 0, base = 0; r < rows; r++, base += dims) {
    const score = dotRow(data, base, q, dims);

    if (filled < size) {
      siftUp(heapScore, heapRow, filled++, score, r);
    } else if (score > heapScore[0]!) {
      // (A tie with the root never replaces it: rows come in ascending order, so the root is earlier.)
      siftDown(heapScore, heapRow, size, score, r);
    }
  }

  const out: RowScore[] = [];
  for (let i = 0; i < size; i++) out.push({ row: heapRow[i]!, score: heapScore[i]! });
  // Ties broken by row so equal scores come back in a stable order (the heap kept the earliest of them).
  return out.sort((a, b) => b.score - a.score || a.row - b.row);
}

/**
 * The dot product of the row starting at `base` with `q`. The int8 prefilter (int8.ts) rescores
 * its candidates with this same function, so its scores equal the full scan's to the last bit.
 */
export function dotRow(data: Float32Array, base: number, q: Float32Array, dims: number): number {
  const tail = dims - (dims % 4);
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let j = 0; j < tail; j += 4) {
    s0 += data[base + j]! * q[j]!;
    s1 += data[base + j + 1]! * q[j + 1]!;
    s2 += data[base + j + 2]! * q[j + 2]!;
    s3 += data[base + j + 3]! * q[j + 3]!;
  }
  for (let j = tail; j < dims; j++) s0 += data[base + j]! * q[j]!;
  return s0 + s1 + s2 + s3;
}

/**
 * Whether (score, row) ranks below (otherScore, otherRow): a lower score, or the same score and a
 * later row. The heap keeps its worst at the root by this order, so of rows tied at the k-th
 * place the earliest are kept — the same rows whatever order the heap happened to take them in
 * (which the int8 prefilter, int8.ts, relies on to return exactly what this returns).
 */
function worse(score: number, row: number, otherScore: number, otherRow: number): boolean {
  return score < otherScore || (score === otherScore && row > otherRow);
}

/** Places (score,row) at slot `at` of a min-heap and restores the heap upwards. */
function siftUp(scores: Float64Array, rows: Int32Array, at: number, score: number, row: number): void {
  let i = at;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!worse(score, row, scores[parent]!, rows[parent]!)) break;
    scores[i] = scores[parent]!;
    rows[i] = rows[parent]!;
    i = parent;
  }
  scores[i] = score;
  rows[i] = row;
}

/** Replaces the min-heap's root (the worst kept score) with (score,row) and restores the heap downwards. */
function siftDown(scores: Float64Array, rows: Int32Array, size: number, score: number, row: number): void {
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    if (left >= size) break;
    const right = left + 1;
    const child = right < size && worse(scores[right]!, rows[right]!, scores[left]!, rows[left]!) ? right : left;
    if (!worse(scores[child]!, rows[child]!, score, row)) break;
    scores[i] = scores[child]!;
    rows[i] = rows[child]!;
    i = child;
  }
  scores[i] = score;
  rows[i] = row;
}
