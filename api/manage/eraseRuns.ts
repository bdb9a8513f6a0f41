// Erasing what Temporal keeps of a thread or a project: the histories of its asks (and of a
// project's ingestions), which hold its messages and answers (encrypted, but still its data).
// PostgreSQL's rows are deleted after these, so a failure leaves everything to retry.
import type { Client } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from '../../interface/searchAttributes.js';
import { GRPC, isGrpcStatus } from '../grpcStatus.js';

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
    if (!isGrpcStatus(err, GRPC.invalidArgument)) throw err;
  }
  return ids;
}

/**
 * The run ids PostgreSQL knows (`known`: turns, ingestions) and any other run tagged with the
 * thread or tenant (failed, cancelled, still running).
 */
export async function runIdsOf(temporal: Client, of: { threadId: string } | { tenantId: string }, known: string[]): Promise<string[]> {
  const query = 'threadId' in of ? `${SEARCH_ATTRIBUTES.threadId.name} = "${of.threadId}"` : `${SEARCH_ATTRIBUTES.tenantId.name} = "${of.tenantId}"`;
  return [...new Set([...known, ...(await listed(temporal, query))])];
}

/** Deletes the runs' histories (a running one is terminated first by Temporal); ids it no longer has are fine. */
export async function deleteRuns(temporal: Client, namespace: string, workflowIds: string[]): Promise<void> {
  const queue = [...workflowIds];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        await temporal.workflowService.deleteWorkflowExecution({ namespace, workflowExecution: { workflowId: id } });
      } catch (err) {
        if (!isGrpcStatus(err, GRPC.notFound)) throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
}
