// A JSON ask's answer takes a short way home: the worker announces it (PostgreSQL NOTIFY) in
// the statement that stores the turn — or its failure, or that an answer too big to push is
// stored — and the api answers from it without waiting for the run to record its end, asking
// Temporal for the run's result only when told to or when the announcement may have been missed.
// These tests check that what is announced is exactly the stored answer and the run's result,
// that nothing else is announced, and that a missed announcement costs only time.
import pg from 'pg';
import { ASK_ID_HEADER, AskResponseSchema } from '@askflow/contract';
import { ASK_ANSWERS_CHANNEL, readAnnouncement, splitAnswerMessage } from '../../interface/askAnswers.js';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { createChannelListener } from '../../store/notifications.js';
import { ask, closeDb, db, expectJson, managedProject, manage, newProject, stackInfo, temporalClient, type TestProject } from '../stack/context.js';
import { startReplica, type Replica } from '../stack/replicas.js';
import { collect, openStream } from '../stack/sse.js';

let project: TestProject;
let listener: pg.Client;
const announced: { askId: string; body: string }[] = [];
const replicas: Replica[] = [];

beforeAll(async () => {
  project = await newProject('announced answers');
  // Listen as every api replica does, on a connection of our own.
  listener = new pg.Client({ connectionString: stackInfo().databaseUrl });
  await listener.connect();
  listener.on('notification', (m) => {
    const message = m.channel === ASK_ANSWERS_CHANNEL ? splitAnswerMessage(m.payload ?? '') : null;
    if (message) announced.push(message);
  });
  await listener.query(`LISTEN ${ASK_ANSWERS_CHANNEL}`);
});
afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
  await listener.end();
  await closeDb();
});

/** The announcements of one ask, once the notifications in flight have arrived: answers as their JSON, failures and "read the result" as such. */
async function announcementsOf(askId: string): Promise<unknown[]> {
  await new Promise((r) => setTimeout(r, 300));
  return announced
    .filter((a) => a.askId === askId)
    .map((a) => {
      const m = readAnnouncement(a.body);
      return m?.kind === 'answer' ? (JSON.parse(m.json) as unknown) : m;
    });
}

async function storedResponse(askId: string): Promise<unknown> {
  const { rows } = await db().query<{ response: unknown }>('SELECT response FROM turns WHERE workflow_id = $1', [askId]);
  return rows[0]?.response;
}

