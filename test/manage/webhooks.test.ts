import { ASK_ID_HEADER, WebhookDeliveryListSchema, WebhookListSchema, WebhookSchema, WebhookWithSecretSchema, type WebhookDeliveryView } from '@askflow/contract';
import { ask, closeDb, db, expectJson, managedProject, manage, signUp, stackInfo } from '../stack/context.js';
import { startReplica, type Replica } from '../stack/replicas.js';
import { expectWire } from '../stack/wire.js';
import { startChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { webhookReceiver } from './webhookReceiver.js';

type P = Awaited<ReturnType<typeof managedProject>>;
type Receiver = Awaited<ReturnType<typeof webhookReceiver>>;

const receivers: Receiver[] = [];
const replicas: Replica[] = [];
afterAll(async () => {
  await Promise.all([...receivers.map((r) => r.close()), ...replicas.map((r) => r.stop())]);
  await closeDb();
});

/** A receiver and a webhook of `p` pointing at it; the secret is the one create showed. */
async function subscribed(p: P, events: string[]) {
  let secret = '';
  const receiver = await webhookReceiver(() => secret);
  receivers.push(receiver);
  const created = await expectWire(WebhookWithSecretSchema, await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/webhooks`, { url: receiver.url, events }), 201);
  secret = created.secret;
  return { receiver, webhook: created, secret };
}

async function deliveries(p: P, webhookId: string, query = ''): Promise<WebhookDeliveryView[]> {
  return (await expectWire(WebhookDeliveryListSchema, await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/webhooks/${webhookId}/deliveries${query}`), 200)).deliveries;
}

