import { AskResponseSchema } from '@askflow/contract';
import { AskflowClient, AuthenticationError, EgoZError, NetworkError, ValidationError } from '@askflow/client';
import { expectJson, managedProject, manage } from '../stack/context.js';
import { clientHarness, clientFor, generations, providerProject, type Project } from './fixtures.js';

const h = clientHarness();
let local: Project;

beforeAll(async () => {
  local = await managedProject();
});

describe('construction', () => {
  it('requires apiKey and tenantId, with an error that names the missing option', () => {
    expect(() => new AskflowClient({ apiKey: '', tenantId: 't' })).toThrow(new TypeError('AskflowClient: `apiKey` is required (askflow_live_… or askflow_test_…, from the console)'));
    expect(() => new AskflowClient({ apiKey: 'k', tenantId: '  ' })).toThrow(/`tenantId` is required/);
    expect(() => new AskflowClient(undefined as never)).toThrow(TypeError);
    expect(() => new AskflowClient({ apiKey: 'k', tenantId: 't', timeout: 0 })).toThrow(/`timeout` must be a positive number/);
    expect(() => new AskflowClient({ apiKey: 'k', tenantId: 't', retries: 1.5 })).toThrow(/`retries` must be a whole number/);
  });

  it('keeps its settings, with defaults for the optional ones', () => {
    const client = new AskflowClient({ apiKey: 'k', tenantId: 't', baseUrl: 'http://example.test/', timeout: 5_000, retries: 0 });
    expect({ baseUrl: client.baseUrl, tenantId: client.tenantId, timeout: client.timeout, retries: client.retries }).toEqual({ baseUrl: 'http://example.test', tenantId: 't', timeout: 5_000, retries: 0 });
    expect(new AskflowClient({ apiKey: 'k', tenantId: 't' })).toMatchObject({ timeout: 60_000, retries: 2 });
    // The key stays private: it is not an enumerable field someone could log by accident.
    expect(JSON.stringify(new AskflowClient({ apiKey: 'secret-key', tenantId: 't' }))).not.toContain('secret-key');
  });
});

describe('ask', () => {
  it('answers an AskResponse, sending the tenant and an Idempotency-Key it made itself', async () => {
    const client = clientFor(local, { baseUrl: h.proxy.baseUrl });
    const answer = await client.ask({ message: 'hello from the client', externalThreadId: 'client-1' });
    expect(AskResponseSchema.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({ intent: 'vanilla', model: 'local:extractive', toolUsed: null });
    const [sent] = h.proxy.requests;
    expect(sent).toMatchObject({ method: 'POST', url: '/service/ask' });
    expect(sent!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // The same external thread resolves to the same thread.
    expect((await client.ask({ message: 'again', externalThreadId: 'client-1' })).threadId).toBe(answer.threadId);
    expect(h.proxy.requests[1]!.headers['idempotency-key']).not.toBe(sent!.headers['idempotency-key']);
  });

  it('sends no Idempotency-Key when it may not retry, and the caller’s own when given', async () => {
    await clientFor(local, { baseUrl: h.proxy.baseUrl, retries: 0 }).ask({ message: 'once' });
    await clientFor(local, { baseUrl: h.proxy.baseUrl }).ask({ message: 'mine' }, { idempotencyKey: 'order-42-summary' });
    expect(h.proxy.requests.map((r) => r.headers['idempotency-key'])).toEqual([undefined, 'order-42-summary']);
  });
});

describe('listModels', () => {
  it('reads the menu fresh every time (Cache-Control: no-cache): an owner’s change shows at once', async () => {
    const p = await providerProject(h.llm);
    const client = clientFor(p, { baseUrl: h.proxy.baseUrl });
    expect(await client.listModels()).toEqual({
      switchable: false,
      defaultId: 'openai:gpt-4o-mini',
      models: [{ id: 'openai:gpt-4o-mini', provider: 'openai', model: 'gpt-4o-mini', isDefault: true }],
    });
    await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { modelSwitching: true, models: ['openai:gpt-4o'] }), 200);
    expect((await client.listModels()).models.map((m) => m.id)).toEqual(['openai:gpt-4o-mini', 'openai:gpt-4o']);
    expect(h.proxy.requests.map((r) => [r.url, r.headers['cache-control'], r.headers['x-tenant-id']])).toEqual([
      ['/service/models', 'no-cache', p.tenantId],
      ['/service/models', 'no-cache', p.tenantId],
    ]);
  });

  it('MODEL_NOT_ALLOWED: the caller re-reads the menu and asks with a model from it', async () => {
    const p = await providerProject(h.llm, {});
    await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { modelSwitching: true, models: ['openai:gpt-4o'] }), 200);
    const client = clientFor(p, { baseUrl: h.proxy.baseUrl, retries: 3 });

    const refused = await client.ask({ message: 'which model?', model: 'openai:o1-preview' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused).toMatchObject({ code: 'MODEL_NOT_ALLOWED', status: 400 });
    expect(h.proxy.requests).toHaveLength(1); // refused once, never retried
    expect(generations(h.llm)).toBe(0);

    const menu = await client.listModels();
    const pick = menu.models.find((m) => !m.isDefault)!;
    const answer = await client.ask({ message: 'which model?', model: pick.id });
    expect(answer.model).toBe('openai:gpt-4o');
    expect(h.llm.requests.at(-1)!.body!.model).toBe('gpt-4o');
  });
});

