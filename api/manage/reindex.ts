import { REINDEX_PROJECT_WORKFLOW_TYPE, type ReindexProjectWorkflow } from '../../interface/ingest.js';
import type { KnowledgeDeps } from './knowledge.js';

/** Re-embeds every document of the project through a workflow (after its embedding model changed). */
export async function startReindex(deps: KnowledgeDeps, projectId: string): Promise<void> {
  await deps.temporal.workflow.start<ReindexProjectWorkflow>(REINDEX_PROJECT_WORKFLOW_TYPE, {
    taskQueue: deps.taskQueue,
    workflowId: `reindex-${projectId}-${Date.now()}`,
    args: [projectId],
  });
}
