import { AskResponseSchema } from '@askflow/contract';
import { ask, closeDb, expectJson } from '../stack/context.js';
import { collect, openStream } from '../stack/sse.js';
import { weatherProject } from '../stack/weatherProject.js';

/**
 * The offline `local` model routes asks itself, through the real api: small talk, arithmetic
 * and questions the knowledge cannot cover search nothing; a tool is called when the message
 * plainly means it, knowledge only when the corpus covers the rest; and each decision's reason
 * is in the stream. (Needs the routed ask workflow and `corpusStats` passed to respondTurn.)
 */
let p: Awaited<ReturnType<typeof weatherProject>>;

beforeAll(async () => {
  p = await weatherProject();
});
afterAll(async () => {
  await p.tool.close();
  await closeDb();
});

const askJson = async (message: string) => AskResponseSchema.parse(await expectJson(await ask(p, { message }), 200));

describe('the offline router, through the api', () => {
  it.each(['Hi there!', 'Tell me a joke.', 'What is the capital of Australia?'])('retrieves nothing and calls nothing for %s: vanilla', async (message) => {
    const a = await askJson(message);
    expect(a).toMatchObject({ intent: 'vanilla', ragChunksUsed: 0, toolUsed: null });
    expect(a.sources).toBeUndefined();
  });

  it('works arithmetic out itself: vanilla', async () => {
    expect(await askJson('What is 17 times 3?')).toMatchObject({ intent: 'vanilla', ragChunksUsed: 0, answer: '17 × 3 = 51.' });
  });

  it('searches the knowledge the question is about and quotes it with its source: rag', async () => {
    const a = await askJson('Within how many days can items be returned?');
    expect(a).toMatchObject({ intent: 'rag', toolUsed: null });
    expect(a.sources!.map((s) => s.document)).toEqual(['returns.md']);
    expect(a.answer).toBe('Items can be returned within 60 days. (returns.md)');
  });

  it('calls only the tool when only the tool is needed: tools, nothing retrieved', async () => {
    const a = await askJson("What's the weather in Oslo?");
    expect(a).toMatchObject({ intent: 'tools', toolUsed: 'getWeather', ragChunksUsed: 0 });
    expect(p.tool.received.at(-1)!.body).toMatchObject({ tool: 'getWeather', arguments: { city: 'Oslo' } });
    expect(a.answer).toContain('light rain');
  });

  it('calls both when the message needs both: rag_tools', async () => {
    const a = await askJson('Is it raining in Bergen? Also, can items be returned after 30 days?');
    expect(a).toMatchObject({ intent: 'rag_tools', toolUsed: 'getWeather' });
    expect(p.tool.received.at(-1)!.body).toMatchObject({ arguments: { city: 'Bergen' } });
    expect(a.answer).toContain('(returns.md)');
  });

  it("streams the router's reason with the step it took", async () => {
    const events = await collect(await openStream('/service/ask/stream', { body: { tenantId: p.tenantId, message: 'Within how many days can items be returned?' }, headers: { 'X-API-Key': p.apiKey } }));
    const retrieving = events.map((e) => e.event).find((e) => e.type === 'thinking' && e.phase === 'retrieving');
    expect(retrieving).toMatchObject({ reason: expect.stringContaining('the knowledge covers') as unknown });
    expect(events.at(-1)!.event).toMatchObject({ type: 'done', intent: 'rag' });
  });
});
