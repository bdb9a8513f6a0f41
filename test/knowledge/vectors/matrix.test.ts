import { normalizeRow, topKRows, unitQuery, type PackedMatrix } from '../../../knowledge/vectors/matrix.js';
import { seededRandom } from './random.js';

/** Deterministic pseudo-random numbers in [-1, 1). */
const random = (seed: number) => seededRandom(seed, -1, 1);

function randomMatrix(rows: number, dims: number, seed: number): PackedMatrix {
  const next = random(seed);
  const data = new Float32Array(rows * dims);
  for (let i = 0; i < data.length; i++) data[i] = next();
  for (let r = 0; r < rows; r++) normalizeRow(data, r * dims, dims);
  return { dims, ids: Array.from({ length: rows }, (_, i) => `c${i}`), data };
}

/** The reference answer: every row scored, fully sorted. */
function bruteForce(matrix: PackedMatrix, q: Float32Array, k: number) {
  const scores = matrix.ids.map((_, row) => {
    let s = 0;
    for (let j = 0; j < matrix.dims; j++) s += matrix.data[row * matrix.dims + j]! * q[j]!;
    return { row, score: s };
  });
  return scores.sort((a, b) => b.score - a.score || a.row - b.row).slice(0, k);
}

describe('topKRows', () => {
  it.each([
    [1000, 7, 10], // dims not a multiple of the 4-way unroll
    [1000, 256, 1],
    [500, 16, 500], // k = n
    [20, 8, 50], // k > n
  ])('matches a full sort on %i rows × %i dims, k=%i', (rows, dims, k) => {
    const matrix = randomMatrix(rows, dims, rows * dims + k);
    const next = random(k);
    const q = unitQuery(Array.from({ length: dims }, next));
    const got = topKRows(matrix, q, k);
    const want = bruteForce(matrix, q, k);
    expect(got.map((m) => m.row)).toEqual(want.map((m) => m.row));
    got.forEach((m, i) => expect(m.score).toBeCloseTo(want[i]!.score, 6));
  });

  it('keeps the earliest rows of a group tied at the k-th place, whatever order the heap took them in', () => {
    const matrix = randomMatrix(3000, 16, 9);
    // Rows 3000.. repeat rows 0..2999 twice: every score is tied three ways.
    const data = new Float32Array(matrix.data.length * 3);
    for (let copy = 0; copy < 3; copy++) data.set(matrix.data, copy * matrix.data.length);
    const tripled = { dims: 16, ids: Array.from({ length: 9000 }, (_, i) => `c${i}`), data };
    const next = random(5);
    for (let i = 0; i < 20; i++) {
      const q = unitQuery(Array.from({ length: 16 }, next));
      expect(topKRows(tripled, q, 50).map((m) => m.row)).toEqual(bruteForce(tripled, q, 50).map((m) => m.row));
    }
  });

  it('returns nothing for k 0 or an empty matrix', () => {
    expect(topKRows(randomMatrix(10, 4, 1), unitQuery([1, 0, 0, 0]), 0)).toEqual([]);
    expect(topKRows({ dims: 4, ids: [], data: new Float32Array(0) }, unitQuery([1, 0, 0, 0]), 5)).toEqual([]);
  });

  it('leaves a zero vector at zero instead of dividing by its length', () => {
    const data = new Float32Array([0, 0, 0, 3, 4, 0]);
    normalizeRow(data, 0, 3);
    normalizeRow(data, 3, 3);
    expect([...data]).toEqual([0, 0, 0, expect.closeTo(0.6, 6), expect.closeTo(0.8, 6), 0]);
  });

  // Speed is measured side by side in bench/retrieval.ts (npm run bench:retrieval), not asserted here.
  it('finds the same top 50 as a full sort over 100k × 256', () => {
    const matrix = randomMatrix(100_000, 256, 42);
    const next = random(7);
    const q = unitQuery(Array.from({ length: 256 }, next));
    expect(topKRows(matrix, q, 50).map((r) => r.row)).toEqual(bruteForce(matrix, q, 50).map((r) => r.row));
  });
});
