import { randomUUID } from 'node:crypto';
import { AnalyticsSchema, type AnalyticsView, type AskResponse } from '@askflow/contract';
import { insertTurn, recordFirstDelta } from '../../store/turns.js';
import { ask, closeDb, db, expectJson, manage, postJson, signUp, stackInfo } from '../stack/context.js';
import { BrowserSession } from './browserSession.js';
import { expectWire } from '../stack/wire.js';

afterAll(closeDb);

interface KnownTurn {
  at: string;
  model: string;
  isTest: boolean;
  prompt: number;
  completion: number;
  cost: number;
  latency: number;
  intent?: AskResponse['intent'];
  /** Streamed asks only: ms to the first delta, as the api records it. */
  firstDelta?: number;
}

/** A turn with exact numbers at an exact time, written as persistTurn would write it. */
async function insertKnownTurn(projectId: string, t: KnownTurn): Promise<void> {
  const threadId = randomUUID();
  const workflowId = `ask-${projectId}-${randomUUID()}`;
  const usage = { promptTokens: t.prompt, completionTokens: t.completion, totalTokens: t.prompt + t.completion };
  const intent = t.intent ?? 'vanilla';
  const response: AskResponse = { threadId, answer: 'a', intent, toolUsed: null, ragChunksUsed: 0, usage, model: t.model };
  await insertTurn(db(), {
    projectId, threadId, workflowId, requestId: randomUUID(), externalUserId: null, userMessage: 'q', answer: 'a',
    intent, model: t.model, toolUsed: null, ragChunksUsed: 0, usage, costUsd: t.cost, latencyMs: t.latency, isTest: t.isTest, response,
  });
  if (t.firstDelta !== undefined) await recordFirstDelta(db(), workflowId, t.firstDelta);
  await db().query(`UPDATE turns SET created_at = $2 WHERE workflow_id = $1`, [workflowId, t.at]);
}

const GPT = 'openai:gpt-4o-mini';
const LOCAL = 'local:extractive';
const WINDOW = 'from=2026-01-05T00:00:00Z&to=2026-01-07T00:00:00Z';

async function project(token: string): Promise<string> {
  return (await expectJson<{ id: string }>(await manage(token, 'POST', '/projects', { name: 'analytics' }), 201)).id;
}

async function analytics(token: string, projectId: string, query: string): Promise<AnalyticsView> {
  return expectWire(AnalyticsSchema, await manage(token, 'GET', `/projects/${projectId}/analytics?${query}`), 200);
}

