import { defineQuery } from '@temporalio/workflow';

/** Knowledge ingestion as api, worker, activities and workflows see it (types and definitions only). */

export const INGEST_DOCUMENT_WORKFLOW_TYPE = 'ingestDocumentWorkflow';
export const REINDEX_PROJECT_WORKFLOW_TYPE = 'reindexProjectWorkflow';

export interface IngestProgress {
  stage: 'preparing' | 'embedding' | 'ready' | 'unchanged' | 'failed';
  chunksTotal: number;
  chunksEmbedded: number;
}

/** Progress of an ingestion, for the console's progress bar. */
export const ingestProgressQuery = defineQuery<IngestProgress>('ingestProgress');

/** The workflows' signatures, for typed starts without importing workflow code. */
export type IngestDocumentWorkflow = (documentId: string, force?: boolean) => Promise<IngestProgress>;
export type ReindexProjectWorkflow = (projectId: string) => Promise<number>;

export type PreparedDocument = { unchanged: true } | { unchanged: false; chunkCount: number; indexKey: string };

/** Ingestion's activities as the workflows call them (implemented in activities/knowledge/). */
export interface IngestActivities {
  prepareDocument(documentId: string, force: boolean): Promise<PreparedDocument>;
  embedChunks(documentId: string, from: number, to: number): Promise<void>;
  finishDocument(documentId: string, outcome: { indexKey: string } | { error: string }): Promise<void>;
  documentsOfProject(projectId: string): Promise<string[]>;
}

// ── Batches: many documents, one workflow, embedding batched across documents ──

export const INGEST_BATCH_WORKFLOW_TYPE = 'ingestBatchWorkflow';

/** The batch workflow's id: one per batch. */
export function ingestBatchWorkflowId(batchId: string): string {
  return `ingest-batch-${batchId}`;
}

export interface IngestBatchInput {
  batchId: string;
  /** How many documents the batch listed (positions 0..documents-1). */
  documents: number;
}

export interface IngestBatchProgress {
  stage: 'preparing' | 'embedding' | 'done' | 'failed';
  documentsTotal: number;
  /** Documents parsed and chunked so far (changed, unchanged and failed ones alike). */
  documentsPrepared: number;
  documentsUnchanged: number;
  documentsFailed: number;
  chunksTotal: number;
  chunksEmbedded: number;
}

/** Progress of a batch run (the api's `GET …/batches/{id}` reads the same from the database). */
export const ingestBatchProgressQuery = defineQuery<IngestBatchProgress>('ingestBatchProgress');

export type IngestBatchWorkflow = (input: IngestBatchInput) => Promise<IngestBatchProgress>;

/** A changed document of the batch, ready to embed: its chunks are [0, chunkCount). */
export interface PreparedInBatch {
  documentId: string;
  chunkCount: number;
}

export interface PreparedGroup {
  prepared: PreparedInBatch[];
  unchanged: number;
  failed: number;
}

/** Chunks [from, to) of one document: an embedding call takes several, across documents. */
export interface ChunkSpan {
  documentId: string;
  from: number;
  to: number;
}

/** The batch's activities as the batch workflow calls them (implemented in activities/knowledge/batch.ts). */
export interface IngestBatchActivities {
  /** Fetches, parses and chunks the documents at positions [from, to) of the batch. */
  prepareBatchDocuments(batchId: string, from: number, to: number): Promise<PreparedGroup>;
  /** Embeds and indexes the spans' chunks in one embedding call. */
  embedChunkSpans(batchId: string, spans: ChunkSpan[]): Promise<void>;
  /** Marks the batch's prepared documents ready (or failed, with `error`) and the batch finished. */
  finishBatch(batchId: string, outcome: { error?: string }): Promise<void>;
}
