import type { AskWorkflowInput } from '../../interface/ask.js';

export interface AskFailedDeps {
  /** Takes the ask off its thread's queue and tells the next ask (threadTurn.ts). */
  leaveThread(workflowId: string): Promise<void>;
}

/**
 * What follows an ask that ended without an answer — failed, or cancelled (an `interrupt` of its
 * thread, a cancel request): nothing of it is stored, and its place on the thread goes to the next
 * ask. Run by the workflow's failure path, even under cancellation.
 */
export function askFailed(deps: AskFailedDeps) {
  return async function askFailed(_input: AskWorkflowInput, workflowId: string, _failure: { code: string; message: string }): Promise<void> {
    await deps.leaveThread(workflowId);
  };
}
