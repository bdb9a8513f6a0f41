import { createParser } from 'eventsource-parser';
import { StreamEventSchema, type StreamEvent } from '@askflow/contract';
import { stackInfo } from './context.js';

export interface SseEvent {
  id: number | null;
  type: string;
  event: StreamEvent;
}

export interface OpenedStream {
  response: Response;
  /** Events as they arrive (parsed with eventsource-parser, validated with the contract). */
  events: AsyncGenerator<SseEvent>;
  comments: string[];
  abort(): void;
}

/** Opens an SSE response and parses it with a maintained parser, event by event. */
export async function openStream(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; baseUrl?: string },
): Promise<OpenedStream> {
  const controller = new AbortController();
  const response = await fetch(`${init.baseUrl ?? stackInfo().baseUrl}${path}`, {
    method: init.method ?? 'POST',
    headers: { ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    signal: controller.signal,
  });
  const comments: string[] = [];
  async function* events(): AsyncGenerator<SseEvent> {
    const queue: SseEvent[] = [];
    const parser = createParser({
      onEvent: (m) => queue.push({ id: m.id === undefined ? null : Number(m.id), type: m.event ?? 'message', event: StreamEventSchema.parse(JSON.parse(m.data)) }),
      onComment: (c) => comments.push(c.trim()),
    });
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        parser.feed(decoder.decode(chunk, { stream: true }));
        while (queue.length) yield queue.shift()!;
      }
    } catch (err) {
      if (!controller.signal.aborted) throw err;
    }
    while (queue.length) yield queue.shift()!;
  }
  return { response, events: events(), comments, abort: () => controller.abort() };
}

/**
 * Events until `until` matches or the stream ends. Reads with `next()` rather than `for await`,
 * whose `break` would close the stream: a test can read on afterwards.
 */
export async function collect(stream: OpenedStream, until?: (e: SseEvent) => boolean): Promise<SseEvent[]> {
  const all: SseEvent[] = [];
  for (let r = await stream.events.next(); !r.done; r = await stream.events.next()) {
    all.push(r.value);
    if (until?.(r.value)) break;
  }
  return all;
}

/** The answer a client rebuilds: deltas after the last reset, concatenated. */
export function rebuiltAnswer(events: SseEvent[]): string {
  let text = '';
  for (const { event } of events) {
    if (event.type === 'reset') text = '';
    if (event.type === 'delta') text += event.content;
  }
  return text;
}
