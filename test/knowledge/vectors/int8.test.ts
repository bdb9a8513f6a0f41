// The int8 prefilter must give exactly what the full float32 scan gives — the same rows, the same
// scores to the last bit, ties in the same order — on vectors of the shapes retrieval meets.
import { prefilterStats, quantizeMatrix, topKRowsInt8 } from '../../../knowledge/vectors/int8.js';
import { normalizeRow, topKRows, unitQuery, type PackedMatrix } from '../../../knowledge/vectors/matrix.js';
import { LocalLexicalEmbedder } from '../../../providers/kinds/local/embeddings.js';
import { seededRandom } from './random.js';

/** Deterministic pseudo-random numbers in [0, 1). */
const random = (seed: number) => seededRandom(seed, 0, 1);

function packed(vectors: ArrayLike<number>[], dims: number): PackedMatrix {
  const data = new Float32Array(vectors.length * dims);
  vectors.forEach((v, r) => {
    data.set(v, r * dims);
    normalizeRow(data, r * dims, dims);
  });
  return { dims, ids: vectors.map((_, i) => `c${i}`), data };
}

function expectSameAsFullScan(matrix: PackedMatrix, queries: Float32Array[], k: number): void {
  const int8 = quantizeMatrix(matrix);
  for (const q of queries) expect(topKRowsInt8(matrix, int8, q, k)).toEqual(topKRows(matrix, q, k));
}

it('equals the full scan on dense random vectors, with exact duplicates (ties) and zero rows among them', () => {
  const next = random(1);
  const dims = 64;
  const base = Array.from({ length: 8000 }, () => Array.from({ length: dims }, () => next() * 2 - 1));
  // Every 10th vector twice more, and a few all-zero rows.
  const rows = [...base, ...base.filter((_, i) => i % 10 === 0), ...base.filter((_, i) => i % 10 === 0), ...Array.from({ length: 5 }, () => new Array<number>(dims).fill(0))];
  const matrix = packed(rows, dims);
  const queries = [...Array.from({ length: 30 }, () => unitQuery(Array.from({ length: dims }, () => next() * 2 - 1))), unitQuery(rows[20]!)];
  const before = { ...prefilterStats };
  for (const k of [1, 5, 51]) expectSameAsFullScan(matrix, queries, k);
  // The prefilter itself answered most of them (else this compared the full scan with itself).
  expect(prefilterStats.queries - before.queries).toBe(93);
  expect(prefilterStats.fullScans - before.fullScans).toBeLessThan(10);
});

it('equals the full scan on the local embedder’s vectors of generated text', async () => {
  const next = random(2);
  const vocab = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}${'aeiou'[i % 5]}`);
  const text = (n: number) => Array.from({ length: n }, () => vocab[Math.floor(next() ** 2 * vocab.length)]).join(' ');
  const embedder = new LocalLexicalEmbedder();
  const vectors = await embedder.embed(Array.from({ length: 6000 }, () => text(60)));
  const matrix = packed(vectors, vectors[0]!.length);
  const queries = (await embedder.embed(Array.from({ length: 40 }, () => text(5)))).map(unitQuery);
  const before = { ...prefilterStats };
  expectSameAsFullScan(matrix, queries, 51);
  expect(prefilterStats.fullScans - before.fullScans).toBeLessThan(20);
});

it('falls back to the full scan for a matrix too small to prefilter, with the same answer', () => {
  const next = random(3);
  const matrix = packed(Array.from({ length: 100 }, () => Array.from({ length: 16 }, () => next() - 0.5)), 16);
  expectSameAsFullScan(matrix, [unitQuery(Array.from({ length: 16 }, () => next() - 0.5))], 5);
});
