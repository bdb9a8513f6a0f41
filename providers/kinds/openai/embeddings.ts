// Embeddings from any server speaking OpenAI's embeddings protocol (OpenAI, vLLM, Ollama,
// LiteLLM, …), through the real SDK, failing with the same ProviderErrors as chat.
import OpenAI from 'openai';
import { ProviderError } from '../../errors.js';
import { classifyOpenAIError } from './errors.js';
import { tokenCount } from '../../../text/tokens.js';
import type { Embedder } from '../../types.js';

export interface OpenAICompatibleEmbedderOptions {
  /** Provider name as in model ids (`<name>:<model>`); names it in error messages. */
  name: string;
  model: string;
  /** API root including the version segment, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey: string;
  /** When known up front; otherwise taken from the model's first answer. */
  dimensions?: number;
  timeoutMs?: number;
}

/** OpenAI's limits are 2048 inputs and 300k tokens per request; we stay well inside both. */
export const MAX_BATCH_INPUTS = 256;
export const MAX_BATCH_TOKENS = 250_000;
const DEFAULT_TIMEOUT_MS = 60_000;

// OpenAI's own models, so `dimensions` is known before the first request (a Map: a project's
// model name, say "constructor", must not find Object's).
const KNOWN_DIMENSIONS = new Map<string, number>([
  ['text-embedding-3-small', 1536],
  ['text-embedding-3-large', 3072],
  ['text-embedding-ada-002', 1536],
]);

export class OpenAICompatibleEmbedder implements Embedder {
  readonly id: string;
  private readonly name: string;
  private readonly model: string;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;
  private known: number | undefined;

  constructor(options: OpenAICompatibleEmbedderOptions) {
    this.name = options.name;
    this.model = options.model;
    this.id = `${options.name}:${options.model}`;
    this.known = options.dimensions ?? KNOWN_DIMENSIONS.get(options.model);
    this.timeoutMs = Math.max(1, Math.round(options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
    // As for chat (see OpenAICompatibleProvider): retries are Temporal's, and the worker's
    // OPENAI_ORG_ID / OPENAI_PROJECT_ID must not reach any tenant's server.
    this.client = new OpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey, maxRetries: 0, timeout: this.timeoutMs, organization: null, project: null });
  }

  /** The vectors' length: given, known for OpenAI's models, or learnt from the first answer (reading it before then throws). */
  get dimensions(): number {
    if (this.known === undefined) throw new Error(`the dimensions of ${this.id} are not known until it has embedded something`);
    return this.known;
  }

  async embed(texts: string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    for (const batch of batches(texts)) vectors.push(...(await this.embedBatch(batch)));
    return vectors;
  }

  private async embedBatch(texts: string[]): Promise<number[][]> {
    // OpenAI refuses an empty string; a space embeds as "no content" just the same.
    const input = texts.map((t) => (t.trim() ? t : ' '));
    const started = performance.now();
    let response: OpenAI.Embeddings.CreateEmbeddingResponse;
    try {
      // `float`, not the SDK's default base64: every compatible server understands it.
      response = await this.client.embeddings.create({ model: this.model, input, encoding_format: 'float' });
    } catch (err) {
      throw classifyOpenAIError(err, { name: this.name, timeoutMs: this.timeoutMs, elapsedMs: performance.now() - started });
    }
    const byIndex = new Map(response.data.map((d) => [d.index, d.embedding]));
    return input.map((_, i) => {
      const vector = byIndex.get(i);
      if (!vector) throw this.invalid(`returned ${response.data.length} embeddings for ${input.length} inputs`);
      this.known ??= vector.length;
      if (vector.length !== this.known) throw this.invalid(`returned a vector of ${vector.length} dimensions, not ${this.known}`);
      const unit = normalize(vector);
      if (!unit) throw this.invalid('returned a vector that cannot be normalised (all zeros or not finite)');
      return unit;
    });
  }

  private invalid(what: string): ProviderError {
    return new ProviderError(`${this.name} ${what} (model ${this.model})`, 'output_invalid', false);
  }
}

/** Consecutive runs of texts within both request limits (a text over the token limit goes alone; the server judges it). */
function* batches(texts: string[]): Generator<string[]> {
  let batch: string[] = [];
  let tokens = 0;
  for (const text of texts) {
    const n = tokenCount(text);
    if (batch.length && (batch.length >= MAX_BATCH_INPUTS || tokens + n > MAX_BATCH_TOKENS)) {
      yield batch;
      batch = [];
      tokens = 0;
    }
    batch.push(text);
    tokens += n;
  }
  if (batch.length) yield batch;
}

/** The vector scaled to unit length (servers differ on whether they normalise); null for the zero vector. */
function normalize(vector: number[]): number[] | null {
  let norm = 0;
  for (const x of vector) norm += x * x;
  if (!(norm > 0) || !Number.isFinite(norm)) return null;
  const scale = 1 / Math.sqrt(norm);
  return vector.map((x) => x * scale);
}
