import { AskResponseSchema } from '@askflow/contract';
import { ask, closeDb, expectJson, manage, managedProject } from '../stack/context.js';
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

  it('answers a message whose words are names of JavaScript built-ins ("constructor", "__proto__") like any other', async () => {
    // "constructor" found Object's in a lookup table of weather words, and the ask failed with a 500.
    expect(await askJson('How do I call the constructor of a class?')).toMatchObject({ intent: 'vanilla', ragChunksUsed: 0 });
    const weather = await askJson('Is it hot in Oslo? toString valueOf __proto__ hasOwnProperty');
    expect(weather).toMatchObject({ intent: 'tools', toolUsed: 'getWeather' });
  });

  it('works arithmetic out itself: vanilla', async () => {
    expect(await askJson('What is 17 times 3?')).toMatchObject({ intent: 'vanilla', ragChunksUsed: 0, answer: '17 × 3 = 51.' });
  });

  it('converts units itself, calling neither knowledge nor the weather tool its words resemble: vanilla', async () => {
    const calledBefore = p.tool.received.length;
    expect(await askJson('Convert 100 degrees Fahrenheit to Celsius.')).toMatchObject({ intent: 'vanilla', ragChunksUsed: 0, toolUsed: null, answer: '100 °F = 37.7778 °C.' });
    expect(p.tool.received).toHaveLength(calledBefore);
  });

  it('streams why it answers without searching or calling anything with the answer itself', async () => {
    const events = await collect(await openStream('/service/ask/stream', { body: { tenantId: p.tenantId, message: 'Tell me a joke.' }, headers: { 'X-API-Key': p.apiKey } }));
    expect(events.map((e) => e.event).filter((e) => e.type === 'thinking')).toEqual([
      { type: 'thinking', phase: 'classifying' },
      { type: 'thinking', phase: 'generating', reason: expect.stringMatching(/^small talk \(/) as unknown },
    ]);
  });

  it('searches the knowledge the question is about and quotes it with its source and section: rag', async () => {
    const a = await askJson('Within how many days can items be returned?');
    expect(a).toMatchObject({ intent: 'rag', toolUsed: null });
    expect(a.sources!.map((s) => s.document)).toEqual(['returns.md']);
    expect(a.answer).toBe('Items can be returned within 60 days. (returns.md › Returns)');
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
    expect(a.answer).toContain('(returns.md › Returns)');
  });

  it('answers a question worded in everyday English without searching a large manual that holds each of its words, and says why', async () => {
    // 150 sections about branches, one of which says "meaning" and one "life" in passing.
    const section = (i: number) =>
      `## Branches, part ${i}\n` +
      `A branch is a movable pointer to commit ${i}. Rename a branch with git branch -m old new; list branches with git branch. `.repeat(8) +
      (i === 7 ? 'The meaning of the upstream setting is explained below. ' : '') +
      (i === 90 ? 'The life of a topic branch ends when it is merged. ' : '');
    const manual = await managedProject({ ragEnabled: true });
    const doc = await expectJson<{ id: string }>(
      await manage(manual.owner.token, 'POST', `/projects/${manual.tenantId}/knowledge`, { name: 'branches.md', text: Array.from({ length: 150 }, (_, i) => section(i)).join('\n\n') }),
      202,
    );
    let chunks = 0;
    for (let i = 0; i < 300 && !chunks; i++) {
      const d = await expectJson<{ status: string; chunksTotal: number }>(await manage(manual.owner.token, 'GET', `/projects/${manual.tenantId}/knowledge/${doc.id}`), 200);
      if (d.status === 'ready') chunks = d.chunksTotal;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(chunks).toBeGreaterThan(100);

    const everyday = await collect(await openStream('/service/ask/stream', { body: { tenantId: manual.tenantId, message: 'What is the meaning of life?' }, headers: { 'X-API-Key': manual.apiKey } }));
    expect(everyday.map((e) => e.event).find((e) => e.type === 'thinking' && e.phase === 'generating')).toMatchObject({
      reason: expect.stringMatching(/^"What is the meaning of life\?" is worded as everyday English, not as the knowledge is \(IDF coverage 1\.00 ≥ 0\.5 over \d+ chunks; (?:life|meaning) [\d.]+×, (?:life|meaning) [\d.]+× as common there as in everyday English: [\d.]+× < 1×\)/) as unknown,
    });
    expect(everyday.at(-1)!.event).toMatchObject({ type: 'done', intent: 'vanilla', ragChunksUsed: 0 });

    const a = AskResponseSchema.parse(await expectJson(await ask(manual, { message: 'How do I rename a branch?' }), 200));
    expect(a).toMatchObject({ intent: 'rag' });
    expect(a.sources!.map((s) => s.document)).toContain('branches.md');
  });

  it("streams the router's reason with the step it took", async () => {
    const events = await collect(await openStream('/service/ask/stream', { body: { tenantId: p.tenantId, message: 'Within how many days can items be returned?' }, headers: { 'X-API-Key': p.apiKey } }));
    const retrieving = events.map((e) => e.event).find((e) => e.type === 'thinking' && e.phase === 'retrieving');
    expect(retrieving).toMatchObject({ reason: expect.stringContaining('the knowledge covers') as unknown });
    expect(events.at(-1)!.event).toMatchObject({ type: 'done', intent: 'rag' });
  });
});
