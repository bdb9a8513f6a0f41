import { Context } from '@temporalio/activity';
import type { NumberedEvent } from '../../interface/askEvents.js';
import { askEventsChannel } from '../../interface/askEventsChannel.js';
import { MAX_NOTIFY_BYTES, notify } from '../../store/notifications.js';
import type { Pool } from '../../store/pool.js';
import { forgetPushed, pushedFrom, recordAndNotify } from '../../store/pushedEvents.js';

/** Each event as JSON, with only what readers take (an id and the event). */
function jsonOf(events: NumberedEvent[]): string[] {
  return events.map(({ id, event }) => JSON.stringify({ id, event }));
}

/** Events' JSON as arrays of at most NOTIFY's size; an event too big alone is left to the log. */
function payloads(events: string[]): string[] {
  const out: string[] = [];
  let part: string[] = [];
  let size = 2;
  for (const json of events) {
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

/** The NOTIFY payloads that push `events` on their ask's channel (api/ask/eventReader.ts reads them); none for an event too big alone. */
export function pushPayloads(events: NumberedEvent[]): string[] {
  return payloads(jsonOf(events));
}

/** Where a generation attempt pushes its ask's events, straight to the api replica streaming it. */
export interface LiveSink {
  /**
   * Records the events and pushes them (one statement: NOTIFY goes out at commit), so a reader is
   * never shown an event a later attempt could not find. Once a call fails, later calls record
   * and push nothing, so what is recorded stays one run of ids (an event not pushed is only late:
   * the log brings it).
   */
  record(events: NumberedEvent[]): Promise<void>;
  /** Pushes events the run's history already holds, without recording them. Fire and forget. */
  push(events: NumberedEvent[]): void;
  /** What earlier attempts recorded from id `from` on: shown to readers, perhaps not yet in the log. */
  recorded(from: number): Promise<NumberedEvent[]>;
  /** Forgets what was recorded below id `below`, once the log holds it. Fire and forget. */
  forget(below: number): void;
}

/**
 * The fast path for the running activity's ask (PostgreSQL NOTIFY on the ask's channel, which the
 * api replica streaming it LISTENs on), or undefined when it is switched off (`LIVE_EVENTS=off`).
 */
export function livePush({ pool, liveEvents = true }: { pool: Pool; liveEvents?: boolean }): LiveSink | undefined {
  if (!liveEvents) return undefined;
  const askId = Context.current().info.workflowExecution?.workflowId;
  if (!askId) return undefined;
  const channel = askEventsChannel(askId);
  let broken = false;
  return {
    async record(events) {
      if (broken || !events.length) return;
      const json = jsonOf(events);
      await recordAndNotify(pool, askId, channel, `[${json.join(',')}]`, payloads(json)).catch(() => void (broken = true));
    },
    push(events) {
      for (const payload of pushPayloads(events)) notify(pool, channel, payload).catch(() => undefined);
    },
    recorded: (from) => pushedFrom<NumberedEvent['event']>(pool, askId, from),
    forget(below) {
      forgetPushed(pool, askId, below).catch(() => undefined);
    },
  };
}
