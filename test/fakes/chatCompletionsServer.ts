// A real HTTP server speaking OpenAI's chat-completions and embeddings wire protocols, so
// provider tests go through the actual `openai` SDK, fetch, headers and status handling rather
// than a mock.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tokenCount } from '../../text/tokens.js';
import { closedWithFile } from './openServers.js';

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
  tools?: { type: string; function?: { name: string; description?: string; parameters?: Record<string, unknown> } }[];
  tool_choice?: unknown;
  [field: string]: unknown;
}

/** The parts of an embeddings request body tests look at; the rest is kept as sent. */
export interface EmbeddingsBody {
  model: string;
  input: string | string[];
  encoding_format?: 'float' | 'base64';
  [field: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed chat-completions body; undefined when the body was not one (not JSON, or an embeddings request). */
  body: ChatCompletionsBody | undefined;
  /** Parsed embeddings body, for requests to `/embeddings`. */
  embeddings?: EmbeddingsBody;
  /** When (performance.now(), this process) a streamed answer's first content was handed to the kernel. */
  firstContentAt?: number;
}

/**
 * How to answer one request. Fields combine: `{ delayMs: 500, content: 'x' }` is slow and fixed.
 * With `status` (an error status), the answer is an OpenAI-style error body, for streaming
 * requests too. A request with `stream: true` is answered as server-sent events of
 * `chat.completion.chunk`s, content in word-sized pieces unless `chunks` says otherwise.
 * Embeddings requests take from the same queue: `status`, `retryAfter*`, `delayMs` apply to
 * them too, as do `dimensions` and `embeddingCount`.
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
  /** Leave `usage` out of the completion (streaming: no usage chunk even when asked for). */
  noUsage?: boolean;
  /** Refuse: `message.refusal` (streaming: refusal deltas) with this text instead of content. */
  refusal?: string;
  /** Streaming: the content pieces, one chunk each (the content is then their concatenation). */
  chunks?: string[];
  /** Streaming: wait this long before the first content chunk; headers and the role chunk go out at once. */
  firstTokenDelayMs?: number;
  /** Streaming: wait this long between content chunks. */
  tokenIntervalMs?: number;
  /** Streaming: send this many content chunks, then drop the connection (as a failing provider or network does). */
  failAfterChunks?: number;
  /** Streaming, with `failAfterChunks`: end with an in-stream error event with this message instead of dropping the connection. */
  streamError?: string;
  /** Embeddings: vectors of this length instead of the server's `embeddingDimensions`. */
  dimensions?: number;
  /** Embeddings: answer with only the first this many vectors (a server losing inputs). */
  embeddingCount?: number;
  /**
   * Non-streaming: call this function instead of answering (`content: null`, finish reason
   * `tool_calls`). `arguments` is sent as given, so it may be invalid JSON. Without it, a
   * request offering tools gets an ordinary text answer, as when a model decides on none.
   */
  toolCall?: { name: string; arguments: string };
  /**
   * Call these functions, side by side, instead of answering — non-streaming (one message with
   * every call) and streaming (each call's id and name, then its arguments in two fragments,
   * as OpenAI streams them).
   */
  toolCalls?: { name: string; arguments: string }[];
}

/** The calls a behaviour makes, with ids. */
function callsOf(behaviour: Behaviour): { id: string; type: 'function'; function: { name: string; arguments: string } }[] {
  const calls = behaviour.toolCalls ?? (behaviour.toolCall ? [behaviour.toolCall] : []);
  return calls.map((c) => ({ id: `call_${randomUUID()}`, type: 'function' as const, function: c }));
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
  // Failing in the middle of a stream: too late for a status, only cutting it off tells the client.
  if (res.headersSent) return void res.destroy();
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

function isEmbeddingsBody(value: unknown): value is EmbeddingsBody {
  const v = value as Partial<EmbeddingsBody> | null;
  const input = v?.input;
  return typeof v?.model === 'string' && (typeof input === 'string' || (Array.isArray(input) && input.every((x) => typeof x === 'string')));
}

/**
 * A deterministic, not normalised vector for `text` (xorshift32 seeded with the text's FNV-1a
 * hash): the same text always gets the same vector, different texts unrelated ones, so tests
 * can check order, batching and that the client normalises.
 */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  let seed = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) seed = Math.imul(seed ^ text.charCodeAt(i), 0x01000193) >>> 0;
  let x = seed || 1;
  const vector: number[] = [];
  for (let d = 0; d < dimensions; d++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    vector.push(Math.fround(((x / 0xffffffff) * 2 - 1) * 3)); // float32 values, as the wire carries
  }
  return vector;
}

