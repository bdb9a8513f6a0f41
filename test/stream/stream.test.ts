import { AskResponseSchema, ASK_ID_HEADER, CancelResultSchema } from '@askflow/contract';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { closeDb, db, expectJson, managedProject, manage, stackInfo } from '../stack/context.js';
import { startReplica } from '../stack/replicas.js';
import { collect, openStream, rebuiltAnswer, type SseEvent } from '../stack/sse.js';
import { expectWire } from '../stack/wire.js';

type P = Awaited<ReturnType<typeof managedProject>>;
let llm: ChatCompletionsServer;
let local: P;
let remote: P;

beforeAll(async () => {
  llm = await startChatCompletionsServer();
  local = await managedProject();
  remote = await managedProject();
  await expectJson(await manage(remote.owner.token, 'PUT', `/projects/${remote.tenantId}/providers/openai`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey }), 200);
  await expectJson(await manage(remote.owner.token, 'PATCH', `/projects/${remote.tenantId}`, { chatModel: 'openai:gpt-4o-mini' }), 200);
});
beforeEach(() => llm.reset());
afterAll(async () => {
  await llm.close();
  await closeDb();
});

const streamAsk = (p: P, body: Record<string, unknown>, headers: Record<string, string> = {}, path = '/service/ask/stream') =>
  openStream(path, { body: { tenantId: p.tenantId, ...body }, headers: { 'X-API-Key': p.apiKey, ...headers } });

/** The checks every complete stream must pass: ids, order, terminal `done`, deltas == answer. */
function expectWellFormed(events: SseEvent[]) {
  expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i));
  expect(events.every((e) => e.type === e.event.type)).toBe(true);
  expect(events[0]!.event).toEqual({ type: 'thinking', phase: 'classifying' });
  const done = events.at(-1)!.event;
  if (done.type !== 'done') throw new Error(`last event is ${done.type}`);
  expect(events.filter((e) => e.type === 'done')).toHaveLength(1);
  const generatingAt = events.findIndex((e) => e.event.type === 'thinking' && e.event.phase === 'generating');
  const firstDelta = events.findIndex((e) => e.type === 'delta');
  expect(generatingAt).toBeGreaterThan(0);
  expect(firstDelta).toBeGreaterThan(generatingAt);
  expect(rebuiltAnswer(events)).toBe(done.answer);
  return AskResponseSchema.parse(done);
}

