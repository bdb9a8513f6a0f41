// Streamed events take two paths: pushed from the worker straight to the api (PostgreSQL
// NOTIFY) and through the workflow's durable event log. The client sees one sequence of ids;
// these tests check both paths number events alike, and that killing the processes mid-answer
// still leaves a client that resumes elsewhere with exactly the stored answer.
import pg from 'pg';
import { ASK_ID_HEADER } from '@askflow/contract';
import { askEventsChannel } from '../../interface/askEventsChannel.js';
import type { NumberedEvent } from '../../interface/askEvents.js';
import { sweepPushed } from '../../store/pushedEvents.js';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { closeDb, db, expectJson, managedProject, manage, stackInfo } from '../stack/context.js';
import { startReplica, type Replica } from '../stack/replicas.js';
import { collect, openStream, rebuiltAnswer } from '../stack/sse.js';

type P = Awaited<ReturnType<typeof managedProject>>;
let llm: ChatCompletionsServer;
let remote: P;
const replicas: Replica[] = [];

beforeAll(async () => {
  llm = await startChatCompletionsServer();
  remote = await managedProject();
  await expectJson(await manage(remote.owner.token, 'PUT', `/projects/${remote.tenantId}/providers/openai`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey }), 200);
  await expectJson(await manage(remote.owner.token, 'PATCH', `/projects/${remote.tenantId}`, { chatModel: 'openai:gpt-4o-mini' }), 200);
});
beforeEach(() => llm.reset());
afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
  await llm.close();
  await closeDb();
});

const body = (message: string, externalThreadId: string) => ({ tenantId: remote.tenantId, message, externalThreadId });
const headers = (extra: Record<string, string> = {}) => ({ 'X-API-Key': remote.apiKey, ...extra });

async function storedAnswer(externalThreadId: string): Promise<string | undefined> {
  for (let i = 0; i < 300; i++) {
    const { rows } = await db().query<{ answer: string }>(
      `SELECT u.answer FROM turns u JOIN threads t ON t.id = u.thread_id WHERE t.project_id = $1 AND t.external_thread_id = $2`,
      [remote.tenantId, externalThreadId],
    );
    if (rows[0]) return rows[0].answer;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

/** Listens as the api does, on a connection of our own: `pushed` gathers what the worker pushes on an ask's channel once `listen` has run. */
async function pushWatcher(): Promise<{ pushed: NumberedEvent[]; listen(askId: string): Promise<unknown>; end(): Promise<void> }> {
  const listener = new pg.Client({ connectionString: stackInfo().databaseUrl });
  await listener.connect();
  const pushed: NumberedEvent[] = [];
  listener.on('notification', (m) => pushed.push(...(JSON.parse(m.payload!) as NumberedEvent[])));
  return { pushed, listen: (askId) => listener.query(`LISTEN ${askEventsChannel(askId)}`), end: () => listener.end() };
}

describe('the fast path', () => {
  it('pushes each generated event under the id the durable log gives it', async () => {
    llm.script({ chunks: Array.from({ length: 12 }, (_, i) => `p${i} `), tokenIntervalMs: 30 });
    const watcher = await pushWatcher();
    const { pushed } = watcher;
    try {
      const s = await openStream('/service/ask/stream', { body: body('push it', 'fast-path'), headers: headers() });
      await watcher.listen(s.response.headers.get(ASK_ID_HEADER)!);
      const events = await collect(s);
      expect(events.at(-1)!.type).toBe('done');
      const answer = rebuiltAnswer(events);
      expect(answer).toBe(Array.from({ length: 12 }, (_, i) => `p${i} `).join(''));
      // We started listening only after the stream opened: the later deltas at least were pushed,
      // each exactly as the stream (and so the log) numbered it.
      await new Promise((r) => setTimeout(r, 200));
      const pushedDeltas = pushed.filter((e) => e.event.type === 'delta');
      expect(pushedDeltas.length).toBeGreaterThan(3);
      const byId = new Map(events.map((e) => [e.id, e.event]));
      for (const e of pushed) expect(byId.get(e.id)).toEqual(e.event);
      // Of the run's end only `done` is pushed, by the statement that stores the turn,
      // under the id the log gave it: the stream's last.
      expect(pushed.filter((e) => e.event.type === 'done').map((e) => e.id)).toEqual([events.at(-1)!.id]);
      expect(pushed.some((e) => e.event.type === 'error')).toBe(false);
    } finally {
      await watcher.end();
    }
  });

  it('ends a stream whose done is too big to push with the done of the log', async () => {
    // 40 × 250 characters: each delta fits a NOTIFY, the done that repeats the whole answer does not.
    const chunks = Array.from({ length: 40 }, (_, i) => `${String(i).padStart(3, '0')}${'x'.repeat(246)} `);
    llm.script({ chunks, tokenIntervalMs: 10 });
    const watcher = await pushWatcher();
    const { pushed } = watcher;
    try {
      const s = await openStream('/service/ask/stream', { body: body('a long one', 'fast-path-long'), headers: headers() });
      await watcher.listen(s.response.headers.get(ASK_ID_HEADER)!);
      const events = await collect(s);
      const done = events.at(-1)!;
      expect(done.type).toBe('done');
      expect(rebuiltAnswer(events)).toBe(chunks.join(''));
      expect((done.event as { answer?: string }).answer).toBe(chunks.join(''));
      // The deltas came pushed; the end came only from the log, which the api read again once
      // the pushes stopped.
      expect(pushed.filter((e) => e.event.type === 'delta').length).toBeGreaterThan(3);
      expect(pushed.some((e) => e.event.type === 'done')).toBe(false);
    } finally {
      await watcher.end();
    }
  });

  it('is only a shortcut: with it off (LIVE_EVENTS=off) the log alone brings the same stream', async () => {
    const api = await startReplica('api', { LIVE_EVENTS: 'off' });
    replicas.push(api);
    llm.script({ chunks: ['log ', 'only ', 'please'], tokenIntervalMs: 20 });
    const events = await collect(await openStream('/service/ask/stream', { baseUrl: api.baseUrl!, body: body('no shortcut', 'log-only'), headers: headers() }));
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i));
    expect(events.at(-1)!.type).toBe('done');
    expect(rebuiltAnswer(events)).toBe('log only please');
  });
});

