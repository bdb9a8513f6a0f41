import { randomUUID } from 'node:crypto';
import { WorkflowFailedError, type Client } from '@temporalio/client';
import type { AskResponse } from '@askflow/contract';
import type { AskWorkflowInput } from '../../activities/index.js';
import type { askWorkflow } from '../../workflows/ask.js';
import { SEARCH_ATTRIBUTES } from '../../workflows/searchAttributes.js';
import { ApiError } from '../errors.js';

export interface AskRuntime {
  temporal: Client;
  taskQueue: string;
  askTimeoutMs: number;
}

/** Starts the ask's workflow (searchable by tenant, thread and model) and waits for its answer. */
export async function runAsk(rt: AskRuntime, input: AskWorkflowInput): Promise<AskResponse> {
  const handle = await rt.temporal.workflow.start<typeof askWorkflow>('askWorkflow', {
    taskQueue: rt.taskQueue,
    workflowId: `ask-${input.tenantId}-${randomUUID()}`,
    args: [input],
    typedSearchAttributes: [
      { key: SEARCH_ATTRIBUTES.tenantId, value: input.tenantId },
      { key: SEARCH_ATTRIBUTES.threadId, value: input.threadId },
      { key: SEARCH_ATTRIBUTES.model, value: input.model },
    ],
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ApiError('Timeout', `The answer took longer than ${rt.askTimeoutMs} ms; it is still being completed and will be stored in the thread`)),
      rt.askTimeoutMs,
    );
  });
  try {
    return await Promise.race([handle.result(), timeout]);
  } catch (err) {
    if (err instanceof WorkflowFailedError) {
      throw new ApiError('Internal', `The ask failed: ${err.cause?.message ?? err.message}`);
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