describe('analytics over known turns', () => {
  let token: string;
  let projectId: string;

  beforeAll(async () => {
    token = (await signUp()).token;
    projectId = await project(token);
    const turns: KnownTurn[] = [
      { at: '2026-01-05T10:15:00Z', model: GPT, isTest: false, prompt: 100, completion: 50, cost: 0.001, latency: 100 },
      { at: '2026-01-05T11:40:00Z', model: GPT, isTest: false, prompt: 200, completion: 100, cost: 0.002, latency: 300 },
      { at: '2026-01-05T23:59:59Z', model: GPT, isTest: false, prompt: 10, completion: 10, cost: 0.0005, latency: 200 },
      { at: '2026-01-05T12:00:00Z', model: GPT, isTest: true, prompt: 1000, completion: 500, cost: 0.01, latency: 1000 },
      { at: '2026-01-06T00:00:00Z', model: LOCAL, isTest: false, prompt: 5, completion: 5, cost: 0, latency: 50 },
      // Outside [from, to): `to` is exclusive.
      { at: '2026-01-04T23:59:59Z', model: GPT, isTest: false, prompt: 7, completion: 7, cost: 1, latency: 1 },
      { at: '2026-01-07T00:00:00Z', model: GPT, isTest: false, prompt: 7, completion: 7, cost: 1, latency: 1 },
    ];
    for (const t of turns) await insertKnownTurn(projectId, t);
    // Another owner's project in the same hours counts for nobody else.
    await insertKnownTurn(await project((await signUp()).token), { at: '2026-01-05T10:00:00Z', model: GPT, isTest: false, prompt: 9, completion: 9, cost: 9, latency: 9 });
  });

  it('sums per day, model and traffic, with latency percentiles', async () => {
    const body = await analytics(token, projectId, `${WINDOW}&bucket=day`);
    expect(body).toMatchObject({ bucket: 'day', from: '2026-01-05T00:00:00.000Z', to: '2026-01-07T00:00:00.000Z' });
    expect(body.series).toEqual([
      { t: '2026-01-05T00:00:00.000Z', model: GPT, traffic: 'live', asks: 3, promptTokens: 310, completionTokens: 160, totalTokens: 470, costUsd: 0.0035, latencyP50Ms: 200, latencyP95Ms: 290, fallbacks: 0 },
      { t: '2026-01-05T00:00:00.000Z', model: GPT, traffic: 'test', asks: 1, promptTokens: 1000, completionTokens: 500, totalTokens: 1500, costUsd: 0.01, latencyP50Ms: 1000, latencyP95Ms: 1000, fallbacks: 0 },
      { t: '2026-01-06T00:00:00.000Z', model: LOCAL, traffic: 'live', asks: 1, promptTokens: 5, completionTokens: 5, totalTokens: 10, costUsd: 0, latencyP50Ms: 50, latencyP95Ms: 50, fallbacks: 0 },
    ]);
  });

  it('gives latency and first-delta percentiles per model and intent', async () => {
    const owner = await signUp();
    const mine = await project(owner.token);
    const at = '2026-01-05T10:00:00Z';
    const base = { at, isTest: false, prompt: 1, completion: 1, cost: 0 };
    // Four streamed rag asks of GPT (first deltas 100…400 ms), one JSON rag ask (no first delta),
    // one vanilla ask of the local model; the test key's ask counts like the others here.
    for (const [i, firstDelta] of [100, 200, 300, 400].entries()) {
      await insertKnownTurn(mine, { ...base, model: GPT, intent: 'rag', latency: 1000 * (i + 1), firstDelta, isTest: i === 3 });
    }
    await insertKnownTurn(mine, { ...base, model: GPT, intent: 'rag', latency: 5000 });
    await insertKnownTurn(mine, { ...base, model: LOCAL, intent: 'vanilla', latency: 40 });
    const { performance } = await analytics(owner.token, mine, WINDOW);
    expect(performance).toEqual([
      { model: LOCAL, intent: 'vanilla', asks: 1, latencyP50Ms: 40, latencyP95Ms: 40, streamed: 0, firstDeltaP50Ms: null, firstDeltaP95Ms: null },
      // percentile_cont: p50 of 1…5 s is 3 s, p95 is 4.8 s; of 100…400 ms, 250 and 385 ms.
      { model: GPT, intent: 'rag', asks: 5, latencyP50Ms: 3000, latencyP95Ms: 4800, streamed: 4, firstDeltaP50Ms: 250, firstDeltaP95Ms: 385 },
    ]);
  });

  it('counts test traffic in totals but never its cost', async () => {
    const { totals } = await analytics(token, projectId, WINDOW);
    expect(totals).toEqual({ live: { asks: 4, totalTokens: 480, costUsd: 0.0035 }, test: { asks: 1, totalTokens: 1500, costUsd: 0 } });
  });

  it('cuts hourly buckets in UTC whatever offset the range is given in', async () => {
    const body = await analytics(token, projectId, 'from=2026-01-05T01:00:00%2B01:00&to=2026-01-07T01:00:00%2B01:00&bucket=hour');
    expect(body.from).toBe('2026-01-05T00:00:00.000Z');
    expect(body.series.map((p) => [p.t, p.model, p.traffic, p.asks])).toEqual([
      ['2026-01-05T10:00:00.000Z', GPT, 'live', 1],
      ['2026-01-05T11:00:00.000Z', GPT, 'live', 1],
      ['2026-01-05T12:00:00.000Z', GPT, 'test', 1],
      ['2026-01-05T23:00:00.000Z', GPT, 'live', 1],
      ['2026-01-06T00:00:00.000Z', LOCAL, 'live', 1],
    ]);
  });

  it('is readable through the console session too', async () => {
    const owner = await signUp();
    const browser = new BrowserSession();
    await expectJson(await browser.fetch('POST', '/manage/session', { body: { email: owner.email, password: owner.password } }), 200);
    const mine = await project(owner.token);
    await insertKnownTurn(mine, { at: '2026-01-05T10:00:00Z', model: LOCAL, isTest: true, prompt: 3, completion: 4, cost: 0.5, latency: 10 });
    const body = await expectWire(AnalyticsSchema, await browser.fetch('GET', `/manage/projects/${mine}/analytics?${WINDOW}`), 200);
    expect(body.totals).toEqual({ live: { asks: 0, totalTokens: 0, costUsd: 0 }, test: { asks: 1, totalTokens: 7, costUsd: 0 } });
    await expectJson(await browser.fetch('GET', `/manage/projects/${projectId}/analytics?${WINDOW}`), 404);
  });

  it.each([
    ['an unknown bucket', 'bucket=week', 'bucket'],
    ['a from that is not an ISO time', 'from=yesterday', 'from'],
    ['a to without offset', 'to=2026-01-07T00:00:00', 'to'],
    ['from after to', 'from=2026-01-07T00:00:00Z&to=2026-01-05T00:00:00Z', 'from'],
    ['more than 31 days of hours', 'from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z&bucket=hour', 'to'],
    ['an unknown parameter', 'form=2026-01-01T00:00:00Z', '(query)'],
  ])('refuses %s with 400 ValidationError', async (_what, query, path) => {
    const res = await manage(token, 'GET', `/projects/${projectId}/analytics?${query}`);
    const { error } = await expectJson<{ error: { code: string; message: string; details: { path: string }[] } }>(res, 400);
    expect(error.code).toBe('ValidationError');
    expect(error.message).toMatch(/^Invalid query/);
    expect(error.details.map((d) => d.path)).toContain(path);
  });

  it('needs an owner', async () => {
    expect((await fetch(`${stackInfo().baseUrl}/manage/projects/${projectId}/analytics`)).status).toBe(401);
  });
});

