export { askWorkflow } from './ask.js';
export { ingestDocumentWorkflow, reindexProjectWorkflow } from './ingest.js';
