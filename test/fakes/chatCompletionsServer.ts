// A real HTTP server speaking OpenAI's chat-completions wire protocol, so provider tests go
// through the actual `openai` SDK, fetch, headers and status handling rather than a mock.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tokenCount } from '../../providers/tokens.js';

export interface WireUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface WireMessage {
  role: string;
  content: string | { type: string; text?: string }[] | null;
}

/** The parts of a chat-completions request body tests look at; the rest is kept as sent. */
export interface ChatCompletionsBody {
  model: string;
  messages: WireMessage[];
  temperature?: number;
  response_format?: { type: string; json_schema?: { name: string; schema?: Record<string, unknown>; strict?: boolean } };
  [field: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body; undefined when the body was not JSON. */
  body: ChatCompletionsBody | undefined;
}

/**
 * How to answer one request. Fields combine: `{ delayMs: 500, content: 'x' }` is slow and fixed.
 * With `status` (an error status), the answer is an OpenAI-style error body.
 */
export interface Behaviour {
  status?: number;
  /** Error message for `status`. */
  message?: string;
  /** `Retry-After` header: seconds, or an HTTP date. */
  retryAfter?: number | string;
  /** `retry-after-ms` header, as OpenAI sends. */
  retryAfterMs?: number;
  /** Wait this long before sending anything (headers included). */
  delayMs?: number;
  /** Fixed assistant content instead of the echo. */
  content?: string;
  /** Fixed usage instead of counted usage. */
  usage?: WireUsage;
  /** Leave `usage` out of the completion. */
  noUsage?: boolean;
}

export interface ChatCompletionsServer {
  /** Ends with `/v1`, as the SDK's `baseURL` expects. */
  baseUrl: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** Queue behaviours for the next requests, one each, in order; then back to the default echo. */
  script(...behaviours: Behaviour[]): void;
  /** Forget recorded requests and queued behaviours. */
  reset(): void;
  close(): Promise<void>;
}

const ERROR_TYPES: Record<number, { type: string; code: string | null }> = {
  400: { type: 'invalid_request_error', code: null },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  404: { type: 'invalid_request_error', code: 'model_not_found' },
  429: { type: 'requests', code: 'rate_limit_exceeded' },
};

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return; // the client gave up (e.g. its timeout) while we were delaying
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  const { type, code } = ERROR_TYPES[status] ?? { type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null };
  sendJson(res, status, { error: { message, type, param: null, code } }, headers);
}

function text(content: WireMessage['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}

function isBody(value: unknown): value is ChatCompletionsBody {
  const v = value as Partial<ChatCompletionsBody> | null;
  return typeof v === 'object' && v !== null && typeof v.model === 'string' && Array.isArray(v.messages);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The completion the server sends for a valid request under `behaviour`. */
function completion(body: ChatCompletionsBody, behaviour: Behaviour) {
  const lastUser = [...body.messages].reverse().find((m) => m.role === 'user');
  const echo = `Echo(${body.model}): ${lastUser ? text(lastUser.content) : ''}`;
  const wantsJson = body.response_format?.type === 'json_object' || body.response_format?.type === 'json_schema';
  const content = behaviour.content ?? (wantsJson ? JSON.stringify({ answer: echo }) : echo);
  const promptTokens = tokenCount(body.messages.map((m) => text(m.content)).join('\n'));
  const completionTokens = tokenCount(content);
  const usage = behaviour.usage ?? { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
  return {
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    ...(behaviour.noUsage ? {} : { usage }),
  };
}

export async function startChatCompletionsServer(opts: { apiKey?: string } = {}): Promise<ChatCompletionsServer> {
  const apiKey = opts.apiKey ?? `sk-test-${randomUUID()}`;
  const requests: RecordedRequest[] = [];
  let queue: Behaviour[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const raw = await readBody(req);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    requests.push({ method: req.method ?? '', path, headers: req.headers, body: isBody(parsed) ? parsed : undefined });

    if (req.method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/chat/completions')) {
      return sendError(res, 404, `Unknown request URL: ${req.method ?? ''} ${path}`);
    }
    // Checked before the script, so a wrong key does not use up a scripted behaviour.
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return sendError(res, 401, 'Incorrect API key provided.');
    }
    if (!isBody(parsed)) return sendError(res, 400, 'The body must be a JSON object with "model" and "messages".');

    const behaviour = queue.shift() ?? {};
    if (behaviour.delayMs) await delay(behaviour.delayMs);
    if (behaviour.status && behaviour.status >= 400) {
      const headers: Record<string, string> = {};
      if (behaviour.retryAfter !== undefined) headers['retry-after'] = String(behaviour.retryAfter);
      if (behaviour.retryAfterMs !== undefined) headers['retry-after-ms'] = String(behaviour.retryAfterMs);
      return sendError(res, behaviour.status, behaviour.message ?? `Scripted ${behaviour.status}`, headers);
    }
    sendJson(res, 200, completion(parsed, behaviour));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => sendError(res, 500, `fake server failed: ${String(err)}`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    script: (...behaviours) => {
      queue.push(...behaviours);
    },
    reset: () => {
      requests.length = 0;
      queue = [];
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // Keep-alive sockets from the SDK would otherwise hold close() open.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
