export { askWorkflow, routedAskWorkflow } from './ask.js';
export { ingestDocumentWorkflow, reindexProjectWorkflow } from './ingest.js';
export { ingestBatchWorkflow } from './ingestBatch.js';
export { webhookDeliveryWorkflow } from './webhookDelivery.js';
