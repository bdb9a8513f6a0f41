import { executeChild, proxyActivities, setHandler, ApplicationFailure } from '@temporalio/workflow';
import { FAILURE_TYPES } from '../interface/failures.js';
import { ingestProgressQuery, type IngestActivities as Activities, type IngestProgress } from '../interface/ingest.js';

/** Chunks embedded per activity: one retry redoes at most this much work. */
const BATCH = 256;

const { prepareDocument, finishDocument, documentsOfProject } = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
});
// Embedding may call a remote model: rate limits and outages are retried patiently.
const { embedChunks } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  // A lost worker is noticed within this, not after the 5 minutes.
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});

/**
 * parse → chunk → embed in batches → index. Every step is an idempotent activity, so a worker
 * lost part-way resumes at the batch it was on; an unchanged document does no work at all.
 */
export async function ingestDocumentWorkflow(documentId: string, force = false): Promise<IngestProgress> {
  const progress: IngestProgress = { stage: 'preparing', chunksTotal: 0, chunksEmbedded: 0 };
  setHandler(ingestProgressQuery, () => progress);
  try {
    const prepared = await prepareDocument(documentId, force);
    if (prepared.unchanged) {
      progress.stage = 'unchanged';
      return progress;
    }
    progress.stage = 'embedding';
    progress.chunksTotal = prepared.chunkCount;
    for (let from = 0; from < prepared.chunkCount; from += BATCH) {
      await embedChunks(documentId, from, Math.min(from + BATCH, prepared.chunkCount));
      progress.chunksEmbedded = Math.min(from + BATCH, prepared.chunkCount);
    }
    await finishDocument(documentId, { indexKey: prepared.indexKey });
    progress.stage = 'ready';
    return progress;
  } catch (err) {
    progress.stage = 'failed';
    const cause = (err as { cause?: { message?: string; type?: string } }).cause;
    if (cause?.type === FAILURE_TYPES.documentGone) return progress;
    await finishDocument(documentId, { error: cause?.message ?? (err as Error).message });
    throw ApplicationFailure.nonRetryable(cause?.message ?? (err as Error).message, 'ingest_failed');
  }
}

/** Re-indexes every document of a project (after its embedding model changed), one child at a time. */
export async function reindexProjectWorkflow(projectId: string): Promise<number> {
  const ids = await documentsOfProject(projectId);
  for (const id of ids) {
    await executeChild(ingestDocumentWorkflow, { workflowId: `ingest-${id}-reindex-${Date.now()}`, args: [id, true] }).catch(() => undefined);
  }
  return ids.length;
}
