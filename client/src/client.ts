import { AskResponseSchema, ErrorBodySchema, ModelMenuSchema, type AskRequest, type AskResponse, type ModelMenu } from '@askflow/contract';
import { AuthenticationError, EgoZError, NetworkError, RateLimitError, TimeoutError, ValidationError } from './errors.js';

export interface AskflowClientOptions {
  apiKey: string;
  tenantId: string;
  /** Defaults to `ASKFLOW_BASE_URL`, else `http://127.0.0.1:8787` (the `npm start` stack). */
  baseUrl?: string;
  /** Milliseconds before a call fails with `TimeoutError`; default 60 000. */
  timeout?: number;
}

/** Builds the error class that matches an HTTP error response. */
async function errorFrom(res: Response): Promise<EgoZError> {
  const raw = await res.json().catch(() => null);
  const parsed = ErrorBodySchema.safeParse(raw);
  const requestId = parsed.success ? parsed.data.error.requestId : res.headers.get('x-request-id');
  const code = parsed.success ? parsed.data.error.code : `HTTP_${res.status}`;
  const message = parsed.success ? parsed.data.error.message : `HTTP ${res.status} ${res.statusText}`;
  if (res.status === 401) return new AuthenticationError(message, code, res.status, requestId);
  if (res.status === 400) return new ValidationError(message, code, res.status, requestId);
  if (res.status === 429) {
    const retryAfter = Number(res.headers.get('retry-after') ?? '1');
    return new RateLimitError(message, code, res.status, requestId, Number.isFinite(retryAfter) ? retryAfter : 1);
  }
  return new EgoZError(message, code, res.status, requestId);
}

export class AskflowClient {
  readonly baseUrl: string;
  readonly tenantId: string;
  readonly timeout: number;
  readonly #apiKey: string;

  constructor(options: AskflowClientOptions) {
    if (!options || typeof options.apiKey !== 'string' || !options.apiKey) {
      throw new TypeError('AskflowClient: `apiKey` is required (askflow_live_… or askflow_test_…)');
    }
    if (typeof options.tenantId !== 'string' || !options.tenantId) {
      throw new TypeError('AskflowClient: `tenantId` is required (copy it from the console)');
    }
    this.#apiKey = options.apiKey;
    this.tenantId = options.tenantId;
    this.baseUrl = (options.baseUrl ?? process.env.ASKFLOW_BASE_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, '');
    this.timeout = options.timeout ?? 60_000;
  }

  async #request(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const signal = AbortSignal.timeout(this.timeout);
    try {
      return await fetch(`${this.baseUrl}${path}`, {
        method,
        signal,
        headers: {
          'X-API-Key': this.#apiKey,
          Accept: 'application/json',
          ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...init.headers,
        },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      });
    } catch (err) {
      if (signal.aborted) throw new TimeoutError(`No answer from ${this.baseUrl} within ${this.timeout} ms`, 'Timeout');
      throw new NetworkError(`Could not reach ${this.baseUrl}: ${(err as Error).message}`, 'NetworkError');
    }
  }

  /** One ask; resolves to the AskResponse. */
  async ask(request: Omit<AskRequest, 'tenantId'> & { tenantId?: string }): Promise<AskResponse> {
    const res = await this.#request('POST', '/service/ask', { body: { ...request, tenantId: request.tenantId ?? this.tenantId } });
    if (!res.ok) throw await errorFrom(res);
    return AskResponseSchema.parse(await res.json());
  }

  /** The project's model menu, read fresh on every call (never cached). */
  async listModels(): Promise<ModelMenu> {
    const res = await this.#request('GET', '/service/models', { headers: { 'X-Tenant-Id': this.tenantId, 'Cache-Control': 'no-cache' } });
    if (!res.ok) throw await errorFrom(res);
    return ModelMenuSchema.parse(await res.json());
  }

  /** Whether the service answers its health check; never throws. */
  async ping(): Promise<boolean> {
    try {
      const res = await this.#request('GET', '/health');
      return res.ok;
    } catch {
      return false;
    }
  }
}
