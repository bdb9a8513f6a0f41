import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { ThreadConcurrency } from '@askflow/contract';
import type { AskWorkflowInput } from '../../interface/ask.js';
import type { Pool } from '../../store/pool.js';
import { abandoned, joinThread, leaveThread, threadAsks, type RunCheck } from '../../store/threadQueue.js';
import { rejections } from '../../metrics/askMetrics.js';
import { tenantLabel } from '../../metrics/registry.js';
import { ApiError } from '../errors.js';

export interface ThreadPolicyDeps {
  pool: Pool;
  temporal: Client;
}

/** Whether an ask's run is still going (null: Temporal has no such run). */
function runCheck(temporal: Client): RunCheck {
  return async (askId) => {
    try {
      return (await temporal.workflow.getHandle(askId).describe()).status.name === 'RUNNING';
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return null;
      throw err;
    }
  };
}

/**
 * Takes the ask's place in its thread's queue and applies the project's thread policy to the
 * asks ahead of it ("double texting"): `enqueue` — it runs after them; `reject` — 409 ThreadBusy
 * while one of them still runs; `interrupt` — they are cancelled (no partial answer is stored)
 * and it runs once they have wound down.
 * Returns the input the run starts with; `leaveQueue` undoes this if the run never starts.
 */
export async function takeThreadTurn(deps: ThreadPolicyDeps, policy: ThreadConcurrency, askId: string, input: AskWorkflowInput): Promise<AskWorkflowInput> {
  const place = { askId, projectId: input.tenantId, threadId: input.threadId };
  const ahead = await joinThread(deps.pool, place);
  if (ahead.length && policy === 'reject') {
    const running = await stillRunning(deps, input.threadId, askId);
    if (running) {
      await leaveThread(deps.pool, askId);
      rejections.inc({ reason: 'thread_busy', tenant: tenantLabel(input.tenantId) });
      throw new ApiError('ThreadBusy', `Thread ${input.threadId} is still answering an earlier ask (${running}); send this one when it has ended`, undefined, { 'Retry-After': '1' });
    }
  }
  if (ahead.length && policy === 'interrupt') {
    await Promise.all(ahead.map((id) => deps.temporal.workflow.getHandle(id).cancel().catch((err: unknown) => {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    })));
  }
  return { ...input, thread: { after: ahead.at(-1) ?? null } };
}

/** The first ask ahead on the thread whose run still goes; abandoned ones are taken off the queue. */
async function stillRunning(deps: ThreadPolicyDeps, threadId: string, askId: string): Promise<string | null> {
  const isRunning = runCheck(deps.temporal);
  for (const a of await threadAsks(deps.pool, threadId)) {
    if (a.askId === askId) continue;
    if (!(await abandoned(a.askId, a.ageMs, isRunning))) return a.askId;
    await leaveThread(deps.pool, a.askId);
  }
  return null;
}

/** The run could not be started: its place goes to the next ask. */
export async function leaveQueue(pool: Pool, askId: string): Promise<void> {
  await leaveThread(pool, askId);
}
