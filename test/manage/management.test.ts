import { ProjectSchema } from '@askflow/contract';
import { ask, call, closeDb, db, expectJson, manage, signUp } from '../stack/context.js';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';

let llm: ChatCompletionsServer;
beforeAll(async () => {
  llm = await startChatCompletionsServer({ apiKey: 'sk-provider-secret-123' });
});
afterAll(async () => {
  await llm.close();
  await closeDb();
});

describe('owner accounts', () => {
  it('signs up, refuses a second account for the same email, signs in and out', async () => {
    const owner = await signUp();
    const dup = await call('POST', '/manage/signup', { body: { email: owner.email.toUpperCase(), password: 'another password' } });
    expect((await expectJson<{ error: { code: string } }>(dup, 409)).error.code).toBe('Conflict');

    const wrong = await call('POST', '/manage/tokens', { body: { email: owner.email, password: 'not the password' } });
    expect((await expectJson<{ error: { code: string } }>(wrong, 401)).error.code).toBe('Unauthorized');
    const { token } = await expectJson<{ token: string }>(await call('POST', '/manage/tokens', { body: { email: owner.email, password: owner.password } }), 201);
    expect(token).toMatch(/^askflow_owner_/);

    await expectJson(await manage(token, 'GET', '/projects'), 200);
    await expectJson(await manage(token, 'DELETE', '/tokens/current'), 204);
    await expectJson(await manage(token, 'GET', '/projects'), 401);
  });

  it('refuses a short password and calls without a token', async () => {
    const res = await call('POST', '/manage/signup', { body: { email: 'short@example.test', password: 'short' } });
    expect((await expectJson<{ error: { message: string } }>(res, 400)).error.message).toContain('password');
    const anon = await call('GET', '/manage/projects');
    expect(anon.status).toBe(401);
    expect(anon.headers.get('www-authenticate')).toBe('Bearer');
  });
});

describe('projects', () => {
  it('creates, reads, updates and deletes a project; other owners cannot see it', async () => {
    const owner = await signUp();
    const created = ProjectSchema.parse(await expectJson(await manage(owner.token, 'POST', '/projects', { name: 'Support bot', temperature: 0.7, systemPrompt: 'Be brief.' }), 201));
    expect(created).toMatchObject({
      name: 'Support bot', chatModel: 'local:extractive', temperature: 0.7, systemPrompt: 'Be brief.',
      toolsEnabled: false, ragEnabled: false, modelSwitching: false, models: ['local:extractive'], voiceModel: null,
    });

    const patched = ProjectSchema.parse(await expectJson(await manage(owner.token, 'PATCH', `/projects/${created.id}`, { toolsEnabled: true, ragEnabled: true, name: 'Renamed' }), 200));
    expect(patched).toMatchObject({ name: 'Renamed', toolsEnabled: true, ragEnabled: true, temperature: 0.7 });

    const list = await expectJson<{ projects: { id: string }[] }>(await manage(owner.token, 'GET', '/projects'), 200);
    expect(list.projects.map((p) => p.id)).toEqual([created.id]);

    const stranger = await signUp();
    await expectJson(await manage(stranger.token, 'GET', `/projects/${created.id}`), 404);
    await expectJson(await manage(stranger.token, 'PATCH', `/projects/${created.id}`, { name: 'mine now' }), 404);
    await expectJson(await manage(stranger.token, 'DELETE', `/projects/${created.id}`), 404);

    await expectJson(await manage(owner.token, 'DELETE', `/projects/${created.id}`), 204);
    await expectJson(await manage(owner.token, 'GET', `/projects/${created.id}`), 404);
  });

  it.each([
    ['an unknown field', { temprature: 1 }],
    ['a temperature over 2', { temperature: 2.5 }],
    ['a model id without provider', { chatModel: 'gpt-4o' }],
    ['a model on a provider the project does not have', { chatModel: 'openai:gpt-4o' }],
    ['an unknown local model', { chatModel: 'local:gpt-9' }],
  ])('refuses %s with 400 and changes nothing', async (_what, patch) => {
    const owner = await signUp();
    const project = await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'p' }), 201);
    await expectJson(await manage(owner.token, 'PATCH', `/projects/${project.id}`, patch), 400);
    const after = ProjectSchema.parse(await expectJson(await manage(owner.token, 'GET', `/projects/${project.id}`), 200));
    expect(after).toMatchObject({ chatModel: 'local:extractive', temperature: 0.2 });
  });

  it('does not create a project whose settings are refused', async () => {
    const owner = await signUp();
    await expectJson(await manage(owner.token, 'POST', '/projects', { name: 'bad', chatModel: 'nowhere:model' }), 400);
    expect((await expectJson<{ projects: unknown[] }>(await manage(owner.token, 'GET', '/projects'), 200)).projects).toEqual([]);
  });
});

