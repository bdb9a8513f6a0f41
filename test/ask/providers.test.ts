import { AskResponseSchema } from '@askflow/contract';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { ask, closeDb, db, expectJson, managedProject, manage } from '../stack/context.js';

type P = Awaited<ReturnType<typeof managedProject>>;
let llm: ChatCompletionsServer;
let p: P;

beforeAll(async () => {
  llm = await startChatCompletionsServer({ apiKey: 'sk-test-provider' });
  p = await managedProject({}, 'live');
  await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/openai`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey }), 200);
  await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'openai:gpt-4o-mini', temperature: 0.4 }), 200);
  await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/prices`, { prices: [{ modelId: 'openai:gpt-4o-mini', inputPerMillion: 0.15, outputPerMillion: 0.6 }] }), 200);
});
beforeEach(() => llm.reset());
afterAll(async () => {
  await llm.close();
  await closeDb();
});

const turnsFor = async (threadId: string) =>
  (await db().query(`SELECT prompt_tokens, completion_tokens, total_tokens, cost_usd::float8 AS cost, is_test FROM turns WHERE thread_id = $1`, [threadId])).rows;

describe('OpenAI-compatible provider through the whole stack', () => {
  it("answers with the provider's usage, the project's temperature, and the cost from the price table", async () => {
    llm.script({ content: 'Paris is the capital of France.', usage: { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500 } });
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'Capital of France?' }), 200));
    expect(a).toMatchObject({ answer: 'Paris is the capital of France.', model: 'openai:gpt-4o-mini', usage: { promptTokens: 1200, completionTokens: 300, totalTokens: 1500 } });
    expect(llm.requests[0]!.body!.temperature).toBe(0.4);
    const [turn] = await turnsFor(a.threadId);
    expect(turn).toMatchObject({ prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500, is_test: false });
    expect(turn.cost).toBeCloseTo((1200 * 0.15 + 300 * 0.6) / 1e6, 10);
  });

  it('retries a 429 (honouring Retry-After) and a 500, then answers once', async () => {
    llm.script({ status: 429, retryAfter: 1 }, { status: 500 }, { content: 'third time lucky' });
    const started = Date.now();
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'flaky?' }), 200));
    expect(a.answer).toBe('third time lucky');
    expect(llm.requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await turnsFor(a.threadId)).toHaveLength(1);
  });

  it('does not retry a refusal (400): 502 ProviderError with the provider message', async () => {
    llm.script({ status: 400, message: 'context_length_exceeded' });
    const { error } = await expectJson<{ error: { code: string; message: string } }>(await ask(p, { message: 'too long' }), 502);
    expect(error.code).toBe('ProviderError');
    expect(error.message).toContain('context_length_exceeded');
    expect(llm.requests).toHaveLength(1);
  });

  it('waits for a slow response', async () => {
    llm.script({ delayMs: 1500, content: 'slow but sure' });
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'take your time' }), 200));
    expect(a.answer).toBe('slow but sure');
  });
});

describe('structured output', () => {
  const schema = { type: 'object', required: ['city', 'population'], properties: { city: { type: 'string' }, population: { type: 'integer' } } };

  it('returns an answer that is a JSON string valid against jsonSchema', async () => {
    llm.script({ content: '{"city":"Oslo","population":709000}' });
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'Largest city in Norway?', responseFormat: 'json_object', jsonSchema: schema }), 200));
    expect(JSON.parse(a.answer)).toEqual({ city: 'Oslo', population: 709000 });
    expect(llm.requests[0]!.body!.response_format).toEqual({ type: 'json_schema', json_schema: expect.objectContaining({ name: 'answer', schema }) });
  });

  it('json_object without a schema asks the provider for JSON mode', async () => {
    llm.script({ content: '{"ok":true}' });
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'json please', responseFormat: 'json_object' }), 200));
    expect(JSON.parse(a.answer)).toEqual({ ok: true });
    expect(llm.requests[0]!.body!.response_format).toEqual({ type: 'json_object' });
  });

  it('a model that cannot comply gets a clear 502 ModelOutputInvalid, and nothing is stored', async () => {
    llm.script({ content: '{"city":"Oslo"}' });
    const res = await ask(p, { message: 'Largest city?', responseFormat: 'json_object', jsonSchema: schema });
    const { error } = await expectJson<{ error: { code: string; message: string } }>(res, 502);
    expect(error.code).toBe('ModelOutputInvalid');
    expect(error.message).toContain('population');
  });

  it('an invalid jsonSchema is a 400 before anything runs', async () => {
    const res = await ask(p, { message: 'x', responseFormat: 'json_object', jsonSchema: { type: 'definitely-not-a-type' } });
    expect((await expectJson<{ error: { code: string } }>(res, 400)).error.code).toBe('ValidationError');
    expect(llm.requests).toHaveLength(0);
  });

  it('the offline local model answers {"answer": …} when the schema allows it', async () => {
    const local = await managedProject();
    const a = AskResponseSchema.parse(await expectJson(await ask(local, { message: 'hi', responseFormat: 'json_object', jsonSchema: { type: 'object', properties: { answer: { type: 'string' } } } }), 200));
    expect(Object.keys(JSON.parse(a.answer))).toEqual(['answer']);
  });
});

describe('usage marking', () => {
  it('counts local usage with the tokenizer and marks test-key traffic as test', async () => {
    const local = await managedProject({}, 'test');
    const a = AskResponseSchema.parse(await expectJson(await ask(local, { message: 'count these tokens please' }), 200));
    expect(a.usage.promptTokens).toBeGreaterThanOrEqual(4);
    expect(a.usage.completionTokens).toBeGreaterThan(10);
    expect((await turnsFor(a.threadId))[0]).toMatchObject({ is_test: true });
  });
});
