import type { IngestActivities, IngestBatchActivities } from '../interface/ingest.js';
import { documentIds } from '../store/documents.js';
import { askActivities, type AskDeps } from './ask/index.js';
import { allWithTemporalFailures } from './failures.js';
import { embedChunkSpans, finishBatch, prepareBatchDocuments } from './knowledge/batch.js';
import { embedChunks, finishDocument, prepareDocument } from './knowledge/ingest.js';
import { askV1Activities } from './legacy/askV1.js';
import { deliverWebhook, failWebhookDelivery } from './webhooks/deliver.js';
import type { WebhookActivities } from '../interface/webhooks.js';

export type ActivityDeps = AskDeps;

/**
 * The worker's activities, bound to their dependencies. Workflows know them only by the
 * interfaces in interface/; every one reports its errors through `asTemporalFailure`.
 */
export function createActivities(deps: ActivityDeps) {
  const ask = askActivities(deps);
  const ingest = {
    prepareDocument: prepareDocument(deps),
    embedChunks: embedChunks(deps),
    finishDocument: finishDocument(deps),
    documentsOfProject: (projectId: string) => documentIds(deps.pool, projectId),
  } satisfies IngestActivities;
  const batch = {
    prepareBatchDocuments: prepareBatchDocuments(deps),
    embedChunkSpans: embedChunkSpans(deps),
    finishBatch: finishBatch(deps),
  } satisfies IngestBatchActivities;
  const webhooks = { deliverWebhook: deliverWebhook(deps), failWebhookDelivery: failWebhookDelivery(deps) } satisfies WebhookActivities;
  return allWithTemporalFailures({ ...ask, ...ingest, ...batch, ...webhooks, ...askV1Activities(deps.pool, ask) });
}
