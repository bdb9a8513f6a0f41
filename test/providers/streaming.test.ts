import { ProviderError } from '../../providers/errors.js';
import type { ChatRequest } from '../../providers/types.js';
import { LocalProvider } from '../../providers/kinds/local/chat.js';
import { OpenAICompatibleProvider } from '../../providers/kinds/openai/chat.js';
import { tokenCount } from '../../text/tokens.js';
import { wordPieces, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { chatRequest, onlyBody as onlyBodyOf, providerFixture } from './requests.js';

let server: ChatCompletionsServer;
let provider: OpenAICompatibleProvider;

beforeAll(async () => ({ server, provider } = await providerFixture()));
afterAll(() => server.close());
beforeEach(() => server.reset());

const ECHO = 'Echo(gpt-test): What is the capital of Norway?';

const request = chatRequest;

/** Streams `req` through `through`, recording each delta with when it arrived (ms after the call). */
async function streamed(through: { generate: OpenAICompatibleProvider['generate'] }, req: ChatRequest) {
  const deltas: string[] = [];
  const at: number[] = [];
  const started = performance.now();
  const outcome = await through
    .generate(req, (text) => {
      deltas.push(text);
      at.push(performance.now() - started);
    })
    .then(
      (result) => ({ result, error: undefined }),
      (error: unknown) => ({ result: undefined, error }),
    );
  return { deltas, at, ...outcome };
}

function providerError(error: unknown): ProviderError {
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const onlyBody = () => onlyBodyOf(server);

describe('OpenAICompatibleProvider streaming', () => {
  it('asks for a stream with usage and delivers the pieces in order, joining to the returned text', async () => {
    const { deltas, result, error } = await streamed(provider, request());
    expect(error).toBeUndefined();
    const body = onlyBody();
    expect(body.stream).toBe(true);
    expect(body.stream_options).toEqual({ include_usage: true });
    expect(deltas).toEqual(wordPieces(ECHO));
    expect(deltas.length).toBeGreaterThan(1);
    expect(result?.text).toBe(ECHO);
    expect(deltas.join('')).toBe(result?.text);
  });

  it('passes explicit pieces through unchanged, whitespace included', async () => {
    const chunks = ['Os', 'lo', ' is', '', '  the\ncapital', '.'];
    server.script({ chunks });
    const { deltas, result } = await streamed(provider, request());
    // The server's empty piece carries no text, so it is not a delta.
    expect(deltas).toEqual(['Os', 'lo', ' is', '  the\ncapital', '.']);
    expect(result?.text).toBe('Oslo is  the\ncapital.');
  });

  it('awaits onDelta before taking the next piece', async () => {
    server.script({ chunks: ['a', 'b', 'c'] });
    const events: string[] = [];
    await provider.generate(request(), async (text) => {
      events.push(`start ${text}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push(`end ${text}`);
    });
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('takes usage from the include_usage chunk', async () => {
    server.script({ usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 } });
    const { result } = await streamed(provider, request());
    expect(result?.usage).toEqual({ promptTokens: 11, completionTokens: 7, totalTokens: 18 });
  });

  it('counts usage itself when the server sends no usage chunk', async () => {
    server.script({ noUsage: true, chunks: ['Oslo,', ' of', ' course.'] });
    const { result } = await streamed(provider, request({ system: 'Be brief.' }));
    expect(result?.usage).toEqual({
      promptTokens: tokenCount('Be brief.\nWhat is the capital of Norway?'),
      completionTokens: tokenCount('Oslo, of course.'),
      totalTokens: tokenCount('Be brief.\nWhat is the capital of Norway?') + tokenCount('Oslo, of course.'),
    });
  });

  it('delivers the first piece only once the server sends it', async () => {
    server.script({ firstTokenDelayMs: 300, tokenIntervalMs: 30 });
    const { deltas, at, result } = await streamed(provider, request());
    expect(result?.text).toBe(ECHO);
    expect(at[0]).toBeGreaterThanOrEqual(290); // timers may fire a hair early
    // Pieces arrive as they are sent, not all at the end.
    expect(at.at(-1)! - at[0]!).toBeGreaterThanOrEqual((deltas.length - 1) * 30 - 10);
  });

  it.each([
    [429, { kind: 'rate_limited', retryable: true, retryAfterMs: 2_000, status: 429 }],
    [500, { kind: 'unavailable', retryable: true, status: 500 }],
    [400, { kind: 'refused', retryable: false, status: 400 }],
  ])('maps HTTP %i before the stream as the non-streaming path does, with no delta', async (status, expected) => {
    server.script({ status, retryAfter: 2, message: 'Scripted failure' });
    const { deltas, error } = await streamed(provider, request());
    const err = providerError(error);
    expect(err).toMatchObject(expected);
    expect(err.message).toContain('Scripted failure');
    expect(deltas).toEqual([]);
    expect(server.requests).toHaveLength(1); // no SDK retry
  });

  it('maps a connection dropped mid-answer to network, retryable, after the pieces that arrived', async () => {
    server.script({ chunks: ['Oslo', ' is', ' the', ' capital.'], failAfterChunks: 2 });
    const { deltas, error } = await streamed(provider, request());
    expect(deltas).toEqual(['Oslo', ' is']);
    const err = providerError(error);
    expect(err).toMatchObject({ kind: 'network', retryable: true });
    expect(err.message).toMatch(/^acme broke off the answer: ./);
    expect(server.requests).toHaveLength(1);
  });

  it('maps an error event mid-stream to unavailable, retryable, with its message', async () => {
    server.script({ chunks: ['Oslo', ' is', ' the'], failAfterChunks: 1, streamError: 'The model is overloaded' });
    const { deltas, error } = await streamed(provider, request());
    expect(deltas).toEqual(['Oslo']);
    const err = providerError(error);
    expect(err).toMatchObject({ kind: 'unavailable', retryable: true });
    expect(err.message).toContain('The model is overloaded');
  });

  it('maps a stream that stalls past timeoutMs to timeout, retryable', async () => {
    const impatient = new OpenAICompatibleProvider({ name: 'acme', baseUrl: server.baseUrl, apiKey: server.apiKey, timeoutMs: 300 });
    server.script({ firstTokenDelayMs: 100, tokenIntervalMs: 1_000 });
    const started = Date.now();
    const { deltas, error } = await streamed(impatient, request());
    expect(providerError(error)).toMatchObject({ kind: 'timeout', retryable: true });
    expect(deltas).toEqual(wordPieces(ECHO).slice(0, 1));
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('maps refusal deltas to refused, not retryable, with the whole refusal', async () => {
    server.script({ refusal: "I can't help with that." });
    const { deltas, error } = await streamed(provider, request());
    const err = providerError(error);
    expect(err).toMatchObject({ kind: 'refused', retryable: false });
    expect(err.message).toContain("declined to answer: I can't help with that.");
    expect(deltas).toEqual([]);
  });

  it("lets onDelta's own error through unchanged and stops reading", async () => {
    server.script({ tokenIntervalMs: 20 });
    const mine = new TypeError('the client went away');
    let calls = 0;
    const error: unknown = await provider
      .generate(request(), () => {
        calls += 1;
        throw mine;
      })
      .catch((e: unknown) => e);
    expect(error).toBe(mine);
    expect(calls).toBe(1);
  });

  it('with JSON output, delivers the validated JSON once, as the returned text', async () => {
    server.script({ content: '```json\n{ "answer" : "Oslo" }\n```' });
    const { deltas, result } = await streamed(provider, request({ responseFormat: { type: 'json_object' } }));
    expect(deltas).toEqual(['{"answer":"Oslo"}']);
    expect(result?.text).toBe('{"answer":"Oslo"}');
    expect(onlyBody().stream).toBeUndefined();
  });

  it('with JSON output that fails validation, delivers nothing', async () => {
    server.script({ content: 'not json' });
    const { deltas, error } = await streamed(provider, request({ responseFormat: { type: 'json_object' } }));
    expect(providerError(error)).toMatchObject({ kind: 'output_invalid', retryable: false });
    expect(deltas).toEqual([]);
  });
});

describe('OpenAICompatibleProvider without onDelta', () => {
  it('does not stream, and maps a refusal to refused', async () => {
    server.script({ refusal: 'No.' });
    const err = providerError(await provider.generate(request()).catch((e: unknown) => e));
    expect(err).toMatchObject({ kind: 'refused', retryable: false });
    expect(onlyBody().stream).toBeUndefined();
  });
});

describe('LocalProvider streaming', () => {
  const local = new LocalProvider();
  const req = request({
    model: 'extractive',
    context: [{ source: 'kb', text: 'Oslo is the capital of Norway.  It lies\nat the head of the Oslofjord. Bergen has rain.' }],
  });

  it('delivers the answer word by word, the pieces joining to the text exactly', async () => {
    const plain = await local.generate(req);
    const { deltas, result } = await streamed(local, req);
    expect(result).toEqual(plain);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(result?.text);
    expect(deltas[0]).toBe('Oslo ');
    expect(deltas.every((d) => /^\S+\s*$/.test(d))).toBe(true);
  });

  it('with JSON output, delivers the JSON once', async () => {
    const { deltas, result } = await streamed(local, { ...req, responseFormat: { type: 'json_object' } });
    expect(deltas).toEqual([result?.text]);
    expect(JSON.parse(result!.text)).toEqual({ answer: expect.stringContaining('Oslo is the capital of Norway.') as unknown });
  });
});
