import type { StreamEvent } from '@askflow/contract';
import { streamsOpen } from '../../metrics/askMetrics.js';
import type { StateContext } from '../state.js';

export interface SseWriter {
  /** `id` null: an event outside the ask's log (it does not move Last-Event-ID). */
  send(id: number | null, event: StreamEvent): void;
  /** True once the client has gone. */
  readonly closed: boolean;
  end(): void;
}

/**
 * Takes the response over from Koa and opens a server-sent event stream: no buffering or
 * compression on the way, an `id` per event (its offset in the ask's log) so `Last-Event-ID`
 * resumes exactly, and keep-alive comments while the model is quiet.
 */
export function openSse(ctx: StateContext, headers: Record<string, string>, keepAliveMs: number): SseWriter {
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
  res.write('retry: 1000\n\n');
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
    send(id, event) {
      if (!closed) res.write(`${id === null ? '' : `id: ${id}\n`}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      clearInterval(keepAlive);
      if (!closed) res.end();
    },
  };
}
