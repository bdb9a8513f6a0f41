import type { NumberedEvent } from '../../interface/askEvents.js';
import { askEventsChannel } from '../../interface/askEventsChannel.js';
import type { ChannelListener } from '../../store/notifications.js';

/** More pushed events than a stream could be ahead of its log by; past it, the log catches up. */
const MAX_BUFFERED = 10_000;

/** An ask's events pushed by the worker as they happen (the fast path), buffered until taken. */
export interface LiveSubscription {
  /** The events pushed since the last call. */
  take(): NumberedEvent[];
  /** Resolves when something new can be taken. */
  arrival(): Promise<void>;
  /** Whether the worker has said, since the last call, that the log holds an event no push brings (READ_THE_LOG). */
  logNews(): boolean;
  close(): void;
}

/** Starts listening for an ask's pushed events; resolves once the listener is in place. */
export async function subscribeLive(listener: ChannelListener, askId: string): Promise<LiveSubscription> {
  let buffered: NumberedEvent[] = [];
  let news = false;
  let wake: (() => void) | null = null;
  let pending: Promise<void> | null = null;
  // Each notification is a batch of events (activities/ask/livePush.ts).
  const unlisten = await listener.listen(askEventsChannel(askId), (payload) => {
    if (buffered.length >= MAX_BUFFERED) return;
    try {
      const events = JSON.parse(payload) as NumberedEvent[];
      if (events.length) buffered.push(...events);
      else news = true; // READ_THE_LOG
    } catch {
      return; // not ours to understand: the log has the events
    }
    wake?.();
  });
  return {
    take() {
      const taken = buffered;
      buffered = [];
      return taken;
    },
    arrival() {
      if (buffered.length || news) return Promise.resolve();
      pending ??= new Promise<void>((resolve) => {
        wake = () => {
          wake = null;
          pending = null;
          resolve();
        };
      });
      return pending;
    },
    logNews() {
      const was = news;
      news = false;
      return was;
    },
    close: unlisten,
  };
}
