import type { AskRequest, StreamEvent } from '@askflow/contract/browser';
import { ASK_ID_HEADER, STREAM_EVENT_TYPES } from '@askflow/contract/names';
import { Attempt } from './attempt.js';
import { errorFromResponse } from './errorResponse.js';
import { EgoZError, NetworkError } from './errors.js';
import { isRetryable, retryDelayMs, sleep } from './retryPolicy.js';
import { SseParser, type SseMessage } from './sseParser.js';
import { invalidResponse, requestHeaders, send, type Transport } from './transport.js';

/** The events a streamed ask delivers. A stream's `error` event is not among them: it is thrown, as an `EgoZError` with its code. */
export type AskStreamEvent = Exclude<StreamEvent, { type: 'error' }>;

export interface AskEventsRequest {
  body: AskRequest;
  /** Lets the opening POST be repeated safely before any event has arrived. */
  idempotencyKey: string | undefined;
  signal: AbortSignal | undefined;
}

/** What the stream has learnt about its ask, readable while it runs. */
export interface AskEventsState {
  askId: string | null;
  /** The response the stream is reading now (a resumed stream has a new one). */
  response: Response | null;
}

/** Event types this client knows; newer services may send more, which are skipped. */
const KNOWN_TYPES = new Set<string>(STREAM_EVENT_TYPES);

/**
 * The events of one streamed ask, surviving broken connections. The ask is POSTed once (repeated
 * only while nothing has arrived, and then under the same `Idempotency-Key`, so it never runs
 * twice). Once the service has named the ask (`Askflow-Ask-Id`), a lost connection, a silent one
 * (no byte, not even a keep-alive, within `timeout`) or an interrupted one is resumed with
 * `GET /service/ask/{askId}/events` and `Last-Event-ID`: no event is lost or repeated, and
 * nothing is asked again. `retries` bounds the reconnects in a row that bring no new event.
 *
 * Closing the generator (a `break` in `for await`) aborts the connection at once; the ask
 * itself goes on server-side and its answer is stored.
 */
export async function* askEvents(t: Transport, req: AskEventsRequest, state: AskEventsState): AsyncGenerator<AskStreamEvent, void, undefined> {
  let lastEventId: number | null = null;
  let failuresInARow = 0;
  for (;;) {
    const attempt = new Attempt(req.signal, t.timeout);
    try {
      const response = await open(t, req, state.askId, lastEventId, attempt);
      state.askId ??= response.headers.get(ASK_ID_HEADER);
      state.response = response;
      const requestId = response.headers.get('x-request-id');
      for await (const message of sseMessages(response.body!, attempt)) {
        // An event outside the ask's log (no id) saying the service lost its own feed: reconnect.
        if (message.id === undefined && message.event === 'error') throw new NetworkError('The event stream was interrupted by the service', { code: 'NetworkError' });
        if (message.id !== undefined) lastEventId = Number(message.id);
        failuresInARow = 0;
        const event = parseEvent(message, response);
        if (event === null) continue;
        if (event.type === 'error') throw new EgoZError(event.message, { code: event.code, requestId, headers: response.headers });
        // Events already read from the last chunk are not handed out once the caller has aborted.
        req.signal?.throwIfAborted();
        yield event;
        if (event.type === 'done') return;
      }
      throw new NetworkError('The event stream ended before the answer was complete', { code: 'NetworkError' });
    } catch (err) {
      const failure = attempt.failure(err, t.baseUrl);
      // Resuming needs the ask's id; without it, only a POST that delivered nothing may be repeated.
      const canContinue = state.askId !== null || (lastEventId === null && req.idempotencyKey !== undefined);
      if (!canContinue || failuresInARow >= t.retries || !isRetryable(failure)) throw failure;
      const delay = retryDelayMs(failure, failuresInARow);
      t.log.info(`askflow: stream of ask ${state.askId ?? '(not started)'} broke (${failure.code}); ${state.askId ? 'resuming' : 'asking again'} in ${Math.round(delay)} ms (retry ${failuresInARow + 1} of ${t.retries})`);
      await sleep(delay, req.signal);
      failuresInARow++;
    } finally {
      // Whatever ended this attempt (done, failure, or the consumer leaving), its connection closes now.
      attempt.stop('closed');
      attempt.dispose();
    }
  }
}

/** Opens the stream: the ask's POST the first time, a resume GET once the ask has an id. */
async function open(t: Transport, req: AskEventsRequest, askId: string | null, lastEventId: number | null, attempt: Attempt): Promise<Response> {
  const init =
    askId === null
      ? {
          method: 'POST',
          path: '/service/ask/stream',
          headers: requestHeaders(t, 'text/event-stream', { 'Content-Type': 'application/json', ...(req.idempotencyKey ? { 'Idempotency-Key': req.idempotencyKey } : {}) }),
          body: JSON.stringify(req.body),
        }
      : {
          method: 'GET',
          path: `/service/ask/${encodeURIComponent(askId)}/events`,
          headers: requestHeaders(t, 'text/event-stream', lastEventId !== null ? { 'Last-Event-ID': String(lastEventId) } : {}),
        };
  const { path, ...request } = init;
  const response = await send(t, path, request, attempt.signal);
  if (!response.ok) throw errorFromResponse(response.status, response.headers, await response.text());
  if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await response.body?.cancel();
    throw invalidResponse(`${init.method} ${path} did not answer with an event stream`, response);
  }
  return response;
}

/** The response body as SSE messages; every chunk received (keep-alives included) restarts the silence timer. */
async function* sseMessages(body: ReadableStream<Uint8Array>, attempt: Attempt): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      attempt.restartTimer();
      yield* parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/**
 * The event in a message; null for a type this client does not know (a newer service's addition).
 * Events are the contract's `StreamEvent`; the client checks their `type`, not every field, so it
 * need not carry the schemas (and zod) to every runtime.
 */
function parseEvent(message: SseMessage, response: Response): StreamEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch (err) {
    throw invalidResponse(`Event ${message.id ?? ''} is not JSON`, response, err);
  }
  const type = (data as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) return null;
  return data as StreamEvent;
}
