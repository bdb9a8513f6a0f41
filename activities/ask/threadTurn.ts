import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { log } from '@temporalio/activity';
import { threadTurnSignal } from '../../interface/threadTurn.js';
import type { Pool } from '../../store/pool.js';
import { askAhead, leaveThread, type RunCheck } from '../../store/threadQueue.js';

export interface ThreadTurnDeps {
  pool: Pool;
  /** Reads run states and tells queued asks their turn; without it they find out by checking again. */
  temporal?: Client;
}

/** Whether an ask's run is still going, from Temporal (null: no such run, or no client to ask). */
function runCheck(temporal: Client | undefined): RunCheck {
  return async (askId) => {
    if (!temporal) return null;
    try {
      return (await temporal.workflow.getHandle(askId).describe()).status.name === 'RUNNING';
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return null;
      throw err;
    }
  };
}

/**
 * The thread queue's side of an ask: waiting its turn, and leaving when it ends — telling the
 * next ask at once (a signal). A lost signal only delays: the next ask checks again on its own.
 */
export function threadTurn(deps: ThreadTurnDeps) {
  const isRunning = runCheck(deps.temporal);

  /** Tells the ask that was waiting for one that left that it may go now. */
  async function tellNext(next: string | null): Promise<void> {
    if (!next || !deps.temporal) return;
    await deps.temporal.workflow.getHandle(next).signal(threadTurnSignal).catch((err: unknown) => {
      log.warn('could not tell the next ask of the thread its turn; it will find out itself', { next, error: (err as Error).message });
    });
  }

  async function leave(workflowId: string): Promise<void> {
    await tellNext(await leaveThread(deps.pool, workflowId));
  }

  return {
    leave,
    tellNext,
    askAhead: (workflowId: string) => askAhead(deps.pool, workflowId, isRunning),
  };
}
