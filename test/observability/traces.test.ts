// OpenTelemetry traces as an operator's collector receives them: an api and a worker exporting
// over OTLP (the standard OTEL_* variables) to an in-process receiver, real asks through them,
// and one trace per ask — the caller's span, the api's server span, the Temporal client, the
// workflow, its activities, the model call and the tool call, each the child of the one before —
// with the tool endpoint handed the W3C traceparent of its call.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AskResponseSchema } from '@askflow/contract';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../fakes/otlpReceiver.js';
import { closeDb, expectJson, manage } from '../stack/context.js';
import { startReplica, type Replica } from '../stack/replicas.js';
import { weatherProject } from '../stack/weatherProject.js';

let receiver: OtlpReceiver;
let api: Replica;
let worker: Replica;
const projects: Project[] = [];
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  // Only the endpoint is set: protocol (http/protobuf), batching and service names are the defaults.
  const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100', LOG_LEVEL: 'info' };
  const taskQueue = `askflow-traces-${process.pid}`;
  // debug: the SDK's lines about each activity, to check they carry the trace too.
  worker = await startReplica('worker', { TEMPORAL_TASK_QUEUE: taskQueue, ...otel, LOG_LEVEL: 'debug' });
  api = await startReplica('api', { TEMPORAL_TASK_QUEUE: taskQueue, ...otel });
}, 60_000);
afterAll(async () => {
  for (const p of projects) await p.tool.close();
  await api?.stop();
  await worker?.stop();
  await receiver?.close();
  await closeDb();
});

type Project = Awaited<ReturnType<typeof weatherProject>>;

/** A project with a tool endpoint of its own, closed after the tests. */
async function project(): Promise<Project> {
  const p = await weatherProject();
  projects.push(p);
  return p;
}

