import type { AskAccepted, AskRequest, AskResponse, AskStatus, CancelResult, ModelMenu } from '@askflow/contract/browser';
import { platformCrypto } from '#crypto';
import { AskflowPromise, withRequestId, type WithRequestId, type WithResponse } from './apiPromise.js';
import { AskEventStream } from './askEventStream.js';
import type { AskStreamEvent } from './askEvents.js';
import { Attempt } from './attempt.js';
import { EgoZError } from './errors.js';
import { requireString, transportFrom, type ClientOptions } from './options.js';
import { callJson, invalidResponse, requestHeaders, send, type JsonCall, type Transport } from './transport.js';

export interface AskflowClientOptions extends ClientOptions {
  /** `askflow_live_…` or `askflow_test_…`, from the console. */
  apiKey: string;
  /** The project's Tenant ID, from the console. */
  tenantId: string;
}

/** An ask as the client takes it: the `AskRequest` without `tenantId`, which the client adds. */
export type AskInput = Omit<AskRequest, 'tenantId'>;

export interface RequestOptions {
  /** Aborting it stops the call (and its retries) with an `EgoZError` of code `Aborted`. */
  signal?: AbortSignal;
}

export interface AskOptions extends RequestOptions {
  /**
   * Your own `Idempotency-Key`, to make an ask safe to repeat across processes (same key and
   * body within 24 h → the same answer, asked once). Without it the client makes one per call.
   */
  idempotencyKey?: string;
}

export interface AskStreamHandlers extends AskOptions {
  /** Called for each event, in order; a returned promise is awaited before the next event is read. */
  onEvent?: (event: AskStreamEvent) => void | Promise<void>;
}

export type { CancelResult, WithRequestId };

/**
 * The service's answer as the result of a call, with its request id. Answers are the contract's
 * types; the client checks that each is a JSON object but does not re-validate every field
 * (that would take zod, and triple the client's size, into every page and worker).
 */
function result<T>(answer: WithResponse<unknown>, what: string): WithResponse<WithRequestId<T>> {
  const { data, response, requestId } = answer;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw invalidResponse(`The service's ${what} is not a JSON object`, response);
  return { data: withRequestId(data as T, requestId), response, requestId };
}

/** The official client of the Askflow service, for Node, Bun, Deno, Workers and edge runtimes (and, opted in, browsers). */
export class AskflowClient {
  readonly baseUrl: string;
  readonly tenantId: string;
  readonly timeout: number;
  readonly retries: number;
  readonly #transport: Transport;

  constructor(options: AskflowClientOptions) {
    const apiKey = requireString('AskflowClient', options?.apiKey, 'apiKey', 'askflow_live_… or askflow_test_…, from the console');
    this.tenantId = requireString('AskflowClient', options?.tenantId, 'tenantId', 'the Tenant ID, from the console');
    this.#transport = transportFrom('AskflowClient', options, 'API key', { 'X-API-Key': apiKey });
    this.baseUrl = this.#transport.baseUrl;
    this.timeout = this.#transport.timeout;
    this.retries = this.#transport.retries;
  }

  /** `retries`, by the name other SDKs use. */
  get maxRetries(): number {
    return this.retries;
  }

  #call<T>(call: JsonCall, what: string): AskflowPromise<WithRequestId<T>> {
    return new AskflowPromise(callJson(this.#transport, call).then((answer) => result<T>(answer, what)));
  }

  /** The key that makes an ask safe to retry: the caller's, else a fresh one whenever the client may retry. */
  #idempotencyKey(options: AskOptions): string | undefined {
    return options.idempotencyKey ?? (this.retries > 0 ? platformCrypto.randomUUID() : undefined);
  }

