// The behaviour every VectorIndex must have, whatever stores the vectors. Each test works in
// fresh random project ids, so one index (and one database) serves the whole suite.
import { randomUUID } from 'node:crypto';
import type { VectorIndex, VectorMatch } from '../../../knowledge/types.js';

/** All vectors here have 4 dimensions: a Pinecone index has one dimension for every namespace. */
export const DIMS = 4;

const ids = (matches: VectorMatch[]) => matches.map((m) => m.chunkId);

export function describeVectorIndexBehaviour(name: string, getIndex: () => VectorIndex): void {
  describe(`${name}: shared VectorIndex behaviour`, () => {
    let index: VectorIndex;
    beforeAll(() => {
      index = getIndex();
    });

    it('returns the nearest first, scored by cosine similarity (length does not matter)', async () => {
      const project = randomUUID();
      const doc = randomUUID();
      const [same, near, orthogonal, opposite] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await index.upsert(project, [
        { chunkId: orthogonal, documentId: doc, vector: [0, 5, 0, 0] },
        { chunkId: opposite, documentId: doc, vector: [-1, 0, 0, 0] },
        { chunkId: near, documentId: doc, vector: [4, 3, 0, 0] }, // cosine 0.8 with the x axis
        { chunkId: same, documentId: doc, vector: [0.5, 0, 0, 0] },
      ]);
      const matches = await index.query(project, [2, 0, 0, 0], 4);
      expect(ids(matches)).toEqual([same, near, orthogonal, opposite]);
      const scores = matches.map((m) => m.score);
      [1, 0.8, 0, -1].forEach((expected, i) => expect(scores[i]).toBeCloseTo(expected, 5));
    });

    it('keeps tenants apart: a project never sees or deletes another project’s vectors', async () => {
      const [a, b] = [randomUUID(), randomUUID()];
      const [docA, docB] = [randomUUID(), randomUUID()];
      const [chunkA, chunkB] = [randomUUID(), randomUUID()];
      await index.upsert(a, [{ chunkId: chunkA, documentId: docA, vector: [1, 0, 0, 0] }]);
      expect(await index.query(b, [1, 0, 0, 0], 10)).toEqual([]);

      await index.upsert(b, [{ chunkId: chunkB, documentId: docB, vector: [0, 1, 0, 0] }]);
      expect(ids(await index.query(b, [1, 0, 0, 0], 10))).toEqual([chunkB]);
      // B naming A's document id deletes nothing of A's.
      await index.deleteDocument(b, docA);
      expect(ids(await index.query(a, [0, 1, 0, 0], 10))).toEqual([chunkA]);
    });

    it('deleteDocument removes every vector of that document and only those', async () => {
      const project = randomUUID();
      const [gone, kept] = [randomUUID(), randomUUID()];
      const goneChunks = [randomUUID(), randomUUID(), randomUUID()];
      const keptChunks = [randomUUID(), randomUUID()];
      await index.upsert(project, [
        ...goneChunks.map((chunkId, i) => ({ chunkId, documentId: gone, vector: [1, i, 0, 0] })),
        ...keptChunks.map((chunkId, i) => ({ chunkId, documentId: kept, vector: [0, 0, 1, i] })),
      ]);
      await index.deleteDocument(project, gone);
      expect(ids(await index.query(project, [1, 0, 0, 0], 10)).sort()).toEqual([...keptChunks].sort());
    });

    it('deleteProject removes every vector of that project and no other', async () => {
      const [gone, kept] = [randomUUID(), randomUUID()];
      const doc = randomUUID();
      await index.upsert(gone, [{ chunkId: randomUUID(), documentId: doc, vector: [1, 0, 0, 0] }, { chunkId: randomUUID(), documentId: doc, vector: [0, 1, 0, 0] }]);
      const keptChunk = randomUUID();
      await index.upsert(kept, [{ chunkId: keptChunk, documentId: randomUUID(), vector: [1, 0, 0, 0] }]);
      await index.deleteProject(gone);
      expect(await index.query(gone, [1, 0, 0, 0], 10)).toEqual([]);
      expect(ids(await index.query(kept, [1, 0, 0, 0], 10))).toEqual([keptChunk]);
      await expect(index.deleteProject(randomUUID())).resolves.toBeUndefined();
    });

    it('deleteDocument of a document with no vectors, in a project with none, is a no-op', async () => {
      await expect(index.deleteDocument(randomUUID(), randomUUID())).resolves.toBeUndefined();
    });

    it('re-upserting a chunk replaces its vector rather than adding one', async () => {
      const project = randomUUID();
      const doc = randomUUID();
      const [chunk, other] = [randomUUID(), randomUUID()];
      await index.upsert(project, [
        { chunkId: chunk, documentId: doc, vector: [1, 0, 0, 0] },
        { chunkId: other, documentId: doc, vector: [0.6, 0.8, 0, 0] },
      ]);
      await index.upsert(project, [{ chunkId: chunk, documentId: doc, vector: [0, 1, 0, 0] }]);
      const matches = await index.query(project, [0, 1, 0, 0], 10);
      expect(ids(matches)).toEqual([chunk, other]);
      expect(matches[0]!.score).toBeCloseTo(1, 5);
      expect(matches[1]!.score).toBeCloseTo(0.8, 5);
    });

    it('returns at most topK matches, the best ones; topK 0 returns none', async () => {
      const project = randomUUID();
      const doc = randomUUID();
      // Chunk i sits at angle i·10° from the x axis: ranked by angle against a query along x.
      const chunks = Array.from({ length: 9 }, (_, i) => ({
        chunkId: randomUUID(),
        documentId: doc,
        vector: [Math.cos((i * Math.PI) / 18), Math.sin((i * Math.PI) / 18), 0, 0],
      }));
      await index.upsert(project, [...chunks].reverse());
      expect(ids(await index.query(project, [1, 0, 0, 0], 3))).toEqual(chunks.slice(0, 3).map((c) => c.chunkId));
      expect(await index.query(project, [1, 0, 0, 0], 50)).toHaveLength(9);
      expect(await index.query(project, [1, 0, 0, 0], 0)).toEqual([]);
    });

    it('stores more vectors than fit one write batch', async () => {
      const project = randomUUID();
      const doc = randomUUID();
      const records = Array.from({ length: 1234 }, (_, i) => ({ chunkId: randomUUID(), documentId: doc, vector: [1, i / 1234, 0, 0] }));
      await index.upsert(project, records);
      const matches = await index.query(project, [1, 0, 0, 0], 2000);
      expect(new Set(ids(matches))).toEqual(new Set(records.map((r) => r.chunkId)));
      expect(matches[0]!.chunkId).toBe(records[0]!.chunkId);
    });

    it('rejects a query whose dimension differs from the stored vectors', async () => {
      const project = randomUUID();
      await index.upsert(project, [{ chunkId: randomUUID(), documentId: randomUUID(), vector: [1, 0, 0, 0] }]);
      await expect(index.query(project, [1, 0, 0], 5)).rejects.toThrow(/dimension/i);
    });
  });
}
