import { ProviderError } from '../../providers/errors.js';
import { OpenAICompatibleProvider } from '../../providers/kinds/openai/chat.js';
import { tokenCount } from '../../text/tokens.js';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { chatRequest, onlyBody as onlyBodyOf, providerFixture } from './requests.js';

let server: ChatCompletionsServer;
let provider: OpenAICompatibleProvider;

beforeAll(async () => ({ server, provider } = await providerFixture()));
afterAll(() => server.close());
beforeEach(() => server.reset());

const request = chatRequest;

/** The ProviderError `promise` rejects with (fails the test when it resolves or rejects otherwise). */
async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err: unknown = await promise.then(
    () => new Error('expected a ProviderError, but generate() resolved'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

const onlyBody = () => onlyBodyOf(server);

describe('OpenAICompatibleProvider against a chat-completions server', () => {
  it('sends system, passages with their sources and sections, history and message in order, with model, temperature and the key', async () => {
    const result = await provider.generate(
      request({
        system: 'You are terse.',
        context: [
          { source: 'kb/norway.md', text: 'Oslo is the capital of Norway.' },
          { source: 'kb/norway.md#3', text: 'Bergen is the rainiest city.', section: 'Weather' },
        ],
        history: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello!' },
        ],
        temperature: 0.7,
      }),
    );

    const body = onlyBody();
    expect(server.requests[0]!.path).toBe('/v1/chat/completions');
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${server.apiKey}`);
    expect(body.model).toBe('gpt-test');
    expect(body.temperature).toBe(0.7);
    expect(body.response_format).toBeUndefined();
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'system', 'user', 'assistant', 'user']);
    expect(body.messages[0]!.content).toBe('You are terse.');
    expect(body.messages[1]!.content).toContain('[kb/norway.md]\nOslo is the capital of Norway.');
    // A passage's section is named beside its source, so the model can cite where it read.
    expect(body.messages[1]!.content).toContain('[kb/norway.md#3 › Weather]\nBergen is the rainiest city.');
    expect(body.messages.slice(2).map((m) => m.content)).toEqual(['Hi', 'Hello!', 'What is the capital of Norway?']);
    expect(result.text).toBe('Echo(gpt-test): What is the capital of Norway?');
  });

  it('sends no system message when there is no system prompt and no context', async () => {
    await provider.generate(request());
    expect(onlyBody().messages).toEqual([{ role: 'user', content: 'What is the capital of Norway?' }]);
  });

  it('takes usage from the provider', async () => {
    server.script({ usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 } });
    const result = await provider.generate(request());
    expect(result.usage).toEqual({ promptTokens: 11, completionTokens: 7, totalTokens: 18 });
  });

  it('counts usage itself when the provider sends none', async () => {
    server.script({ noUsage: true, content: 'Oslo, of course.' });
    const result = await provider.generate(request({ system: 'Be brief.' }));
    expect(result.text).toBe('Oslo, of course.');
    expect(result.usage.completionTokens).toBe(tokenCount('Oslo, of course.'));
    expect(result.usage.promptTokens).toBe(tokenCount('Be brief.\nWhat is the capital of Norway?'));
    expect(result.usage.totalTokens).toBe(result.usage.promptTokens + result.usage.completionTokens);
  });

  it('maps 429 to rate_limited, retryable, with Retry-After in ms', async () => {
    server.script({ status: 429, retryAfter: 7, message: 'Slow down' });
    const err = await failure(provider.generate(request()));
    expect(err).toMatchObject({ kind: 'rate_limited', retryable: true, retryAfterMs: 7_000, status: 429 });
    expect(err.message).toContain('Slow down');
    expect(server.requests).toHaveLength(1); // the SDK did not retry on its own
  });

  it('prefers retry-after-ms and reads Retry-After given as an HTTP date', async () => {
    server.script({ status: 429, retryAfterMs: 1_500, retryAfter: 9 });
    expect((await failure(provider.generate(request()))).retryAfterMs).toBe(1_500);

    server.script({ status: 429, retryAfter: new Date(Date.now() + 30_000).toUTCString() });
    const fromDate = (await failure(provider.generate(request()))).retryAfterMs;
    expect(fromDate).toBeGreaterThan(25_000);
    expect(fromDate).toBeLessThanOrEqual(30_000);
  });

  it('maps 500 to unavailable, retryable, without an SDK retry', async () => {
    server.script({ status: 500, message: 'The server had an error' });
    const err = await failure(provider.generate(request()));
    expect(err).toMatchObject({ kind: 'unavailable', retryable: true, status: 500 });
    expect(server.requests).toHaveLength(1);
  });

  it('maps 408 to unavailable, retryable', async () => {
    server.script({ status: 408 });
    expect(await failure(provider.generate(request()))).toMatchObject({ kind: 'unavailable', retryable: true, status: 408 });
  });

  it('maps 400 to refused, not retryable, with the provider message', async () => {
    server.script({ status: 400, message: "Invalid value for 'temperature'" });
    const err = await failure(provider.generate(request()));
    expect(err).toMatchObject({ kind: 'refused', retryable: false, status: 400 });
    expect(err.message).toContain("Invalid value for 'temperature'");
    expect(err.message).toContain('acme');
  });

  it('maps a wrong API key (401) to refused, not retryable', async () => {
    const wrongKey = new OpenAICompatibleProvider({ name: 'acme', baseUrl: server.baseUrl, apiKey: 'sk-wrong' });
    const err = await failure(wrongKey.generate(request()));
    expect(err).toMatchObject({ kind: 'refused', retryable: false, status: 401 });
    expect(err.message).toContain('Incorrect API key');
  });

  it('maps a response slower than timeoutMs to timeout, retryable', async () => {
    const impatient = new OpenAICompatibleProvider({ name: 'acme', baseUrl: server.baseUrl, apiKey: server.apiKey, timeoutMs: 200 });
    server.script({ delayMs: 1_500 });
    const started = Date.now();
    const err = await failure(impatient.generate(request()));
    expect(err).toMatchObject({ kind: 'timeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(server.requests).toHaveLength(1);
  });

  it('maps an unreachable server to network, retryable', async () => {
    const closed = await startChatCompletionsServer();
    await closed.close();
    const unreachable = new OpenAICompatibleProvider({ name: 'acme', baseUrl: closed.baseUrl, apiKey: closed.apiKey });
    expect(await failure(unreachable.generate(request()))).toMatchObject({ kind: 'network', retryable: true });
  });
});

describe('OpenAICompatibleProvider JSON output', () => {
  const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false };

  it('asks for json_object without a schema and returns the JSON object', async () => {
    const result = await provider.generate(request({ responseFormat: { type: 'json_object' } }));
    const body = onlyBody();
    expect(body.response_format).toEqual({ type: 'json_object' });
    // OpenAI refuses json_object unless a message mentions JSON.
    expect(body.messages.some((m) => m.role === 'system' && typeof m.content === 'string' && m.content.includes('JSON'))).toBe(true);
    expect(JSON.parse(result.text)).toEqual({ answer: 'Echo(gpt-test): What is the capital of Norway?' });
  });

  it('sends the schema as json_schema and returns JSON valid against it', async () => {
    const result = await provider.generate(request({ responseFormat: { type: 'json_object', schema } }));
    expect(onlyBody().response_format).toEqual({ type: 'json_schema', json_schema: { name: 'answer', schema, strict: false } });
    expect(JSON.parse(result.text)).toEqual({ answer: 'Echo(gpt-test): What is the capital of Norway?' });
  });

  it('normalizes JSON content (whitespace, a Markdown fence)', async () => {
    server.script({ content: '```json\n{ "answer" : "Oslo" }\n```' });
    expect((await provider.generate(request({ responseFormat: { type: 'json_object', schema } }))).text).toBe('{"answer":"Oslo"}');
  });

  it('rejects content that is not JSON as output_invalid, not retryable', async () => {
    server.script({ content: 'not json' });
    const err = await failure(provider.generate(request({ responseFormat: { type: 'json_object' } })));
    expect(err).toMatchObject({ kind: 'output_invalid', retryable: false });
    expect(err.message).toContain('not JSON');
  });

  it('rejects a JSON array where an object is required', async () => {
    server.script({ content: '["Oslo"]' });
    expect(await failure(provider.generate(request({ responseFormat: { type: 'json_object' } })))).toMatchObject({ kind: 'output_invalid' });
  });

  it('rejects JSON that violates the schema, listing what is wrong', async () => {
    server.script({ content: '{"answer": 42, "extra": true}' });
    const err = await failure(provider.generate(request({ responseFormat: { type: 'json_object', schema } })));
    expect(err).toMatchObject({ kind: 'output_invalid', retryable: false });
    expect(err.message).toContain('/answer must be string');
    expect(err.message).toContain('must NOT have additional properties ("extra")');
  });

  it('refuses an invalid schema before calling the provider', async () => {
    const err = await failure(provider.generate(request({ responseFormat: { type: 'json_object', schema: { type: 'nope' } } })));
    expect(err).toMatchObject({ kind: 'refused', retryable: false });
    expect(err.message).toMatch(/^jsonSchema is not a valid JSON Schema: schema is invalid/);
    expect(server.requests).toHaveLength(0);
  });
});