/** The embeddings answer, vectors as floats or as base64 little-endian float32 (the SDK's default). */
function embeddingsResponse(body: EmbeddingsBody, behaviour: Behaviour, defaultDimensions: number) {
  const inputs = typeof body.input === 'string' ? [body.input] : body.input;
  const dimensions = behaviour.dimensions ?? defaultDimensions;
  const data = inputs.slice(0, behaviour.embeddingCount).map((text, index) => {
    const vector = fakeEmbedding(text, dimensions);
    const embedding = body.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
    return { object: 'embedding', index, embedding };
  });
  const promptTokens = inputs.reduce((sum, text) => sum + tokenCount(text), 0);
  return { object: 'list', data, model: body.model, usage: { prompt_tokens: promptTokens, total_tokens: promptTokens } };
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

/** Each word with the whitespace after it, so the pieces join back to `content` exactly. */
export function wordPieces(content: string): string[] {
  return content.match(/\S+\s*|\s+/g) ?? [];
}

/** The answer to a valid request under `behaviour`, whether sent whole or streamed. */
function answer(body: ChatCompletionsBody, behaviour: Behaviour) {
  const lastUser = [...body.messages].reverse().find((m) => m.role === 'user');
  const echo = `Echo(${body.model}): ${lastUser ? text(lastUser.content) : ''}`;
  const wantsJson = body.response_format?.type === 'json_object' || body.response_format?.type === 'json_schema';
  const content = behaviour.chunks?.join('') ?? behaviour.content ?? (wantsJson ? JSON.stringify({ answer: echo }) : echo);
  const said = behaviour.refusal ?? (behaviour.toolCall ? JSON.stringify(behaviour.toolCall) : content);
  // Tool definitions are part of the prompt a model reads, and billed as such.
  const promptTokens = tokenCount([...body.messages.map((m) => text(m.content)), ...(body.tools ? [JSON.stringify(body.tools)] : [])].join('\n'));
  const completionTokens = tokenCount(said);
  const usage = behaviour.usage ?? { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
  return {
    id: `chatcmpl-${randomUUID()}`,
    created: Math.floor(Date.now() / 1000),
    content: behaviour.refusal === undefined ? content : null,
    refusal: behaviour.refusal ?? null,
    pieces: behaviour.chunks ?? wordPieces(said),
    usage: behaviour.noUsage ? undefined : usage,
  };
}

/** The completion the server sends for a valid non-streaming request under `behaviour`. */
function completion(body: ChatCompletionsBody, behaviour: Behaviour) {
  const { id, created, content, refusal, usage } = answer(body, behaviour);
  const calls = callsOf(behaviour);
  const message = calls.length ? { role: 'assistant', content: null, refusal: null, tool_calls: calls } : { role: 'assistant', content, refusal };
  return {
    id,
    object: 'chat.completion',
    created,
    model: body.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: calls.length ? 'tool_calls' : 'stop' }],
    ...(usage ? { usage } : {}),
  };
}

