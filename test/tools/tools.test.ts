import { computeSignature, SigningSecretSchema, AskResponseSchema, ToolCallEnvelopeSchema, ToolListSchema, ToolSchema, ToolTestResultSchema } from '@askflow/contract';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { ask, closeDb, db, expectJson, managedProject, manage } from '../stack/context.js';
import { collect, openStream } from '../stack/sse.js';
import { expectShape, expectWire } from '../stack/wire.js';
import { expressToolServer, plainToolServer } from './endpoints.js';

type P = Awaited<ReturnType<typeof managedProject>>;
let p: P;
let secrets: string[] = [];
let weather: Awaited<ReturnType<typeof plainToolServer>>;
let orders: Awaited<ReturnType<typeof expressToolServer>>;
let llm: ChatCompletionsServer;

const WEATHER_TOOL = {
  name: 'getWeather',
  description: 'Current weather for a city',
  parameters: { type: 'object', required: ['city'], properties: { city: { type: 'string', description: 'City name' } } },
  forwardHeaders: ['Accept-Language', 'X-App-Version'],
};

async function refreshSecrets() {
  const s = await expectWire(SigningSecretSchema, await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/signing-secret`), 200);
  secrets = [s.secret, ...(s.previous ? [s.previous.secret] : [])];
}

beforeAll(async () => {
  llm = await startChatCompletionsServer();
  p = await managedProject({ toolsEnabled: true });
  await refreshSecrets();
  weather = await plainToolServer(() => secrets);
  orders = await expressToolServer(() => secrets[0]!);
  const created = await expectWire(ToolSchema, await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/tools`, { ...WEATHER_TOOL, url: weather.url }), 201);
  expect(created).toMatchObject({ ...WEATHER_TOOL, url: weather.url, method: 'POST', timeoutMs: 10_000 });
  await expectWire(
    ToolSchema,
    await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/tools`, {
      name: 'getOrderStatus',
      description: 'Shipping status of a customer order by order number',
      parameters: { type: 'object', required: ['orderId'], properties: { orderId: { type: 'string' } } },
      url: orders.url,
    }),
    201,
  );
});
beforeEach(() => {
  weather.received.length = 0;
  orders.seen.length = 0;
});
afterAll(async () => {
  await Promise.all([weather.close(), orders.close(), llm.close()]);
  await closeDb();
});

describe('tool definitions', () => {
  it('refuses reserved headers on the allowlist, private and metadata addresses, and a bad schema', async () => {
    const base = { ...WEATHER_TOOL, name: 'other', url: weather.url };
    for (const [body, mentions] of [
      [{ ...base, forwardHeaders: ['X-API-Key'] }, 'reserved'],
      [{ ...base, forwardHeaders: ['authorization'] }, 'reserved'],
      [{ ...base, url: 'http://169.254.169.254/latest' }, 'not allowed'],
      [{ ...base, url: 'http://10.1.2.3/tool' }, 'not allowed'],
      [{ ...base, parameters: { type: 'nope' } }, 'JSON Schema'],
    ] as const) {
      const { error } = await expectJson<{ error: { message: string } }>(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/tools`, body), 400);
      expect(error.message).toContain(mentions);
    }
    await expectJson(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/tools`, { ...WEATHER_TOOL, url: weather.url }), 409);
  });
});

describe('a signed tool call', () => {
  it('carries the four X-Service headers and a valid signature over the exact bytes; the result feeds the answer', async () => {
    const res = await ask(p, { message: "What's the weather in Oslo today?" });
    const answer = AskResponseSchema.parse(await expectJson(res, 200));
    expect(answer).toMatchObject({ intent: 'tools', toolUsed: 'getWeather', ragChunksUsed: 0 });
    expect(answer.answer).toContain('light rain');
    expect(weather.received).toHaveLength(1);
    const call = weather.received[0]!;
    expect(call.signatureValid).toBe(true);
    expect(call.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(Math.abs(Number(call.headers['x-service-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(call.headers['x-service-request-id']).toBe(res.headers.get('x-request-id'));
    expect(call.headers['x-service-tenant-id']).toBe(p.tenantId);
    // The test stack exports no traces: then there is no trace for the tool to join.
    expect(call.headers.traceparent).toBeUndefined();
    expect(expectShape(ToolCallEnvelopeSchema, call.body)).toEqual({ tool: 'getWeather', arguments: { city: 'Oslo' } });
    expect(computeSignature(secrets[0]!, String(call.headers['x-service-timestamp']), call.raw)).toBe(call.headers['x-service-signature']);
  });

  it('routes each header channel exactly: authToken, allowlisted headers only, toolHeaders in the body; nothing overrides X-Service-*', async () => {
    await expectJson(
      await ask(p, {
        message: "What's the weather in Oslo today?",
        authToken: 'end-user-token',
        headers: {
          'accept-language': 'nb-NO',
          'X-App-Version': '4.2.0',
          'X-Not-Allowed': 'nope',
          'X-API-Key': 'should-not-pass',
          Authorization: 'Bearer should-not-pass',
          'X-Service-Tenant-Id': 'spoofed',
          Host: 'evil.example',
          'Content-Length': '1',
        },
        toolHeaders: { Authorization: 'Bearer per-user-secret', 'X-API-Key': 'per-user-key' },
      }),
      200,
    );
    const h = weather.received[0]!.headers;
    expect(h.authorization).toBe('Bearer end-user-token');
    expect(h['accept-language']).toBe('nb-NO');
    expect(h['x-app-version']).toBe('4.2.0');
    expect(h['x-not-allowed']).toBeUndefined();
    expect(h['x-api-key']).toBeUndefined();
    expect(h['x-service-tenant-id']).toBe(p.tenantId);
    expect(h.host).toBe(new URL(weather.url).host);
    expect(expectShape(ToolCallEnvelopeSchema, weather.received[0]!.body).toolHeaders).toEqual({ Authorization: 'Bearer per-user-secret', 'X-API-Key': 'per-user-key' });
    expect(weather.received[0]!.signatureValid).toBe(true);
  });

  it('keeps end users\' tokens out of Temporal history (sealed in the workflow input)', async () => {
    const res = await ask(p, { message: "What's the weather in Oslo today?", authToken: 'secret-token-xyz', toolHeaders: { 'X-API-Key': 'secret-key-xyz' } });
    await expectJson(res, 200);
    expect(weather.received[0]!.headers.authorization).toBe('Bearer secret-token-xyz');
    const { rows } = await db().query(`SELECT workflow_id FROM turns WHERE request_id = $1`, [res.headers.get('x-request-id')]);
    const { temporalClient } = await import('../stack/context.js');
    const { client, close } = await temporalClient();
    try {
      // Whole once the run has ended (the answer came as soon as its turn was stored).
      const run = client.workflow.getHandle(rows[0].workflow_id);
      await run.result();
      const history = JSON.stringify(await run.fetchHistory());
      expect(history).not.toContain('secret-token-xyz');
      expect(history).not.toContain('secret-key-xyz');
    } finally {
      await close();
    }
  });

  it('retries 5xx with backoff: fail twice then succeed → one answer, same request id, fresh timestamps and signatures', async () => {
    weather.script({ status: 503, body: { error: 'down' } }, { status: 502, body: { error: 'down' } });
    const answer = AskResponseSchema.parse(await expectJson(await ask(p, { message: "What's the weather in Oslo today?" }), 200));
    expect(answer.answer).toContain('light rain');
    expect(weather.received).toHaveLength(3);
    expect(new Set(weather.received.map((r) => r.headers['x-service-request-id'])).size).toBe(1);
    expect(new Set(weather.received.map((r) => r.headers['x-service-timestamp'])).size).toBe(3);
    expect(weather.received.every((r) => r.signatureValid)).toBe(true);
    const { rows } = await db().query(`SELECT count(*)::int AS n FROM turns WHERE thread_id = $1`, [answer.threadId]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('honours Retry-After on 429', async () => {
    weather.script({ status: 429, body: {}, headers: { 'Retry-After': '2' } });
    await expectJson(await ask(p, { message: "What's the weather in Oslo today?" }), 200);
    const [first, second] = weather.received;
    expect(Number(second!.headers['x-service-timestamp']) - Number(first!.headers['x-service-timestamp'])).toBeGreaterThanOrEqual(2);
  });

  it('does not retry a 400, and still answers clearly', async () => {
    weather.script({ status: 400, body: { error: 'unknown city' } });
    const answer = AskResponseSchema.parse(await expectJson(await ask(p, { message: "What's the weather in Oslo today?" }), 200));
    expect(weather.received).toHaveLength(1);
    expect(answer).toMatchObject({ intent: 'tools', toolUsed: 'getWeather' });
    expect(answer.answer).toContain('could not be used');
  });

  it('the Express endpoint with the client middleware sees verified request and tenant ids', async () => {
    const res = await ask(p, { message: 'Where is my order "A-1001"?' });
    const answer = AskResponseSchema.parse(await expectJson(res, 200));
    expect(answer).toMatchObject({ intent: 'tools', toolUsed: 'getOrderStatus' });
    expect(answer.answer).toContain('shipped');
    expect(orders.seen).toEqual([{ requestId: res.headers.get('x-request-id'), tenantId: p.tenantId, body: { tool: 'getOrderStatus', arguments: { orderId: 'A-1001' } } }]);
  });

  it('the middleware rejects a tampered body and a stale timestamp with 401 JSON', async () => {
    const body = JSON.stringify({ tool: 'getOrderStatus', arguments: { orderId: 'A-1001' } });
    const send = (raw: string, ts: number, signedBody = raw) =>
      fetch(orders.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Service-Signature': computeSignature(secrets[0]!, ts, signedBody), 'X-Service-Timestamp': String(ts), 'X-Service-Request-Id': 'r-1', 'X-Service-Tenant-Id': p.tenantId },
        body: raw,
      });
    const now = Math.floor(Date.now() / 1000);
    expect((await send(body, now)).status).toBe(200);
    const tampered = await send(body.replace('A-1001', 'A-9999'), now, body);
    expect(tampered.status).toBe(401);
    expect(tampered.headers.get('content-type')).toMatch(/json/);
    const stale = await send(body, now - 301);
    expect(stale.status).toBe(401);
    expect(JSON.stringify(await stale.json())).toMatch(/timestamp/i);
  });

  it('streams tool.calling before the answer', async () => {
    const events = await collect(await openStream('/service/ask/stream', { body: { tenantId: p.tenantId, message: "What's the weather in Oslo today?" }, headers: { 'X-API-Key': p.apiKey } }));
    const names = events.map((e) => e.event.type);
    const calling = names.indexOf('tool.calling');
    expect(calling).toBeGreaterThan(0);
    expect(events[calling]!.event).toEqual({ type: 'tool.calling', name: 'getWeather' });
    expect(names.indexOf('delta')).toBeGreaterThan(calling);
    expect(events.at(-1)!.event).toMatchObject({ type: 'done', toolUsed: 'getWeather', intent: 'tools' });
  });

  it('with RAG on too, a question that needs both gets both the knowledge and the tool: rag_tools', async () => {
    const q = await managedProject({ toolsEnabled: true, ragEnabled: true });
    await expectJson(await manage(q.owner.token, 'POST', `/projects/${q.tenantId}/tools`, { ...WEATHER_TOOL, url: weather.url }), 201);
    const doc = await expectJson<{ id: string }>(await manage(q.owner.token, 'POST', `/projects/${q.tenantId}/knowledge`, { name: 'oslo.md', text: '# Oslo weather advice\nIn Oslo rain, bring the packable shell jacket from our store.' }), 202);
    for (let i = 0; i < 100; i++) {
      const d = await expectJson<{ status: string }>(await manage(q.owner.token, 'GET', `/projects/${q.tenantId}/knowledge/${doc.id}`), 200);
      if (d.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const qs = await expectWire(SigningSecretSchema, await manage(q.owner.token, 'GET', `/projects/${q.tenantId}/signing-secret`), 200);
    secrets.push(qs.secret);
    // A weather question alone needs only the tool; this one also asks what the knowledge advises.
    const a = AskResponseSchema.parse(await expectJson(await ask(q, { message: "What's the weather in Oslo today, and which jacket should I bring?" }), 200));
    expect(a).toMatchObject({ intent: 'rag_tools', toolUsed: 'getWeather' });
    expect(a.ragChunksUsed).toBeGreaterThan(0);
    expect(a.answer).toContain('light rain');
    expect(a.answer).toContain('shell jacket');
  });
});

describe('the signing secret', () => {
  it('is rotatable with a grace period in which both secrets verify', async () => {
    const old = secrets[0]!;
    const rotated = await expectWire(SigningSecretSchema, await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/signing-secret/rotate`, { graceSeconds: 3600 }), 200);
    expect(rotated.secret).not.toBe(old);
    expect(rotated.previous?.secret).toBe(old);
    await expectJson(await ask(p, { message: "What's the weather in Oslo today?" }), 200);
    const call = weather.received[0]!;
    const ts = String(call.headers['x-service-timestamp']);
    const sigs = String(call.headers['x-service-signature']).split(', ');
    expect(sigs).toEqual([computeSignature(rotated.secret, ts, call.raw), computeSignature(old, ts, call.raw)]);

    // No grace: only the new secret signs from now on.
    const now = await expectWire(SigningSecretSchema, await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/signing-secret/rotate`, { graceSeconds: 0 }), 200);
    expect(now.previous).toBeNull();
    await refreshSecrets();
    weather.received.length = 0;
    await expectJson(await ask(p, { message: "What's the weather in Oslo today?" }), 200);
    expect(String(weather.received[0]!.headers['x-service-signature']).split(', ')).toHaveLength(1);
  });

  it('"send test call" makes one signed call now and shows what the tool answered', async () => {
    const { tools } = await expectWire(ToolListSchema, await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/tools`), 200);
    const id = tools.find((t) => t.name === 'getWeather')!.id;
    const result = await expectWire(ToolTestResultSchema, await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/tools/${id}/test`, { arguments: { city: 'Bergen' } }), 200);
    if (!result.ok) throw new Error(`the test call failed: ${result.error}`);
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ conditions: 'light rain' });
    expect(expectShape(ToolCallEnvelopeSchema, weather.received.at(-1)!.body)).toEqual({ tool: 'getWeather', arguments: { city: 'Bergen' } });
    expect(weather.received.at(-1)!.signatureValid).toBe(true);
  });
});

describe('OpenAI-compatible function calling', () => {
  it('takes the tool and arguments from the model, and gives it the result', async () => {
    const r = await managedProject({ toolsEnabled: true });
    await expectJson(await manage(r.owner.token, 'POST', `/projects/${r.tenantId}/tools`, { ...WEATHER_TOOL, url: weather.url }), 201);
    await expectJson(await manage(r.owner.token, 'PUT', `/projects/${r.tenantId}/providers/openai`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey }), 200);
    await expectJson(await manage(r.owner.token, 'PATCH', `/projects/${r.tenantId}`, { chatModel: 'openai:gpt-4o-mini' }), 200);
    const rs = await expectWire(SigningSecretSchema, await manage(r.owner.token, 'GET', `/projects/${r.tenantId}/signing-secret`), 200);
    secrets.push(rs.secret);
    llm.reset();
    llm.script({ toolCall: { name: 'getWeather', arguments: '{"city":"Trondheim"}' } }, { content: 'It is rainy in Trondheim, 12 degrees.' });
    const a = AskResponseSchema.parse(await expectJson(await ask(r, { message: 'Do I need an umbrella up north?' }), 200));
    expect(a).toMatchObject({ intent: 'tools', toolUsed: 'getWeather', answer: 'It is rainy in Trondheim, 12 degrees.' });
    expect(weather.received.at(-1)!.body.arguments).toEqual({ city: 'Trondheim' });
    expect(llm.requests[0]!.body!.tools).toEqual([expect.objectContaining({ type: 'function', function: expect.objectContaining({ name: 'getWeather' }) })]);
    expect(JSON.stringify(llm.requests[1]!.body!.messages)).toContain('light rain');
  });
});
