import { WorkflowExecutionAlreadyStartedError, WorkflowFailedError, type Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';
import type { AskResponse } from '@askflow/contract';
import { ASK_WORKFLOW_TASK_TIMEOUT, ASK_WORKFLOW_TYPE, type AskWorkflow, type AskWorkflowInput } from '../../interface/ask.js';
import { describeAskFailure } from '../../interface/failures.js';
import { SEARCH_ATTRIBUTES } from '../../interface/searchAttributes.js';
import { ApiError } from '../errors.js';
import type { PushedAnswer } from './pushedAnswers.js';

export interface AskRuntime {
  temporal: Client;
  taskQueue: string;
  askTimeoutMs: number;
  /** How long an announced ask waits for its announcement before reading the run's result too (`ASK_RESULT_FALLBACK_MS`). */
  resultFallbackMs: number;
}

/**
 * Starts the ask's workflow, or joins it when one with this id already runs or has finished
 * (an idempotent retry): a run is never started twice for one id, except after it failed.
 */
export async function startOrJoinAsk(rt: AskRuntime, workflowId: string, input: AskWorkflowInput) {
  try {
    return await rt.temporal.workflow.start<AskWorkflow>(ASK_WORKFLOW_TYPE, {
      taskQueue: rt.taskQueue,
      workflowId,
      args: [input],
      workflowTaskTimeout: ASK_WORKFLOW_TASK_TIMEOUT,
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
      typedSearchAttributes: [
        { key: SEARCH_ATTRIBUTES.tenantId, value: input.tenantId },
        { key: SEARCH_ATTRIBUTES.threadId, value: input.threadId },
        { key: SEARCH_ATTRIBUTES.model, value: input.model },
      ],
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return rt.temporal.workflow.getHandle<AskWorkflow>(workflowId);
    throw err;
  }
}

/**
 * Waits for the run's answer, up to the api's ask timeout. With an announcement to count on
 * (`pushed.reliable`), the worker's announcement answers — the same answer the run ends with —
 * and Temporal is asked for the run's result only when the announcement says so (the ask failed,
 * or its answer is too big to push), may have been missed (the listening connection was lost),
 * or is late. Otherwise the run's result is asked for at once, racing any announcement.
 */
export async function awaitAnswer(rt: AskRuntime, handle: { result(): Promise<AskResponse> }, pushed?: PushedAnswer): Promise<AskResponse> {
  const timers: NodeJS.Timeout[] = [];
  const after = (ms: number) => new Promise<void>((resolve) => timers.push(setTimeout(resolve, ms)));
  const timeout = after(rt.askTimeoutMs).then(() => {
    throw new ApiError('Timeout', `The answer took longer than ${rt.askTimeoutMs} ms; it is still being completed and will be stored in the thread`);
  });
  let result: Promise<AskResponse> | undefined;
  const readResult = () => {
    if (!result) {
      result = handle.result();
      // Answered by the announcement, the result's own end (or failure) concerns nobody.
      if (pushed) result.catch(() => undefined);
    }
    return result;
  };
  const waits: Promise<AskResponse>[] = [timeout];
  if (!pushed?.reliable) waits.push(readResult());
  if (pushed) {
    waits.push(pushed.outcome.then((o) => (o.kind === 'answer' ? o.response : readResult())));
    if (pushed.reliable) waits.push(after(rt.resultFallbackMs).then(readResult));
  }
  try {
    return await Promise.race(waits);
  } catch (err) {
    if (err instanceof WorkflowFailedError) throw askFailure(err);
    throw err;
  } finally {
    for (const t of timers) clearTimeout(t);
    pushed?.cancel();
  }
}

/** The workflow's failure, as the caller should see it: the provider's refusal is not a server bug. */
function askFailure(err: WorkflowFailedError): ApiError {
  const { code, message } = describeAskFailure(err);
  return new ApiError(code, message);
}
