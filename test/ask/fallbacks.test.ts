// Model fallbacks: when the project default's provider keeps failing (after its retries) — here
// its test server is killed while it is answering — the ask is answered by the next model of
// `fallbackModels`, announced by a `fallback` event; a refusal is not an outage, and a caller who
// named a model gets that model or an error.
import { AnalyticsSchema, AskResponseSchema } from '@askflow/contract';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { closeDb, expectJson, managedProject, manage, stackInfo } from '../stack/context.js';
import { collect, openStream } from '../stack/sse.js';

let backup: ChatCompletionsServer;
beforeAll(async () => (backup = await startChatCompletionsServer()));
afterAll(async () => {
  await backup.close();
  await closeDb();
});
beforeEach(() => backup.reset());

/** A project whose default runs on `primary` and falls back to the backup server's model. */
async function projectOn(primary: ChatCompletionsServer) {
  const p = await managedProject();
  await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/openai`, { baseUrl: primary.baseUrl, apiKey: primary.apiKey }), 200);
  await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/backup`, { baseUrl: backup.baseUrl, apiKey: backup.apiKey }), 200);
  const view = await expectJson<{ fallbackModels: string[] }>(
    await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'openai:gpt-4o-mini', fallbackModels: ['backup:gpt-4o-mini'], modelSwitching: true, models: ['openai:gpt-4o-mini', 'backup:gpt-4o-mini'] }),
    200,
  );
  expect(view.fallbackModels).toEqual(['backup:gpt-4o-mini']);
  return p;
}

const ask = (p: { tenantId: string; apiKey: string }, body: Record<string, unknown>) =>
  fetch(`${stackInfo().baseUrl}/service/ask`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': p.apiKey }, body: JSON.stringify({ tenantId: p.tenantId, ...body }) });

describe('model fallbacks', () => {
  it("a stream whose model's server dies mid-answer is answered by the fallback model, with a fallback event", async () => {
    const primary = await startChatCompletionsServer();
    const p = await projectOn(primary);
    primary.script({ chunks: ['Half ', 'an answer'], firstTokenDelayMs: 2000 });
    backup.script({ chunks: ['From ', 'the backup.'] });
    const stream = openStream('/service/ask/stream', { body: { tenantId: p.tenantId, message: 'Are you there?' }, headers: { 'X-API-Key': p.apiKey } });
    // Kill the primary once it is answering: its connection drops, then every retry is refused.
    for (let i = 0; i < 100 && primary.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await primary.close();
    const events = (await collect(await stream)).map((e) => e.event);
    expect(events).toContainEqual({ type: 'fallback', from: 'openai:gpt-4o-mini', to: 'backup:gpt-4o-mini', reason: expect.stringContaining('provider') });
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: 'done', model: 'backup:gpt-4o-mini', answer: 'From the backup.' });
    // A reset follows the fallback: the deltas after the last reset make the answer, as always.
    const at = events.findIndex((e) => e.type === 'fallback');
    expect(events[at + 1]).toMatchObject({ type: 'reset' });
    const lastReset = events.map((e) => e.type).lastIndexOf('reset');
    expect(events.slice(lastReset + 1).flatMap((e) => (e.type === 'delta' ? [e.content] : [])).join('')).toBe('From the backup.');
  }, 60_000);

  it('a JSON ask falls back too; a refusal does not; a caller who named the model gets it or an error', async () => {
    const dead = await startChatCompletionsServer();
    const p = await projectOn(dead);
    await dead.close();
    backup.script({ content: 'Backup answer.' });
    const answer = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'Hello?' }), 200));
    expect(answer).toMatchObject({ model: 'backup:gpt-4o-mini', answer: 'Backup answer.' });
    // Analytics count it under the model that answered.
    const analytics = AnalyticsSchema.parse(await expectJson(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/analytics`), 200));
    expect(analytics.series.map((s) => [s.model, s.asks, s.fallbacks])).toEqual([['backup:gpt-4o-mini', 1, 1]]);

    // Named: no fallback, the provider's failure is the answer.
    backup.reset();
    const named = await ask(p, { message: 'Hello?', model: 'openai:gpt-4o-mini' });
    expect(named.status).toBe(502);
    expect(((await named.json()) as { error: { code: string } }).error.code).toBe('ProviderError');
    expect(backup.requests).toHaveLength(0);

    // A refusal (4xx) is about the request, not the provider's health: no fallback either.
    const refusing = await startChatCompletionsServer();
    try {
      const q = await projectOn(refusing);
      refusing.script({ status: 400, message: 'bad request from the test' });
      backup.reset();
      const refused = await ask(q, { message: 'Hello?' });
      expect(refused.status).toBe(502);
      expect(backup.requests).toHaveLength(0);
    } finally {
      await refusing.close();
    }
  }, 60_000);
});
