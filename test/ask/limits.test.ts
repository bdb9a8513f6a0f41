import { AskResponseSchema } from '@askflow/contract';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { ask, call, closeDb, db, expectJson, managedProject, manage } from '../stack/context.js';

let llm: ChatCompletionsServer;
beforeAll(async () => {
  llm = await startChatCompletionsServer();
});
afterAll(async () => {
  await llm.close();
  await closeDb();
});

describe('rate limits', () => {
  it('per key: 429 RateLimited with Retry-After once the key has used its minute', async () => {
    const p = await managedProject({ keyRateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await ask(p, { message: `ok ${i}` })).status).toBe(200);
    const res = await ask(p, { message: 'one too many' });
    const { error } = await expectJson<{ error: { code: string } }>(res, 429);
    expect(error.code).toBe('RateLimited');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('per project: all keys of the project share the limit', async () => {
    const p = await managedProject({ rateLimitPerMinute: 2 });
    const { key } = await expectJson<{ key: string }>(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/keys`, { mode: 'live' }), 201);
    expect((await ask(p, { message: 'a' })).status).toBe(200);
    expect((await ask({ tenantId: p.tenantId, apiKey: key }, { message: 'b' })).status).toBe(200);
    expect((await ask({ tenantId: p.tenantId, apiKey: key }, { message: 'c' })).status).toBe(429);
  });

  it('a burst at once is counted request by request: exactly the limit get through', async () => {
    // Concurrent requests of one key are counted together (api/middleware/batchedConsume.ts);
    // each must still be allowed or refused by its own place in the count.
    const p = await managedProject({ keyRateLimitPerMinute: 7 });
    const models = () => call('GET', '/service/models', { headers: { 'X-API-Key': p.apiKey, 'X-Tenant-Id': p.tenantId } });
    const burst = await Promise.all(Array.from({ length: 30 }, models));
    const statuses: Record<number, number> = {};
    for (const r of burst) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    expect(statuses).toEqual({ 200: 7, 429: 23 });
    // The minute is used up for the next request too, burst or not.
    expect((await models()).status).toBe(429);
  });
});

describe('Idempotency-Key', () => {
  async function providerProject() {
    const p = await managedProject();
    await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/openai`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey }), 200);
    await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'openai:gpt-4o-mini' }), 200);
    return p;
  }

  it('the same key and body return the same result from the same run: one generation, one turn', async () => {
    const p = await providerProject();
    llm.reset();
    const headers = { 'Idempotency-Key': 'order-123-attempt' };
    const first = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'charge it' }, headers), 200));
    const again = await ask(p, { message: 'charge it' }, headers);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(AskResponseSchema.parse(await expectJson(again, 200))).toEqual(first);
    expect(llm.requests).toHaveLength(1);
    const { rows } = await db().query(`SELECT count(*)::int AS n FROM turns WHERE project_id = $1`, [p.tenantId]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('concurrent requests with one key join one run', async () => {
    const p = await providerProject();
    llm.reset();
    llm.script({ delayMs: 800, content: 'only once' });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => ask(p, { message: 'same' }, { 'Idempotency-Key': 'burst-key' }).then((r) => expectJson(r, 200))),
    );
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(llm.requests).toHaveLength(1);
  });

  it('a reused key with a different body is a 409 with a clear message, and runs nothing', async () => {
    const p = await providerProject();
    await expectJson(await ask(p, { message: 'first body' }, { 'Idempotency-Key': 'k-1' }), 200);
    llm.reset();
    const { error } = await expectJson<{ error: { code: string; message: string } }>(await ask(p, { message: 'second body' }, { 'Idempotency-Key': 'k-1' }), 409);
    expect(error.code).toBe('IdempotencyKeyReused');
    expect(error.message).toContain('different request body');
    expect(llm.requests).toHaveLength(0);
  });

  it('keys are per project, and an unusable key is a 400', async () => {
    const a = await providerProject();
    const b = await providerProject();
    llm.reset();
    await expectJson(await ask(a, { message: 'x' }, { 'Idempotency-Key': 'shared' }), 200);
    await expectJson(await ask(b, { message: 'x' }, { 'Idempotency-Key': 'shared' }), 200);
    expect(llm.requests).toHaveLength(2);
    await expectJson(await ask(a, { message: 'x' }, { 'Idempotency-Key': 'k'.repeat(256) }), 400);
  });

  it('a key whose run failed can be retried and then runs again', async () => {
    const p = await providerProject();
    llm.reset();
    llm.script({ status: 400, message: 'refused once' });
    await expectJson(await ask(p, { message: 'retry me' }, { 'Idempotency-Key': 'after-failure' }), 502);
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'retry me' }, { 'Idempotency-Key': 'after-failure' }), 200));
    expect(a.answer).toContain('retry me');
    expect(llm.requests).toHaveLength(2);
  });
});