/** An ask sent under a caller's span of our own making (a fresh trace id each time). */
async function tracedAsk(p: Project, message: string) {
  const [traceId, callerSpanId] = [randomBytes(16).toString('hex'), randomBytes(8).toString('hex')];
  const res = await fetch(`${api.baseUrl}/service/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': p.apiKey, traceparent: `00-${traceId}-${callerSpanId}-01` },
    body: JSON.stringify({ tenantId: p.tenantId, message }),
  });
  return { traceId, callerSpanId, requestId: res.headers.get('x-request-id')!, answer: AskResponseSchema.parse(await expectJson(res, 200)) };
}

/** The trace's spans once its last expected span has arrived (exports are batched, per process). */
async function traceOf(traceId: string, complete: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  for (let i = 0; i < 100; i++) {
    const spans = receiver.spans.filter((s) => s.traceId === traceId);
    if (complete(spans)) return spans;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`trace ${traceId} incomplete: ${receiver.spans.filter((s) => s.traceId === traceId).map((s) => s.name).join(', ')}`);
}

/** The span's ancestors, nearest first, as names (stops at a parent not in the trace: the caller's). */
function ancestry(spans: ReceivedSpan[], span: ReceivedSpan): string[] {
  const names: string[] = [];
  for (let s = spans.find((x) => x.spanId === span.parentSpanId); s; s = spans.find((x) => x.spanId === s!.parentSpanId)) names.push(s.name);
  return names;
}

const one = (spans: ReceivedSpan[], name: string | RegExp) => {
  const found = spans.filter((s) => (typeof name === 'string' ? s.name === name : name.test(s.name)));
  expect(found.map((s) => s.name)).toHaveLength(1);
  return found[0]!;
};

describe('traces', () => {
  it('one trace per ask: api, Temporal client, workflow, activities, model and tool call, parented in order; the tool gets traceparent', async () => {
    const p = await project();
    const { traceId, callerSpanId, requestId, answer } = await tracedAsk(p, "What's the weather in Oslo?");
    expect(answer.intent).toBe('tools');
    // Each process exports its spans in its own batches: wait for every span asserted on below.
    const expected = ['POST /service/ask', 'StartWorkflow:routedAskWorkflow', 'RunWorkflow:routedAskWorkflow', 'RunActivity:invokeTool', 'RunActivity:saveTurn'];
    const spans = await traceOf(traceId, (s) => expected.every((name) => s.some((x) => x.name === name)) && s.some((x) => x.name.startsWith('execute_tool')));

    // The api's server span continues the caller's trace and says whose ask it was.
    const server = one(spans, 'POST /service/ask');
    expect(server).toMatchObject({ kind: 2, service: 'askflow-api', parentSpanId: callerSpanId });
    expect(server.attributes).toMatchObject({ 'http.route': '/service/ask', 'http.response.status_code': 200, 'askflow.tenant': p.tenantId, 'askflow.thread.id': answer.threadId, 'askflow.intent': 'tools', 'askflow.request.id': requestId });

    // The client call that started the workflow, the workflow, the activity, the tool call: each the child of the one before.
    const tool = one(spans, 'execute_tool getWeather');
    expect(ancestry(spans, tool)).toEqual(['RunActivity:invokeTool', 'RunWorkflow:routedAskWorkflow', 'StartWorkflow:routedAskWorkflow', 'POST /service/ask']);
    expect(one(spans, 'StartWorkflow:routedAskWorkflow').service).toBe('askflow-api');
    const workflow = one(spans, 'RunWorkflow:routedAskWorkflow');
    expect(workflow).toMatchObject({ service: 'askflow-worker', status: 0 });
    expect(workflow.attributes).toMatchObject({ 'askflow.ask.id': server.attributes['askflow.ask.id'], 'temporal.workflow.type': 'routedAskWorkflow' });
    // The run's span covers its activities' (it is drawn from the run's start to its completion).
    for (const s of spans.filter((x) => x.name.startsWith('RunActivity:'))) expect(s.startMs).toBeGreaterThanOrEqual(workflow.startMs - 1);
    expect(tool).toMatchObject({ kind: 3, service: 'askflow-worker' });
    expect(tool.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'getWeather', 'http.response.status_code': 200, 'http.request.method': 'POST', 'url.full': p.tool.url });

    // The tool endpoint was handed the context of exactly that span.
    const received = p.tool.received.at(-1)!;
    expect(received.headers.traceparent).toBe(`00-${traceId}-${tool.spanId}-01`);

    // The model calls: GenAI client spans inside activities, with tokens and no message text.
    const chats = spans.filter((s) => s.name.startsWith('chat '));
    expect(chats.length).toBeGreaterThanOrEqual(1);
    for (const chat of chats) {
      expect(chat).toMatchObject({ kind: 3, service: 'askflow-worker' });
      expect(chat.attributes).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'local', 'gen_ai.request.model': 'extractive' });
      expect(chat.attributes['gen_ai.usage.input_tokens']).toEqual(expect.any(Number));
      expect(chat.attributes['gen_ai.input.messages']).toBeUndefined();
      expect(ancestry(spans, chat)[0]).toMatch(/^RunActivity:/);
    }
    // The step that stored the turn knows what the ask turned out to be.
    expect(one(spans, 'RunActivity:saveTurn').attributes).toMatchObject({ 'askflow.intent': 'tools', 'askflow.tool': 'getWeather', 'askflow.ask.id': server.attributes['askflow.ask.id'], 'gen_ai.response.model': 'local:extractive' });
    // Every span of the ask hangs off the caller's: nothing is cut loose.
    for (const s of spans) expect(s === server ? [] : ancestry(spans, s)).toEqual(s === server ? [] : expect.arrayContaining(['POST /service/ask']));
    // No message or answer text anywhere by default.
    const text = JSON.stringify(spans.map((s) => s.attributes));
    expect(text).not.toContain('Oslo');
    expect(text).not.toContain('light rain');

    // Log lines of the request carry its trace id beside the request id.
    const lines = readFileSync(api.logFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.msg === 'request' && l.requestId === requestId)).toMatchObject({ traceId, askId: server.attributes['askflow.ask.id'], tenant: p.tenantId });
    // …and so do the worker's lines about the ask's activities, with the activity's own span.
    const workerLines = readFileSync(worker.logFile, 'utf8').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    const completed = workerLines.find((l) => l.askId === server.attributes['askflow.ask.id'] && l.activityType === 'invokeTool' && l.msg === 'Activity completed');
    expect(completed).toMatchObject({ traceId, spanId: one(spans, 'RunActivity:invokeTool').spanId, requestId, tenant: p.tenantId });
  }, 60_000);

  it('puts message and answer text on the model spans only for a project that opted in', async () => {
    const p = await project();
    await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { traceContent: true }), 200);
    const { traceId, answer } = await tracedAsk(p, 'Within how many days can items be returned?');
    expect(answer.intent).toBe('rag');
    const spans = await traceOf(traceId, (s) => s.some((x) => x.name === 'RunActivity:saveTurn') && s.some((x) => x.name === 'POST /service/ask'));
    const chat = spans.filter((s) => s.name.startsWith('chat ')).at(-1)!;
    expect(String(chat.attributes['gen_ai.input.messages'])).toContain('Within how many days can items be returned?');
    expect(String(chat.attributes['gen_ai.output.messages'])).toContain(answer.answer.slice(0, 20));
    // The knowledge search: its activity counts the chunks found, and embeds the question in a span of its own.
    const search = spans.find((s) => s.name === 'RunActivity:searchKnowledge' || s.attributes['askflow.chunks'] !== undefined);
    expect(search).toBeDefined();
    expect(spans.some((s) => s.name.startsWith('embeddings ') && s.attributes['gen_ai.operation.name'] === 'embeddings')).toBe(true);
  }, 60_000);
});

describe('traces of a streamed ask', () => {
  it('hold the same steps, and the event log polls do not flood them', async () => {
    const p = await project();
    const [traceId, callerSpanId] = [randomBytes(16).toString('hex'), randomBytes(8).toString('hex')];
    const res = await fetch(`${api.baseUrl}/service/ask/stream`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': p.apiKey, traceparent: `00-${traceId}-${callerSpanId}-01` },
      body: JSON.stringify({ tenantId: p.tenantId, message: 'Within how many days can items be returned?' }),
    });
    const body = await res.text();
    expect(body).toContain('event: done');
    const events = body.split('\n').filter((l) => l.startsWith('event: ')).length;
    // The model round, the knowledge search with its embedding, the answering round and the save.
    const steps = ['RunActivity:respondTurn', 'RunActivity:searchKnowledge', 'embeddings lexical-256', 'RunActivity:saveTurn', 'RunWorkflow:routedAskWorkflow'];
    const spans = await traceOf(traceId, (s) => [...steps, 'POST /service/ask/stream'].every((name) => s.some((x) => x.name === name)));
    const server = one(spans, 'POST /service/ask/stream');
    expect(server.parentSpanId).toBe(callerSpanId);
    expect(spans.map((s) => s.name)).toEqual(expect.arrayContaining(steps));
    // The stream's reads of the event log are client spans of the request: long polls, each
    // bringing one event or more — fewer of them than events streamed.
    const polls = spans.filter((s) => s.name.startsWith('StartWorkflowUpdate:'));
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.length).toBeLessThanOrEqual(events);
    for (const s of spans) if (s !== server) expect(ancestry(spans, s)).toContain('POST /service/ask/stream');
  }, 60_000);
});
