import { chunkSearchText } from '../../knowledge/chunk.js';
import { batchDocuments, batchProjectId, chunksOfSpans, finishBatchRows, finishedBatchDocuments, goneDocuments, recordEmbeddedSpans, writePrepared, type BatchDocument, type PreparedWrites } from '../../store/batches.js';
import { contentHash } from '../../store/documents.js';
import { getProject, type Project } from '../../store/projects.js';
import type { ChunkSpan, PreparedGroup } from '../../interface/ingest.js';
import { FAILURE_TYPES } from '../../interface/failures.js';
import { StepFailure } from '../failures.js';
import { withHeartbeat } from '../heartbeat.js';
import { announceDocuments } from '../webhooks/documents.js';
import { embedderForProject } from './embedderForProject.js';
import type { IngestDeps } from './ingest.js';
import { fetchSource, indexKeyOf, parseAndChunk } from './steps.js';

/** Documents of a group fetched and parsed at once (URL fetches wait on the network, not on us). */
const CONCURRENCY = 8;

/** PostgreSQL's foreign_key_violation: a document (or the project) went while we wrote for it. */
const isForeignKeyViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23503';

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

/** One document's preparation, recorded into `w`; a failure of the document's own is its outcome, not the group's. */
async function prepareOne(doc: BatchDocument, project: Project, w: PreparedWrites): Promise<void> {
  try {
    let content = doc.stagedContent ?? doc.content;
    if (doc.sourceUrl) content = await fetchSource(doc.sourceUrl, project.allowedHosts);
    if (!content) throw new StepFailure('the document has no content', FAILURE_TYPES.documentEmpty, false);
    const hash = contentHash(content);
    if (hash !== doc.contentHash) w.contents.push({ documentId: doc.id, content, contentHash: hash });
    const indexKey = indexKeyOf(content, project);
    if (doc.indexKey === indexKey && doc.status === 'ready') {
      w.unchanged.push(doc.id);
      return;
    }
    const { title, chunks, links } = await parseAndChunk(doc, content, project);
    w.prepared.push({ documentId: doc.id, title, indexKey, chunks, links });
  } catch (err) {
    if (!(err instanceof StepFailure) || err.retryable) throw err;
    w.failed.push({ documentId: doc.id, error: err.message });
  }
}

/**
 * Fetches, parses and chunks the documents at positions [from, to) of a batch, and writes them
 * all in one transaction. Idempotent: a retry prepares the same documents again from their
 * content. A document deleted meanwhile is skipped; one that cannot be fetched or read fails
 * alone, with its reason on the document.
 */
export function prepareBatchDocuments({ pool, vectorIndex }: IngestDeps) {
  return async function prepareBatchDocuments(batchId: string, from: number, to: number): Promise<PreparedGroup> {
    const { projectId, documents } = await batchDocuments(pool, batchId, from, to);
    const project = projectId ? await getProject(pool, projectId) : null;
    if (!project || !documents.length) return { prepared: [], unchanged: 0, failed: 0 };
    const w: PreparedWrites = { contents: [], unchanged: [], failed: [], prepared: [] };
    await withHeartbeat(() => eachLimited(documents, CONCURRENCY, (doc) => prepareOne(doc, project, w)));
    // Vectors of what was indexed before go first (a pending document has none yet).
    const reindexed = new Set(w.prepared.map((p) => p.documentId));
    for (const doc of documents) if (reindexed.has(doc.id) && doc.status !== 'pending') await vectorIndex.deleteDocument(project.id, doc.id);
    const alive = await writePrepared(pool, project.id, batchId, w);
    const order = new Map(documents.map((d) => [d.id, d.position]));
    return {
      prepared: w.prepared
        .filter((p) => alive.has(p.documentId) && p.chunks.length > 0)
        .sort((a, b) => order.get(a.documentId)! - order.get(b.documentId)!)
        .map((p) => ({ documentId: p.documentId, chunkCount: p.chunks.length })),
      unchanged: w.unchanged.filter((id) => alive.has(id)).length,
      failed: w.failed.filter((f) => alive.has(f.documentId)).length,
    };
  };
}

/**
 * Embeds the chunks of several documents' spans in one call and indexes them. Idempotent: a
 * retry upserts the same vectors. Chunks of a document deleted meanwhile are dropped, and its
 * vectors removed should any have been written after its deletion.
 */
export function embedChunkSpans({ pool, masterKey, vectorIndex }: IngestDeps) {
  return async function embedChunkSpans(batchId: string, spans: ChunkSpan[]): Promise<void> {
    const projectId = await batchProjectId(pool, batchId);
    const project = projectId ? await getProject(pool, projectId) : null;
    if (!project) return;
    const embedder = await embedderForProject(pool, masterKey, project);
    for (let attempt = 0; ; attempt++) {
      const rows = await chunksOfSpans(pool, spans);
      if (!rows.length) return;
      const vectors = await withHeartbeat(() => embedder.embed(rows.map((r) => chunkSearchText(r))));
      try {
        await vectorIndex.upsert(project.id, rows.map((r, i) => ({ chunkId: r.id, documentId: r.documentId, vector: vectors[i]! })));
      } catch (err) {
        // A document deleted between reading its chunks and writing their vectors: read again without it.
        if (isForeignKeyViolation(err) && attempt < 3) continue;
        throw err;
      }
      const counts = new Map<string, number>();
      for (const r of rows) counts.set(r.documentId, (counts.get(r.documentId) ?? 0) + 1);
      await recordEmbeddedSpans(pool, batchId, spans.filter((s) => counts.has(s.documentId)).map((s) => ({ documentId: s.documentId, embedded: s.from + counts.get(s.documentId)! })));
      for (const id of await goneDocuments(pool, [...counts.keys()])) await vectorIndex.deleteDocument(project.id, id);
      return;
    }
  };
}

export function finishBatch({ pool, webhooks }: IngestDeps) {
  return async function finishBatch(batchId: string, outcome: { error?: string }): Promise<void> {
    await finishBatchRows(pool, batchId, outcome.error ?? null);
    // At most a batch's documents (BATCH_MAX_DOCUMENTS), in one query per event; the deliveries start a few at a time.
    if (webhooks) await announceDocuments(webhooks, await finishedBatchDocuments(pool, batchId));
  };
}