describe('records of pushed events', () => {
  it('are swept once older than the sweep keeps them; newer ones stay', async () => {
    const old = `sweep-old-${process.pid}`;
    const fresh = `sweep-fresh-${process.pid}`;
    const event = JSON.stringify({ type: 'delta', content: 'x' });
    // Half an hour old, swept at ten minutes: the test stack's worker sweeps every second at an hour
    // (worker/main.ts, infra/testStack.ts), so records older than that could be gone before this sweep counts them.
    await db().query(
      `INSERT INTO ask_pushed_events (ask_id, id, event, pushed_at) VALUES ($1, 0, $3, now() - interval '30 minutes'), ($1, 1, $3, now() - interval '30 minutes'), ($2, 0, $3, now())`,
      [old, fresh, event],
    );
    expect(await sweepPushed(db(), 600)).toBeGreaterThanOrEqual(2);
    const { rows } = await db().query<{ ask_id: string }>('SELECT ask_id FROM ask_pushed_events WHERE ask_id = ANY($1)', [[old, fresh]]);
    expect(rows.map((r) => r.ask_id)).toEqual([fresh]);
    await db().query('DELETE FROM ask_pushed_events WHERE ask_id = $1', [fresh]);
  });
});

describe('processes killed mid-answer', () => {
  it('a worker lost right after pushing deltas: its retry puts them into the log under the ids the client saw', async () => {
    const taskQueue = `fast-path-lost-${process.pid}`;
    const apiA = await startReplica('api', { TEMPORAL_TASK_QUEUE: taskQueue });
    const workerA = await startReplica('worker', { TEMPORAL_TASK_QUEUE: taskQueue });
    const logOnly = await startReplica('api', { TEMPORAL_TASK_QUEUE: taskQueue, LIVE_EVENTS: 'off' });
    replicas.push(apiA, workerA, logOnly);
    // Tokens far apart: a delta is pushed at once, its signal only after the 100 ms batch window,
    // so the worker dies while the client holds deltas the log does not have yet.
    const slow = Array.from({ length: 8 }, (_, i) => `s${i} `);
    const fast = Array.from({ length: 10 }, (_, i) => `f${i} `);
    llm.script({ chunks: slow, tokenIntervalMs: 400 }, { chunks: fast, tokenIntervalMs: 5 });

    const s = await openStream('/service/ask/stream', { baseUrl: apiA.baseUrl!, body: body('keep what you showed', 'lost-worker'), headers: headers() });
    const askId = s.response.headers.get(ASK_ID_HEADER)!;
    const head = await collect(s, (e) => e.event.type === 'delta' && e.event.content === 's2 ');
    await workerA.kill();
    const shown = head.at(-1)!.id!;
    const { rows } = await db().query<{ id: number }>('SELECT id FROM ask_pushed_events WHERE ask_id = $1 ORDER BY id', [askId]);
    // What the client was shown is recorded (the retry reads it from there).
    expect(rows.map((r) => r.id)).toContain(shown);
    const workerB = await startReplica('worker', { TEMPORAL_TASK_QUEUE: taskQueue });
    replicas.push(workerB);

    // The same client reads on, through the api that streamed it all along.
    const all = [...head, ...(await collect(s))];
    expect(all.map((e) => e.id)).toEqual(all.map((_, i) => i));
    expect(all.at(-1)!.type).toBe('done');
    const stored = await storedAnswer('lost-worker');
    expect(stored).toBe(fast.join(''));
    expect(rebuiltAnswer(all)).toBe(stored);
    // The durable log, read whole from a replica without the fast path, is what the client saw:
    // the deltas shown before the loss keep their ids, and the retry's reset comes after them.
    const fromLog = await collect(await openStream(`/service/ask/${askId}/events`, { method: 'GET', baseUrl: logOnly.baseUrl!, headers: headers() }));
    expect(fromLog.map((e) => [e.id, e.event])).toEqual(all.map((e) => [e.id, e.event]));
    const resetAt = all.findIndex((e) => e.type === 'reset');
    expect(resetAt).toBeGreaterThan(all.findIndex((e) => e.event.type === 'delta' && e.event.content === 's2 '));
    // Once the log holds everything, the records are dropped.
    const left = await db().query('SELECT 1 FROM ask_pushed_events WHERE ask_id = $1', [askId]);
    expect(left.rowCount).toBe(0);
  }, 120_000);

  it('api and worker both killed: resuming with Last-Event-ID on other replicas gives exactly the stored answer', async () => {
    const taskQueue = `fast-path-crash-${process.pid}`;
    const apiA = await startReplica('api', { TEMPORAL_TASK_QUEUE: taskQueue });
    const workerA = await startReplica('worker', { TEMPORAL_TASK_QUEUE: taskQueue });
    replicas.push(apiA, workerA);
    const chunks = Array.from({ length: 30 }, (_, i) => `k${i} `);
    // The first attempt dies with its worker; the retry answers in full.
    llm.script({ chunks, tokenIntervalMs: 80 }, { chunks, tokenIntervalMs: 5 });

    const s = await openStream('/service/ask/stream', { baseUrl: apiA.baseUrl!, body: body('survive this', 'killed'), headers: headers() });
    const askId = s.response.headers.get(ASK_ID_HEADER)!;
    const head = await collect(s, (e) => e.type === 'delta' && e.event.type === 'delta' && e.event.content === 'k5 ');
    await Promise.all([apiA.kill(), workerA.kill()]);
    const apiB = await startReplica('api', { TEMPORAL_TASK_QUEUE: taskQueue });
    const workerB = await startReplica('worker', { TEMPORAL_TASK_QUEUE: taskQueue });
    replicas.push(apiB, workerB);

    const lastId = head.filter((e) => e.id !== null).at(-1)!.id!;
    const resumed = await openStream(`/service/ask/${askId}/events`, { method: 'GET', baseUrl: apiB.baseUrl!, headers: headers({ 'Last-Event-ID': String(lastId) }) });
    expect(resumed.response.status).toBe(200);
    const rest = await collect(resumed);
    const all = [...head.filter((e) => e.id !== null), ...rest];
    // One sequence: every id once, in order, none skipped.
    expect(all.map((e) => e.id)).toEqual(all.map((_, i) => i));
    expect(all.at(-1)!.type).toBe('done');
    expect(all.some((e) => e.type === 'reset')).toBe(true);
    const stored = await storedAnswer('killed');
    expect(rebuiltAnswer(all)).toBe(stored);
    expect(stored).toBe(chunks.join(''));
  }, 120_000);
});
