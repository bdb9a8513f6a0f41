import { AskResponseSchema, ModelMenuSchema } from '@askflow/contract';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { ask, call, closeDb, db, expectJson, managedProject, manage } from '../stack/context.js';

type P = Awaited<ReturnType<typeof managedProject>>;
let openai: ChatCompletionsServer;
let groq: ChatCompletionsServer;
let p: P;

const MENU = ['openai:gpt-4o-mini', 'groq:llama-3.1-8b', 'openai:shared-7b', 'groq:shared-7b'];

beforeAll(async () => {
  openai = await startChatCompletionsServer({ apiKey: 'sk-openai' });
  groq = await startChatCompletionsServer({ apiKey: 'gsk-groq' });
  p = await managedProject();
  await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/openai`, { baseUrl: openai.baseUrl, apiKey: openai.apiKey }), 200);
  await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/groq`, { baseUrl: groq.baseUrl, apiKey: groq.apiKey }), 200);
  await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { models: MENU, voiceModel: 'groq:llama-3.1-8b' }), 200);
});
beforeEach(() => {
  openai.reset();
  groq.reset();
});
afterAll(async () => {
  await Promise.all([openai.close(), groq.close()]);
  await closeDb();
});

const setSwitching = async (on: boolean) => expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { modelSwitching: on }), 200);
const menu = async () => ModelMenuSchema.parse(await expectJson(await call('GET', '/service/models', { headers: { 'X-API-Key': p.apiKey, 'X-Tenant-Id': p.tenantId } }), 200));
const turnCount = async () => (await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM turns WHERE project_id = $1`, [p.tenantId])).rows[0]!.n;

async function refused(body: Record<string, unknown>) {
  const before = await turnCount();
  const { error } = await expectJson<{ error: { code: string; message: string } }>(await ask(p, { message: 'hi', ...body }), 400);
  expect(error.code).toBe('MODEL_NOT_ALLOWED');
  expect(await turnCount()).toBe(before);
  expect(openai.requests.length + groq.requests.length).toBe(0);
  return error.message;
}

describe('GET /service/models', () => {
  it('with switching off: exactly one entry, the default; never cached', async () => {
    await setSwitching(false);
    const res = await call('GET', '/service/models', { headers: { 'X-API-Key': p.apiKey, 'X-Tenant-Id': p.tenantId } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(ModelMenuSchema.parse(await res.json())).toEqual({
      switchable: false,
      defaultId: 'local:extractive',
      models: [{ id: 'local:extractive', provider: 'local', model: 'extractive', isDefault: true }],
    });
  });

  it("with switching on: the owner's current menu, default first", async () => {
    await setSwitching(true);
    const m = await menu();
    expect(m.switchable).toBe(true);
    expect(m.models.map((e) => e.id)).toEqual(['local:extractive', ...MENU]);
    expect(m.models.find((e) => e.id === 'groq:llama-3.1-8b')).toEqual({ id: 'groq:llama-3.1-8b', provider: 'groq', model: 'llama-3.1-8b', isDefault: false });
    // A change by the owner shows on the very next read.
    await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { models: MENU.slice(0, 1) }), 200);
    expect((await menu()).models.map((e) => e.id)).toEqual(['local:extractive', 'openai:gpt-4o-mini']);
    await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { models: MENU }), 200);
  });

  it('needs a key of that tenant', async () => {
    const other = await managedProject();
    expect((await call('GET', '/service/models', { headers: { 'X-API-Key': p.apiKey, 'X-Tenant-Id': other.tenantId } })).status).toBe(401);
    expect((await call('GET', '/service/models', { headers: { 'X-API-Key': p.apiKey } })).status).toBe(400);
  });
});

describe('model selection rules', () => {
  it('1: model omitted → the project default answers', async () => {
    await setSwitching(true);
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'hi' }), 200));
    expect(a.model).toBe('local:extractive');
  });

  it('2: model given while switching is off → 400 MODEL_NOT_ALLOWED', async () => {
    await setSwitching(false);
    expect(await refused({ model: 'openai:gpt-4o-mini' })).toContain('switching is off');
  });

  it('3: an id not on the menu → 400 MODEL_NOT_ALLOWED, no silent fallback', async () => {
    await setSwitching(true);
    expect(await refused({ model: 'openai:gpt-5' })).toContain('/service/models');
  });

  it('4: a bare name offered by exactly one provider is accepted', async () => {
    await setSwitching(true);
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'hi', model: 'gpt-4o-mini' }), 200));
    expect(a.model).toBe('openai:gpt-4o-mini');
    expect(openai.requests.map((r) => r.body?.model)).toEqual(['gpt-4o-mini']);
    expect(openai.requests[0]!.headers.authorization).toBe('Bearer sk-openai');
  });

  it('4: a bare name offered by two providers is refused as ambiguous', async () => {
    await setSwitching(true);
    const message = await refused({ model: 'shared-7b' });
    expect(message).toContain('openai:shared-7b');
    expect(message).toContain('groq:shared-7b');
  });

  it('4: the full id of an ambiguous bare name is accepted', async () => {
    await setSwitching(true);
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'hi', model: 'groq:shared-7b' }), 200));
    expect(a.model).toBe('groq:shared-7b');
    expect(groq.requests.map((r) => r.body?.model)).toEqual(['shared-7b']);
  });

  it('6: voice calls ignore model and use the voice model', async () => {
    await setSwitching(false);
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'hi', model: 'openai:not-on-menu', metadata: { requestType: 'voice' } }), 200));
    expect(a.model).toBe('groq:llama-3.1-8b');
    expect(groq.requests.map((r) => r.body?.model)).toEqual(['llama-3.1-8b']);
  });

  it('7: the response and the stored turn name the model that answered', async () => {
    await setSwitching(true);
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'hi', model: 'groq:llama-3.1-8b' }), 200));
    expect(a.model).toBe('groq:llama-3.1-8b');
    expect(a.answer).toContain('llama-3.1-8b');
    const { rows } = await db().query(`SELECT model FROM turns WHERE thread_id = $1`, [a.threadId]);
    expect(rows).toEqual([{ model: 'groq:llama-3.1-8b' }]);
  });

  it('8: after MODEL_NOT_ALLOWED, re-reading the menu gives an id that is accepted', async () => {
    await setSwitching(true);
    await refused({ model: 'openai:retired-model' });
    const pick = (await menu()).models.find((e) => !e.isDefault)!;
    const a = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'hi', model: pick.id }), 200));
    expect(a.model).toBe(pick.id);
  });
});
