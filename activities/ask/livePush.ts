import { Context } from '@temporalio/activity';
import type { NumberedEvent } from '../../interface/askEvents.js';
import { askEventsChannel } from '../../interface/askEventsChannel.js';
import { MAX_NOTIFY_BYTES, notify } from '../../store/notifications.js';
import type { Pool } from '../../store/pool.js';

/** Events as JSON arrays of at most NOTIFY's size; an event too big alone is left to the log. */
function payloads(events: NumberedEvent[]): string[] {
  const out: string[] = [];
  let part: string[] = [];
  let size = 2;
  for (const event of events) {
    const json = JSON.stringify(event);
    const bytes = Buffer.byteLength(json) + 1;
    if (bytes + 2 > MAX_NOTIFY_BYTES) continue;
    if (size + bytes > MAX_NOTIFY_BYTES) {
      out.push(`[${part.join(',')}]`);
      part = [];
      size = 2;
    }
    part.push(json);
    size += bytes;
  }
  if (part.length) out.push(`[${part.join(',')}]`);
  return out;
}

/**
 * The fast path for the running activity's ask: each batch of events is pushed to whichever api
 * replica streams it (PostgreSQL NOTIFY, one per batch), without waiting for it to go round
 * through the workflow. Fire and forget: a push that fails leaves its events to the durable log.
 */
export function livePush({ pool, liveEvents = true }: { pool: Pool; liveEvents?: boolean }): ((events: NumberedEvent[]) => void) | undefined {
  if (!liveEvents) return undefined;
  const askId = Context.current().info.workflowExecution?.workflowId;
  if (!askId) return undefined;
  const channel = askEventsChannel(askId);
  return (events) => {
    for (const payload of payloads(events)) notify(pool, channel, payload).catch(() => undefined);
  };
}
