import {
  ApiKeyListSchema, AskResponseSchema, CreatedApiKeySchema, OwnerTokenSchema, PriceListSchema, ProjectListSchema, ProjectSchema,
  ProviderConnectionListSchema, ThreadListSchema, ThreadTurnsSchema,
  type ThreadList,
} from '@askflow/contract';
import { ask, call, closeDb, db, expectJson, manage, signUp } from '../stack/context.js';
import { expectWire } from '../stack/wire.js';
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
    const email = `wire-${process.pid}-${Date.now()}@example.test`;
    const signedUp = await expectWire(OwnerTokenSchema, await call('POST', '/manage/signup', { body: { email, password: 'correct horse battery' } }), 201);
    expect(signedUp.owner.email).toBe(email);
    expect(signedUp.token).toMatch(/^askflow_owner_/);
    const owner = await signUp();
    const dup = await call('POST', '/manage/signup', { body: { email: owner.email.toUpperCase(), password: 'another password' } });
    expect((await expectJson<{ error: { code: string } }>(dup, 409)).error.code).toBe('Conflict');

    const wrong = await call('POST', '/manage/tokens', { body: { email: owner.email, password: 'not the password' } });
    expect((await expectJson<{ error: { code: string } }>(wrong, 401)).error.code).toBe('Unauthorized');
    const signedIn = await expectWire(OwnerTokenSchema, await call('POST', '/manage/tokens', { body: { email: owner.email, password: owner.password } }), 201);
    const { token } = signedIn;
    expect(token).toMatch(/^askflow_owner_/);
    expect(signedIn.owner.email).toBe(owner.email);

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
    const created = await expectWire(ProjectSchema, await manage(owner.token, 'POST', '/projects', { name: 'Support bot', temperature: 0.7, systemPrompt: 'Be brief.' }), 201);
    expect(created).toMatchObject({
      name: 'Support bot', chatModel: 'local:extractive', temperature: 0.7, systemPrompt: 'Be brief.',
      toolsEnabled: false, ragEnabled: false, modelSwitching: false, models: ['local:extractive'], voiceModel: null,
    });

    const patched = await expectWire(ProjectSchema, await manage(owner.token, 'PATCH', `/projects/${created.id}`, { toolsEnabled: true, ragEnabled: true, name: 'Renamed' }), 200);
    expect(patched).toMatchObject({ name: 'Renamed', toolsEnabled: true, ragEnabled: true, temperature: 0.7 });

    const list = await expectWire(ProjectListSchema, await manage(owner.token, 'GET', '/projects'), 200);
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
    ['an unknown local embedding model', { embeddingModel: 'local:semantic' }],
    ['an embedding model on a provider the project does not have', { embeddingModel: 'openai:text-embedding-3-small' }],
  ])('refuses %s with 400 and changes nothing', async (_what, patch) => {
    const owner = await signUp();
    const project = await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'p' }), 201);
    await expectJson(await manage(owner.token, 'PATCH', `/projects/${project.id}`, patch), 400);
    const after = await expectWire(ProjectSchema, await manage(owner.token, 'GET', `/projects/${project.id}`), 200);
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
    const put = await expectWire(
      ProviderConnectionListSchema,
      await manage(owner.token, 'PUT', `/projects/${project.id}/providers/openai`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey }),
      200,
    );
    // Without a kind, a connection is OpenAI-compatible, as every connection was before kinds.
    expect(put.providers).toEqual([{ name: 'openai', kind: 'openai', baseUrl: llm.baseUrl, hasApiKey: true }]);
    expect(await expectWire(ProviderConnectionListSchema, await manage(owner.token, 'GET', `/projects/${project.id}/providers`), 200)).toEqual(put);
    const view = await expectWire(ProjectSchema, await manage(owner.token, 'GET', `/projects/${project.id}`), 200);
    expect(view.providers).toEqual(put.providers);
    expect(JSON.stringify(view)).not.toContain(llm.apiKey);

    const { rows } = await db().query<{ api_key_encrypted: Buffer }>(`SELECT api_key_encrypted FROM provider_connections WHERE project_id = $1`, [project.id]);
    expect(rows[0]!.api_key_encrypted.includes(Buffer.from(llm.apiKey))).toBe(false);

    // Updating the URL alone keeps the key.
    await expectJson(await manage(owner.token, 'PUT', `/projects/${project.id}/providers/openai`, { baseUrl: llm.baseUrl }), 200);
    await expectJson(await manage(owner.token, 'PATCH', `/projects/${project.id}`, { chatModel: 'openai:gpt-4o-mini' }), 200);

    const conflict = await expectJson<{ error: { code: string; message: string } }>(await manage(owner.token, 'DELETE', `/projects/${project.id}/providers/openai`), 409);
    expect(conflict.error.message).toContain('openai:gpt-4o-mini');
    await expectJson(await manage(owner.token, 'PUT', `/projects/${project.id}/providers/local`, { baseUrl: llm.baseUrl }), 400);
  });

  it('refuses to delete the connection the project embeds with', async () => {
    const owner = await signUp();
    const project = await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'p' }), 201);
    await expectJson(await manage(owner.token, 'PUT', `/projects/${project.id}/providers/emb`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey }), 200);
    await expectJson(await manage(owner.token, 'PATCH', `/projects/${project.id}`, { embeddingModel: 'emb:text-embedding-3-small' }), 200);
    const conflict = await expectJson<{ error: { code: string; message: string } }>(await manage(owner.token, 'DELETE', `/projects/${project.id}/providers/emb`), 409);
    expect(conflict.error).toMatchObject({ code: 'Conflict', message: expect.stringContaining('emb:text-embedding-3-small') });
    await expectJson(await manage(owner.token, 'PATCH', `/projects/${project.id}`, { embeddingModel: 'local:lexical-256' }), 200);
    expect((await manage(owner.token, 'DELETE', `/projects/${project.id}/providers/emb`)).status).toBe(204);
  });

  it('records the protocol a connection speaks and refuses one it does not know', async () => {
    const owner = await signUp();
    const project = await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'p' }), 201);
    const path = `/projects/${project.id}/providers/groq`;
    const put = await expectJson<{ providers: unknown[] }>(await manage(owner.token, 'PUT', path, { kind: 'openai', baseUrl: llm.baseUrl }), 200);
    expect(put.providers).toEqual([{ name: 'groq', kind: 'openai', baseUrl: llm.baseUrl, hasApiKey: false }]);

    for (const kind of ['anthropic', 'local', 42]) {
      const refused = await expectJson<{ error: { code: string; message: string; details: { path: string }[] } }>(
        await manage(owner.token, 'PUT', path, { kind, baseUrl: 'http://elsewhere.example/v1' }),
        400,
      );
      expect(refused.error.code).toBe('ValidationError');
      expect(refused.error.details.map((d) => d.path)).toEqual(['kind']);
    }
    // Refused means untouched.
    const listed = await expectJson<{ providers: unknown[] }>(await manage(owner.token, 'GET', `/projects/${project.id}/providers`), 200);
    expect(listed.providers).toEqual(put.providers);
    const view = await expectJson<{ providers: unknown[] }>(await manage(owner.token, 'GET', `/projects/${project.id}`), 200);
    expect(view.providers).toEqual(put.providers);

    // An update without a kind keeps the stored one (set here behind the API's back, as only
    // `openai` can be chosen through it today).
    await db().query(`UPDATE provider_connections SET kind = 'next-kind' WHERE project_id = $1`, [project.id]);
    await expectJson(await manage(owner.token, 'PUT', path, { baseUrl: `${llm.baseUrl}/` }), 200);
    const { rows } = await db().query<{ kind: string; base_url: string }>(`SELECT kind, base_url FROM provider_connections WHERE project_id = $1`, [project.id]);
    expect(rows).toEqual([{ kind: 'next-kind', base_url: `${llm.baseUrl}/` }]);
  });
});

