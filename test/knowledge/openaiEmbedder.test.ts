import OpenAI from 'openai';
import { LocalLexicalEmbedder } from '../../providers/kinds/local/embeddings.js';
import { MAX_BATCH_INPUTS, OpenAICompatibleEmbedder } from '../../providers/kinds/openai/embeddings.js';
import { LOCAL_EMBEDDING_MODEL } from '../../providers/kinds/local/embeddings.js';
import { builtInConnection, embedderFor } from '../../providers/registry.js';
import { ProviderError } from '../../providers/errors.js';
import { fakeEmbedding, startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';

let server: ChatCompletionsServer;
let embedder: OpenAICompatibleEmbedder;

const embedderOn = (s: ChatCompletionsServer, extra: Partial<ConstructorParameters<typeof OpenAICompatibleEmbedder>[0]> = {}) =>
  new OpenAICompatibleEmbedder({ name: 'acme', model: 'embed-test', baseUrl: s.baseUrl, apiKey: s.apiKey, timeoutMs: 2_000, ...extra });

beforeAll(async () => {
  server = await startChatCompletionsServer({ embeddingDimensions: 12 });
  embedder = embedderOn(server);
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const unit = (v: number[]) => v.map((x) => x / norm(v));
const texts = (n: number) => Array.from({ length: n }, (_, i) => `chunk number ${i}`);

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err: unknown = await promise.then(
    () => new Error('expected a ProviderError, but embed() resolved'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('OpenAICompatibleEmbedder against an embeddings server', () => {
  it('sends model and inputs with the key, and returns the server’s vectors scaled to unit length, in order', async () => {
    const vectors = await embedder.embed(['alpha', 'beta']);
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req!.path).toBe('/v1/embeddings');
    expect(req!.headers.authorization).toBe(`Bearer ${server.apiKey}`);
    expect(req!.embeddings).toMatchObject({ model: 'embed-test', input: ['alpha', 'beta'], encoding_format: 'float' });
    expect(vectors).toHaveLength(2);
    for (const [i, text] of ['alpha', 'beta'].entries()) {
      expect(norm(fakeEmbedding(text, 12))).not.toBeCloseTo(1, 2); // the server's are not unit length…
      expect(norm(vectors[i]!)).toBeCloseTo(1, 10); // …ours are
      vectors[i]!.forEach((x, d) => expect(x).toBeCloseTo(unit(fakeEmbedding(text, 12))[d]!, 6));
    }
  });

  it('learns its dimensions from the first answer, unless given or known for the model', async () => {
    const fresh = embedderOn(server);
    expect(() => fresh.dimensions).toThrow(/not known/);
    await fresh.embed(['x']);
    expect(fresh.dimensions).toBe(12);
    expect(embedderOn(server, { dimensions: 12 }).dimensions).toBe(12);
    expect(embedderOn(server, { model: 'text-embedding-3-small' }).dimensions).toBe(1536);
    expect(fresh.id).toBe('acme:embed-test');
  });

  it(`batches at ${MAX_BATCH_INPUTS} inputs per request, keeping the order`, async () => {
    const input = texts(2 * MAX_BATCH_INPUTS + 3);
    const vectors = await embedder.embed(input);
    expect(server.requests.map((r) => (r.embeddings?.input as string[]).length)).toEqual([256, 256, 3]);
    expect(server.requests.flatMap((r) => r.embeddings?.input as string[])).toEqual(input);
    expect(vectors).toHaveLength(input.length);
    expect(vectors[300]![0]).toBeCloseTo(unit(fakeEmbedding('chunk number 300', 12))[0]!, 6);
  });

  it('sends nothing for no texts, and a space for an empty text (OpenAI refuses empty strings)', async () => {
    expect(await embedder.embed([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
    await embedder.embed(['', 'x']);
    expect(server.requests[0]!.embeddings?.input).toEqual([' ', 'x']);
  });

  it('maps 429 to rate_limited with Retry-After, without an SDK retry', async () => {
    server.script({ status: 429, retryAfter: 3, message: 'Slow down' });
    const err = await failure(embedder.embed(['x']));
    expect(err).toMatchObject({ kind: 'rate_limited', retryable: true, retryAfterMs: 3_000, status: 429 });
    expect(err.message).toContain('Slow down');
    expect(server.requests).toHaveLength(1);
  });

  it('maps 500 to unavailable, retryable', async () => {
    server.script({ status: 503 });
    expect(await failure(embedder.embed(['x']))).toMatchObject({ kind: 'unavailable', retryable: true, status: 503 });
    expect(server.requests).toHaveLength(1);
  });

  it('maps 400 and a wrong key (401) to refused, not retryable', async () => {
    server.script({ status: 400, message: 'input too long' });
    const err = await failure(embedder.embed(['x']));
    expect(err).toMatchObject({ kind: 'refused', retryable: false, status: 400 });
    expect(err.message).toContain('input too long');
    const wrongKey = new OpenAICompatibleEmbedder({ name: 'acme', model: 'm', baseUrl: server.baseUrl, apiKey: 'sk-wrong' });
    expect(await failure(wrongKey.embed(['x']))).toMatchObject({ kind: 'refused', retryable: false, status: 401 });
  });

  it('maps a slow answer to timeout and an unreachable server to network, both retryable', async () => {
    server.script({ delayMs: 1_000 });
    expect(await failure(embedderOn(server, { timeoutMs: 150 }).embed(['x']))).toMatchObject({ kind: 'timeout', retryable: true });
    const closed = await startChatCompletionsServer();
    await closed.close();
    expect(await failure(embedderOn(closed).embed(['x']))).toMatchObject({ kind: 'network', retryable: true });
  });

  it('fails a batch as output_invalid when vectors are missing or change length', async () => {
    server.script({ embeddingCount: 1 });
    expect(await failure(embedder.embed(['a', 'b']))).toMatchObject({ kind: 'output_invalid', retryable: false });
    const fixed = embedderOn(server, { dimensions: 12 });
    server.script({ dimensions: 7 });
    const err = await failure(fixed.embed(['a']));
    expect(err).toMatchObject({ kind: 'output_invalid', retryable: false });
    expect(err.message).toContain('7 dimensions, not 12');
  });
});

describe('embedderFor', () => {
  const ollama = { name: 'ollama', kind: 'openai', baseUrl: 'http://127.0.0.1:9/v1', apiKey: null };

  it('gives the local embedder for local:lexical-256 on the built-in local connection', async () => {
    expect(LOCAL_EMBEDDING_MODEL).toBe('local:lexical-256');
    const local = builtInConnection('local');
    expect(local).toMatchObject({ name: 'local', kind: 'local' });
    const e = embedderFor(local!, 'lexical-256');
    expect(e.id).toBe(LOCAL_EMBEDDING_MODEL);
    // The local lexical embedder (what the registry hands out is it, wrapped in its trace span).
    const direct = new LocalLexicalEmbedder();
    expect(e.dimensions).toBe(direct.dimensions);
    await expect(e.embed(['tents and returns'])).resolves.toEqual(await direct.embed(['tents and returns']));
  });

  it('gives an OpenAI-compatible embedder on an openai connection, named <connection>:<model>', () => {
    const e = embedderFor(ollama, 'nomic-embed-text:v1.5');
    expect(e.id).toBe('ollama:nomic-embed-text:v1.5');
    // An OpenAI-compatible server's own model: its dimensions are learnt from its first answer.
    expect(() => e.dimensions).toThrow(/not known until it has embedded something/);
  });

  it('refuses a model the local kind does not offer, and a connection of an unregistered kind', () => {
    expect(() => embedderFor(builtInConnection('local')!, 'semantic')).toThrow('unknown local embedding model "local:semantic"; local offers local:lexical-256');
    expect(() => embedderFor({ ...ollama, kind: 'smoke-signals' }, 'x')).toThrow(/kind "smoke-signals", which is not registered/);
  });

  it('embeds through the connection', async () => {
    const e = embedderFor({ name: 'acme', kind: 'openai', baseUrl: server.baseUrl, apiKey: server.apiKey }, 'embed-test');
    const [v] = await e.embed(['via registry']);
    expect(norm(v!)).toBeCloseTo(1, 10);
    expect(server.requests[0]!.embeddings?.model).toBe('embed-test');
  });
});

describe('the fake embeddings server', () => {
  it('answers the SDK’s default base64 encoding with the same float32 vectors', async () => {
    const client = new OpenAI({ baseURL: server.baseUrl, apiKey: server.apiKey, maxRetries: 0 });
    const res = await client.embeddings.create({ model: 'embed-test', input: 'base64 please' });
    expect(server.requests[0]!.embeddings?.encoding_format).toBe('base64');
    expect(Array.from(res.data[0]!.embedding)).toEqual(fakeEmbedding('base64 please', 12));
    expect(res.usage.prompt_tokens).toBeGreaterThan(0);
  });
});
