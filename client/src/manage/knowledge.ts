import {
  DocumentChunksSchema,
  DocumentListSchema,
  DocumentSchema,
  IngestBatchCreatedSchema,
  IngestBatchViewSchema,
  type DocumentChunks,
  type DocumentList,
  type DocumentView,
  type IngestBatchCreated,
  type IngestBatchDetail,
  type KnowledgeBatch,
  type KnowledgeUpload,
} from '@askflow/contract/browser';
import { AskflowPromise, type WithRequestId } from '../apiPromise.js';
import { EgoZError, TimeoutError } from '../errors.js';
import { sleep } from '../retryPolicy.js';
import type { Transport } from '../transport.js';
import { manageCall, manageDelete, projectPath, type CallOptions } from './caller.js';

/** What a document's kind may be; guessed by the service from the name when left out. */
export type DocumentKind = 'text' | 'markdown' | 'html' | 'pdf';

export interface WaitOptions extends CallOptions {
  /** Milliseconds to wait in all before a `TimeoutError`; default 120 000. */
  timeout?: number;
  /** Milliseconds between looks; default 500. */
  interval?: number;
}

/** Base64 of any bytes, on every runtime (no Buffer outside Node). */
async function base64Of(data: Uint8Array | ArrayBuffer | Blob): Promise<string> {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data instanceof ArrayBuffer ? data : await data.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and arguments are limited.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Polls `read` until `done` says the value is final, or throws a TimeoutError after `timeout`. */
async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, options: WaitOptions): Promise<T> {
  const timeout = options.timeout ?? 120_000;
  const until = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() >= until) throw new TimeoutError(`${what} was not done within ${timeout} ms`, { code: 'Timeout' });
    await sleep(Math.min(options.interval ?? 500, Math.max(0, until - Date.now())), options.signal);
  }
}

/** A project's knowledge: documents it answers from when RAG is on, each ingested (parsed, chunked, embedded) by a workflow. */
export class Knowledge {
  constructor(private readonly t: Transport) {}

  list(projectId: string, options: CallOptions = {}): AskflowPromise<WithRequestId<DocumentList>> {
    return manageCall(this.t, { method: 'GET', path: projectPath(projectId, 'knowledge'), signal: options.signal }, DocumentListSchema, 'document list');
  }

  /** Starts ingesting a document (`{name, text}`, `{name, base64}` or `{url}`); it is `pending` until ingested: see `waitUntilReady`. */
  upload(projectId: string, upload: KnowledgeUpload, options: CallOptions = {}): AskflowPromise<WithRequestId<DocumentView>> {
    return manageCall(this.t, { method: 'POST', path: projectPath(projectId, 'knowledge'), body: upload, signal: options.signal }, DocumentSchema, 'document');
  }

  /** Uploads text (plain, Markdown or HTML; the kind is told by `name`'s extension unless given). */
  uploadText(projectId: string, name: string, text: string, options: CallOptions & { kind?: DocumentKind } = {}): AskflowPromise<WithRequestId<DocumentView>> {
    return this.upload(projectId, { name, text, ...(options.kind ? { kind: options.kind } : {}) }, options);
  }

  /** Uploads a file's bytes (a PDF, say) from a `Uint8Array` (Node's `Buffer` is one), an `ArrayBuffer` or a `Blob`/`File`. */
  uploadFile(projectId: string, name: string, data: Uint8Array | ArrayBuffer | Blob, options: CallOptions & { kind?: DocumentKind } = {}): AskflowPromise<WithRequestId<DocumentView>> {
    const uploaded = base64Of(data).then((base64) => this.upload(projectId, { name, base64, ...(options.kind ? { kind: options.kind } : {}) }, options).withResponse());
    return new AskflowPromise(uploaded);
  }

  get(projectId: string, documentId: string, options: CallOptions = {}): AskflowPromise<WithRequestId<DocumentView>> {
    return manageCall(this.t, { method: 'GET', path: projectPath(projectId, 'knowledge', documentId), signal: options.signal }, DocumentSchema, 'document');
  }

  /** The document's chunks as indexed (the first 500), in order. */
  chunks(projectId: string, documentId: string, options: CallOptions = {}): AskflowPromise<WithRequestId<DocumentChunks>> {
    return manageCall(this.t, { method: 'GET', path: projectPath(projectId, 'knowledge', documentId, 'chunks'), signal: options.signal }, DocumentChunksSchema, 'chunks');
  }

  /** Parses, chunks and embeds the document again. */
  reindex(projectId: string, documentId: string, options: CallOptions = {}): AskflowPromise<WithRequestId<DocumentView>> {
    return manageCall(this.t, { method: 'POST', path: projectPath(projectId, 'knowledge', documentId, 'reindex'), signal: options.signal }, DocumentSchema, 'document');
  }

  delete(projectId: string, documentId: string, options: CallOptions = {}): AskflowPromise<void> {
    return manageDelete(this.t, projectPath(projectId, 'knowledge', documentId), options);
  }

  /**
   * Waits until the document is ingested and returns it (`ready`). A document whose ingestion
   * failed throws an `EgoZError` with code `IngestionFailed` and the service's reason.
   */
  async waitUntilReady(projectId: string, documentId: string, options: WaitOptions = {}): Promise<WithRequestId<DocumentView>> {
    const doc = await poll(() => this.get(projectId, documentId, options), (d) => d.status === 'ready' || d.status === 'failed', `Ingesting document ${documentId}`, options);
    if (doc.status === 'failed') throw new EgoZError(`Document ${doc.name} could not be ingested: ${doc.error ?? 'no reason given'}`, { code: 'IngestionFailed', requestId: doc.requestId });
    return doc;
  }

  /** `upload` then `waitUntilReady`: the document, ingested. */
  async uploadAndWait(projectId: string, upload: KnowledgeUpload, options: WaitOptions = {}): Promise<WithRequestId<DocumentView>> {
    const doc = await this.upload(projectId, upload, options);
    return this.waitUntilReady(projectId, doc.id, options);
  }

  /** Many documents (and/or a sitemap's pages) ingested by one workflow; files of the same name (URLs) are updated, not duplicated. */
  createBatch(projectId: string, batch: KnowledgeBatch, options: CallOptions = {}): AskflowPromise<WithRequestId<IngestBatchCreated>> {
    return manageCall(this.t, { method: 'POST', path: projectPath(projectId, 'knowledge', 'batches'), body: batch, signal: options.signal }, IngestBatchCreatedSchema, 'batch');
  }

  getBatch(projectId: string, batchId: string, options: CallOptions = {}): AskflowPromise<WithRequestId<IngestBatchDetail>> {
    return manageCall(this.t, { method: 'GET', path: projectPath(projectId, 'knowledge', 'batches', batchId), signal: options.signal }, IngestBatchViewSchema, 'batch');
  }

  /** Waits until the batch has ended (`done`, documents that failed alone among them, or `failed`) and returns it. */
  waitForBatch(projectId: string, batchId: string, options: WaitOptions = {}): Promise<WithRequestId<IngestBatchDetail>> {
    return poll(() => this.getBatch(projectId, batchId, options), (b) => b.batch.status !== 'running', `Batch ${batchId}`, options);
  }
}
