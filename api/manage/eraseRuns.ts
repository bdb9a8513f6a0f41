// Erasing what Temporal keeps of a thread or a project: the histories of its asks (and of a
// project's ingestions), which hold its messages and answers (encrypted, but still its data).
// PostgreSQL's rows are deleted after these, so a failure leaves everything to retry.
import { isGrpcServiceError, type Client } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from '../../interface/searchAttributes.js';

const GRPC_INVALID_ARGUMENT = 3;
const GRPC_NOT_FOUND = 5;
/** Deletions in flight at once: each is one small RPC. */
const CONCURRENCY = 8;

/**
 * Workflow ids a visibility query finds (asks are tagged with their tenant and thread). A cluster
 * where Askflow's search attributes could not be registered refuses the query: then the ids
 * PostgreSQL knows are all there is to go by.
 */
async function listed(temporal: Client, query: string): Promise<string[]> {
  const ids: string[] = [];
  try {
    for await (const run of temporal.workflow.list({ query })) ids.push(run.workflowId);
  } catch (err) {
    if (!(isGrpcServiceError(err) && err.code === GRPC_INVALID_ARGUMENT)) throw err;
  }
  return ids;
}

/** Ids of the runs of a thread's asks: its turns' and any others its search attribute finds (failed, cancelled, running). */
export async function threadRunIds(temporal: Client, threadId: string, turnRunIds: string[]): Promise<string[]> {
  return [...new Set([...turnRunIds, ...(await listed(temporal, `${SEARCH_ATTRIBUTES.threadId.name} = "${threadId}"`))])];
}

/** Ids of a project's runs: its asks (by tenant) and the ingestions of its documents and batches. */
export async function allProjectRunIds(temporal: Client, projectId: string, known: string[]): Promise<string[]> {
  return [...new Set([...known, ...(await listed(temporal, `${SEARCH_ATTRIBUTES.tenantId.name} = "${projectId}"`))])];
}

/** Deletes the runs' histories (a running one is terminated first by Temporal); ids it no longer has are fine. */
export async function deleteRuns(temporal: Client, namespace: string, workflowIds: string[]): Promise<void> {
  const queue = [...workflowIds];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        await temporal.workflowService.deleteWorkflowExecution({ namespace, workflowExecution: { workflowId: id } });
      } catch (err) {
        if (!(isGrpcServiceError(err) && err.code === GRPC_NOT_FOUND)) throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
}
