// A JSON ask's answer takes a short way home: the worker announces it (PostgreSQL NOTIFY) in
// the statement that stores the turn, and the api answers from it without waiting for the run to
// record its end. These tests check that what is announced is exactly the stored answer and the
// run's result, that nothing else is announced, and that a missed announcement costs only time.
import pg from 'pg';
import { ASK_ID_HEADER, AskResponseSchema } from '@askflow/contract';
import { ASK_ANSWERS_CHANNEL, splitAnswerMessage } from '../../interface/askAnswers.js';
import { createChannelListener } from '../../store/notifications.js';
import { ask, closeDb, db, newProject, stackInfo, temporalClient, type TestProject } from '../stack/context.js';
import { startReplica, type Replica } from '../stack/replicas.js';
import { collect, openStream } from '../stack/sse.js';

let project: TestProject;
let listener: pg.Client;
const announced: { askId: string; json: string }[] = [];
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

/** The announcements of one ask, once the notifications in flight have arrived. */
async function announcementsOf(askId: string): Promise<unknown[]> {
  await new Promise((r) => setTimeout(r, 300));
  return announced.filter((a) => a.askId === askId).map((a) => JSON.parse(a.json) as unknown);
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

async function waitFor(ok: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
