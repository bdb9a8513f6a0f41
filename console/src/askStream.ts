// One streamed ask through the public service API, folded into what the playground shows.
// EventSource cannot POST or send X-API-Key, so the stream is read over fetch with the client's
// SSE parser.
import type { ASK_ID_HEADER, AskRequest, AskResponse, StreamEvent, ThinkingPhase } from '@askflow/contract/browser';
import { SseParser } from '@askflow/client/sse';
import { errorFrom, ApiError } from './api.js';

// Types only from the contract (its schemas would pull zod into the bundle); the type still
// holds this literal to the contract's header name.
const ASK_ID: typeof ASK_ID_HEADER = 'Askflow-Ask-Id';

/** The answer so far: what the events have told, then the whole AskResponse once `done` arrives. */
export interface AskResult extends Partial<Omit<AskResponse, 'answer'>> {
  askId: string | null;
  answer: string;
  phase?: ThinkingPhase | undefined;
  error?: string;
  done: boolean;
}

/** The ask's events as they arrive, in order. */
async function* streamEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  for (;;) {
    const { value, done } = await reader.read();
    const messages = parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
    // Each message's data is the event itself, `type` included.
    for (const message of messages) yield JSON.parse(message.data) as StreamEvent;
    if (done) return;
  }
}

/** The AskResponse a `done` event carries, without the event's `type`. */
function answerOf({ threadId, answer, intent, toolUsed, ragChunksUsed, usage, model, sources }: Extract<StreamEvent, { type: 'done' }>): AskResponse {
  return { threadId, answer, intent, toolUsed, ragChunksUsed, usage, model, ...(sources ? { sources } : {}) };
}

export async function askStream(
  req: { apiKey: string } & Pick<AskRequest, 'tenantId' | 'message' | 'threadId' | 'model'>,
  onUpdate: (r: AskResult) => void,
): Promise<AskResult> {
  const body: AskRequest = {
    tenantId: req.tenantId, message: req.message,
    ...(req.threadId ? { threadId: req.threadId } : {}), ...(req.model ? { model: req.model } : {}),
  };
  const res = await fetch('/service/ask/stream', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'X-API-Key': req.apiKey },
    body: JSON.stringify(body),
  });
  // Refusals come back as plain JSON before any stream starts.
  if (!res.ok || !res.body) throw res.ok ? new ApiError(res.status, 'Error', 'empty stream') : await errorFrom(res);
  let result: AskResult = { askId: res.headers.get(ASK_ID), answer: '', done: false };
  for await (const event of streamEvents(res.body)) {
    switch (event.type) {
      case 'thinking': result = { ...result, phase: event.phase }; break;
      case 'retrieval': result = { ...result, ragChunksUsed: event.chunks }; break;
      case 'tool.calling': result = { ...result, toolUsed: event.name, phase: 'calling_tool' }; break;
      case 'delta': result = { ...result, answer: result.answer + event.content }; break;
      case 'reset': result = { ...result, answer: '' }; break;
      case 'done': result = { ...result, ...answerOf(event), done: true, phase: undefined }; break;
      case 'error': result = { ...result, error: `${event.code}: ${event.message}`, done: true }; break;
    }
    onUpdate(result);
    if (result.done) break;
  }
  return result;
}