describe('streamed ask', () => {
  it('local model: SSE headers, thinking → deltas → done, ids in order, deltas concatenate to the answer', async () => {
    const s = await streamAsk(local, { message: 'stream this please' });
    expect(s.response.status).toBe(200);
    expect(s.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.response.headers.get('cache-control')).toContain('no-cache');
    expect(s.response.headers.get('x-accel-buffering')).toBe('no');
    expect(s.response.headers.get(ASK_ID_HEADER)).toMatch(new RegExp(`^ask-${local.tenantId}-`));
    const events = await collect(s);
    const done = expectWellFormed(events);
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(5);
    expect(done).toMatchObject({ intent: 'vanilla', model: 'local:extractive', toolUsed: null, ragChunksUsed: 0 });
    const { rows } = await db().query(`SELECT answer FROM turns WHERE thread_id = $1`, [done.threadId]);
    expect(rows).toEqual([{ answer: done.answer }]);
  });

  it('POST /service/ask with Accept: text/event-stream streams too', async () => {
    const s = await openStream('/service/ask', {
      body: { tenantId: local.tenantId, message: 'via accept' },
      headers: { 'X-API-Key': local.apiKey, Accept: 'text/event-stream' },
    });
    expect(s.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expectWellFormed(await collect(s));
  });

  it('OpenAI-compatible provider: real stream with include_usage; usage and model in done', async () => {
    llm.script({ chunks: ['The ', 'answer ', 'is ', '42.'], usage: { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 } });
    const events = await collect(await streamAsk(remote, { message: 'meaning of life?' }));
    const done = expectWellFormed(events);
    expect(events.filter((e) => e.type === 'delta').map((e) => (e.event as { content: string }).content).join('')).toBe('The answer is 42.');
    expect(done).toMatchObject({ answer: 'The answer is 42.', model: 'openai:gpt-4o-mini', usage: { promptTokens: 11, completionTokens: 4, totalTokens: 15 } });
    expect(llm.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('refusals come back as plain JSON 4xx before any stream starts', async () => {
    for (const [body, status, code] of [
      [{ message: '' }, 400, 'ValidationError'],
      [{ message: 'x', model: 'openai:gpt-4o' }, 400, 'MODEL_NOT_ALLOWED'],
      [{ message: 'x', threadId: 'mine' }, 400, 'InvalidInput'],
      [{ message: 'x', threadId: '6f0c5e0e-1111-4a8b-9c3d-2e4f5a6b7c8d' }, 404, 'NotFound'],
    ] as const) {
      const s = await streamAsk(local, body);
      expect(s.response.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await expectJson<{ error: { code: string } }>(s.response, status)).error.code).toBe(code);
    }
    const unauth = await openStream('/service/ask/stream', { body: { tenantId: local.tenantId, message: 'x' }, headers: {} });
    expect(unauth.response.status).toBe(401);
  });

  it('a provider failure ends the stream with an error event', async () => {
    llm.script({ status: 400, message: 'no such model' });
    const events = await collect(await streamAsk(remote, { message: 'fail' }));
    expect(events.at(-1)!.event).toEqual({ type: 'error', code: 'ProviderError', message: expect.stringContaining('no such model') });
  });
});

describe('resuming', () => {
  it('Last-Event-ID resumes exactly after that event, live and after the run closed', async () => {
    llm.script({ chunks: Array.from({ length: 12 }, (_, i) => `w${i} `), tokenIntervalMs: 80 });
    const first = await streamAsk(remote, { message: 'long one' });
    const askId = first.response.headers.get(ASK_ID_HEADER)!;
    const head = await collect(first, (e) => e.type === 'delta' && e.id! >= 4);
    first.abort();
    const lastId = head.at(-1)!.id!;

    // Live: the run is still generating.
    const resumed = await openStream(`/service/ask/${askId}/events`, { method: 'GET', headers: { 'X-API-Key': remote.apiKey, 'Last-Event-ID': String(lastId) } });
    const tail = await collect(resumed);
    expect(tail[0]!.id).toBe(lastId + 1);
    expectWellFormed([...head, ...tail]);

    // Closed: the same resume point gives the same tail, from the run's log.
    const again = await collect(await openStream(`/service/ask/${askId}/events?lastEventId=${lastId}`, { method: 'GET', headers: { 'X-API-Key': remote.apiKey } }));
    expect(again).toEqual(tail);
  });

  it('resumes through a second api process', async () => {
    const second = await startReplica('api');
    try {
      llm.script({ chunks: Array.from({ length: 10 }, (_, i) => `p${i} `), firstTokenDelayMs: 400, tokenIntervalMs: 60 });
      const first = await streamAsk(remote, { message: 'switch replicas' });
      const askId = first.response.headers.get(ASK_ID_HEADER)!;
      const head = await collect(first, (e) => e.type === 'delta');
      first.abort();
      const other = await openStream(`/service/ask/${askId}/events`, {
        method: 'GET',
        baseUrl: second.baseUrl!,
        headers: { 'X-API-Key': remote.apiKey, 'Last-Event-ID': String(head.at(-1)!.id) },
      });
      expectWellFormed([...head, ...(await collect(other))]);
    } finally {
      await second.stop();
    }
  });

  it('sends keep-alive comments while the model is quiet', async () => {
    // The stack's api uses the 15 s default; a short-interval replica shows the comments.
    const replica = await startReplica('api', { SSE_KEEPALIVE_MS: '100' });
    try {
      llm.script({ content: 'eventually', firstTokenDelayMs: 700 });
      const s = await openStream('/service/ask/stream', { baseUrl: replica.baseUrl!, body: { tenantId: remote.tenantId, message: 'slow' }, headers: { 'X-API-Key': remote.apiKey } });
      expectWellFormed(await collect(s));
      expect(s.comments.filter((c) => c === 'keep-alive').length).toBeGreaterThanOrEqual(3);
    } finally {
      await replica.stop();
    }
  });
});

describe('the ask outlives its client', () => {
  it('a client that disconnects mid-answer does not stop it: the turn is completed and stored', async () => {
    llm.script({ chunks: Array.from({ length: 15 }, (_, i) => `d${i} `), tokenIntervalMs: 60 });
    const s = await streamAsk(remote, { message: 'I will hang up', externalThreadId: 'hang-up' });
    await collect(s, (e) => e.type === 'delta');
    s.abort();
    const expected = Array.from({ length: 15 }, (_, i) => `d${i} `).join('');
    let stored: string | undefined;
    for (let i = 0; i < 100 && !stored; i++) {
      const { rows } = await db().query<{ answer: string }>(
        `SELECT u.answer FROM turns u JOIN threads t ON t.id = u.thread_id WHERE t.project_id = $1 AND t.external_thread_id = 'hang-up'`,
        [remote.tenantId],
      );
      stored = rows[0]?.answer;
      if (!stored) await new Promise((r) => setTimeout(r, 100));
    }
    expect(stored).toBe(expected);
  });

  it('cancel stops a running ask: the stream ends with error Cancelled and no turn is stored', async () => {
    llm.script({ chunks: Array.from({ length: 40 }, (_, i) => `c${i} `), tokenIntervalMs: 100 });
    const s = await streamAsk(remote, { message: 'cancel me', externalThreadId: 'cancelled' });
    const askId = s.response.headers.get(ASK_ID_HEADER)!;
    const head = await collect(s, (e) => e.type === 'delta');
    const cancel = await fetch(`${stackInfo().baseUrl}/service/ask/${askId}/cancel`, { method: 'POST', headers: { 'X-API-Key': remote.apiKey } });
    expect(await expectWire(CancelResultSchema, cancel, 202)).toEqual({ askId, status: 'cancelling' });
    const rest = await collect(s);
    expect(rest.at(-1)!.event).toEqual({ type: 'error', code: 'Cancelled', message: 'The ask was cancelled' });
    expect([...head, ...rest].filter((e) => e.type === 'done')).toHaveLength(0);
    const { rows } = await db().query(`SELECT 1 FROM turns u JOIN threads t ON t.id = u.thread_id WHERE t.project_id = $1 AND t.external_thread_id = 'cancelled'`, [remote.tenantId]);
    expect(rows).toHaveLength(0);
    // Cancelling again, or someone else's ask, is refused.
    expect((await fetch(`${stackInfo().baseUrl}/service/ask/${askId}/cancel`, { method: 'POST', headers: { 'X-API-Key': remote.apiKey } })).status).toBe(409);
    expect((await fetch(`${stackInfo().baseUrl}/service/ask/${askId}/cancel`, { method: 'POST', headers: { 'X-API-Key': local.apiKey } })).status).toBe(404);
  });
});

describe('retried generation', () => {
  it('a generation that fails mid-stream is retried: the client sees reset, and the final deltas equal the answer', async () => {
    llm.script(
      { chunks: ['Half ', 'an ', 'ans'], failAfterChunks: 3, tokenIntervalMs: 30 },
      { chunks: ['A ', 'whole ', 'answer.'] },
    );
    const events = await collect(await streamAsk(remote, { message: 'flaky stream' }));
    const resetAt = events.findIndex((e) => e.type === 'reset');
    expect(resetAt).toBeGreaterThan(0);
    expect(events.slice(0, resetAt).some((e) => e.type === 'delta')).toBe(true);
    const done = expectWellFormed(events);
    expect(done.answer).toBe('A whole answer.');
    expect(llm.requests).toHaveLength(2);
  });
});
