// Erase: deleting a thread removes it, its turns, their feedback, its asks' idempotency keys and
// the Temporal histories of its asks — nothing of it stays in PostgreSQL or Temporal — while the
// project's other threads stay whole; deleting a project removes its runs' histories too.
import { WorkflowNotFoundError } from '@temporalio/client';
import { AskResponseSchema } from '@askflow/contract';
import { closeDb, db, expectJson, manage, stackInfo, temporalClient } from '../stack/context.js';
import { weatherProject } from '../stack/weatherProject.js';

afterAll(closeDb);

type Project = Awaited<ReturnType<typeof weatherProject>>;

async function ask(p: Project, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${stackInfo().baseUrl}/service/ask`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': p.apiKey, ...headers }, body: JSON.stringify({ tenantId: p.tenantId, ...body }) });
  return { askId: res.headers.get('askflow-ask-id')!, answer: AskResponseSchema.parse(await expectJson(res, 200)) };
}

/**
 * Whether Temporal no longer has the runs, waiting up to 150 s (deletion completes some time after
 * it is accepted: ~20–35 s on this dev server alone, past 60 s beside the fan-out suite's load).
 */
async function gone(workflowIds: string[]): Promise<boolean> {
  const { client, close } = await temporalClient();
  try {
    // Temporal deletes asynchronously: on the dev server a deleted run is gone after ~30 s.
    for (let i = 0; i < 1500; i++) {
      const left = await Promise.all(workflowIds.map((id) => client.workflow.getHandle(id).describe().then(() => true, (err: unknown) => {
        if (err instanceof WorkflowNotFoundError) return false;
        throw err;
      })));
      if (!left.includes(true)) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  } finally {
    await close();
  }
}

/** Whether Temporal has the run now. */
async function exists(workflowId: string): Promise<boolean> {
  const { client, close } = await temporalClient();
  try {
    await client.workflow.getHandle(workflowId).describe();
    return true;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  } finally {
    await close();
  }
}

describe('erase', () => {
  it('a thread: its rows, feedback, idempotency keys and Temporal histories go; the other thread stays', async () => {
    const p = await weatherProject();
    try {
      const first = await ask(p, { message: 'Secret words: within how many days can items be returned?' }, { 'Idempotency-Key': 'erase-1' });
      const second = await ask(p, { message: "Secret words: what's the weather in Oslo?", threadId: first.answer.threadId });
      const kept = await ask(p, { message: 'hello' });
      const feedback = await fetch(`${stackInfo().baseUrl}/service/feedback`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': p.apiKey }, body: JSON.stringify({ tenantId: p.tenantId, askId: first.askId, rating: 1, comment: 'secret feedback' }) });
      expect(feedback.status).toBe(204);

      const res = await manage(p.owner.token, 'DELETE', `/projects/${p.tenantId}/threads/${first.answer.threadId}`);
      expect(res.status).toBe(204);

      expect((await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/threads/${first.answer.threadId}`)).status).toBe(404);
      const count = async (sql: string, params: unknown[]) => Number((await db().query<{ n: string }>(sql, params)).rows[0]!.n);
      expect(await count(`SELECT count(*) AS n FROM threads WHERE id = $1`, [first.answer.threadId])).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM turns WHERE project_id = $1 AND (user_message LIKE '%Secret words%' OR thread_id = $2)`, [p.tenantId, first.answer.threadId])).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM feedback WHERE project_id = $1`, [p.tenantId])).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM idempotency_keys WHERE project_id = $1 AND workflow_id = ANY($2)`, [p.tenantId, [first.askId, second.askId]])).toBe(0);
      expect(await gone([first.askId, second.askId])).toBe(true);

      // The other thread is whole, in both places.
      expect((await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/threads/${kept.answer.threadId}`)).status).toBe(200);
      expect(await exists(kept.askId)).toBe(true);
      // Erasing again: the thread is not there any more.
      expect((await manage(p.owner.token, 'DELETE', `/projects/${p.tenantId}/threads/${first.answer.threadId}`)).status).toBe(404);
    } finally {
      await p.tool.close();
    }
  }, 180_000);

  it("a project: its asks' and ingestions' histories go with it", async () => {
    const p = await weatherProject();
    await p.tool.close();
    const { askId } = await ask(p, { message: 'Within how many days can items be returned?' });
    expect(await exists(askId)).toBe(true);
    expect(await exists(`ingest-${p.documentId}`)).toBe(true);
    expect((await manage(p.owner.token, 'DELETE', `/projects/${p.tenantId}`)).status).toBe(204);
    expect(await gone([askId, `ingest-${p.documentId}`])).toBe(true);
  }, 180_000);
});
