import { ApplicationFailure, proxyActivities, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import {
  ingestBatchProgressQuery,
  type ChunkSpan,
  type IngestBatchActivities as Activities,
  type IngestBatchInput,
  type IngestBatchProgress,
  type PreparedInBatch,
} from '../interface/ingest.js';

/** Chunks per embedding call, whichever documents they come from: one retry redoes at most this much. */
export const EMBED_BATCH = 256;
/** Documents prepared per activity, and groups prepared at once. */
const PREPARE_GROUP = 50;
const PREPARE_PARALLEL = 2;
/** Embedding calls in flight at once. */
const EMBED_PARALLEL = 4;

// One short transaction: a local activity, without the round trip of a task dispatch.
const { finishBatch } = proxyLocalActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
});
// Fetching a group's URLs may take a while; the heartbeat notices a lost worker well before that.
const { prepareBatchDocuments } = proxyActivities<Activities>({
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
});
// Embedding may call a remote model: rate limits and outages are retried patiently.
const { embedChunkSpans } = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});

/**
 * Cuts the prepared documents' chunks into embedding calls of at most `size` chunks, several
 * documents to a call. A document that fits in a call is never split (so calls can run at
 * once and each document's count of embedded chunks only grows); a larger one fills calls of
 * its own, which `chains` keeps in order.
 */
export function embeddingCalls(prepared: PreparedInBatch[], size: number): ChunkSpan[][] {
  const calls: ChunkSpan[][] = [];
  let call: ChunkSpan[] = [];
  let room = size;
  const flush = () => {
    if (call.length) calls.push(call);
    call = [];
    room = size;
  };
  for (const doc of prepared) {
    if (doc.chunkCount > room && doc.chunkCount <= size) flush();
    for (let from = 0; from < doc.chunkCount;) {
      const to = Math.min(doc.chunkCount, from + room);
      call.push({ documentId: doc.documentId, from, to });
      room -= to - from;
      from = to;
      if (room === 0) flush();
    }
  }
  flush();
  return calls;
}

/** Consecutive calls that share a document (a large one split across them), to run one after another. */
export function chains(calls: ChunkSpan[][]): ChunkSpan[][][] {
  const out: ChunkSpan[][][] = [];
  calls.forEach((call, i) => {
    const previous = calls[i - 1];
    if (previous && previous.at(-1)!.documentId === call[0]!.documentId) out.at(-1)!.push(call);
    else out.push([call]);
  });
  return out;
}

/**
 * A batch of documents, ingested by one run: prepare (fetch, parse, chunk) in groups, embed in
 * calls of up to EMBED_BATCH chunks across documents, a few at once, then mark every prepared document ready at
 * once. Every step is an idempotent activity, so a worker lost part-way resumes at the step it
 * was on; unchanged documents do no work. Progress is on each document row, on the batch, and
 * in the `ingestBatchProgress` query.
 */
export async function ingestBatchWorkflow({ batchId, documents }: IngestBatchInput): Promise<IngestBatchProgress> {
  const progress: IngestBatchProgress = {
    stage: 'preparing', documentsTotal: documents, documentsPrepared: 0, documentsUnchanged: 0, documentsFailed: 0, chunksTotal: 0, chunksEmbedded: 0,
  };
  setHandler(ingestBatchProgressQuery, () => progress);
  try {
    const groups: [number, number][] = [];
    for (let from = 0; from < documents; from += PREPARE_GROUP) groups.push([from, Math.min(documents, from + PREPARE_GROUP)]);
    const prepared: PreparedInBatch[] = [];
    for (let i = 0; i < groups.length; i += PREPARE_PARALLEL) {
      const wave = groups.slice(i, i + PREPARE_PARALLEL);
      const results = await Promise.all(wave.map(([from, to]) => prepareBatchDocuments(batchId, from, to)));
      results.forEach((r, j) => {
        prepared.push(...r.prepared);
        progress.documentsPrepared += wave[j]![1] - wave[j]![0];
        progress.documentsUnchanged += r.unchanged;
        progress.documentsFailed += r.failed;
        progress.chunksTotal += r.prepared.reduce((n, d) => n + d.chunkCount, 0);
      });
    }
    progress.stage = 'embedding';
    const pending = chains(embeddingCalls(prepared, EMBED_BATCH));
    const embedChain = async (chain: ChunkSpan[][]) => {
      for (const spans of chain) {
        await embedChunkSpans(batchId, spans);
        progress.chunksEmbedded += spans.reduce((n, s) => n + s.to - s.from, 0);
      }
    };
    // A few calls at once: a remote model answers them in parallel, and each waits less on dispatch.
    await Promise.all(Array.from({ length: Math.min(EMBED_PARALLEL, pending.length) }, async () => {
      for (let chain = pending.shift(); chain; chain = pending.shift()) await embedChain(chain);
    }));
    await finishBatch(batchId, {});
    progress.stage = 'done';
    return progress;
  } catch (err) {
    progress.stage = 'failed';
    const message = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
    await finishBatch(batchId, { error: message });
    throw ApplicationFailure.nonRetryable(message, 'ingest_failed');
  }
}