  #body(request: AskInput): AskRequest {
    return { ...request, tenantId: this.tenantId };
  }

  /** `POST /service/ask`, repeatable when it carries an idempotency key; `headers` add to it. */
  #postAsk<T>(request: AskInput, options: AskOptions, what: string, headers: Record<string, string> = {}): AskflowPromise<WithRequestId<T>> {
    const key = this.#idempotencyKey(options);
    return this.#call<T>(
      {
        method: 'POST',
        path: '/service/ask',
        body: this.#body(request),
        headers: { ...headers, ...(key ? { 'Idempotency-Key': key } : {}) },
        repeatable: key !== undefined,
        signal: options.signal,
      },
      what,
    );
  }

  /** Asks and waits for the whole answer. */
  ask(request: AskInput, options: AskOptions = {}): AskflowPromise<WithRequestId<AskResponse>> {
    return this.#postAsk<AskResponse>(request, options, 'answer');
  }

  /**
   * Starts an ask in the background (`Prefer: respond-async`) and returns at once with its
   * `askId` and `threadId`; the ask runs on without the caller. Follow it with `getAsk(askId)`,
   * its event stream, or `cancel(askId)`. Safe to retry like `ask`: a retry joins the same ask.
   */
  askBackground(request: AskInput, options: AskOptions = {}): AskflowPromise<WithRequestId<AskAccepted>> {
    return this.#postAsk<AskAccepted>(request, options, 'accepted ask', { Prefer: 'respond-async' });
  }

  /**
   * Records an end user's rating of an answered ask (`1` good, `-1` bad) with an optional comment;
   * rating the same ask again replaces it. Owners see it on the turn and in analytics.
   */
  feedback(feedback: { askId: string; rating: 1 | -1; comment?: string }, options: RequestOptions = {}): AskflowPromise<void> {
    const call = callJson(this.#transport, {
      method: 'POST',
      path: '/service/feedback',
      body: { tenantId: this.tenantId, ...feedback },
      // The latest rating replaces the one before: repeating it changes nothing.
      repeatable: true,
      signal: options.signal,
    });
    return new AskflowPromise(call.then(({ response, requestId }) => ({ data: undefined, response, requestId })));
  }

  /** Where an ask is: `running`, or `completed` with its `response`, or `failed`/`cancelled` with its `error`. */
  getAsk(askId: string, options: RequestOptions = {}): AskflowPromise<WithRequestId<AskStatus>> {
    return this.#call<AskStatus>(
      { method: 'GET', path: `/service/ask/${encodeURIComponent(askId)}`, headers: { 'Cache-Control': 'no-cache' }, repeatable: true, signal: options.signal },
      'ask status',
    );
  }

  /**
   * Asks and streams the answer: `onEvent` sees each event (`thinking`, `retrieval`,
   * `tool.calling`, `delta`, `reset`, `fallback`, `done`); resolves to the final answer (the
   * `done` event). A `reset` means generation was retried: drop the text built from earlier
   * `delta`s. A stream `error` event rejects with an `EgoZError` carrying its code.
   */
  askStream(request: AskInput, handlers: AskStreamHandlers = {}): AskflowPromise<WithRequestId<AskResponse>> {
    const stream = this.askStreamIter(request, handlers);
    const run = async (): Promise<WithResponse<WithRequestId<AskResponse>>> => {
      for await (const event of stream) {
        await handlers.onEvent?.(event);
        if (event.type === 'done') {
          // The `done` event is the whole answer, plus its `type`.
          const answer: AskResponse & { type?: 'done' } = { ...event };
          delete answer.type;
          const { response, requestId } = await stream.withResponse();
          return { data: withRequestId<AskResponse>(answer, requestId), response, requestId };
        }
      }
      throw new EgoZError('The stream ended without a done event', { code: 'InvalidResponse' });
    };
    return new AskflowPromise(run());
  }

  /**
   * Asks and returns the events as an async iterator. `break` closes the connection; so does
   * aborting `signal` (the loop then throws `Aborted`). Either way the ask completes server-side.
   */
  askStreamIter(request: AskInput, options: AskOptions = {}): AskEventStream {
    return new AskEventStream(this.#transport, { body: this.#body(request), idempotencyKey: this.#idempotencyKey(options), signal: options.signal });
  }

  /** Cancels a running ask by the id a stream reported (`askId`); its stream then ends with `Cancelled`. */
  cancel(askId: string, options: RequestOptions = {}): AskflowPromise<WithRequestId<CancelResult>> {
    // Cancelling twice cancels once, so it is safe to repeat.
    return this.#call<CancelResult>({ method: 'POST', path: `/service/ask/${encodeURIComponent(askId)}/cancel`, repeatable: true, signal: options.signal }, 'cancel answer');
  }

  /** The project's model menu, read fresh on every call: it is the owner's current list. */
  listModels(options: RequestOptions = {}): AskflowPromise<WithRequestId<ModelMenu>> {
    return this.#call<ModelMenu>(
      { method: 'GET', path: '/service/models', headers: { 'X-Tenant-Id': this.tenantId, 'Cache-Control': 'no-cache' }, repeatable: true, signal: options.signal },
      'model menu',
    );
  }

  /** Whether the service answers its health check (`GET /health`) within `timeout`; never throws, never retries, sends no key. */
  ping(options: RequestOptions = {}): AskflowPromise<boolean> {
    const t = this.#transport;
    const check = async (): Promise<WithResponse<boolean>> => {
      const attempt = new Attempt(options.signal, t.timeout);
      try {
        const headers = requestHeaders({ ...t, auth: {} }, 'application/json', { 'Cache-Control': 'no-cache' });
        const response = await send(t, '/health', { method: 'GET', headers }, attempt.signal);
        await response.arrayBuffer();
        return { data: response.ok, response, requestId: response.headers.get('x-request-id') };
      } catch {
        return { data: false, response: null, requestId: null };
      } finally {
        attempt.dispose();
      }
    };
    return new AskflowPromise(check());
  }
}
