import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { AskStatus } from '@askflow/contract';
import { describeAskFailure } from '../../interface/failures.js';
import type { Pool } from '../../store/pool.js';
import { responseOfRun } from '../../store/turns.js';
import { ApiError } from '../errors.js';

/** Whether the request prefers to be answered at once while the work goes on (RFC 7240 `Prefer: respond-async`). */
export function prefersAsync(prefer: string): boolean {
  return prefer.split(',').some((p) => p.split(';')[0]!.trim().toLowerCase() === 'respond-async');
}

/** The state of the ask's run (`RUNNING`, `COMPLETED`, …); 404 when Temporal has no such run. */
export async function askRunState(temporal: Client, askId: string): Promise<string> {
  try {
    return (await temporal.workflow.getHandle(askId).describe()).status.name;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) throw new ApiError('NotFound', `Ask ${askId} not found`);
    throw err;
  }
}

/**
 * Where an ask is: its stored turn when it has one (also once Temporal's retention has dropped
 * the run), else its run's state, with the answer or the error a JSON ask would have had.
 */
export async function askStatus(deps: { pool: Pool; temporal: Client }, askId: string): Promise<AskStatus> {
  const stored = await responseOfRun(deps.pool, askId);
  if (stored) return { askId, status: 'completed', response: stored };
  if ((await askRunState(deps.temporal, askId)) === 'RUNNING') return { askId, status: 'running' };
  try {
    // Closed: the result (or the failure) is read at once from the history.
    return { askId, status: 'completed', response: await deps.temporal.workflow.getHandle(askId).result() };
  } catch (err) {
    const error = describeAskFailure(err);
    return { askId, status: error.code === 'Cancelled' ? 'cancelled' : 'failed', error };
  }
}