describe('a JSON ask answered by its announcement', () => {
  it('is announced once, as the answer the caller got, the turn stored and the run returned', async () => {
    const res = await ask(project, { message: 'What is an announcement?' });
    expect(res.status).toBe(200);
    const body = AskResponseSchema.parse(await res.json());
    const askId = res.headers.get(ASK_ID_HEADER)!;
    expect(await announcementsOf(askId)).toEqual([body]);
    expect(await storedResponse(askId)).toEqual(body);
    const temporal = await temporalClient();
    try {
      expect(await temporal.client.workflow.getHandle(askId).result()).toEqual(body);
    } finally {
      await temporal.close();
    }
  });

  it('once answered, is done: cancelling it at once is refused and its run completes with that answer', async () => {
    const res = await ask(project, { message: 'Can an answered ask be cancelled?' });
    const body = AskResponseSchema.parse(await res.json());
    const askId = res.headers.get(ASK_ID_HEADER)!;
    const cancel = await fetch(`${stackInfo().baseUrl}/service/ask/${askId}/cancel`, { method: 'POST', headers: { 'X-API-Key': project.apiKey } });
    expect(cancel.status).toBe(409);
    expect(await cancel.json()).toMatchObject({ error: { code: 'Conflict', message: expect.stringContaining('completed') } });
    const temporal = await temporalClient();
    try {
      expect(await temporal.client.workflow.getHandle(askId).result()).toEqual(body);
    } finally {
      await temporal.close();
    }
  });

  it('answers retries of one ask that wait side by side with the one answer', async () => {
    const headers = { 'Idempotency-Key': `announced-${Date.now()}` };
    const body = { message: 'Asked twice at once' };
    const [a, b] = await Promise.all([ask(project, body, headers), ask(project, body, headers)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [first, second] = [await a.json(), await b.json()];
    expect(second).toEqual(first);
    expect(a.headers.get(ASK_ID_HEADER)).toBe(b.headers.get(ASK_ID_HEADER));
    expect(await announcementsOf(a.headers.get(ASK_ID_HEADER)!)).toEqual([first]);
  });

  it('is not made for streamed asks, whose stream ends with the log', async () => {
    const s = await openStream('/service/ask/stream', { body: { tenantId: project.tenantId, message: 'Stream this' }, headers: { 'X-API-Key': project.apiKey } });
    const askId = s.response.headers.get(ASK_ID_HEADER)!;
    const events = await collect(s);
    expect(events.at(-1)!.type).toBe('done');
    expect(await storedResponse(askId)).toBeDefined();
    expect(await announcementsOf(askId)).toEqual([]);
  });

  it('missed (an api that does not listen: LIVE_EVENTS=off) costs only time: the run’s result answers', async () => {
    const api = await startReplica('api', { LIVE_EVENTS: 'off' });
    replicas.push(api);
    const res = await fetch(`${api.baseUrl}/service/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-API-Key': project.apiKey },
      body: JSON.stringify({ tenantId: project.tenantId, message: 'Nobody listens' }),
    });
    expect(res.status).toBe(200);
    const body = AskResponseSchema.parse(await res.json());
    expect(await storedResponse(res.headers.get(ASK_ID_HEADER)!)).toEqual(body);
  });
});

describe('an api that counts on the announcements', () => {
  // Its own replica, reading a run's result only when an announcement tells it to or may have
  // been missed (never on a timer here): an ask these paths failed would wait until its 504.
  const APP_NAME = `announced-${process.pid}`;
  let api: Replica;
  let llm: ChatCompletionsServer;
  let p: Awaited<ReturnType<typeof managedProject>>;
  const askThere = (message: string) =>
    fetch(`${api.baseUrl}/service/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-API-Key': p.apiKey },
      body: JSON.stringify({ tenantId: p.tenantId, message }),
    });

  beforeAll(async () => {
    llm = await startChatCompletionsServer({ apiKey: 'sk-test-announced' });
    p = await managedProject();
    await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/openai`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey }), 200);
    await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'openai:gpt-4o-mini' }), 200);
    api = await startReplica('api', { ASK_RESULT_FALLBACK_MS: '600000', ASK_TIMEOUT_MS: '20000', PGAPPNAME: APP_NAME });
    replicas.push(api);
  });
  beforeEach(() => llm.reset());
  afterAll(() => llm.close());

  it('is told of a failed ask at once, and answers the error its closed run ended with', async () => {
    llm.script({ status: 400, message: 'context_length_exceeded' });
    const res = await askThere('Too long for the model');
    const { error } = await expectJson<{ error: { code: string; message: string } }>(res, 502);
    expect(error.code).toBe('ProviderError');
    expect(error.message).toContain('context_length_exceeded');
    const askId = res.headers.get(ASK_ID_HEADER)!;
    expect(await announcementsOf(askId)).toEqual([{ kind: 'result' }]);
  });

  it('answers a failed ask only once its run is closed, so its key can be retried at once', async () => {
    llm.script({ status: 400, message: 'refused once' }, { content: 'second time' });
    const headers = { 'content-type': 'application/json', 'X-API-Key': p.apiKey, 'Idempotency-Key': `retried-${Date.now()}` };
    const body = JSON.stringify({ tenantId: p.tenantId, message: 'Try me twice' });
    const first = await fetch(`${api.baseUrl}/service/ask`, { method: 'POST', headers, body });
    expect(first.status).toBe(502);
    const askId = first.headers.get(ASK_ID_HEADER)!;
    const temporal = await temporalClient();
    try {
      // Closed by the time its caller heard of the failure: not still running its failure path.
      expect((await temporal.client.workflow.getHandle(askId).describe()).status.name).toBe('FAILED');
    } finally {
      await temporal.close();
    }
    const again = AskResponseSchema.parse(await expectJson(await fetch(`${api.baseUrl}/service/ask`, { method: 'POST', headers, body }), 200));
    expect(again.answer).toBe('second time');
  });

  it('reads the run’s result at once for an answer too big to push, announced only as stored', async () => {
    const long = 'word '.repeat(2_400).trim();
    llm.script({ content: long });
    const res = await askThere('Tell me everything');
    const body = AskResponseSchema.parse(await expectJson(res, 200));
    expect(body.answer).toBe(long);
    const askId = res.headers.get(ASK_ID_HEADER)!;
    expect(await announcementsOf(askId)).toEqual([{ kind: 'result' }]);
    expect(await storedResponse(askId)).toEqual(body);
  });

  it('reads the run’s result when its listening connection was lost while the ask waited', async () => {
    // The answer is announced about half a second after the model is asked; the replica's
    // listening connection is cut as soon as it is asked and comes back a second later.
    llm.script({ content: 'announced while nobody listened', delayMs: 500 });
    const pending = askThere('Who hears this?');
    await waitFor(() => llm.requests.length === 1);
    const cut = await db().query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND query = $2`, [APP_NAME, `LISTEN ${ASK_ANSWERS_CHANNEL}`]);
    expect(cut.rowCount).toBe(1);
    const res = await pending;
    const body = AskResponseSchema.parse(await expectJson(res, 200));
    expect(body.answer).toBe('announced while nobody listened');
    expect(await announcementsOf(res.headers.get(ASK_ID_HEADER)!)).toEqual([body]);
  });
});

describe('the listening connection', () => {
  it('comes back by itself after it was cut, listening to the same channels', async () => {
    const channels = createChannelListener(db());
    const channel = `reconnect_${process.pid}`;
    const heard: string[] = [];
    await channels.listen(channel, (payload) => heard.push(payload));
    try {
      await db().query('SELECT pg_notify($1, $2)', [channel, 'before']);
      await waitFor(() => heard.includes('before'));
      const cut = await db().query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()`, [`LISTEN ${channel}`]);
      expect(cut.rowCount).toBe(1);
      // Sent until one arrives: those sent while it was down are lost, as NOTIFY's are.
      await waitFor(async () => {
        await db().query('SELECT pg_notify($1, $2)', [channel, 'after']);
        return heard.includes('after');
      });
    } finally {
      await channels.close();
    }
  });
});

describe('many channels at once', () => {
  it('listens to fifty channels asked for at once, each hearing its own, without a query on a busy connection', async () => {
    const channels = createChannelListener(db());
    // pg warns (and from pg 9 refuses) when a query is sent on a client whose queue still holds
    // another: counted here as pg decides it, from that queue when each statement is sent.
    const query = pg.Client.prototype.query;
    let sentOnBusy = 0;
    pg.Client.prototype.query = function (this: pg.Client & { _queryQueue?: unknown[] }, ...args: unknown[]) {
      if ((this._queryQueue?.length ?? 0) > 0) sentOnBusy++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const names = Array.from({ length: 50 }, (_, i) => `many_${process.pid}_${i}`);
    const heard = new Map<string, string[]>(names.map((n) => [n, []]));
    try {
      const stops = await Promise.all(names.map((n) => channels.listen(n, (payload) => heard.get(n)!.push(payload))));
      await Promise.all(names.map((n) => db().query('SELECT pg_notify($1, $2)', [n, `to ${n}`])));
      await waitFor(() => names.every((n) => heard.get(n)!.length === 1));
      expect(names.filter((n) => heard.get(n)![0] !== `to ${n}`)).toEqual([]);
      // Stopped all at once too; a channel stopped hears nothing more.
      for (const stop of stops) stop();
      await channels.listen(`many_${process.pid}_after`, () => undefined);
      await db().query('SELECT pg_notify($1, $2)', [names[0], 'late']);
      await new Promise((r) => setTimeout(r, 300));
      expect(heard.get(names[0]!)).toEqual([`to ${names[0]}`]);
      expect(sentOnBusy).toBe(0);
    } finally {
      pg.Client.prototype.query = query;
      await channels.close();
    }
  });
});

async function waitFor(ok: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
