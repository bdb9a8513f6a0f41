import { randomUUID } from 'node:crypto';
import { AskAcceptedSchema, AskResponseSchema, AskStatusSchema, CancelResultSchema, ModelMenuSchema, type AskAccepted, type AskRequest, type AskResponse, type AskStatus, type CancelResult, type ModelMenu } from '@askflow/contract';
import { AskEventStream } from './askEventStream.js';
import type { AskStreamEvent } from './askEvents.js';
import { EgoZError } from './errors.js';
import { Attempt } from './attempt.js';
import { callJson, invalidResponse, type Transport } from './transport.js';

export interface AskflowClientOptions {
  /** `askflow_live_…` or `askflow_test_…`, from the console. */
  apiKey: string;
  /** The project's Tenant ID, from the console. */
  tenantId: string;
  /** Defaults to `ASKFLOW_BASE_URL`, else `http://127.0.0.1:8787` (the `npm start` stack). */
  baseUrl?: string;
  /**
   * Milliseconds one attempt may take before it counts as timed out; default 60 000. For a
   * stream it is the longest silence tolerated (the service sends a keep-alive every 15 s).
   */
  timeout?: number;
  /** Further attempts after a failure a retry can cure (network, timeout, 429, 5xx); default 2, 0 turns retries off. */
  retries?: number;
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

export type { CancelResult };

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_RETRIES = 2;

function requireString(options: Partial<AskflowClientOptions> | undefined, name: 'apiKey' | 'tenantId', hint: string): string {
  const value = options?.[name];
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`AskflowClient: \`${name}\` is required (${hint})`);
  return value;
}

function optionalNumber(value: number | undefined, name: string, fallback: number, isValid: (n: number) => boolean, rule: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !isValid(value)) throw new TypeError(`AskflowClient: \`${name}\` must be ${rule}`);
  return value;
}

/** The part of a contract schema the client uses (the client itself does not depend on zod). */
interface Schema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: Error };
}

/** Validates an answer against the contract, so a type promised is a type delivered. */
function parsed<T>(schema: Schema<T>, json: unknown, what: string): T {
  const result = schema.safeParse(json);
  if (!result.success) throw invalidResponse(`The service's ${what} does not match the contract: ${result.error.message}`, null, result.error);
  return result.data;
}

/** The official Node.js client of the Askflow service. */
export class AskflowClient {
  readonly baseUrl: string;
  readonly tenantId: string;
  readonly timeout: number;
  readonly retries: number;
  readonly #transport: Transport;

  constructor(options: AskflowClientOptions) {
    const apiKey = requireString(options, 'apiKey', 'askflow_live_… or askflow_test_…, from the console');
    this.tenantId = requireString(options, 'tenantId', 'the Tenant ID, from the console');
    this.baseUrl = (options.baseUrl ?? process.env.ASKFLOW_BASE_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, '');
    this.timeout = optionalNumber(options.timeout, 'timeout', DEFAULT_TIMEOUT_MS, (n) => Number.isFinite(n) && n > 0, 'a positive number of milliseconds');
    this.retries = optionalNumber(options.retries, 'retries', DEFAULT_RETRIES, (n) => Number.isInteger(n) && n >= 0, 'a whole number ≥ 0');
    this.#transport = { baseUrl: this.baseUrl, apiKey, timeout: this.timeout, retries: this.retries };
  }

