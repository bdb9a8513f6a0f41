import { randomUUID } from 'node:crypto';
import { PineconeVectorIndex } from '../../../knowledge/vectors/pinecone.js';
import { startPineconeServer, type PineconeServer } from '../../fakes/pineconeServer.js';
import { describeVectorIndexBehaviour, DIMS } from './behaviour.js';

describe('PineconeVectorIndex against a Pinecone data-plane server', () => {
  let server: PineconeServer;
  let index: PineconeVectorIndex;

  beforeAll(async () => {
    server = await startPineconeServer({ dimension: DIMS });
    index = new PineconeVectorIndex({ apiKey: server.apiKey, indexHost: server.host });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  describeVectorIndexBehaviour('pinecone', () => index);

  it('has kind "pinecone"', () => {
    expect(index.kind).toBe('pinecone');
  });

  it('upserts into the project’s namespace in batches of at most 100, with the key, API version and documentId metadata', async () => {
    const project = randomUUID();
    const doc = randomUUID();
    const records = Array.from({ length: 250 }, (_, i) => ({ chunkId: randomUUID(), documentId: doc, vector: [1, i, 0, 0] }));
    await index.upsert(project, records);

    const upserts = server.requests.filter((r) => r.path === '/vectors/upsert');
    expect(upserts.map((r) => (r.body?.vectors as unknown[]).length)).toEqual([100, 100, 50]);
    for (const r of upserts) {
      expect(r.method).toBe('POST');
      expect(r.headers['api-key']).toBe(server.apiKey);
      expect(r.headers['x-pinecone-api-version']).toMatch(/^\d{4}-\d{2}$/);
      expect(r.body?.namespace).toBe(project);
    }
    const stored = server.namespaces().get(project) ?? [];
    expect(stored).toHaveLength(250);
    expect(stored[0]).toEqual({ id: records[0]!.chunkId, values: [1, 0, 0, 0], metadata: { documentId: doc } });
  });

  it('queries the namespace by vector without asking for metadata or values', async () => {
    const project = randomUUID();
    await index.upsert(project, [{ chunkId: randomUUID(), documentId: randomUUID(), vector: [1, 0, 0, 0] }]);
    server.requests.length = 0;
    await index.query(project, [0, 1, 0, 0], 7);
    expect(server.requests.map((r) => [r.method, r.path])).toEqual([['POST', '/query']]);
    expect(server.requests[0]!.body).toEqual({ namespace: project, vector: [0, 1, 0, 0], topK: 7, includeMetadata: false, includeValues: false });
  });

  it('deletes a document with one metadata-filter delete in the namespace', async () => {
    const project = randomUUID();
    const doc = randomUUID();
    await index.upsert(project, [{ chunkId: randomUUID(), documentId: doc, vector: [1, 0, 0, 0] }]);
    server.requests.length = 0;
    await index.deleteDocument(project, doc);
    expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/vectors/delete', { namespace: project, filter: { documentId: { $eq: doc } } }],
    ]);
    expect(server.namespaces().get(project)).toEqual([]);
  });

  it('treats deleting from a namespace Pinecone has never seen as nothing to delete', async () => {
    const project = randomUUID();
    await index.deleteDocument(project, randomUUID());
    // The server did answer 404: the index swallowed exactly that.
    expect(server.requests).toHaveLength(1);
    expect(server.namespaces().has(project)).toBe(false);
  });

  it('surfaces a rejected API key', async () => {
    const wrong = new PineconeVectorIndex({ apiKey: 'pcsk_wrong', indexHost: server.host });
    await expect(wrong.query(randomUUID(), [1, 0, 0, 0], 3)).rejects.toMatchObject({ name: 'PineconeAuthorizationError' });
    await expect(wrong.deleteDocument(randomUUID(), randomUUID())).rejects.toMatchObject({ name: 'PineconeAuthorizationError' });
  });
});