describe('ping', () => {
  it('is true while the service answers GET /health, false otherwise, and never throws', async () => {
    expect(await clientFor(local, { baseUrl: h.proxy.baseUrl }).ping()).toBe(true);
    expect(h.proxy.requests[0]).toMatchObject({ method: 'GET', url: '/health' });
    expect(h.proxy.requests[0]!.headers['x-api-key']).toBeUndefined(); // the key goes only where it is needed

    h.proxy.inject({ kind: 'status', status: 503, code: 'Unavailable' });
    expect(await clientFor(local, { baseUrl: h.proxy.baseUrl }).ping()).toBe(false);
    h.proxy.inject({ kind: 'hang' });
    const started = Date.now();
    expect(await clientFor(local, { baseUrl: h.proxy.baseUrl, timeout: 300 }).ping()).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await clientFor(local, { baseUrl: 'http://127.0.0.1:9' }).ping()).toBe(false);
    expect(h.proxy.requests).toHaveLength(3); // no retries
  });
});

describe('errors', () => {
  const refusal = async (p: { apiKey: string; tenantId: string }, body: Parameters<AskflowClient['ask']>[0], options = {}) => {
    h.proxy.reset();
    const err = await clientFor(p, { baseUrl: h.proxy.baseUrl, retries: 3 }).ask(body, options).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EgoZError);
    // Never retried: a 4xx is about the request, and would fail the same way again.
    expect(h.proxy.requests).toHaveLength(1);
    // The request id is the service's, so a bug report can quote it.
    expect((err as EgoZError).requestId).toBe(h.proxy.requests[0]!.upstreamHeaders['x-request-id']);
    return err as EgoZError;
  };

  it('an invalid key is an AuthenticationError (401 Unauthorized)', async () => {
    const err = await refusal({ apiKey: `askflow_test_${'B'.repeat(43)}`, tenantId: local.tenantId }, { message: 'hi' });
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err).toMatchObject({ name: 'AuthenticationError', code: 'Unauthorized', status: 401 });
  });

  it('a bad request is a ValidationError carrying the code: ValidationError with details, InvalidInput', async () => {
    const empty = await refusal(local, { message: '' });
    expect(empty).toBeInstanceOf(ValidationError);
    expect(empty).toMatchObject({ name: 'ValidationError', code: 'ValidationError', status: 400 });
    expect((empty as ValidationError).details).toEqual([expect.objectContaining({ path: 'message' })]);

    const notUuid = await refusal(local, { message: 'x', threadId: 'mine' });
    expect(notUuid).toBeInstanceOf(ValidationError);
    expect(notUuid).toMatchObject({ code: 'InvalidInput', status: 400, message: expect.stringContaining('externalThreadId') });
  });

  it('an unknown thread is an EgoZError with code NotFound (404), not a ValidationError', async () => {
    const err = await refusal(local, { message: 'x', threadId: '6f0c5e0e-1111-4a8b-9c3d-2e4f5a6b7c8d' });
    expect(err).not.toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({ name: 'NotFoundError', code: 'NotFound', status: 404 });
    expect(err).toBeInstanceOf(EgoZError);
  });

  it('an Idempotency-Key reused with another body is a 409 IdempotencyKeyReused, not retried', async () => {
    await clientFor(local).ask({ message: 'first body' }, { idempotencyKey: 'reused-key' });
    const err = await refusal(local, { message: 'second body' }, { idempotencyKey: 'reused-key' });
    expect(err).toMatchObject({ name: 'ConflictError', code: 'IdempotencyKeyReused', status: 409 });
  });

  it('an unreachable service is a NetworkError after the retries', async () => {
    const err = await clientFor(local, { baseUrl: 'http://127.0.0.1:9', retries: 1 }).ask({ message: 'hi' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ code: 'NetworkError', status: null, message: expect.stringContaining('127.0.0.1:9') });
  });

  it('cancelling an ask that does not exist is an EgoZError NotFound', async () => {
    await expect(clientFor(local).cancel(`ask-${local.tenantId}-nope`)).rejects.toMatchObject({ name: 'NotFoundError', code: 'NotFound', status: 404 });
  });
});
