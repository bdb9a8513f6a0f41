import { defineSignal } from '@temporalio/workflow';

/**
 * Sent to a queued ask when the ask ahead of it on its thread has left (ended): its turn has
 * come. Carries nothing — the queue in PostgreSQL is the truth, and the ask checks it again.
 */
export const threadTurnSignal = defineSignal('threadTurn');

/** A queued ask checks the queue again this often even untold, in case a signal was lost (a worker died between leaving and telling). */
export const THREAD_RECHECK_INTERVAL = '2 seconds';
