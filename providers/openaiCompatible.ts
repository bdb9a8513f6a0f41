import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { ProviderError } from './errors.js';
import { assertJsonAnswer, compileJsonSchema, invalidSchema } from './jsonOutput.js';
import { tokenCount } from './tokens.js';
import type { ChatProvider, ChatRequest, ChatResult, JsonOutput } from './types.js';

export interface OpenAICompatibleOptions {
  /** Provider name as used in model ids (`<name>:<model>`); also names it in error messages. */
  name: string;
  /** API root including the version segment, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey: string;
  /** Per-request limit; kept under the generateAnswer activity's 2-minute start-to-close. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** Any server speaking OpenAI's chat-completions protocol (OpenAI, Azure-style gateways, vLLM, Ollama, …). */
export class OpenAICompatibleProvider implements ChatProvider {
  readonly name: string;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;

  constructor(options: OpenAICompatibleOptions) {
    this.name = options.name;
    // The SDK wants a positive integer.
    this.timeoutMs = Math.max(1, Math.round(options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      apiKey: options.apiKey,
      // Retries belong to Temporal's activity retry policy; an SDK retry inside an attempt
      // would multiply them and hide rate limits from it.
      maxRetries: 0,
      timeout: this.timeoutMs,
      // The SDK would otherwise add OPENAI_ORG_ID / OPENAI_PROJECT_ID from the worker's
      // environment to every tenant's requests, whichever server they go to.
      organization: null,
      project: null,
    });
  }

  async generate(req: ChatRequest): Promise<ChatResult> {
    const schema = req.responseFormat?.schema;
    if (schema) {
      // Refuse before spending tokens on an answer that could never be validated.
      const check = compileJsonSchema(schema);
      if (!check.ok) throw invalidSchema(check.message);
    }
    const messages = buildMessages(req);
    const params: ChatCompletionCreateParamsNonStreaming = { model: req.model, messages, temperature: req.temperature };
    if (req.responseFormat) params.response_format = wireResponseFormat(req.responseFormat);

    let completion: OpenAI.Chat.Completions.ChatCompletion;
    const started = performance.now();
    try {
      completion = await this.client.chat.completions.create(params);
    } catch (err) {
      throw this.classify(err, performance.now() - started);
    }

    const choice = completion.choices[0];
    if (!choice) throw new ProviderError(`${this.name} returned no choices`, 'unavailable', true);
    if (choice.message.refusal) {
      throw new ProviderError(`${this.name} declined to answer: ${choice.message.refusal}`, 'refused', false);
    }
    const raw = choice.message.content ?? '';
    const text = req.responseFormat ? assertJsonAnswer(raw, schema) : raw;

    const usage = completion.usage;
    if (usage) {
      return { text, usage: { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens, totalTokens: usage.total_tokens } };
    }
    // Some compatible servers send no usage; count it ourselves so analytics still add up.
    const promptTokens = tokenCount(messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n'));
    const completionTokens = tokenCount(raw);
    return { text, usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens } };
  }

  /** The SDK's failure as a ProviderError, classified for Temporal's retry policy. */
  private classify(err: unknown, elapsedMs: number): unknown {
    // Timeout first: it is a subclass of APIConnectionError. The SDK recognises its own abort by
    // the error's name, which it loses when fetch runs in another realm (jest's VM contexts),
    // so a connection error that came only once the whole timeout had passed is the timeout
    // (5 ms of slack: timers may fire a hair early against performance.now()).
    if (err instanceof APIConnectionTimeoutError || (err instanceof APIConnectionError && elapsedMs >= this.timeoutMs - 5)) {
      return new ProviderError(`${this.name} did not answer in time`, 'timeout', true);
    }
    if (err instanceof APIConnectionError) {
      return new ProviderError(`${this.name} could not be reached: ${describeCause(err)}`, 'network', true);
    }
    if (!(err instanceof APIError) || err.status === undefined) return err;

    const status = err.status;
    const detail = providerMessage(err);
    const retryAfterMs = retryAfter(err.headers);
    if (status === 429) {
      return new ProviderError(`${this.name} rate-limited the request: ${detail}`, 'rate_limited', true, retryAfterMs, status);
    }
    // 408 (request timeout) and 409 (conflict, e.g. a lock) are transient, as the SDK itself treats them.
    if (status >= 500 || status === 408 || status === 409) {
      return new ProviderError(`${this.name} is unavailable (HTTP ${status}): ${detail}`, 'unavailable', true, retryAfterMs, status);
    }
    return new ProviderError(`${this.name} refused the request (HTTP ${status}): ${detail}`, 'refused', false, undefined, status);
  }
}

/** System prompt, then the passages (delimited so the model can tell them from instructions), then history, then the message. */
function buildMessages(req: ChatRequest): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  if (req.system.trim()) messages.push({ role: 'system', content: req.system });
  if (req.context.length) {
    const passages = req.context.map((p) => `[${p.source}]\n${p.text}`).join('\n\n---\n\n');
    messages.push({ role: 'system', content: `Use these passages when they are relevant; cite a passage by its [source].\n\n${passages}` });
  }
  if (req.responseFormat) messages.push({ role: 'system', content: jsonInstruction(req.responseFormat) });
  for (const turn of req.history) messages.push({ role: turn.role, content: turn.content });
  messages.push({ role: 'user', content: req.message });
  return messages;
}

// OpenAI refuses `json_object` unless a message mentions JSON, and servers that ignore
// `json_schema` only learn the shape from the prompt.
function jsonInstruction(format: JsonOutput): string {
  const base = 'Reply with a single JSON object and nothing else.';
  return format.schema ? `${base} It must satisfy this JSON Schema:\n${JSON.stringify(format.schema)}` : base;
}

function wireResponseFormat(format: JsonOutput): NonNullable<ChatCompletionCreateParamsNonStreaming['response_format']> {
  // strict: false because OpenAI's strict mode accepts only a subset of JSON Schema (every
  // property required, no formats, …); we validate the answer ourselves instead.
  return format.schema
    ? { type: 'json_schema', json_schema: { name: 'answer', schema: format.schema, strict: false } }
    : { type: 'json_object' };
}

function providerMessage(err: APIError): string {
  const body = err.error as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : err.message;
}

function describeCause(err: APIConnectionError): string {
  return err.cause instanceof Error ? err.cause.message : err.message;
}

/** `retry-after-ms` (OpenAI's), else `retry-after` in seconds or as an HTTP date. */
function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
