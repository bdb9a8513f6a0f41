import type { reindexProjectWorkflow } from '../../workflows/ingest.js';
import type { KnowledgeDeps } from './knowledge.js';

/** Re-embeds every document of the project through a workflow (after its embedding model changed). */
export async function startReindex(deps: KnowledgeDeps, projectId: string): Promise<void> {
  await deps.temporal.workflow.start<typeof reindexProjectWorkflow>('reindexProjectWorkflow', {
    taskQueue: deps.taskQueue,
    workflowId: `reindex-${projectId}-${Date.now()}`,
    args: [projectId],
  });
}
