import type { WorkflowExecutionInfo } from '@temporalio/client';
import { AskResponseSchema, ErrorBodySchema } from '@askflow/contract';
import { SEARCH_ATTRIBUTES } from '../../interface/searchAttributes.js';
import { closeDb, db, newProject, postJson, stackInfo, temporalClient, type TestProject } from '../stack/context.js';

let project: TestProject;
let other: TestProject;

beforeAll(async () => {
  project = await newProject('ask tests');
  other = await newProject('another tenant');
});
afterAll(closeDb);

async function counts(tenantId: string) {
  const { rows } = await db().query<{ threads: number; turns: number }>(
    `SELECT (SELECT count(*)::int FROM threads WHERE project_id = $1) AS threads,
            (SELECT count(*)::int FROM turns WHERE project_id = $1) AS turns`,
    [tenantId],
  );
  return rows[0]!;
}

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = ErrorBodySchema.parse(await res.json());
  expect(body.error.code).toBe(code);
  expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
  return body.error;
}

describe('POST /service/ask', () => {
  it('answers through a Temporal workflow with a full AskResponse and stores the turn', async () => {
    const res = await postJson('/service/ask', { tenantId: project.tenantId, message: 'hello', externalUserId: 'u-1' }, { 'X-API-Key': project.apiKey });
    expect(res.status).toBe(200);
    const answer = AskResponseSchema.parse(await res.json());
    expect(answer).toMatchObject({ intent: 'vanilla', toolUsed: null, ragChunksUsed: 0, model: 'local:extractive' });
    expect(answer.answer.length).toBeGreaterThan(0);
    expect(answer.usage.totalTokens).toBe(answer.usage.promptTokens + answer.usage.completionTokens);
    expect(answer.usage.completionTokens).toBeGreaterThan(0);

    const { rows } = await db().query(`SELECT * FROM turns WHERE thread_id = $1`, [answer.threadId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      project_id: project.tenantId,
      user_message: 'hello',
      answer: answer.answer,
      intent: 'vanilla',
      model: 'local:extractive',
      external_user_id: 'u-1',
      total_tokens: answer.usage.totalTokens,
      is_test: true,
    });
  });

  it("says in Server-Timing where the api's time went, step by step, from a wall-clock arrival", async () => {
    const before = Date.now();
    const res = await postJson('/service/ask', { tenantId: project.tenantId, message: 'time me' }, { 'X-API-Key': project.apiKey });
    expect(res.status).toBe(200);
    const entries = (res.headers.get('server-timing') ?? '').split(', ').map((e) => e.split(';'));
    expect(entries.map(([name]) => name)).toEqual(['arrival', 'key', 'ratelimit', 'body', 'validate', 'model', 'thread', 'idempotency', 'start', 'result']);
    const arrival = Number(/^desc="([\d.]+)"$/.exec(entries[0]![1]!)![1]);
    expect(arrival).toBeGreaterThanOrEqual(before);
    expect(arrival).toBeLessThanOrEqual(Date.now());
    for (const [, dur] of entries.slice(1)) expect(Number(/^dur=([\d.]+)$/.exec(dur!)![1])).toBeGreaterThanOrEqual(0);
  });

  it('leaves a run an operator can find in Temporal by tenant, thread, intent and model', async () => {
    const res = await postJson('/service/ask', { tenantId: project.tenantId, message: 'trace me' }, { 'X-API-Key': project.apiKey });
    const answer = AskResponseSchema.parse(await res.json());
    const { client, close } = await temporalClient();
    try {
      const query = `AskflowTenantId = "${project.tenantId}" AND AskflowThreadId = "${answer.threadId}"`;
      let found: WorkflowExecutionInfo | undefined;
      // Visibility is eventually consistent; give it a moment.
      for (let i = 0; i < 40 && !found; i++) {
        for await (const wf of client.workflow.list({ query })) found = wf;
        if (!found) await new Promise((r) => setTimeout(r, 250));
      }
      expect(found?.type).toBe('routedAskWorkflow');
      expect(found?.status.name).toBe('COMPLETED');
      expect(found?.typedSearchAttributes.get(SEARCH_ATTRIBUTES.intent)).toBe('vanilla');
      expect(found?.typedSearchAttributes.get(SEARCH_ATTRIBUTES.model)).toBe('local:extractive');
    } finally {
      await close();
    }
  });

  describe('authentication', () => {
    it.each([
      ['no X-API-Key', {}],
      ['an unknown key', { 'X-API-Key': 'askflow_live_' + 'A'.repeat(43) }],
      ['a malformed key', { 'X-API-Key': 'sk-not-ours' }],
    ])('answers JSON 401 for %s and writes nothing', async (_what, headers) => {
      const before = await counts(project.tenantId);
      const res = await postJson('/service/ask', { tenantId: project.tenantId, message: 'hi' }, headers);
      await expectError(res, 401, 'Unauthorized');
      expect(await counts(project.tenantId)).toEqual(before);
    });

    it('refuses a key used for another tenant', async () => {
      const res = await postJson('/service/ask', { tenantId: other.tenantId, message: 'hi' }, { 'X-API-Key': project.apiKey });
      await expectError(res, 401, 'Unauthorized');
      expect(await counts(other.tenantId)).toEqual({ threads: 0, turns: 0 });
    });

    it('refuses a revoked key', async () => {
      const revoked = await newProject('revoked');
      await db().query(`UPDATE api_keys SET revoked_at = now() WHERE project_id = $1`, [revoked.tenantId]);
      const res = await postJson('/service/ask', { tenantId: revoked.tenantId, message: 'hi' }, { 'X-API-Key': revoked.apiKey });
      await expectError(res, 401, 'Unauthorized');
    });
  });

  describe('bad input gets a JSON 4xx and writes nothing', () => {
    it.each([
      ['no message', { tenantId: 'T' }, 'message: is required'],
      ['a message of the wrong type', { tenantId: 'T', message: 42 }, 'message: must be a string'],
      ['an unknown field', { tenantId: 'T', message: 'hi', mesage: 'x' }, 'unknown field(s): mesage'],
      ['an externalThreadId over 255 characters', { tenantId: 'T', message: 'hi', externalThreadId: 'x'.repeat(256) }, 'externalThreadId'],
      ['a JSON array', [], '(body): must be an object'],
      ['headers that are not an object', { tenantId: 'T', message: 'hi', headers: 'x-locale: de' }, 'headers: must be an object'],
      ['a header name with a space', { tenantId: 'T', message: 'hi', headers: { 'x locale': 'de' } }, 'headers.x locale: is not accepted as a name: must be an HTTP header name'],
    ])('400 ValidationError for %s', async (_what, body, mentions) => {
      const before = await counts(project.tenantId);
      const payload = Array.isArray(body) ? body : { ...body, tenantId: project.tenantId };
      const res = await postJson('/service/ask', payload, { 'X-API-Key': project.apiKey });
      const error = await expectError(res, 400, 'ValidationError');
      expect(error.message).toContain(mentions);
      expect(await counts(project.tenantId)).toEqual(before);
    });

    it('400 for malformed JSON', async () => {
      const res = await postJson('/service/ask', '{"tenantId": "x", "message": ', { 'X-API-Key': project.apiKey });
      const error = await expectError(res, 400, 'ValidationError');
      expect(error.message).toMatch(/not valid JSON/);
    });

    it.each(['null', '"hi"', '42'])('400 saying the body must be an object for the valid JSON %s', async (body) => {
      const res = await postJson('/service/ask', body, { 'X-API-Key': project.apiKey });
      const error = await expectError(res, 400, 'ValidationError');
      expect(error.message).toBe('Request body must be a JSON object');
    });

    it('400 naming the key for valid JSON with a "__proto__" key (refused: it could poison prototypes)', async () => {
      const before = await counts(project.tenantId);
      const res = await postJson('/service/ask', `{"tenantId": "${project.tenantId}", "message": "hi", "__proto__": {"admin": true}}`, { 'X-API-Key': project.apiKey });
      const error = await expectError(res, 400, 'ValidationError');
      expect(error.message).toContain('"__proto__"');
      expect(error.message).not.toMatch(/not valid JSON/);
      expect(await counts(project.tenantId)).toEqual(before);
    });

    it('413 for a body over the size limit', async () => {
      const res = await postJson('/service/ask', { tenantId: project.tenantId, message: 'x'.repeat(300_000) }, { 'X-API-Key': project.apiKey });
      await expectError(res, 413, 'PayloadTooLarge');
    });

    it('400 when the message is longer than 32 000 characters', async () => {
      const res = await postJson('/service/ask', { tenantId: project.tenantId, message: 'x'.repeat(32_001) }, { 'X-API-Key': project.apiKey });
      const error = await expectError(res, 400, 'ValidationError');
      expect(error.message).toContain('message');
    });

    it('415 for a body that is not JSON', async () => {
      const res = await fetch(`${stackInfo().baseUrl}/service/ask`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', 'X-API-Key': project.apiKey },
        body: 'hello',
      });
      await expectError(res, 415, 'UnsupportedMediaType');
    });
  });

  describe('threads', () => {
    it('continues a thread by externalThreadId', async () => {
      const first = AskResponseSchema.parse(await (await postJson('/service/ask', { tenantId: project.tenantId, message: 'one', externalThreadId: 'conv-42' }, { 'X-API-Key': project.apiKey })).json());
      const second = AskResponseSchema.parse(await (await postJson('/service/ask', { tenantId: project.tenantId, message: 'two', externalThreadId: 'conv-42' }, { 'X-API-Key': project.apiKey })).json());
      expect(second.threadId).toBe(first.threadId);
      const third = AskResponseSchema.parse(await (await postJson('/service/ask', { tenantId: project.tenantId, message: 'three', threadId: first.threadId }, { 'X-API-Key': project.apiKey })).json());
      expect(third.threadId).toBe(first.threadId);
    });

    it('404 NotFound for an unknown UUID threadId, creating nothing', async () => {
      const before = await counts(project.tenantId);
      const res = await postJson('/service/ask', { tenantId: project.tenantId, message: 'hi', threadId: '00000000-0000-4000-8000-000000000000' }, { 'X-API-Key': project.apiKey });
      await expectError(res, 404, 'NotFound');
      expect(await counts(project.tenantId)).toEqual(before);
    });

    it('400 InvalidInput pointing to externalThreadId for a non-UUID threadId', async () => {
      const res = await postJson('/service/ask', { tenantId: project.tenantId, message: 'hi', threadId: 'my-conversation' }, { 'X-API-Key': project.apiKey });
      const error = await expectError(res, 400, 'InvalidInput');
      expect(error.message).toContain('externalThreadId');
    });
  });
});

describe('health', () => {
  it('GET /health answers while the process lives; GET /ready checks PostgreSQL, Temporal and a polling worker', async () => {
    const health = await fetch(`${stackInfo().baseUrl}/health`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${stackInfo().baseUrl}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', postgres: true, temporal: true, worker: true });
  });

  it('an unknown route is a JSON 404', async () => {
    const res = await fetch(`${stackInfo().baseUrl}/nope`);
    await expectError(res, 404, 'NotFound');
  });
});