describe('provider connections', () => {
  it('stores the key encrypted, never shows it, and refuses to delete a provider in use', async () => {
    const owner = await signUp();
    const project = await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'p' }), 201);
    const put = await expectJson<{ providers: unknown[] }>(
      await manage(owner.token, 'PUT', `/projects/${project.id}/providers/openai`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey }),
      200,
    );
    expect(put.providers).toEqual([{ name: 'openai', baseUrl: llm.baseUrl, hasApiKey: true }]);
    expect(JSON.stringify(await (await manage(owner.token, 'GET', `/projects/${project.id}`)).json())).not.toContain(llm.apiKey);

    const { rows } = await db().query<{ api_key_encrypted: Buffer }>(`SELECT api_key_encrypted FROM provider_connections WHERE project_id = $1`, [project.id]);
    expect(rows[0]!.api_key_encrypted.includes(Buffer.from(llm.apiKey))).toBe(false);

    // Updating the URL alone keeps the key.
    await expectJson(await manage(owner.token, 'PUT', `/projects/${project.id}/providers/openai`, { baseUrl: llm.baseUrl }), 200);
    await expectJson(await manage(owner.token, 'PATCH', `/projects/${project.id}`, { chatModel: 'openai:gpt-4o-mini' }), 200);

    const conflict = await expectJson<{ error: { code: string; message: string } }>(await manage(owner.token, 'DELETE', `/projects/${project.id}/providers/openai`), 409);
    expect(conflict.error.message).toContain('openai:gpt-4o-mini');
    await expectJson(await manage(owner.token, 'PUT', `/projects/${project.id}/providers/local`, { baseUrl: llm.baseUrl }), 400);
  });
});

describe('API keys', () => {
  it('makes live and test keys shown once, lists them with prefix and last-used time, and revokes', async () => {
    const owner = await signUp();
    const project = await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'p' }), 201);
    const live = await expectJson<{ id: string; key: string; prefix: string; mode: string }>(await manage(owner.token, 'POST', `/projects/${project.id}/keys`, { mode: 'live', name: 'prod' }), 201);
    const test = await expectJson<{ key: string }>(await manage(owner.token, 'POST', `/projects/${project.id}/keys`, { mode: 'test' }), 201);
    expect(live.key).toMatch(/^askflow_live_[A-Za-z0-9_-]{43}$/);
    expect(test.key).toMatch(/^askflow_test_/);
    expect(live.key.startsWith(live.prefix)).toBe(true);

    expect((await ask({ tenantId: project.id, apiKey: live.key }, { message: 'hi' })).status).toBe(200);
    const { keys } = await expectJson<{ keys: { id: string; prefix: string; lastUsedAt: string | null; revokedAt: string | null }[] }>(await manage(owner.token, 'GET', `/projects/${project.id}/keys`), 200);
    expect(keys).toHaveLength(2);
    expect(JSON.stringify(keys)).not.toContain(live.key);
    expect(keys.find((k) => k.id === live.id)!.lastUsedAt).not.toBeNull();

    await expectJson(await manage(owner.token, 'DELETE', `/projects/${project.id}/keys/${live.id}`), 204);
    expect((await ask({ tenantId: project.id, apiKey: live.key }, { message: 'hi' })).status).toBe(401);
    await expectJson(await manage(owner.token, 'DELETE', `/projects/${project.id}/keys/${live.id}`), 404);
  });
});

describe('threads and prices', () => {
  it('lists threads with search, shows every turn with usage and cost, and prices by model', async () => {
    const owner = await signUp();
    const project = await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'p' }), 201);
    const { key } = await expectJson<{ key: string }>(await manage(owner.token, 'POST', `/projects/${project.id}/keys`, { mode: 'live' }), 201);
    await expectJson(await manage(owner.token, 'PUT', `/projects/${project.id}/prices`, { prices: [{ modelId: 'local:extractive', inputPerMillion: 1000, outputPerMillion: 2000 }] }), 200);

    const answer = await expectJson<{ threadId: string; usage: { promptTokens: number; completionTokens: number } }>(
      await ask({ tenantId: project.id, apiKey: key }, { message: 'where is the invoice?', externalThreadId: 'ticket-77' }),
      200,
    );
    await expectJson(await ask({ tenantId: project.id, apiKey: key }, { message: 'unrelated' }), 200);

    const found = await expectJson<{ threads: { id: string; externalThreadId: string; turns: number }[] }>(await manage(owner.token, 'GET', `/projects/${project.id}/threads?search=invoice`), 200);
    expect(found.threads).toEqual([expect.objectContaining({ id: answer.threadId, externalThreadId: 'ticket-77', turns: 1 })]);

    const detail = await expectJson<{ turns: { userMessage: string; costUsd: number; isTest: boolean }[] }>(await manage(owner.token, 'GET', `/projects/${project.id}/threads/${answer.threadId}`), 200);
    const expected = (answer.usage.promptTokens * 1000 + answer.usage.completionTokens * 2000) / 1e6;
    expect(detail.turns).toHaveLength(1);
    expect(detail.turns[0]!.userMessage).toBe('where is the invoice?');
    expect(detail.turns[0]!.costUsd).toBeCloseTo(expected, 8);
    expect(detail.turns[0]!.isTest).toBe(false);
  });
});
