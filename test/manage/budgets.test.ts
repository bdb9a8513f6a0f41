import { AnalyticsSchema, BudgetViewSchema, type BudgetView } from '@askflow/contract';
import { ask, closeDb, expectJson, managedProject, manage, signUp } from '../stack/context.js';
import { openStream } from '../stack/sse.js';
import { expectWire } from '../stack/wire.js';

afterAll(closeDb);

const LOCAL = 'local:extractive';
type P = Awaited<ReturnType<typeof managedProject>>;

const budget = async (p: P, path = '') => expectWire(BudgetViewSchema, await manage(p.owner.token, 'GET', `/projects/${p.tenantId}${path}/budget`), 200);
const setBudget = async (p: P, body: unknown, path = '') => expectWire(BudgetViewSchema, await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}${path}/budget`, body), 200);

async function expectBudgetRefusal(res: Response, pattern: RegExp): Promise<void> {
  const body = await expectJson<{ error: { code: string; message: string } }>(res, 402);
  expect(body.error.code).toBe('BudgetExceeded');
  expect(body.error.message).toMatch(pattern);
  const retryAfter = Number(res.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThan(0);
}

describe('budgets', () => {
  it("a project's daily token cap refuses the next ask with 402 until it resets; its usage agrees with analytics", async () => {
    const p = await managedProject({}, 'live');
    await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/prices`, { prices: [{ modelId: LOCAL, inputPerMillion: 1000, outputPerMillion: 2000 }] }), 200);
    const empty = await budget(p);
    expect(empty.limits).toEqual({ dailyTokens: null, monthlyTokens: null, dailyCostUsd: null, monthlyCostUsd: null });
    expect(empty.usage.day).toMatchObject({ tokens: 0, costUsd: 0, asks: 0 });
    expect(new Date(empty.usage.day.resetsAt).getUTCHours()).toBe(0);
    expect(new Date(empty.usage.month.resetsAt).getUTCDate()).toBe(1);

    await setBudget(p, { dailyTokens: 1 });
    // Under the cap when it starts: answered (the cap is overshot by at most the asks under way).
    await expectJson(await ask(p, { message: 'What is a budget?' }), 200);
    await expectBudgetRefusal(await ask(p, { message: 'And another question?' }), /project's daily token budget \(1 tokens\) is used up .* resets at \d{4}-\d\d-\d\dT00:00:00\.000Z/);
    // Streamed asks are refused the same way, before any stream opens.
    const streamed = await openStream('/service/ask/stream', { body: { tenantId: p.tenantId, message: 'stream it' }, headers: { 'X-API-Key': p.apiKey } });
    await expectBudgetRefusal(streamed.response, /daily token budget/);

    // Usage as the budget counts it is the usage analytics shows.
    const used = await budget(p);
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
    const analytics = await expectWire(AnalyticsSchema, await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/analytics?bucket=hour&from=${from}&to=${new Date(now.getTime() + 60_000).toISOString()}`), 200);
    expect(used.usage.day.asks).toBe(1);
    expect(used.usage.day.tokens).toBe(analytics.totals.live.totalTokens);
    expect(used.usage.day.tokens).toBeGreaterThan(1);
    expect(used.usage.day.costUsd).toBeCloseTo(analytics.totals.live.costUsd, 8);
    expect(used.usage.day.costUsd).toBeGreaterThan(0);
    expect(used.usage.month.tokens).toBe(used.usage.day.tokens);

    // Raising the cap lets asks through again.
    await setBudget(p, { dailyTokens: 1_000_000, monthlyCostUsd: 5 });
    await expectJson(await ask(p, { message: 'Back in budget?' }), 200);
    // A cost cap works the same way; the month's cap says so, resetting on the 1st.
    await setBudget(p, { monthlyCostUsd: 0.000001 });
    await expectBudgetRefusal(await ask(p, { message: 'Over the monthly cost?' }), /monthly cost budget \(\$0\.000001\) is used up .* resets at \d{4}-\d\d-01T00:00:00\.000Z/);
  });

  it("a key's cap stops that key only; a refused ask's Idempotency-Key is free for the retry", async () => {
    const p = await managedProject();
    const second = await expectJson<{ id: string; key: string }>(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/keys`, { mode: 'test' }), 201);
    const keys = await expectJson<{ keys: { id: string; prefix: string }[] }>(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/keys`), 200);
    const first = keys.keys.find((k) => k.id !== second.id)!;

    await setBudget(p, { monthlyTokens: 1 }, `/keys/${first.id}`);
    await expectJson(await ask(p, { message: 'first key, first ask' }), 200);
    await expectBudgetRefusal(await ask(p, { message: 'first key again' }, { 'Idempotency-Key': 'budget-retry-1' }), /API key's monthly token budget/);
    // The other key of the same project is not capped.
    await expectJson(await ask({ tenantId: p.tenantId, apiKey: second.key }, { message: 'second key' }), 200);
    const firstUsage: BudgetView = await budget(p, `/keys/${first.id}`);
    const secondUsage = await budget(p, `/keys/${second.id}`);
    const projectUsage = await budget(p);
    expect(firstUsage.usage.month.asks).toBe(1);
    expect(secondUsage.usage.month.asks).toBe(1);
    expect(projectUsage.usage.month.tokens).toBe(firstUsage.usage.month.tokens + secondUsage.usage.month.tokens);

    // Cap lifted: the same Idempotency-Key starts the ask now (it was not spent on the refusal).
    await setBudget(p, {}, `/keys/${first.id}`);
    const retried = await ask(p, { message: 'first key again' }, { 'Idempotency-Key': 'budget-retry-1' });
    await expectJson(retried, 200);
    expect(retried.headers.get('Idempotent-Replayed')).toBeNull();
  });

  it('refuses bad caps and other owners', async () => {
    const p = await managedProject();
    for (const bad of [{ dailyTokens: -1 }, { dailyTokens: 1.5 }, { monthlyCostUsd: 0 }, { dailyTokens: 1e16 }, { weekly: 5 }, { dailyCostUsd: '5' }]) {
      expect(await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/budget`, bad), 400)).toMatchObject({ error: { code: 'ValidationError' } });
    }
    const stranger = await signUp();
    await expectJson(await manage(stranger.token, 'GET', `/projects/${p.tenantId}/budget`), 404);
    await expectJson(await manage(stranger.token, 'PUT', `/projects/${p.tenantId}/budget`, { dailyTokens: 1 }), 404);
    const other = await managedProject();
    const otherKeys = await expectJson<{ keys: { id: string }[] }>(await manage(other.owner.token, 'GET', `/projects/${other.tenantId}/keys`), 200);
    // Another project's key, through this project: not found.
    await expectJson(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/keys/${otherKeys.keys[0]!.id}/budget`), 404);
    await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/keys/not-a-uuid/budget`, {}), 404);
  });
});
