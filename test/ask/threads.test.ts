import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AskResponseSchema } from '@askflow/contract';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { ask, closeDb, db, expectJson, managedProject, manage, stackInfo } from '../stack/context.js';

type P = Awaited<ReturnType<typeof managedProject>>;
let p: P;
let llm: ChatCompletionsServer;

beforeAll(async () => {
  llm = await startChatCompletionsServer();
  p = await managedProject();
  await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/openai`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey }), 200);
});
afterAll(async () => {
  await llm.close();
  await closeDb();
});

async function counts() {
  const { rows } = await db().query<{ threads: number; turns: number }>(
    `SELECT (SELECT count(*)::int FROM threads WHERE project_id = $1) AS threads, (SELECT count(*)::int FROM turns WHERE project_id = $1) AS turns`,
    [p.tenantId],
  );
  return rows[0]!;
}

const answerOf = async (res: Response) => AskResponseSchema.parse(await expectJson(res, 200));

describe('thread resolution table', () => {
  it('externalThreadId, first time: creates a new thread with that id attached', async () => {
    const before = await counts();
    const a = await answerOf(await ask(p, { message: 'first', externalThreadId: 'ext-first' }));
    const { rows } = await db().query(`SELECT project_id, external_thread_id FROM threads WHERE id = $1`, [a.threadId]);
    expect(rows).toEqual([{ project_id: p.tenantId, external_thread_id: 'ext-first' }]);
    expect(await counts()).toEqual({ threads: before.threads + 1, turns: before.turns + 1 });
  });

  it('externalThreadId, later: the same thread every time', async () => {
    const a = await answerOf(await ask(p, { message: 'one', externalThreadId: 'ext-later' }));
    const b = await answerOf(await ask(p, { message: 'two', externalThreadId: 'ext-later' }));
    const c = await answerOf(await ask(p, { message: 'three', externalThreadId: 'ext-later' }));
    expect(new Set([a.threadId, b.threadId, c.threadId]).size).toBe(1);
    const { rows } = await db().query(`SELECT count(*)::int AS n FROM turns WHERE thread_id = $1`, [a.threadId]);
    expect(rows[0]).toEqual({ n: 3 });
  });

  it('externalThreadId is unique per tenant: the same id in another project is another thread', async () => {
    const other = await managedProject();
    const mine = await answerOf(await ask(p, { message: 'x', externalThreadId: 'shared-name' }));
    const theirs = await answerOf(await ask(other, { message: 'x', externalThreadId: 'shared-name' }));
    expect(theirs.threadId).not.toBe(mine.threadId);
  });

  it('threadId that is an unknown UUID: 404 NotFound, no silent new thread', async () => {
    const before = await counts();
    const res = await ask(p, { message: 'hi', threadId: '6f0c5e0e-1111-4a8b-9c3d-2e4f5a6b7c8d' });
    expect((await expectJson<{ error: { code: string } }>(res, 404)).error.code).toBe('NotFound');
    expect(await counts()).toEqual(before);
  });

  it("threadId of another tenant's thread: 404 too (no existence leak)", async () => {
    const other = await managedProject();
    const theirs = await answerOf(await ask(other, { message: 'secret' }));
    const res = await ask(p, { message: 'hi', threadId: theirs.threadId });
    expect((await expectJson<{ error: { code: string } }>(res, 404)).error.code).toBe('NotFound');
  });

  it('threadId that is not a UUID: 400 InvalidInput pointing to externalThreadId, nothing written', async () => {
    const before = await counts();
    const res = await ask(p, { message: 'hi', threadId: 'customer-42' });
    const { error } = await expectJson<{ error: { code: string; message: string } }>(res, 400);
    expect(error.code).toBe('InvalidInput');
    expect(error.message).toContain('externalThreadId');
    expect(await counts()).toEqual(before);
  });

  it('both threadId and externalThreadId: threadId wins and a debug line is logged', async () => {
    const a = await answerOf(await ask(p, { message: 'a', externalThreadId: 'ext-a' }));
    const both = await answerOf(await ask(p, { message: 'b', threadId: a.threadId, externalThreadId: 'ext-never-used' }));
    expect(both.threadId).toBe(a.threadId);
    const { rows } = await db().query(`SELECT 1 FROM threads WHERE project_id = $1 AND external_thread_id = 'ext-never-used'`, [p.tenantId]);
    expect(rows).toHaveLength(0);
    const apiLog = readFileSync(join(stackInfo().logDir, 'api.log'), 'utf8');
    const line = apiLog.split('\n').find((l) => l.includes('threadId wins') && l.includes(a.threadId));
    expect(JSON.parse(line!)).toMatchObject({ level: 20, threadId: a.threadId, externalThreadId: 'ext-never-used' });
  });

  it('externalThreadId over 255 characters: 400, nothing written', async () => {
    const before = await counts();
    const res = await ask(p, { message: 'hi', externalThreadId: 'e'.repeat(256) });
    expect((await expectJson<{ error: { code: string } }>(res, 400)).error.code).toBe('ValidationError');
    expect(await counts()).toEqual(before);
  });

  it('no thread given: a new thread, created only with its first answer', async () => {
    const a = await answerOf(await ask(p, { message: 'fresh' }));
    const b = await answerOf(await ask(p, { message: 'fresh' }));
    expect(a.threadId).not.toBe(b.threadId);
  });

  it('a failed ask leaves no thread and no turn behind', async () => {
    await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'openai:refuser' }), 200);
    try {
      llm.script({ status: 400, message: 'bad request from provider' });
      const before = await counts();
      const res = await ask(p, { message: 'will fail' });
      expect((await expectJson<{ error: { code: string } }>(res, 502)).error.code).toBe('ProviderError');
      expect(await counts()).toEqual(before);
    } finally {
      await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'local:extractive' }), 200);
    }
  });
});

describe('concurrency', () => {
  it('20 parallel first calls with one externalThreadId resolve to one thread with 20 turns', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ask(p, { message: `parallel ${i}`, externalThreadId: 'burst-thread' }).then(answerOf)),
    );
    const ids = new Set(results.map((r) => r.threadId));
    expect(ids.size).toBe(1);
    const { rows } = await db().query(`SELECT count(*)::int AS n FROM threads WHERE project_id = $1 AND external_thread_id = 'burst-thread'`, [p.tenantId]);
    expect(rows[0]).toEqual({ n: 1 });
    const turns = await db().query(`SELECT count(*)::int AS n FROM turns WHERE thread_id = $1`, [[...ids][0]]);
    expect(turns.rows[0]).toEqual({ n: 20 });
  }, 120_000);
});

describe('turns and history', () => {
  it('stores externalUserId, intent, model, usage and latency, and gives earlier turns to the model', async () => {
    await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'openai:gpt-4o-mini', systemPrompt: 'You are terse.' }), 200);
    try {
      const first = await answerOf(await ask(p, { message: 'My name is Ada.', externalUserId: 'user-ada', externalThreadId: 'history-1' }));
      llm.reset();
      await answerOf(await ask(p, { message: 'What is my name?', externalThreadId: 'history-1' }));
      const sent = llm.requests[0]!.body!.messages.map((m) => ({ role: m.role, content: m.content }));
      expect(sent).toEqual([
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'My name is Ada.' },
        { role: 'assistant', content: first.answer },
        { role: 'user', content: 'What is my name?' },
      ]);
      const { rows } = await db().query(
        `SELECT external_user_id, intent, model, prompt_tokens, completion_tokens, total_tokens, latency_ms FROM turns WHERE thread_id = $1 ORDER BY created_at`,
        [first.threadId],
      );
      expect(rows[0]).toMatchObject({ external_user_id: 'user-ada', intent: 'vanilla', model: 'openai:gpt-4o-mini', prompt_tokens: first.usage.promptTokens });
      expect(rows[0].latency_ms).toBeGreaterThan(0);
    } finally {
      await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'local:extractive', systemPrompt: '' }), 200);
    }
  });

  it('bounds the history by the project token budget, keeping the latest turns', async () => {
    await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'openai:gpt-4o-mini', historyTokenBudget: 60 }), 200);
    try {
      for (const word of ['alpha', 'bravo', 'charlie', 'delta']) {
        await answerOf(await ask(p, { message: `Remember the word ${word} please, it matters a great deal to me.`, externalThreadId: 'budget-1' }));
      }
      llm.reset();
      await answerOf(await ask(p, { message: 'Which words?', externalThreadId: 'budget-1' }));
      const text = JSON.stringify(llm.requests[0]!.body!.messages);
      expect(text).toContain('delta');
      expect(text).not.toContain('alpha');
    } finally {
      await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'local:extractive', historyTokenBudget: 4000 }), 200);
    }
  });
});
