import { chunkSearchText } from '../../knowledge/chunk.js';
import type { VectorIndex } from '../../knowledge/types.js';
import { chunkSlice, replaceChunks } from '../../store/chunks.js';
import { contentHash, getDocument, recordEmbeddedChunks, updateDocument } from '../../store/documents.js';
import type { Pool } from '../../store/pool.js';
import { getProject } from '../../store/projects.js';
import { FAILURE_TYPES } from '../../interface/failures.js';
import type { PreparedDocument } from '../../interface/ingest.js';
import type { WebhookOutbox } from '../../interface/webhookOutbox.js';
import { announceDocuments } from '../webhooks/documents.js';
import { StepFailure } from '../failures.js';
import { withHeartbeat } from '../heartbeat.js';
import { embedderForProject } from './embedderForProject.js';
import { fetchSource, indexKeyOf, parseAndChunk } from './steps.js';

export interface IngestDeps {
  pool: Pool;
  masterKey: Buffer;
  vectorIndex: VectorIndex;
  /** Where finished documents are announced (`document.ready` / `document.failed`); absent: they are not. */
  webhooks?: WebhookOutbox;
}

/**
 * Fetch (for URL sources), parse and chunk a document, replacing its previous chunks and
 * vectors. Returns `unchanged` when exactly this content was already indexed with the project's
 * current chunking and embedding model: re-ingesting it does no work.
 */
export function prepareDocument({ pool, vectorIndex }: IngestDeps) {
  return async function prepareDocument(documentId: string, force: boolean): Promise<PreparedDocument> {
    const doc = await getDocument(pool, documentId);
    if (!doc) throw new StepFailure(`document ${documentId} no longer exists`, FAILURE_TYPES.documentGone, false);
    const project = (await getProject(pool, doc.projectId))!;
    let content = doc.content;
    if (doc.sourceUrl) {
      content = await fetchSource(doc.sourceUrl, project.allowedHosts);
      await updateDocument(pool, documentId, { content, contentHash: contentHash(content) });
    }
    if (!content) throw new StepFailure('the document has no content', FAILURE_TYPES.documentEmpty, false);
    const indexKey = indexKeyOf(content, project);
    if (!force && doc.indexKey === indexKey && doc.status === 'ready') return { unchanged: true };

    const { title, chunks, links } = await parseAndChunk(doc, content, project);
    await vectorIndex.deleteDocument(doc.projectId, documentId);
    await replaceChunks(pool, doc.projectId, documentId, chunks, links);
    await updateDocument(pool, documentId, { status: 'ingesting', error: null, title, chunksTotal: chunks.length, chunksEmbedded: 0, indexKey: null });
    return { unchanged: false, chunkCount: chunks.length, indexKey };
  };
}

/** Embeds and indexes chunks [from, to) of a document. Idempotent: a retry upserts the same vectors. */
export function embedChunks({ pool, masterKey, vectorIndex }: IngestDeps) {
  return async function embedChunks(documentId: string, from: number, to: number): Promise<void> {
    const rows = await chunkSlice(pool, documentId, from, to);
    if (!rows.length) return;
    const project = (await getProject(pool, rows[0]!.projectId))!;
    const embedder = await embedderForProject(pool, masterKey, project);
    const vectors = await withHeartbeat(() => embedder.embed(rows.map((r) => chunkSearchText(r))));
    await vectorIndex.upsert(project.id, rows.map((r, i) => ({ chunkId: r.id, documentId, vector: vectors[i]! })));
    await recordEmbeddedChunks(pool, documentId, from + rows.length);
  };
}

export function finishDocument({ pool, webhooks }: IngestDeps) {
  return async function finishDocument(documentId: string, outcome: { indexKey: string } | { error: string }): Promise<void> {
    if ('error' in outcome) await updateDocument(pool, documentId, { status: 'failed', error: outcome.error });
    else await updateDocument(pool, documentId, { status: 'ready', error: null, indexKey: outcome.indexKey });
    if (webhooks) await announceDocuments(webhooks, [documentId]);
  };
}