/** Answers a `stream: true` request the way OpenAI does: role chunk, content chunks, finish chunk, usage chunk, `[DONE]`. */
async function stream(res: ServerResponse, body: ChatCompletionsBody, behaviour: Behaviour, delay: (ms: number) => Promise<void>, record: RecordedRequest): Promise<void> {
  const { id, created, refusal, pieces, usage } = answer(body, behaviour);
  const includeUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
  // Resolves once the event is handed to the kernel, so a connection dropped right after still delivered it.
  const send = (data: unknown) => new Promise<void>((resolve) => (res.destroyed ? resolve() : res.write(`data: ${JSON.stringify(data)}\n\n`, () => resolve())));
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    send({
      id,
      object: 'chat.completion.chunk',
      created,
      model: body.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(includeUsage ? { usage: null } : {}),
    });

  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  await chunk({ role: 'assistant', content: '', refusal: null });
  const calls = callsOf(behaviour);
  if (calls.length) {
    for (const [index, call] of calls.entries()) {
      const half = Math.floor(call.function.arguments.length / 2);
      await chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] });
      await chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(0, half) } }] });
      await chunk({ tool_calls: [{ index, function: { arguments: call.function.arguments.slice(half) } }] });
    }
    await chunk({}, 'tool_calls');
    if (includeUsage && usage) await send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage });
    return void res.end('data: [DONE]\n\n');
  }
  const sent = pieces.slice(0, behaviour.failAfterChunks);
  for (const [i, piece] of sent.entries()) {
    const wait = i === 0 ? behaviour.firstTokenDelayMs : behaviour.tokenIntervalMs;
    if (wait) await delay(wait);
    if (res.destroyed) return; // the client gave up
    await chunk(refusal === null ? { content: piece } : { refusal: piece });
    record.firstContentAt ??= performance.now();
  }
  if (behaviour.failAfterChunks !== undefined) {
    if (behaviour.streamError === undefined) return void res.destroy();
    await send({ error: { message: behaviour.streamError, type: 'server_error', param: null, code: null } });
    return void res.end();
  }
  await chunk({}, 'stop');
  if (includeUsage && usage) await send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage });
  res.end('data: [DONE]\n\n');
}

export interface ServerOptions {
  apiKey?: string;
  /** Length of embedding vectors (default 8). */
  embeddingDimensions?: number;
}

export async function startChatCompletionsServer(opts: ServerOptions = {}): Promise<ChatCompletionsServer> {
  const apiKey = opts.apiKey ?? `sk-test-${randomUUID()}`;
  const embeddingDimensions = opts.embeddingDimensions ?? 8;
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
    const isEmbeddings = path === '/v1/embeddings' || path === '/embeddings';
    requests.push({
      method: req.method ?? '',
      path,
      headers: req.headers,
      body: isBody(parsed) ? parsed : undefined,
      ...(isEmbeddings && isEmbeddingsBody(parsed) ? { embeddings: parsed } : {}),
    });

    if (req.method !== 'POST' || (!isEmbeddings && path !== '/v1/chat/completions' && path !== '/chat/completions')) {
      return sendError(res, 404, `Unknown request URL: ${req.method ?? ''} ${path}`);
    }
    // Checked before the script, so a wrong key does not use up a scripted behaviour.
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return sendError(res, 401, 'Incorrect API key provided.');
    }
    // The request, once it is known to be a valid one of either kind.
    let request: { kind: 'chat'; body: ChatCompletionsBody } | { kind: 'embeddings'; body: EmbeddingsBody };
    if (isEmbeddings) {
      if (!isEmbeddingsBody(parsed)) return sendError(res, 400, 'The body must be a JSON object with "model" and "input" (a string or an array of strings).');
      request = { kind: 'embeddings', body: parsed };
    } else {
      if (!isBody(parsed)) return sendError(res, 400, 'The body must be a JSON object with "model" and "messages".');
      request = { kind: 'chat', body: parsed };
    }

    const behaviour = queue.shift() ?? {};
    if (behaviour.delayMs) await delay(behaviour.delayMs);
    if (behaviour.status && behaviour.status >= 400) {
      const headers: Record<string, string> = {};
      if (behaviour.retryAfter !== undefined) headers['retry-after'] = String(behaviour.retryAfter);
      if (behaviour.retryAfterMs !== undefined) headers['retry-after-ms'] = String(behaviour.retryAfterMs);
      return sendError(res, behaviour.status, behaviour.message ?? `Scripted ${behaviour.status}`, headers);
    }
    if (request.kind === 'embeddings') return sendJson(res, 200, embeddingsResponse(request.body, behaviour, embeddingDimensions));
    if (request.body.stream === true) return stream(res, request.body, behaviour, delay, requests.at(-1)!);
    sendJson(res, 200, completion(request.body, behaviour));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => sendError(res, 500, `fake server failed: ${String(err)}`));
  });
  closedWithFile(server);
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
