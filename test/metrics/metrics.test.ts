// Prometheus metrics as an operator scrapes them: /metrics of the api and of the worker (ports of
// their own, not the public one) before and after real asks, counters and histograms moving by
// what happened — and the Temporal SDK's own worker metrics beside Askflow's.
import { AskResponseSchema } from '@askflow/contract';
import '../../metrics/askMetrics.js';
import { startMetricsServer } from '../../metrics/server.js';
import { freePort } from '../../infra/ports.js';
import { closeDb, db, expectJson, stackInfo } from '../stack/context.js';
import { startReplica, type Replica } from '../stack/replicas.js';
import { collect, openStream } from '../stack/sse.js';
import { weatherProject } from '../stack/weatherProject.js';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (enough of the format for these assertions). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** Sum of a metric's samples whose labels include `match`. */
const sum = (samples: Sample[], name: string, match: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(match).every(([k, v]) => s.labels[k] === v)).reduce((n, s) => n + s.value, 0);

async function scrape(url: string): Promise<Sample[]> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return parse(await res.text());
}

// Counters are per process and other test files share the stack's api and worker: the asks here
// go to an api and a worker of this file's own (their own task queue), whose counters are its alone.
let api: Replica;
let worker: Replica;
let apiUrl: string;
let workerUrl: string;
beforeAll(async () => {
  const taskQueue = `askflow-metrics-${process.pid}`;
  const [apiPort, workerPort] = [await freePort(), await freePort()];
  worker = await startReplica('worker', { TEMPORAL_TASK_QUEUE: taskQueue, METRICS_PORT: String(workerPort) });
  api = await startReplica('api', { TEMPORAL_TASK_QUEUE: taskQueue, METRICS_PORT: String(apiPort) });
  [apiUrl, workerUrl] = [`http://127.0.0.1:${apiPort}/metrics`, `http://127.0.0.1:${workerPort}/metrics`];
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await worker?.stop();
  await closeDb();
});

