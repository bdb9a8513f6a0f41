import { createHash } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import { chunkDocument, chunkSearchText } from '../../knowledge/chunk.js';
import { parseDocument } from '../../knowledge/parse.js';
import type { VectorIndex } from '../../knowledge/types.js';
import { fetchBounded } from '../../net/fetchBounded.js';
import { urlPolicyFromEnv } from '../../net/addressGuard.js';
import { chunkSlice, replaceChunks } from '../../store/chunks.js';
import { contentHash, getDocument, updateDocument } from '../../store/documents.js';
import type { Pool } from '../../store/pool.js';
import { getProject } from '../../store/projects.js';
import { withHeartbeat } from '../heartbeat.js';
import { embedderForProject } from './embedderForProject.js';

export interface IngestDeps {
  pool: Pool;
  masterKey: Buffer;
  vectorIndex: VectorIndex;
}

export type PreparedDocument = { unchanged: true } | { unchanged: false; chunkCount: number; indexKey: string };

const MAX_FETCH_BYTES = 20 * 1024 * 1024;


/**
 * Fetch (for URL sources), parse and chunk a document, replacing its previous chunks and
 * vectors. Returns `unchanged` when exactly this content was already indexed with the project's
 * current chunking and embedding model: re-ingesting it does no work.
 */
export function prepareDocument({ pool, vectorIndex }: IngestDeps) {
  return async function prepareDocument(documentId: string, force: boolean): Promise<PreparedDocument> {
    const doc = await getDocument(pool, documentId);
    if (!doc) throw ApplicationFailure.nonRetryable(`document ${documentId} no longer exists`, 'gone');
    const project = (await getProject(pool, doc.projectId))!;
    let content = doc.content;
    if (doc.sourceUrl) {
      try {
        const fetched = await fetchBounded(doc.sourceUrl, { policy: urlPolicyFromEnv(), timeoutMs: 20_000, maxBytes: MAX_FETCH_BYTES });
        if (fetched.status >= 400) throw ApplicationFailure.nonRetryable(`fetching ${doc.sourceUrl} answered HTTP ${fetched.status}`, 'fetch_failed');
        content = Buffer.from(fetched.body);
        await updateDocument(pool, documentId, { content, contentHash: contentHash(content) });
      } catch (err) {
        if (err instanceof ApplicationFailure) throw err;
        throw ApplicationFailure.nonRetryable(`could not fetch ${doc.sourceUrl}: ${(err as Error).message}`, 'fetch_failed');
      }
    }
    if (!content) throw ApplicationFailure.nonRetryable('the document has no content', 'empty');
    const indexKey = createHash('sha256').update(`${contentHash(content)}|${project.chunkTokens}|${project.chunkOverlap}|${project.embeddingModel}`).digest('hex');
    if (!force && doc.indexKey === indexKey && doc.status === 'ready') return { unchanged: true };

    let chunks;
    let title: string;
    try {
      const parsed = await parseDocument(doc.kind, content, doc.name);
      title = parsed.title;
      chunks = chunkDocument(parsed, { chunkTokens: project.chunkTokens, overlapTokens: Math.min(project.chunkOverlap, Math.floor(project.chunkTokens / 2) - 1) });
    } catch (err) {
      throw ApplicationFailure.nonRetryable(`could not read ${doc.name} as ${doc.kind}: ${(err as Error).message}`, 'unparseable');
    }
    await vectorIndex.deleteDocument(doc.projectId, documentId);
    await replaceChunks(pool, doc.projectId, documentId, chunks);
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
    const vectors = await withHeartbeat(() => embedder.embed(rows.map((r) => chunkSearchText({ index: r.chunkIndex, text: r.text, headings: r.headings, tokenCount: 0 }))));
    await vectorIndex.upsert(project.id, rows.map((r, i) => ({ chunkId: r.id, documentId, vector: vectors[i]! })));
    await pool.query(`UPDATE documents SET chunks_embedded = GREATEST(chunks_embedded, $2), updated_at = now() WHERE id = $1`, [documentId, from + rows.length]);
  };
}

export function finishDocument({ pool }: IngestDeps) {
  return async function finishDocument(documentId: string, outcome: { indexKey: string } | { error: string }): Promise<void> {
    if ('error' in outcome) await updateDocument(pool, documentId, { status: 'failed', error: outcome.error });
    else await updateDocument(pool, documentId, { status: 'ready', error: null, indexKey: outcome.indexKey });
  };
}
