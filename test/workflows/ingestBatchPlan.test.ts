import { chains, embeddingCalls } from '../../workflows/ingestBatch.js';

const doc = (documentId: string, chunkCount: number) => ({ documentId, chunkCount });
const sizes = (calls: { from: number; to: number }[][]) => calls.map((c) => c.reduce((n, s) => n + s.to - s.from, 0));

describe('how a batch cuts its chunks into embedding calls', () => {
  it('packs many small documents into calls of at most the batch size, never splitting one that fits', () => {
    const prepared = Array.from({ length: 100 }, (_, i) => doc(`d${i}`, 3 + (i % 5)));
    const calls = embeddingCalls(prepared, 256);
    expect(sizes(calls).reduce((a, b) => a + b)).toBe(prepared.reduce((n, d) => n + d.chunkCount, 0));
    expect(Math.max(...sizes(calls))).toBeLessThanOrEqual(256);
    expect(calls).toHaveLength(2);
    for (const d of prepared) expect(calls.filter((c) => c.some((s) => s.documentId === d.documentId))).toHaveLength(1);
    expect(chains(calls)).toHaveLength(2);
  });

  it('splits a document larger than a call across calls that run in order, and fills the rest with the next documents', () => {
    const calls = embeddingCalls([doc('small', 10), doc('big', 600), doc('after', 20)], 256);
    expect(calls.map((c) => c.map((s) => `${s.documentId}:${s.from}-${s.to}`))).toEqual([
      ['small:0-10', 'big:0-246'],
      ['big:246-502'],
      ['big:502-600', 'after:0-20'],
    ]);
    expect(chains(calls)).toHaveLength(1);
  });

  it('makes no call for no chunks', () => {
    expect(embeddingCalls([], 256)).toEqual([]);
    expect(chains([])).toEqual([]);
  });
});
