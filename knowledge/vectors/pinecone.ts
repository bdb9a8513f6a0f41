// Vectors in a Pinecone index (cosine metric), one namespace per project: Pinecone scopes every
// query to a namespace, so tenant isolation does not hang on a filter we could forget.
// Record ids are chunk ids; each record carries `{ documentId }` so a document's vectors can be
// deleted by metadata filter (supported on serverless indexes since Pinecone's 2025-10 release).
import { Pinecone, type Index } from '@pinecone-database/pinecone';
import type { VectorIndex, VectorMatch, VectorRecord } from '../types.js';
import { batches, checkQueryVector, checkRecords, checkTopK } from './common.js';
import { inSpan, SpanKind } from '../../tracing/spans.js';

export interface PineconeVectorIndexOptions {
  apiKey: string;
  /** The index's data-plane host (`name-xxxx.svc.….pinecone.io`, scheme optional): used directly, no control-plane lookup. */
  indexHost: string;
}

// A type alias, not an interface: the SDK's RecordMetadata is an index signature, which only
// aliases satisfy.
type ChunkMetadata = { documentId: string };

/** Pinecone's recommended upsert batch: 100 records, well under its 2 MB request limit at common dimensions. */
const UPSERT_BATCH = 100;

export class PineconeVectorIndex implements VectorIndex {
  readonly kind = 'pinecone' as const;
  private readonly index: Index<ChunkMetadata>;
  /** The data plane's address, for the query spans. */
  private readonly server: { 'server.address': string; 'server.port'?: number };

  constructor(options: PineconeVectorIndexOptions) {
    const client = new Pinecone({ apiKey: options.apiKey });
    // `host` makes the SDK talk to the data plane only; with a name it would first call describeIndex.
    this.index = client.index<ChunkMetadata>({ host: options.indexHost });
    const url = new URL(/^https?:\/\//.test(options.indexHost) ? options.indexHost : `https://${options.indexHost}`);
    this.server = { 'server.address': url.hostname, ...(url.port ? { 'server.port': Number(url.port) } : {}) };
  }

  async upsert(projectId: string, records: VectorRecord[]): Promise<void> {
    for (const batch of batches(checkRecords(records), UPSERT_BATCH)) {
      await this.index.upsert({
        namespace: projectId,
        records: batch.map((r) => ({ id: r.chunkId, values: r.vector, metadata: { documentId: r.documentId } })),
      });
    }
  }

  async deleteDocument(projectId: string, documentId: string): Promise<void> {
    try {
      await this.index.deleteMany({ namespace: projectId, filter: { documentId: { $eq: documentId } } });
    } catch (err) {
      // A project's namespace exists only from its first upsert, and ingestion deletes a
      // document's old vectors before writing any: Pinecone answers 404 for the missing namespace.
      if (isNotFound(err)) return;
      throw err;
    }
  }

  async deleteProject(projectId: string): Promise<void> {
    try {
      await this.index.deleteAll({ namespace: projectId });
    } catch (err) {
      if (isNotFound(err)) return; // the project never had vectors
      throw err;
    }
  }

  async query(projectId: string, vector: number[], topK: number): Promise<VectorMatch[]> {
    checkQueryVector(vector);
    if (checkTopK(topK) === 0) return [];
    // A client span per query, as the database conventions name one (the namespace is the tenant).
    const { matches } = await inSpan('query pinecone', { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'pinecone', 'db.operation.name': 'query', 'db.namespace': projectId, 'db.query.top_k': topK, ...this.server } }, () =>
      this.index.query({ namespace: projectId, vector, topK, includeMetadata: false, includeValues: false }),
    );
    return matches.map((m) => {
      if (m.score === undefined) throw new Error(`Pinecone returned match ${m.id} without a score`);
      return { chunkId: m.id, score: m.score };
    });
  }
}

// By name, not instanceof: the error class may come from another copy of the SDK (jest's module registry).
function isNotFound(err: unknown): boolean {
  return err instanceof Error && err.name === 'PineconeNotFoundError';
}
