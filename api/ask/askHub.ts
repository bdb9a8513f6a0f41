import { isTerminalEvent } from '@askflow/contract';
import type { NumberedEvent } from '../../interface/askEvents.js';

/** Where a hub's one reader per ask comes from: the durable log plus, when there is one, the fast path. */
export interface AskSource {
  /** Prepares what must exist before the run starts (the fast path's listener); resolves when it does. */
  prepare(askId: string): Promise<{ events(): AsyncGenerator<NumberedEvent>; close(): void }>;
}

/** One client's view of an ask through the hub. */
export interface AskReader {
  /** The ask's events after `afterId` (-1: all), ending with its terminal event. */
  events(afterId: number): AsyncGenerator<NumberedEvent>;
  /** Leaves the ask; the last reader to leave ends the shared upstream. */
  close(): void;
}

interface Entry {
  /** Events so far, in id order: `events[i].id === i`. */
  events: NumberedEvent[];
  finished: boolean;
  failure: unknown;
  readers: number;
  wake: Set<() => void>;
  upstream: Promise<{ events(): AsyncGenerator<NumberedEvent>; close(): void }>;
  started: boolean;
  stop: (() => void) | null;
}

/** How long a finished ask's log is kept for readers who come back (a reconnect, a late viewer). */
const KEPT_MS = 60_000;
/**
 * Finished asks and events kept at most over all of them (the oldest asks dropped first), so the
 * api's memory stays bounded: a few MB for typical answers, tens at worst for the longest.
 */
const KEPT_ASKS = 500;
const KEPT_EVENTS = 20_000;

/**
 * Every reader of one ask in this process shares one upstream (one log poll, one fast-path
 * listener) and reads from its in-memory copy: Temporal takes a handful of concurrent update
 * polls per run, so a thousand viewers of one answer, each polling on its own, would mostly wait
 * for the end. The copy lives while anyone reads; the last reader to leave ends it.
 *
 * A log that ended with its terminal event never changes again, so it is kept a while after
 * (KEPT_MS, KEPT_ASKS, KEPT_EVENTS): a client that reconnects with Last-Event-ID once it has the end, or a
 * viewer just late, reads it here rather than by a query a worker must replay the run to answer.
 */
export function createAskHub(source: AskSource): { join(askId: string): Promise<AskReader>; has(askId: string): boolean } {
  const entries = new Map<string, Entry>();
  /** Finished logs, oldest first (a Map keeps insertion order). */
  const kept = new Map<string, { entry: Entry; until: number }>();
  let keptEvents = 0;

  const forget = (askId: string) => {
    const k = kept.get(askId);
    if (!k) return;
    kept.delete(askId);
    keptEvents -= k.entry.events.length;
  };
  const keep = (askId: string, entry: Entry) => {
    const now = Date.now();
    forget(askId);
    kept.set(askId, { entry, until: now + KEPT_MS });
    keptEvents += entry.events.length;
    for (const [id, k] of kept) {
      if (kept.size <= KEPT_ASKS && keptEvents <= KEPT_EVENTS && k.until > now) break;
      forget(id);
    }
  };
  const keptEntry = (askId: string): Entry | undefined => {
    const k = kept.get(askId);
    if (k && k.until > Date.now()) return k.entry;
    forget(askId);
    return undefined;
  };

  const notify = (entry: Entry) => {
    const waiting = [...entry.wake];
    entry.wake.clear();
    for (const w of waiting) w();
  };

  const pump = async (askId: string, entry: Entry) => {
    const upstream = await entry.upstream;
    const gen = upstream.events();
    entry.stop = () => void gen.return(undefined).catch(() => undefined);
    try {
      for await (const e of gen) {
        // One sequence from the start; anything else would be a bug upstream, not a gap to show.
        if (e.id !== entry.events.length && !e.outcome) continue;
        entry.events.push(e.outcome ? { ...e, id: entry.events.length } : e);
        notify(entry);
      }
      // Only a log read to its end is whole; one its last reader left early is not.
      const last = entry.events.at(-1);
      if (last && isTerminalEvent(last.event)) keep(askId, entry);
    } catch (err) {
      entry.failure = err ?? new Error('ask stream failed');
    } finally {
      entry.finished = true;
      upstream.close();
      // Later readers start afresh (after a failure) or read the log's end (after a finish).
      if (entries.get(askId) === entry) entries.delete(askId);
      notify(entry);
    }
  };

  const leave = (askId: string, entry: Entry) => {
    entry.readers--;
    if (entry.readers > 0) return;
    if (entries.get(askId) === entry) entries.delete(askId);
    if (entry.stop) entry.stop();
    else if (!entry.started) void entry.upstream.then((u) => u.close(), () => undefined);
  };

  return {
    /** Whether this process already reads the ask (so it exists: no need to ask Temporal). */
    has: (askId) => entries.has(askId) || keptEntry(askId) !== undefined,
    async join(askId) {
      let entry = entries.get(askId) ?? keptEntry(askId);
      if (!entry) {
        entry = { events: [], finished: false, failure: null, readers: 0, wake: new Set(), upstream: source.prepare(askId), started: false, stop: null };
        entries.set(askId, entry);
        entry.upstream.catch(() => entries.get(askId) === entry && entries.delete(askId));
      }
      entry.readers++;
      const own = entry;
      try {
        await own.upstream;
      } catch (err) {
        own.readers--;
        throw err;
      }
      let left = false;
      return {
        async *events(afterId) {
          if (!own.started) {
            own.started = true;
            void pump(askId, own);
          }
          // Log entries are read by id; an outcome (read from history) comes after whatever the reader has.
          let last = afterId;
          let i = 0;
          for (;;) {
            for (; i < own.events.length; i++) {
              const e = own.events[i]!;
              if (e.outcome) {
                yield { ...e, id: ++last };
              } else if (e.id > last) {
                last = e.id;
                yield e;
              }
            }
            if (own.failure) throw own.failure;
            if (own.finished) return;
            await new Promise<void>((resolve) => own.wake.add(resolve));
          }
        },
        close() {
          if (left) return;
          left = true;
          leave(askId, own);
        },
      };
    },
  };
}