describe('API keys', () => {
  it('makes live and test keys shown once, lists them with prefix and last-used time, and revokes', async () => {
    const owner = await signUp();
    const project = await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'p' }), 201);
    const live = await expectWire(CreatedApiKeySchema, await manage(owner.token, 'POST', `/projects/${project.id}/keys`, { mode: 'live', name: 'prod' }), 201);
    const test = await expectWire(CreatedApiKeySchema, await manage(owner.token, 'POST', `/projects/${project.id}/keys`, { mode: 'test' }), 201);
    expect([live.mode, live.name, test.mode, test.name]).toEqual(['live', 'prod', 'test', '']);
    expect(live.key).toMatch(/^askflow_live_[A-Za-z0-9_-]{43}$/);
    expect(test.key).toMatch(/^askflow_test_/);
    expect(live.key.startsWith(live.prefix)).toBe(true);

    expect((await ask({ tenantId: project.id, apiKey: live.key }, { message: 'hi' })).status).toBe(200);
    const { keys } = await expectWire(ApiKeyListSchema, await manage(owner.token, 'GET', `/projects/${project.id}/keys`), 200);
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
    const prices = [{ modelId: 'local:extractive', inputPerMillion: 1000, outputPerMillion: 2000 }];
    expect(await expectWire(PriceListSchema, await manage(owner.token, 'PUT', `/projects/${project.id}/prices`, { prices }), 200)).toEqual({ prices });
    expect(await expectWire(PriceListSchema, await manage(owner.token, 'GET', `/projects/${project.id}/prices`), 200)).toEqual({ prices });

    const answer = AskResponseSchema.parse(await expectJson(
      await ask({ tenantId: project.id, apiKey: key }, { message: 'where is the invoice?', externalThreadId: 'ticket-77' }),
      200,
    ));
    await expectJson(await ask({ tenantId: project.id, apiKey: key }, { message: 'unrelated' }), 200);

    const found = await expectWire(ThreadListSchema, await manage(owner.token, 'GET', `/projects/${project.id}/threads?search=invoice`), 200);
    expect(found.threads).toEqual([expect.objectContaining({ id: answer.threadId, externalThreadId: 'ticket-77', turns: 1, lastMessage: 'where is the invoice?' })]);

    const detail = await expectWire(ThreadTurnsSchema, await manage(owner.token, 'GET', `/projects/${project.id}/threads/${answer.threadId}`), 200);
    expect(detail.threadId).toBe(answer.threadId);
    const expected = (answer.usage.promptTokens * 1000 + answer.usage.completionTokens * 2000) / 1e6;
    expect(detail.turns).toHaveLength(1);
    expect(detail.turns[0]!.userMessage).toBe('where is the invoice?');
    expect(detail.turns[0]!.costUsd).toBeCloseTo(expected, 8);
    expect(detail.turns[0]!.isTest).toBe(false);
    expect(detail.turns[0]!.usage).toEqual(answer.usage);
  });
});