const ask = (p: { tenantId: string; apiKey: string }, body: Record<string, unknown>) =>
  fetch(`${api.baseUrl}/service/ask`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': p.apiKey }, body: JSON.stringify({ tenantId: p.tenantId, ...body }) });

describe('/metrics', () => {
  it('is served on ports of their own, api first then worker, and not on the public api', async () => {
    const { metricsUrls, baseUrl } = stackInfo();
    expect(metricsUrls).toHaveLength(2);
    expect(new URL(metricsUrls[0]!).port).not.toBe(new URL(baseUrl).port);
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(404);
    expect(sum(await scrape(metricsUrls[0]!), 'askflow_process_cpu_seconds_total', { process: 'api' })).toBeGreaterThan(0);
    expect(sum(await scrape(metricsUrls[1]!), 'askflow_process_cpu_seconds_total', { process: 'worker' })).toBeGreaterThan(0);
  });

  it('moves with asks: outcome and intent, latency, first token, tokens and cost, tool calls, retrieval, open streams', async () => {
    const p = await weatherProject();
    await db().query(`INSERT INTO model_prices (project_id, model_id, input_per_million, output_per_million) VALUES ($1, 'local:extractive', 1000, 2000)`, [p.tenantId]);
    const [api0, worker0] = [await scrape(apiUrl), await scrape(workerUrl)];

    const tool = AskResponseSchema.parse(await expectJson(await ask(p, { message: "What's the weather in Oslo?" }), 200));
    expect(tool.intent).toBe('tools');
    const rag = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'Within how many days can items be returned?' }), 200));
    expect(rag.intent).toBe('rag');
    const streamed = await collect(await openStream('/service/ask/stream', { baseUrl: api.baseUrl!, body: { tenantId: p.tenantId, message: 'What is 6 times 7?' }, headers: { 'X-API-Key': p.apiKey } }));
    expect(streamed.at(-1)!.type).toBe('done');

    const [api1, worker1] = [await scrape(apiUrl), await scrape(workerUrl)];
    const moved = (before: Sample[], after: Sample[], name: string, match: Record<string, string> = {}) => sum(after, name, match) - sum(before, name, match);

    // The api: each ask once, by intent and mode; its latency; the streamed one's first token.
    expect(moved(api0, api1, 'askflow_asks_total', { intent: 'tools', mode: 'json', outcome: 'answered', key_mode: 'test' })).toBe(1);
    expect(moved(api0, api1, 'askflow_asks_total', { intent: 'rag', mode: 'json', outcome: 'answered' })).toBe(1);
    expect(moved(api0, api1, 'askflow_asks_total', { intent: 'vanilla', mode: 'stream', outcome: 'answered' })).toBe(1);
    expect(moved(api0, api1, 'askflow_ask_duration_seconds_count', { mode: 'json', outcome: 'answered' })).toBe(2);
    expect(moved(api0, api1, 'askflow_first_delta_seconds_count')).toBe(1);
    expect(moved(api0, api1, 'askflow_http_requests_total', { method: 'POST', route: '/service/ask', status: '200' })).toBe(2);
    expect(sum(api1, 'askflow_sse_streams_open')).toBe(0);
    // No tenant label unless asked for: one series per tenant is unbounded.
    expect(api1.filter((s) => s.name === 'askflow_asks_total').every((s) => !s.labels.tenant)).toBe(true);

    // The worker: what the three turns spent, the tool call, the two knowledge searches (routing may search more).
    const answers = [tool, rag, streamed.at(-1)!.event as unknown as typeof tool];
    expect(answers.every((a) => a.model === 'local:extractive')).toBe(true);
    expect(moved(worker0, worker1, 'askflow_tokens_total')).toBe(answers.reduce((n, a) => n + a.usage.totalTokens, 0));
    const priced = answers.reduce((n, a) => n + (a.usage.promptTokens * 1000 + a.usage.completionTokens * 2000) / 1e6, 0);
    expect(priced).toBeGreaterThan(0);
    expect(moved(worker0, worker1, 'askflow_cost_usd_total', { model: 'local:extractive' })).toBeCloseTo(priced, 6);
    expect(moved(worker0, worker1, 'askflow_tool_calls_total', { tool: 'getWeather', outcome: 'ok' })).toBe(1);
    expect(moved(worker0, worker1, 'askflow_retrieval_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(moved(worker0, worker1, 'askflow_tool_call_retries_total')).toBe(0);
    // The Temporal SDK's own worker metrics, from the same URL.
    expect(worker1.some((s) => s.name.startsWith('temporal_workflow_task_schedule_to_start_latency'))).toBe(true);
    expect(worker1.some((s) => s.name.startsWith('temporal_worker_task_slots_available'))).toBe(true);
  });

  it('counts refusals by reason', async () => {
    const p = await weatherProject({ keyRateLimitPerMinute: 1 });
    const before = await scrape(apiUrl);
    await ask(p, { message: 'hello' });
    expect((await ask(p, { message: 'hello again' })).status).toBe(429);
    expect(sum(await scrape(apiUrl), 'askflow_rejections_total', { reason: 'rate_limit' }) - sum(before, 'askflow_rejections_total', { reason: 'rate_limit' })).toBe(1);
  });

  it('requires the bearer token when one is set', async () => {
    const server = await startMetricsServer({ host: '127.0.0.1', port: 0, token: 'a-metrics-token-of-length' });
    try {
      expect((await fetch(server.url)).status).toBe(401);
      expect((await fetch(server.url, { headers: { Authorization: 'Bearer wrong-token-of-length!!' } })).status).toBe(401);
      const ok = await fetch(server.url, { headers: { Authorization: 'Bearer a-metrics-token-of-length' } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('askflow_asks_total');
    } finally {
      await server.close();
    }
  });
});
