import type { StreamEvent } from '@askflow/contract';
import { streamsOpen } from '../../metrics/askMetrics.js';
import type { StateContext } from '../state.js';

/** A stream of an ask's events, in whatever wire form the door speaks. */
export interface SseWriter {
  /** `id` null: an event outside the ask's log (it does not move Last-Event-ID). */
  send(id: number | null, event: StreamEvent): void;
  /** True once the client has gone. */
  readonly closed: boolean;
  end(): void;
}

/** A server-sent event stream as written: raw frames, with keep-alive comments in between. */
export interface EventStream {
  /** Writes one frame (ending in a blank line) unless the client has gone. */
  write(frame: string): void;
  readonly closed: boolean;
  end(): void;
}

/**
 * Takes the response over from Koa and opens a server-sent event stream: no buffering or
 * compression on the way, and keep-alive comments while the model is quiet.
 */
export function openEventStream(ctx: StateContext, headers: Record<string, string>, keepAliveMs: number): EventStream {
  ctx.respond = false;
  const res = ctx.res;
  res.socket?.setNoDelay(true);
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    'X-Request-Id': ctx.state.requestId,
    ...headers,
  });
  let closed = false;
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), keepAliveMs);
  streamsOpen.inc();
  res.once('close', () => {
    closed = true;
    clearInterval(keepAlive);
    streamsOpen.dec();
  });
  return {
    get closed() {
      return closed;
    },
    write(frame) {
      if (!closed) res.write(frame);
    },
    end() {
      clearInterval(keepAlive);
      if (!closed) res.end();
    },
  };
}

/** Askflow's own stream of an ask: an `id` per event (its offset in the ask's log), so `Last-Event-ID` resumes exactly. */
export function openSse(ctx: StateContext, headers: Record<string, string>, keepAliveMs: number): SseWriter {
  const stream = openEventStream(ctx, headers, keepAliveMs);
  stream.write('retry: 1000\n\n');
  return {
    get closed() {
      return stream.closed;
    },
    send(id, event) {
      stream.write(`${id === null ? '' : `id: ${id}\n`}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    },
    end: () => stream.end(),
  };
}
