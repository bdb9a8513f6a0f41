import { Context } from '@temporalio/activity';
import type { NumberedEvent } from '../../interface/askEvents.js';
import { askEventsChannel } from '../../interface/askEventsChannel.js';
import { notify } from '../../store/notifications.js';
import type { Pool } from '../../store/pool.js';

/**
 * The fast path for the running activity's ask: each event is pushed to whichever api replica
 * streams it (PostgreSQL NOTIFY), without waiting for it to go round through the workflow.
 * Fire and forget: a push that fails or is too big leaves the event to the durable log.
 */
export function livePush({ pool, liveEvents = true }: { pool: Pool; liveEvents?: boolean }): ((event: NumberedEvent) => void) | undefined {
  if (!liveEvents) return undefined;
  const askId = Context.current().info.workflowExecution?.workflowId;
  if (!askId) return undefined;
  const channel = askEventsChannel(askId);
  return (event) => {
    notify(pool, channel, JSON.stringify(event)).catch(() => undefined);
  };
}