/** Polls the deliveries list until `done` holds. */
async function deliveriesWhen(p: P, webhookId: string, done: (d: WebhookDeliveryView[]) => boolean, timeoutMs = 30_000): Promise<WebhookDeliveryView[]> {
  for (const until = Date.now() + timeoutMs; ; ) {
    const list = await deliveries(p, webhookId);
    if (done(list)) return list;
    if (Date.now() > until) throw new Error(`deliveries never reached the expected state: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('webhooks: management', () => {
  it('creates (secret shown once), lists, reads, changes, rotates and deletes', async () => {
    const p = await managedProject();
    const base = `/projects/${p.tenantId}/webhooks`;
    expect(await expectWire(WebhookListSchema, await manage(p.owner.token, 'GET', base), 200)).toEqual({ webhooks: [] });

    const created = await expectWire(WebhookWithSecretSchema, await manage(p.owner.token, 'POST', base, { url: 'https://hooks.example.com/askflow', events: ['ask.completed', 'document.ready'] }), 201);
    expect(created).toMatchObject({ url: 'https://hooks.example.com/askflow', events: ['ask.completed', 'document.ready'], enabled: true, disabledReason: null });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(24);

    // Listed and read without the secret.
    const listed = await expectWire(WebhookListSchema, await manage(p.owner.token, 'GET', base), 200);
    expect(listed.webhooks).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const read = await expectWire(WebhookSchema, await manage(p.owner.token, 'GET', `${base}/${created.id}`), 200);
    expect(read.id).toBe(created.id);

    const patched = await expectWire(WebhookSchema, await manage(p.owner.token, 'PATCH', `${base}/${created.id}`, { events: ['budget.exceeded'], enabled: false }), 200);
    expect(patched).toMatchObject({ url: created.url, events: ['budget.exceeded'], enabled: false });

    const rotated = await expectWire(WebhookWithSecretSchema, await manage(p.owner.token, 'POST', `${base}/${created.id}/rotate-secret`), 200);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);

    // Another owner sees none of it.
    const stranger = await signUp();
    await expectJson(await manage(stranger.token, 'GET', `${base}/${created.id}`), 404);
    await expectJson(await manage(stranger.token, 'DELETE', `${base}/${created.id}`), 404);
    await expectJson(await manage(stranger.token, 'GET', `${base}/${created.id}/deliveries`), 404);

    await expectJson(await manage(p.owner.token, 'DELETE', `${base}/${created.id}`), 204);
    await expectJson(await manage(p.owner.token, 'GET', `${base}/${created.id}`), 404);
    await expectJson(await manage(p.owner.token, 'GET', `${base}/not-a-uuid/deliveries`), 404);
  });

  it('refuses bad definitions with a clear 400, addresses tools could not reach, and an eleventh webhook', async () => {
    const p = await managedProject();
    const base = `/projects/${p.tenantId}/webhooks`;
    const refused = async (body: unknown, message: RegExp, method = 'POST', path = base) => {
      const res = await expectJson<{ error: { code: string; message: string } }>(await manage(p.owner.token, method, path, body), 400);
      expect(res.error.code).toBe('ValidationError');
      expect(res.error.message).toMatch(message);
    };
    await refused({ url: 'ftp://hooks.example.com/x', events: ['ask.completed'] }, /url/);
    await refused({ url: 'not a url', events: ['ask.completed'] }, /url/);
    await refused({ url: 'https://hooks.example.com/x', events: ['ask.exploded'] }, /events/);
    await refused({ url: 'https://hooks.example.com/x', events: [] }, /at least one event/);
    await refused({ url: 'https://hooks.example.com/x', events: ['ask.completed', 'ask.completed'] }, /each event once/);
    await refused({ url: 'https://hooks.example.com/x', events: ['ask.completed'], secret: 'mine' }, /secret/);
    // The tools' address guard: private networks and metadata are refused (the stack allows loopback only), so are Askflow's own services.
    await refused({ url: 'http://10.0.0.7/hook', events: ['ask.completed'] }, /url is not allowed: .*private/);
    await refused({ url: 'http://169.254.169.254/latest/meta-data', events: ['ask.completed'] }, /url is not allowed/);
    await refused({ url: `${stackInfo().baseUrl}/manage/projects`, events: ['ask.completed'] }, /url is not allowed: .*Askflow's own services/);
    // …and the project's allowed hosts.
    await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { allowedHosts: ['hooks.example.com'] }), 200);
    await refused({ url: 'https://elsewhere.example.org/hook', events: ['ask.completed'] }, /not on the project's allowed hosts/);

    const ok = await expectWire(WebhookWithSecretSchema, await manage(p.owner.token, 'POST', base, { url: 'https://hooks.example.com/1', events: ['ask.failed'] }), 201);
    await refused({ url: 'https://elsewhere.example.org/hook' }, /not on the project's allowed hosts/, 'PATCH', `${base}/${ok.id}`);
    await refused({}, /give url, events or enabled/, 'PATCH', `${base}/${ok.id}`);
    for (let i = 2; i <= 8; i++) await expectJson(await manage(p.owner.token, 'POST', base, { url: `https://hooks.example.com/${i}`, events: ['ask.failed'] }), 201);
    // Three at once for the last two places: two get them, never three.
    const racing = await Promise.all([9, 10, 11].map((i) => manage(p.owner.token, 'POST', base, { url: `https://hooks.example.com/${i}`, events: ['ask.failed'] })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 201, 409]);
    const eleventh = await expectJson<{ error: { code: string; message: string } }>(await manage(p.owner.token, 'POST', base, { url: 'https://hooks.example.com/11', events: ['ask.failed'] }), 409);
    expect(eleventh.error.message).toMatch(/at most 10 webhooks/);
  });
});

