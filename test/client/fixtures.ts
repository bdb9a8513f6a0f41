import { AskflowClient, type AskflowClientOptions } from '@askflow/client';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { startFaultyProxy, type FaultyProxy } from './faultyProxy.js';
import { closeDb, db, expectJson, managedProject, manage, stackInfo } from '../stack/context.js';

export type Project = Awaited<ReturnType<typeof managedProject>>;

/** A project answered by the local chat-completions server, so a test can script slow or failing answers. */
export async function providerProject(llm: ChatCompletionsServer, settings: Record<string, unknown> = {}): Promise<Project> {
  const p = await managedProject(settings);
  await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/openai`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey }), 200);
  await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'openai:gpt-4o-mini' }), 200);
  return p;
}

/** A client for `p`, against the stack's api unless `baseUrl` says otherwise. */
export function clientFor(p: { apiKey: string; tenantId: string }, options: Partial<AskflowClientOptions> = {}): AskflowClient {
  return new AskflowClient({ apiKey: p.apiKey, tenantId: p.tenantId, baseUrl: stackInfo().baseUrl, ...options });
}

/** Chat-completion requests the model server received (embeddings requests aside). */
export function generations(llm: ChatCompletionsServer): number {
  return llm.requests.filter((r) => r.path.endsWith('/chat/completions')).length;
}

/** The project's stored turns, oldest first. */
export async function turnsOf(tenantId: string): Promise<{ answer: string; workflowId: string }[]> {
  const { rows } = await db().query<{ answer: string; workflow_id: string }>(`SELECT answer, workflow_id FROM turns WHERE project_id = $1 ORDER BY created_at`, [tenantId]);
  return rows.map((r) => ({ answer: r.answer, workflowId: r.workflow_id }));
}

/** Polls until `read` gives a value (the ask completes after its client has gone), or fails after `ms`. */
export async function eventually<T>(read: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`nothing after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The model server and fault-injecting proxy most client tests use, reset before each test and
 * closed after the file. Read them as `h.llm` and `h.proxy`.
 */
export function clientHarness(): { llm: ChatCompletionsServer; proxy: FaultyProxy } {
  const h = {} as { llm: ChatCompletionsServer; proxy: FaultyProxy };
  beforeAll(async () => {
    h.llm = await startChatCompletionsServer();
    h.proxy = await startFaultyProxy(stackInfo().baseUrl);
  });
  beforeEach(() => {
    h.llm.reset();
    h.proxy.reset();
  });
  afterAll(async () => {
    await Promise.all([h.llm.close(), h.proxy.close()]);
    await closeDb();
  });
  return h;
}
