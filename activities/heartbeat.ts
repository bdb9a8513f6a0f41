import { Context } from '@temporalio/activity';

/**
 * Runs `work` while heartbeating every second (the SDK sends them on at most every 2 s,
 * worker/main.ts), so Temporal notices within the activity's
 * heartbeat timeout when the worker running it dies (and can deliver cancellation), even while
 * `work` waits on a slow model that has not produced anything yet.
 */
export async function withHeartbeat<T>(work: () => Promise<T>, everyMs = 1_000): Promise<T> {
  const ctx = Context.current();
  // A local activity has no heartbeat: its worker holds the workflow task, whose own timeout
  // notices a lost worker.
  if (ctx.info.isLocal) return work();
  const beat = setInterval(() => ctx.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}
