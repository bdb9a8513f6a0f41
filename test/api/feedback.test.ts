// End users' feedback: one rating per answered ask, replaceable, shown on the turn in the
// management API and as a satisfaction rate per model and intent in analytics; refused for asks
// that are not the key's or not answered.
import { AnalyticsSchema, AskResponseSchema, ThreadTurnsSchema } from '@askflow/contract';
import { clientFor } from '../client/fixtures.js';
import { closeDb, expectJson, manage, stackInfo } from '../stack/context.js';
import { weatherProject } from '../stack/weatherProject.js';

afterAll(closeDb);

type Project = Awaited<ReturnType<typeof weatherProject>>;
const projects: Project[] = [];
afterAll(async () => {
  for (const p of projects) await p.tool.close();
});

async function project(): Promise<Project> {
  const p = await weatherProject();
  projects.push(p);
  return p;
}

/** A JSON ask, with the ask id its response header names. */
async function askOf(p: Project, message: string) {
  const res = await fetch(`${stackInfo().baseUrl}/service/ask`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': p.apiKey }, body: JSON.stringify({ tenantId: p.tenantId, message }) });
  const answer = AskResponseSchema.parse(await expectJson(res, 200));
  return { askId: res.headers.get('askflow-ask-id')!, answer };
}

const feedback = (p: { apiKey: string }, body: Record<string, unknown>) =>
  fetch(`${stackInfo().baseUrl}/service/feedback`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': p.apiKey }, body: JSON.stringify(body) });

const turns = async (p: Project, threadId: string) => ThreadTurnsSchema.parse(await expectJson(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/threads/${threadId}`), 200)).turns;

describe('feedback', () => {
  it('rates an answer (204), replaces the rating, and shows it on the turn and in analytics per model and intent', async () => {
    const p = await project();
    const rag = await askOf(p, 'Within how many days can items be returned?');
    const tool = await askOf(p, "What's the weather in Oslo?");
    expect([rag.answer.intent, tool.answer.intent]).toEqual(['rag', 'tools']);
    expect((await turns(p, rag.answer.threadId))[0]!.feedback).toBeNull();

    const first = await feedback(p, { tenantId: p.tenantId, askId: rag.askId, rating: -1, comment: 'Too short' });
    expect(first.status).toBe(204);
    expect(await first.text()).toBe('');
    expect((await turns(p, rag.answer.threadId))[0]!.feedback).toMatchObject({ rating: -1, comment: 'Too short' });
    // One per ask: the latest replaces it.
    expect((await feedback(p, { tenantId: p.tenantId, askId: rag.askId, rating: 1 })).status).toBe(204);
    expect((await turns(p, rag.answer.threadId))[0]!.feedback).toMatchObject({ rating: 1, comment: null });
    expect((await feedback(p, { tenantId: p.tenantId, askId: tool.askId, rating: -1 })).status).toBe(204);

    const analytics = AnalyticsSchema.parse(await expectJson(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/analytics`), 200));
    expect(analytics.satisfaction).toEqual([
      { model: 'local:extractive', intent: 'rag', rated: 1, positive: 1, rate: 1 },
      { model: 'local:extractive', intent: 'tools', rated: 1, positive: 0, rate: 0 },
    ]);
  }, 30_000);

  it("refuses a bad body (400), another tenant (401), and an ask that is not the key's or has no answer (404)", async () => {
    const p = await project();
    const other = await project();
    const { askId } = await askOf(p, 'hello');
    const bad = await feedback(p, { tenantId: p.tenantId, askId, rating: 5 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('ValidationError');
    expect((await feedback(p, { tenantId: p.tenantId, askId, rating: 1, extra: true })).status).toBe(400);
    expect((await feedback(p, { tenantId: p.tenantId, askId, rating: 1, comment: 'x'.repeat(2001) })).status).toBe(400);
    expect((await feedback(p, { tenantId: other.tenantId, askId, rating: 1 })).status).toBe(401);
    expect((await feedback(other, { tenantId: other.tenantId, askId, rating: 1 })).status).toBe(404);
    expect((await feedback(p, { tenantId: p.tenantId, askId: `ask-${p.tenantId}-00000000-0000-4000-8000-000000000000`, rating: 1 })).status).toBe(404);
  }, 30_000);

  it('the client: feedback() rates the ask a background ask or a stream named', async () => {
    const p = await project();
    const client = clientFor(p);
    const { askId, threadId } = await client.askBackground({ message: 'Within how many days can items be returned?' });
    for (let i = 0; i < 100 && (await client.getAsk(askId)).status === 'running'; i++) await new Promise((r) => setTimeout(r, 100));
    await expect(client.feedback({ askId, rating: 1, comment: 'Spot on' })).resolves.toBeUndefined();
    expect((await turns(p, threadId))[0]!.feedback).toMatchObject({ rating: 1, comment: 'Spot on' });
  }, 30_000);
});
