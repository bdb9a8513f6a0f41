import { log } from '@temporalio/activity';
import type { AskWorkflowInput } from '../../interface/ask.js';
import type { WebhookOutbox } from '../../interface/webhookOutbox.js';
import { announceAskFailed } from '../webhooks/askFailed.js';

export interface AskFailedDeps {
  /** Takes the ask off its thread's queue and tells the next ask (threadTurn.ts). */
  leaveThread(workflowId: string): Promise<void>;
  /** Where `ask.failed` is announced; absent: it is not. */
  webhooks?: WebhookOutbox | undefined;
  /** Tells the api replica waiting on a JSON ask to read its run's result now (interface/askAnswers.ts); absent: it reads it after a wait. */
  announceFailure?: ((askId: string) => Promise<unknown>) | undefined;
  /** Tells the api replica streaming the ask to read its log now, where its `error` is (interface/askEventsChannel.ts); absent: it reads it after a quiet spell. */
  announceStreamEnd?: ((askId: string) => Promise<unknown>) | undefined;
}

/**
 * What follows an ask that ended without an answer — failed, or cancelled (an `interrupt` of its
 * thread, a cancel request): nothing of it is stored, its place on the thread goes to the next
 * ask, the project's webhooks hear `ask.failed` with what the caller is told, and then the api
 * waiting on a JSON ask is told to read the run's result (the failure, once the run has closed),
 * or the api streaming it to read its log (the `error` the run records next).
 * Run by the workflow's failure path, even under cancellation.
 */
export function askFailed(deps: AskFailedDeps) {
  return async function askFailed(input: AskWorkflowInput, workflowId: string, failure: { code: string; message: string }): Promise<void> {
    await deps.leaveThread(workflowId);
    // The next ask of the thread goes first; an announcement that fails is logged, not retried
    // with the whole step (its delivery, if written, waits as `pending` for a redelivery).
    await announceAskFailed(deps, input, workflowId, failure).catch((err: unknown) => log.warn('could not announce ask.failed to webhooks', { workflowId, error: (err as Error).message }));
    // Last, so that all of the above is done when the caller hears. Best effort too: missed, the
    // caller reads the run's result all the same, only later.
    const announce = input.stream ? deps.announceStreamEnd : deps.announceFailure;
    if (announce) {
      await announce(workflowId).catch((err: unknown) => log.warn('could not announce the failure to the waiting caller', { workflowId, error: (err as Error).message }));
    }
  };
}
