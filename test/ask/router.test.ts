import { AskResponseSchema } from '@askflow/contract';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { ask, closeDb, expectJson, manage } from '../stack/context.js';
import { collect, openStream } from '../stack/sse.js';
import { weatherProject } from '../stack/weatherProject.js';

/**
 * With a model provider the model routes the ask: knowledge search is offered to it as the tool
 * `search_knowledge` beside the project's tools, and the intent is what it used. Driven through
 * the real api and the `openai` package against a local server that scripts the model's calls.
 */
let llm: ChatCompletionsServer;
let p: Awaited<ReturnType<typeof weatherProject>>;

beforeAll(async () => {
  llm = await startChatCompletionsServer();
  p = await weatherProject();
  await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/openai`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey }), 200);
  await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'openai:gpt-test' }), 200);
});
afterAll(async () => {
  await llm.close();
  await p.tool.close();
  await closeDb();
});
beforeEach(() => llm.reset());

const chatRequests = () => llm.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.body!);
const askJson = async (message: string) => AskResponseSchema.parse(await expectJson(await ask(p, { message }), 200));

describe('the model routes the ask', () => {
  it('answers without calling anything: vanilla, nothing retrieved, though search and tools were offered', async () => {
    const a = await askJson('Hi there!');
    expect(a).toMatchObject({ intent: 'vanilla', ragChunksUsed: 0, toolUsed: null });
    expect(a.sources).toBeUndefined();
    const [only, ...more] = chatRequests();
    expect(more).toEqual([]);
    expect(only!.tools!.map((t) => t.function!.name)).toEqual(['search_knowledge', 'getWeather']);
    expect(only!.tool_choice).toBe('auto');
  });

  it('searches the knowledge when it calls search_knowledge, and answers from the passages: rag', async () => {
    llm.script({ toolCalls: [{ name: 'search_knowledge', arguments: '{"query":"return window days"}' }] });
    const a = await askJson('How long do I have to send something back?');
    expect(a).toMatchObject({ intent: 'rag', toolUsed: null });
    expect(a.ragChunksUsed).toBeGreaterThan(0);
    expect(a.sources!.map((s) => s.document)).toContain('returns.md');
    const [first, second] = chatRequests();
    expect(first!.tool_choice).toBe('auto');
    // The second round carries the call and its result in the protocol's own messages.
    const messages = second!.messages as { role: string; content: string | null; tool_calls?: { function: { name: string } }[]; tool_call_id?: string }[];
    const call = messages.find((m) => m.role === 'assistant' && m.tool_calls);
    expect(call!.tool_calls![0]!.function.name).toBe('search_knowledge');
    const result = messages.find((m) => m.role === 'tool');
    expect(result!.content).toContain('60 days');
    // Each passage is labelled with its source and the section it is in, for the model to cite.
    expect(result!.content).toMatch(/^\[1\] returns\.md#\d+ › Returns\n/);
  });

  it('calls a project tool: tools; and both side by side in one round: rag_tools', async () => {
    llm.script({ toolCalls: [{ name: 'getWeather', arguments: '{"city":"Oslo"}' }] });
    const tools = await askJson('Weather in Oslo?');
    expect(tools).toMatchObject({ intent: 'tools', toolUsed: 'getWeather', ragChunksUsed: 0 });
    expect(p.tool.received.at(-1)!.body).toMatchObject({ tool: 'getWeather', arguments: { city: 'Oslo' } });

    llm.reset();
    llm.script({ toolCalls: [{ name: 'getWeather', arguments: '{"city":"Oslo"}' }, { name: 'search_knowledge', arguments: '{"query":"returns"}' }] });
    const both = await askJson('Is it raining in Oslo, and can I still return my boots?');
    expect(both).toMatchObject({ intent: 'rag_tools', toolUsed: 'getWeather' });
    expect(both.ragChunksUsed).toBeGreaterThan(0);
    const second = chatRequests()[1]!;
    expect((second.messages as { role: string }[]).filter((m) => m.role === 'tool')).toHaveLength(2);
  });

  it('runs at most ten of a round\'s calls: the rest go back to the model as not called, and reach no tool', async () => {
    const cities = Array.from({ length: 25 }, (_, i) => `City${i + 1}`);
    llm.script({ toolCalls: cities.map((city) => ({ name: 'getWeather', arguments: JSON.stringify({ city }) })) });
    const before = p.tool.received.length;
    const events = await collect(await openStream('/service/ask/stream', { body: { tenantId: p.tenantId, message: `Weather in ${cities.join(', ')}?` }, headers: { 'X-API-Key': p.apiKey } }));
    expect(events.at(-1)!.event).toMatchObject({ type: 'done', intent: 'tools', toolUsed: 'getWeather' });
    const called = p.tool.received.slice(before).map((r) => String(r.body.arguments.city));
    expect(called.sort()).toEqual(cities.slice(0, 10).sort());
    expect(events.filter((e) => e.event.type === 'tool.calling')).toHaveLength(10);
    expect(events.map((e) => e.event)).toContainEqual({ type: 'thinking', phase: 'calling_tool', reason: '15 more tool calls not made: at most 10 run in one round' });
    // The protocol wants a result for every call: the model learns which were not made, and why.
    const results = (chatRequests()[1]!.messages as { role: string; content: string }[]).filter((m) => m.role === 'tool');
    expect(results).toHaveLength(25);
    expect(results.slice(10).every((m) => m.content.startsWith('The tool getWeather was not called: at most 10 tool calls run in one round'))).toBe(true);
    expect(results.slice(0, 10).some((m) => m.content.includes('not called'))).toBe(false);
  });

  it('stops offering tools after maxToolRounds: the last round must answer', async () => {
    await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { maxToolRounds: 1 }), 200);
    try {
      llm.script({ toolCalls: [{ name: 'getWeather', arguments: '{"city":"Oslo"}' }] });
      const a = await askJson('Weather in Oslo?');
      expect(a.intent).toBe('tools');
      expect(chatRequests().map((r) => r.tool_choice)).toEqual(['auto', 'none']);
    } finally {
      await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { maxToolRounds: 3 }), 200);
    }
  });

  it('streams: a streamed search call, then the answer as deltas after `generating`', async () => {
    llm.script({ toolCalls: [{ name: 'search_knowledge', arguments: '{"query":"returns"}' }] });
    const events = await collect(await openStream('/service/ask/stream', { body: { tenantId: p.tenantId, message: 'Can I return items?' }, headers: { 'X-API-Key': p.apiKey } }));
    const types = events.map((e) => (e.event.type === 'thinking' ? `thinking:${e.event.phase}` : e.event.type));
    expect(types.slice(0, 4)).toEqual(['thinking:classifying', 'thinking:retrieving', 'retrieval', 'thinking:generating']);
    const done = events.at(-1)!.event;
    expect(done).toMatchObject({ type: 'done', intent: 'rag' });
    const deltas = events.filter((e) => e.event.type === 'delta').map((e) => (e.event as { content: string }).content).join('');
    expect(done.type === 'done' && deltas).toBe(done.type === 'done' ? done.answer : '');
    expect(chatRequests().every((r) => r.stream === true)).toBe(true);
  });
});