describe('webhooks: deliveries', () => {
  it('an answered ask is delivered signed the Standard Webhooks way, listed, and redelivered with the same id', async () => {
    const p = await managedProject();
    const { receiver, webhook, secret } = await subscribed(p, ['ask.completed']);
    const res = await ask(p, { message: 'What is a webhook?' });
    const answer = await expectJson<{ threadId: string; answer: string; model: string }>(res, 200);
    const askId = res.headers.get(ASK_ID_HEADER)!;

    const [first] = await receiver.waitFor(1, 'ask.completed');
    expect(first!.signatureValid).toBe(true);
    expect(first!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(first!.headers['content-type']).toBe('application/json');
    expect(Math.abs(first!.skewSeconds)).toBeLessThan(30);
    expect(first!.body).toMatchObject({ type: 'ask.completed', data: { askId, threadId: answer.threadId, answer: answer.answer, model: answer.model } });
    expect(Date.parse(first!.body.timestamp)).not.toBeNaN();
    // Verified with the wrong secret, it does not check out (the receiver's check is real).
    const { independentlyValid } = await import('./webhookReceiver.js');
    expect(independentlyValid('whsec_' + Buffer.alloc(24, 1).toString('base64'), first!.headers, first!.raw)).toBe(false);

    const [listed] = await deliveriesWhen(p, webhook.id, (d) => d[0]?.status === 'delivered');
    expect(listed).toMatchObject({ id: first!.headers['webhook-id'], event: 'ask.completed', status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    expect(listed!.deliveredAt).not.toBeNull();

    // Redeliver: the same message id and body, signed afresh, one more attempt on the record.
    const again = await expectJson<WebhookDeliveryView>(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/webhooks/${webhook.id}/deliveries/${listed!.id}/redeliver`), 202);
    expect(again.id).toBe(listed!.id);
    const both = await receiver.waitFor(2, 'ask.completed');
    expect(both[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(both[1]!.raw).toBe(first!.raw);
    expect(both[1]!.signatureValid).toBe(true);
    expect(secret).toMatch(/^whsec_/);
    await deliveriesWhen(p, webhook.id, (d) => d[0]?.status === 'delivered' && d[0].attempts === 2);
    await expectJson(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/webhooks/${webhook.id}/deliveries/msg_00000000000000000000000000000000/redeliver`), 404);
    await expectJson(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/webhooks/${webhook.id}/deliveries/nonsense/redeliver`), 404);

    // Erasing the thread erases the deliveries that carry its answers.
    await expectJson(await manage(p.owner.token, 'DELETE', `/projects/${p.tenantId}/threads/${answer.threadId}`), 204);
    expect(await deliveries(p, webhook.id)).toEqual([]);
  }, 60_000);

  it("an answered ask's delivery is listed as soon as its answer is out: the turn and its deliveries are one commit", async () => {
    const p = await managedProject();
    // A receiver nobody answers on: the delivery stays listed (pending, then retrying).
    const webhook = await expectWire(WebhookWithSecretSchema, await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/webhooks`, { url: 'http://127.0.0.1:9/hook', events: ['ask.completed'] }), 201);
    // Writing a delivery checks its webhook row (its foreign key); holding that row back holds
    // back the delivery. Were it written after the turn, the answer would come out meanwhile.
    const holder = await db().connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM webhooks WHERE id = $1 FOR UPDATE', [webhook.id]);
      const asked = ask(p, { message: 'Is the delivery listed yet?' });
      const first = await Promise.race([asked.then(() => 'answered'), new Promise((r) => setTimeout(r, 1500, 'waiting'))]);
      if (first === 'answered') expect((await deliveries(p, webhook.id)).map((d) => d.event)).toEqual(['ask.completed']);
      await holder.query('COMMIT');
      await expectJson(await asked, 200);
      expect((await deliveries(p, webhook.id)).map((d) => d.event)).toEqual(['ask.completed']);
    } finally {
      holder.release();
    }
    await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}/webhooks/${webhook.id}`, { enabled: false }), 200);
  }, 60_000);

  it('a delivery written by an announcer that stopped before starting it is started by the worker', async () => {
    const p = await managedProject();
    const { receiver, webhook } = await subscribed(p, ['document.ready']);
    // What an announcer leaves when it dies (or Temporal is unreachable) between its two steps:
    // the outbox row, and no workflow. The worker looks for such rows (every second in tests).
    const payload = { type: 'document.ready', timestamp: new Date().toISOString(), data: { documentId: 'left-behind' } };
    await db().query(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_type, subject_id, payload, created_at) VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), $1, 'document.ready', 'left-behind', $2, now() - interval '5 seconds')`,
      [webhook.id, JSON.stringify(payload)],
    );
    const [got] = await receiver.waitFor(1, 'document.ready');
    expect(got!.signatureValid).toBe(true);
    expect(got!.body).toMatchObject({ data: { documentId: 'left-behind' } });
    await deliveriesWhen(p, webhook.id, (d) => d[0]?.status === 'delivered' && d[0].attempts === 1);
  }, 60_000);

  it('an ask the provider refuses is announced as ask.failed with what the caller was told', async () => {
    const llm = await startChatCompletionsServer({ apiKey: 'sk-webhooks' });
    try {
      const p = await managedProject();
      await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/openai`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey }), 200);
      await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'openai:gpt-4o-mini' }), 200);
      const { receiver, webhook } = await subscribed(p, ['ask.completed', 'ask.failed']);
      llm.script({ status: 400, message: 'context_length_exceeded' });
      const res = await ask(p, { message: 'far too long' });
      const { error } = await expectJson<{ error: { code: string; message: string } }>(res, 502);
      const [failed] = await receiver.waitFor(1, 'ask.failed');
      expect(failed!.signatureValid).toBe(true);
      expect(failed!.body.data).toMatchObject({ askId: res.headers.get(ASK_ID_HEADER), model: 'openai:gpt-4o-mini', code: 'ProviderError', message: error.message });
      expect(failed!.body.data.threadId).toEqual(expect.any(String));
      await deliveriesWhen(p, webhook.id, (d) => d.length === 1 && d[0]?.event === 'ask.failed' && d[0]?.status === 'delivered');
      expect(receiver.received.map((d) => d.body.type)).toEqual(['ask.failed']);
    } finally {
      await llm.close();
    }
  }, 60_000);

  it('an uploaded document is announced ready to webhooks subscribed to it, and only to them', async () => {
    const p = await managedProject();
    const docs = await subscribed(p, ['document.ready', 'document.failed']);
    const asks = await subscribed(p, ['ask.completed']);
    const doc = await expectJson<{ id: string }>(
      await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/knowledge`, { name: 'returns.md', text: '# Returns\n\nItems can be returned within 30 days of delivery.' }),
      202,
    );
    const [ready] = await docs.receiver.waitFor(1, 'document.ready');
    expect(ready!.signatureValid).toBe(true);
    expect(ready!.body.data).toMatchObject({ documentId: doc.id, name: 'returns.md', kind: 'markdown', error: null });
    expect(ready!.body.data.chunks).toBeGreaterThan(0);

    // A "PDF" that is not one fails: announced as document.failed with its reason.
    const bad = await expectJson<{ id: string }>(
      await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/knowledge`, { name: 'broken.pdf', kind: 'pdf', base64: Buffer.from('not a pdf at all').toString('base64') }),
      202,
    );
    const [failed] = await docs.receiver.waitFor(1, 'document.failed');
    expect(failed!.body.data).toMatchObject({ documentId: bad.id });
    expect(String(failed!.body.data.error)).not.toBe('');
    expect(asks.receiver.received).toHaveLength(0);
    expect(await deliveries(p, asks.webhook.id)).toEqual([]);
    // The receiver has the request before the worker records its answer: the delivery is marked delivered a moment later.
    await deliveriesWhen(p, docs.webhook.id, (d) => d.filter((x) => x.status === 'delivered').length >= 2);
    expect((await deliveries(p, docs.webhook.id, '?status=delivered')).map((d) => d.event).sort()).toEqual(['document.failed', 'document.ready']);
    expect(await deliveries(p, docs.webhook.id, '?limit=1')).toHaveLength(1);
    await expectJson(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/webhooks/${docs.webhook.id}/deliveries?limit=0`), 400);

    // Finished deliveries past the 30 days go with the webhook's next successful one.
    const [newest, oldest] = await deliveries(p, docs.webhook.id);
    await db().query(`UPDATE webhook_deliveries SET created_at = now() - interval '31 days' WHERE id = $1`, [oldest!.id]);
    await expectJson(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/webhooks/${docs.webhook.id}/deliveries/${newest!.id}/redeliver`), 202);
    await deliveriesWhen(p, docs.webhook.id, (d) => d.length === 1 && d[0]?.id === newest!.id && d[0]?.attempts === 2);
  }, 60_000);

  it('budget.exceeded is announced once per cap and window, however many asks are refused', async () => {
    const p = await managedProject();
    const { receiver, webhook } = await subscribed(p, ['budget.exceeded']);
    await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/budget`, { dailyTokens: 1 }), 200);
    await expectJson(await ask(p, { message: 'What is a budget?' }), 200);
    for (let i = 0; i < 3; i++) await expectJson(await ask(p, { message: `Refused ${i}?` }), 402);
    const [exceeded] = await receiver.waitFor(1, 'budget.exceeded');
    expect(exceeded!.signatureValid).toBe(true);
    expect(exceeded!.body.data).toMatchObject({ scope: 'project', period: 'day', measure: 'tokens', limit: 1 });
    expect(exceeded!.body.data.resetsAt).toMatch(/T00:00:00\.000Z$/);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.received).toHaveLength(1);
    expect(await deliveries(p, webhook.id)).toHaveLength(1);
  }, 60_000);

  it('a receiver that answers 410 Gone gets no more: the webhook is turned off, with why', async () => {
    const p = await managedProject();
    const { receiver, webhook } = await subscribed(p, ['ask.completed']);
    receiver.answer(410);
    await expectJson(await ask(p, { message: 'Anyone there?' }), 200);
    const [gone] = await deliveriesWhen(p, webhook.id, (d) => d[0]?.status === 'failed');
    expect(gone).toMatchObject({ attempts: 1, lastStatusCode: 410 });
    const read = await expectWire(WebhookSchema, await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/webhooks/${webhook.id}`), 200);
    expect(read).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/410/) });
    await expectJson(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/webhooks/${webhook.id}/deliveries/${gone!.id}/redeliver`), 409);
    // Turned back on, the reason goes, and a redelivery goes out.
    receiver.answer(200);
    expect(await expectWire(WebhookSchema, await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}/webhooks/${webhook.id}`, { enabled: true }), 200)).toMatchObject({ enabled: true, disabledReason: null });
    await expectJson(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/webhooks/${webhook.id}/deliveries/${gone!.id}/redeliver`), 202);
    await deliveriesWhen(p, webhook.id, (d) => d[0]?.status === 'delivered' && d[0].attempts === 2);
  }, 60_000);

  it('retries a failing receiver with backoff, across a worker restart, until it is delivered', async () => {
    // Its own api and worker on a task queue of their own, so killing the worker hurts no other test.
    const env = { TEMPORAL_TASK_QUEUE: `webhooks-${process.pid}`, ASKFLOW_WEBHOOK_RETRY_INITIAL_MS: '700', ASKFLOW_WEBHOOK_RETRY_MAX_MS: '1500' };
    const api = await startReplica('api', env);
    const worker = await startReplica('worker', env);
    replicas.push(api, worker);
    const p = await managedProject();
    const { receiver, webhook } = await subscribed(p, ['ask.completed']);
    receiver.answer(500);
    const res = await fetch(`${api.baseUrl}/service/ask`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': p.apiKey },
      body: JSON.stringify({ tenantId: p.tenantId, message: 'Will you keep trying?' }),
    });
    await expectJson(res, 200);
    await receiver.waitFor(2);
    const [retrying] = await deliveriesWhen(p, webhook.id, (d) => (d[0]?.attempts ?? 0) >= 2);
    expect(retrying).toMatchObject({ status: 'delivering', lastStatusCode: 500, lastError: expect.stringMatching(/HTTP 500/) });
    expect(retrying!.nextAttemptAt).not.toBeNull();

    await worker.kill(); // between attempts: the next one waits on Temporal's retry timer, not in this process
    const before = receiver.received.length;
    receiver.answer(200);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(receiver.received.length).toBe(before); // nobody attempts while no worker runs
    replicas.push(await startReplica('worker', env));

    // Soon after the new worker starts; or, when the retry was handed to the killed worker's
    // last poll just before it died, once that attempt's 30 s start-to-close timeout has passed.
    const [done] = await deliveriesWhen(p, webhook.id, (d) => d[0]?.status === 'delivered', 90_000);
    expect(done!.attempts).toBeGreaterThan(2);
    expect(done).toMatchObject({ lastStatusCode: 200, nextAttemptAt: null });
    // Every attempt: the same message id, signed afresh (valid each time), the last one a 200.
    const ids = new Set(receiver.received.map((d) => d.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(receiver.received.every((d) => d.signatureValid)).toBe(true);
    // Each recorded attempt reached the receiver (one cut off by the kill may have reached it unrecorded).
    expect(receiver.received.length).toBeGreaterThanOrEqual(done!.attempts);
    // Backoff: later attempts come further apart.
    const gaps = receiver.received.slice(1).map((d, i) => d.at - receiver.received[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(500);
  }, 180_000);
});