describe('thread pages', () => {
  it("page by nextCursor: threads updated in the same microsecond are neither skipped nor repeated, and a forged cursor is a 400", async () => {
    const owner = await signUp();
    const project = await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'pages' }), 201);
    // Seven threads, five of them updated at the very same instant (as a batch import would leave them).
    const { rows } = await db().query<{ id: string }>(
      `INSERT INTO threads (id, project_id, updated_at)
       SELECT gen_random_uuid(), $1, CASE WHEN g <= 5 THEN timestamptz '2026-01-01 00:00:00.123456+00' ELSE now() - g * interval '1 second' END
         FROM generate_series(1, 7) g RETURNING id`,
      [project.id],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ThreadList = await expectWire(ThreadListSchema, await manage(owner.token, 'GET', `/projects/${project.id}/threads?limit=2${cursor ? `&cursor=${cursor}` : ''}`), 200);
      seen.push(...page.threads.map((t) => t.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(rows.map((r) => r.id)));
    const forged = await manage(owner.token, 'GET', `/projects/${project.id}/threads?cursor=${Buffer.from('["yesterday","x"]').toString('base64url')}`);
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('ValidationError');
  });
});

describe('resources inside a project', () => {
  it("answers 404 for a tool, document or thread asked for through another project's id, or by a stranger", async () => {
    const owner = await signUp();
    const home = await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'home' }), 201);
    const other = await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'other' }), 201);
    const { key } = await expectJson<{ key: string }>(await manage(owner.token, 'POST', `/projects/${home.id}/keys`, { mode: 'test' }), 201);
    const tool = await expectJson<{ id: string }>(
      await manage(owner.token, 'POST', `/projects/${home.id}/tools`, { name: 'lookup', description: 'Looks an order up', url: 'https://tools.example.com/lookup' }),
      201,
    );
    const doc = await expectJson<{ id: string }>(await manage(owner.token, 'POST', `/projects/${home.id}/knowledge`, { name: 'faq.txt', text: 'Refunds take five days.' }), 202);
    const { threadId } = await expectJson<{ threadId: string }>(await ask({ tenantId: home.id, apiKey: key }, { message: 'hello' }), 200);
    const paths = [`/tools/${tool.id}`, `/knowledge/${doc.id}`, `/knowledge/${doc.id}/chunks`, `/threads/${threadId}`];

    for (const path of paths) await expectJson(await manage(owner.token, 'GET', `/projects/${home.id}${path}`), 200);
    const stranger = await signUp();
    for (const path of paths) {
      const viaOther = await expectJson<{ error: { code: string; message: string } }>(await manage(owner.token, 'GET', `/projects/${other.id}${path}`), 404);
      expect(viaOther.error.code).toBe('NotFound');
      const byStranger = await expectJson<{ error: { message: string } }>(await manage(stranger.token, 'GET', `/projects/${home.id}${path}`), 404);
      expect(byStranger.error.message).toBe(`Project ${home.id} not found`);
    }
    const notUuid = await expectJson<{ error: { message: string } }>(await manage(owner.token, 'GET', `/projects/${home.id}/tools/not-a-uuid`), 404);
    expect(notUuid.error.message).toBe('Tool not-a-uuid not found');
    await expectJson(await manage(owner.token, 'DELETE', `/projects/${other.id}/tools/${tool.id}`), 404);
    await expectJson(await manage(owner.token, 'GET', `/projects/${home.id}/tools/${tool.id}`), 200);
  });
});