describe('analytics of real asks', () => {
  it('shows live and test keys as separate traffic over the last 7 days, pricing only live in totals', async () => {
    const owner = await signUp();
    const projectId = await project(owner.token);
    // A price for the offline model, so both kinds of traffic have a cost to include or leave out.
    await expectJson(await manage(owner.token, 'PUT', `/projects/${projectId}/prices`, { prices: [{ modelId: LOCAL, inputPerMillion: 1000, outputPerMillion: 2000 }] }), 200);
    for (const mode of ['live', 'test'] as const) {
      const { key } = await expectJson<{ key: string }>(await manage(owner.token, 'POST', `/projects/${projectId}/keys`, { mode }), 201);
      await expectJson(await ask({ tenantId: projectId, apiKey: key }, { message: `hello from a ${mode} key` }), 200);
    }

    const body = await analytics(owner.token, projectId, '');
    expect(body.bucket).toBe('day');
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(7 * 24 * 3600 * 1000);
    expect(Math.abs(Date.parse(body.to) - Date.now())).toBeLessThan(60_000);
    expect(body.series.map((p) => [p.model, p.traffic, p.asks])).toEqual([[LOCAL, 'live', 1], [LOCAL, 'test', 1]]);
    const [live, test] = body.series;
    for (const p of [live!, test!]) {
      // Today's UTC day (or yesterday's, had the ask run just before midnight).
      expect(p.t).toMatch(/T00:00:00\.000Z$/);
      expect(Date.now() - Date.parse(p.t)).toBeLessThan(24 * 3600 * 1000 + 120_000);
      expect(p.totalTokens).toBe(p.promptTokens + p.completionTokens);
      expect(p.costUsd).toBeCloseTo((p.promptTokens * 1000 + p.completionTokens * 2000) / 1e6, 8);
      expect(p.latencyP50Ms).toBeGreaterThan(0);
    }
    expect(test!.costUsd).toBeGreaterThan(0);
    expect(body.totals.live).toEqual({ asks: 1, totalTokens: live!.totalTokens, costUsd: live!.costUsd });
    expect(body.totals.test).toEqual({ asks: 1, totalTokens: test!.totalTokens, costUsd: 0 });
    // Neither ask was streamed: no first-delta time.
    expect(body.performance).toEqual([expect.objectContaining({ model: LOCAL, intent: 'vanilla', asks: 2, streamed: 0, firstDeltaP50Ms: null })]);
  });

  it('times a streamed ask to its first delta, as its client saw it at most', async () => {
    const owner = await signUp();
    const projectId = await project(owner.token);
    const { key } = await expectJson<{ key: string }>(await manage(owner.token, 'POST', `/projects/${projectId}/keys`, { mode: 'test' }), 201);
    const started = Date.now();
    const res = await postJson('/service/ask/stream', { tenantId: projectId, message: 'hello there' }, { 'X-API-Key': key });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    let firstDeltaSeen = NaN;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += new TextDecoder().decode(chunk.value);
      if (Number.isNaN(firstDeltaSeen) && text.includes('event: delta')) firstDeltaSeen = Date.now() - started;
    }
    expect(text).toContain('event: done');
    // Recorded after the stream's `done` without holding the stream up: it may trail by a moment.
    let row: { performance: AnalyticsView['performance'] } = { performance: [] };
    for (let i = 0; i < 50 && !(row.performance[0]?.streamed ?? 0); i++) {
      row = await analytics(owner.token, projectId, '');
      if (!row.performance[0]?.streamed) await new Promise((r) => setTimeout(r, 100));
    }
    const [speed] = row.performance;
    expect(speed).toMatchObject({ model: LOCAL, intent: 'vanilla', asks: 1, streamed: 1 });
    // Measured by the api from the request's arrival: never after the client saw it.
    expect(speed!.firstDeltaP50Ms).toBeGreaterThan(0);
    expect(speed!.firstDeltaP50Ms).toBeLessThanOrEqual(firstDeltaSeen);
    expect(speed!.firstDeltaP50Ms).toBeLessThanOrEqual(speed!.latencyP50Ms);
  });
});