  /** The key that makes an ask safe to retry: the caller's, else a fresh one whenever the client may retry. */
  #idempotencyKey(options: AskOptions): string | undefined {
    return options.idempotencyKey ?? (this.retries > 0 ? randomUUID() : undefined);
  }

  #body(request: AskInput): AskRequest {
    return { ...request, tenantId: this.tenantId };
  }

  /** `POST /service/ask`, repeatable when it carries an idempotency key; `headers` add to it. */
  #postAsk(request: AskInput, options: AskOptions, headers: Record<string, string> = {}): Promise<unknown> {
    const key = this.#idempotencyKey(options);
    return callJson(this.#transport, {
      method: 'POST',
      path: '/service/ask',
      body: this.#body(request),
      headers: { ...headers, ...(key ? { 'Idempotency-Key': key } : {}) },
      repeatable: key !== undefined,
      signal: options.signal,
    });
  }

  /** Asks and waits for the whole answer. */
  async ask(request: AskInput, options: AskOptions = {}): Promise<AskResponse> {
    return parsed(AskResponseSchema, await this.#postAsk(request, options), 'answer');
  }

  /**
   * Starts an ask in the background (`Prefer: respond-async`) and returns at once with its
   * `askId` and `threadId`; the ask runs on without the caller. Follow it with `getAsk(askId)`,
   * its event stream, or `cancel(askId)`. Safe to retry like `ask`: a retry joins the same ask.
   */
  async askBackground(request: AskInput, options: AskOptions = {}): Promise<AskAccepted> {
    return parsed(AskAcceptedSchema, await this.#postAsk(request, options, { Prefer: 'respond-async' }), 'accepted ask');
  }

  /**
   * Records an end user's rating of an answered ask (`1` good, `-1` bad) with an optional comment;
   * rating the same ask again replaces it. Owners see it on the turn and in analytics.
   */
  async feedback(feedback: { askId: string; rating: 1 | -1; comment?: string }, options: RequestOptions = {}): Promise<void> {
    await callJson(this.#transport, {
      method: 'POST',
      path: '/service/feedback',
      body: { tenantId: this.tenantId, ...feedback },
      // The latest rating replaces the one before: repeating it changes nothing.
      repeatable: true,
      signal: options.signal,
    });
  }

  /** Where an ask is: `running`, or `completed` with its `response`, or `failed`/`cancelled` with its `error`. */
  async getAsk(askId: string, options: RequestOptions = {}): Promise<AskStatus> {
    const json = await callJson(this.#transport, {
      method: 'GET',
      path: `/service/ask/${encodeURIComponent(askId)}`,
      headers: { 'Cache-Control': 'no-cache' },
      repeatable: true,
      signal: options.signal,
    });
    return parsed(AskStatusSchema, json, 'ask status');
  }

  /**
   * Asks and streams the answer: `onEvent` sees each event (`thinking`, `retrieval`,
   * `tool.calling`, `delta`, `reset`, `done`); resolves to the final answer (the `done` event).
   * A `reset` means generation was retried: drop the text built from earlier `delta`s.
   * A stream `error` event rejects with an `EgoZError` carrying its code (`ProviderError`, `Cancelled`…).
   */
  async askStream(request: AskInput, handlers: AskStreamHandlers = {}): Promise<AskResponse> {
    for await (const event of this.askStreamIter(request, handlers)) {
      await handlers.onEvent?.(event);
      if (event.type === 'done') return parsed(AskResponseSchema, event, 'done event');
    }
    throw new EgoZError('The stream ended without a done event', { code: 'InvalidResponse' });
  }

  /**
   * Asks and returns the events as an async iterator. `break` closes the connection; so does
   * aborting `signal` (the loop then throws `Aborted`). Either way the ask completes server-side.
   */
  askStreamIter(request: AskInput, options: AskOptions = {}): AskEventStream {
    return new AskEventStream(this.#transport, { body: this.#body(request), idempotencyKey: this.#idempotencyKey(options), signal: options.signal });
  }

  /** Cancels a running ask by the id a stream reported (`askId`); its stream then ends with `Cancelled`. */
  async cancel(askId: string, options: RequestOptions = {}): Promise<CancelResult> {
    const json = await callJson(this.#transport, {
      method: 'POST',
      path: `/service/ask/${encodeURIComponent(askId)}/cancel`,
      // Cancelling twice cancels once, so it is safe to repeat.
      repeatable: true,
      signal: options.signal,
    });
    return parsed(CancelResultSchema, json, 'cancel answer');
  }

  /** The project's model menu, read fresh on every call: it is the owner's current list. */
  async listModels(options: RequestOptions = {}): Promise<ModelMenu> {
    const json = await callJson(this.#transport, {
      method: 'GET',
      path: '/service/models',
      headers: { 'X-Tenant-Id': this.tenantId, 'Cache-Control': 'no-cache' },
      repeatable: true,
      signal: options.signal,
    });
    return parsed(ModelMenuSchema, json, 'model menu');
  }

  /** Whether the service answers its health check (`GET /health`) within `timeout`; never throws, never retries. */
  async ping(options: RequestOptions = {}): Promise<boolean> {
    const attempt = new Attempt(options.signal, this.timeout);
    try {
      const res = await fetch(`${this.baseUrl}/health`, { signal: attempt.signal, headers: { 'Cache-Control': 'no-cache' } });
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    } finally {
      attempt.dispose();
    }
  }
}
