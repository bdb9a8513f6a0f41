import pg from 'pg';
import { MockActivityEnvironment } from '@temporalio/testing';
import { askActivities } from '../../activities/ask/index.js';
import { createActivities } from '../../activities/index.js';
import type { AskWorkflowInput } from '../../interface/ask.js';
import { chooseVectorIndex } from '../../knowledge/vectors/select.js';
import { readPlanRows } from '../../store/planRows.js';
import { listPrices } from '../../store/prices.js';
import { getProject } from '../../store/projects.js';
import { listProviders } from '../../store/providers.js';
import { parseMasterKey } from '../../store/secrets.js';
import { listTools } from '../../store/tools.js';
import { closeDb, db, expectJson, managedProject, manage, stackInfo } from '../stack/context.js';
import { weatherProject } from '../stack/weatherProject.js';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';

/** A pool that remembers every statement it was given (reads go through `query`). */
function countingPool(): { pool: pg.Pool; statements: string[] } {
  const pool = new pg.Pool({ connectionString: stackInfo().databaseUrl, max: 4 });
  const statements: string[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0];
    statements.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return query(...args);
  };
  return { pool, statements };
}

const reads = (statements: string[], table: string): number => statements.filter((s) => new RegExp(`\\bFROM ${table}\\b`).test(s)).length;

let pool: pg.Pool;
let tools: Awaited<ReturnType<typeof weatherProject>>['tool'] | undefined;
afterAll(async () => {
  await pool?.end();
  await tools?.close();
  await closeDb();
});

describe('plan once', () => {
  it('one ask reads its project, tools and prices once; every later step works from the plan', async () => {
    const p = await weatherProject({ systemPrompt: 'Be brief.' });
    tools = p.tool;

    // As the test stack's worker runs: the tool endpoint listens on loopback.
    process.env.ASKFLOW_ALLOW_PRIVATE_URLS = 'loopback';
    const counted = countingPool();
    pool = counted.pool;
    const steps = askActivities({ pool, masterKey: parseMasterKey(stackInfo().masterKey), vectorIndex: await chooseVectorIndex({ sql: pool, env: process.env }) });
    const env = new MockActivityEnvironment();
    const run = <A extends unknown[], R>(step: (...args: A) => Promise<R>, ...args: A) => env.run(step, ...args) as Promise<R>;
    const input: AskWorkflowInput = {
      requestId: 'req-plan-once', tenantId: p.tenantId, threadId: crypto.randomUUID(), message: "What's the weather in Oslo, and can items be returned?",
      model: 'local:extractive', externalUserId: null, keyMode: 'test', receivedAt: Date.now(),
    };

    counted.statements.length = 0; // what choosing the vector index read
    const plan = await run(steps.planAsk, input);
    // One statement for all of it: the project, its documents, tools, connections and price.
    expect(counted.statements).toHaveLength(1);
    expect(plan).toMatchObject({ projectId: p.tenantId, systemPrompt: 'Be brief.', model: { id: 'local:extractive', kind: 'local' } });
    expect(plan.tools.map((t) => t.name)).toEqual(['getWeather']);
    expect(plan.knowledge).not.toBeNull();
    // The plan holds no secret: it is kept in the workflow's history.
    expect(JSON.stringify(plan)).not.toMatch(/apiKey|secret/i);

    // The owner changes everything mid-ask: this ask keeps what it planned with.
    await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { toolsEnabled: false, ragEnabled: false, systemPrompt: 'Changed.' }), 200);

    const passages = await run(steps.searchKnowledge, plan, input.message);
    expect(passages.map((c) => c.document)).toContain('returns.md');
    const decision = await run(steps.selectTool, plan, input.message);
    expect(decision.choice?.name).toBe('getWeather');
    const result = await run(steps.invokeTool, plan, input, 'getWeather', decision.choice!.arguments);
    expect(JSON.parse(result)).toMatchObject({ city: 'Oslo' });
    const answer = await run(steps.composeAnswer, plan, input, [{ source: 'getWeather', text: result, kind: 'tool' }]);
    expect(answer.model).toBe('local:extractive');
    await run(steps.saveTurn, plan, input, {
      threadId: input.threadId, answer: answer.answer, intent: 'rag_tools', toolUsed: 'getWeather', ragChunksUsed: passages.length, usage: answer.usage, model: answer.model,
    }, 'ask-plan-once-test');

    // The settings are read once; later steps read only secrets (signing secrets, provider keys) and data.
    expect(counted.statements.filter((s) => /\bFROM projects\b/.test(s) && /\bsystem_prompt\b/.test(s))).toHaveLength(1);
    expect(counted.statements.filter((s) => /\bFROM projects\b/.test(s) && !/\bsigning_secret/.test(s))).toHaveLength(1);
    expect(reads(counted.statements, 'tools')).toBe(1);
    expect(reads(counted.statements, 'model_prices')).toBe(1);
    const stored = await db().query(`SELECT intent, tool_used FROM turns WHERE workflow_id = 'ask-plan-once-test'`);
    expect(stored.rows).toEqual([{ intent: 'rag_tools', tool_used: 'getWeather' }]);
  }, 60_000);

  it("the plan's one statement reads what the store's own reads of each part return", async () => {
    const p = await weatherProject({ systemPrompt: 'Exact.' });
    try {
      await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { temperature: 0.35, ragMinScore: 0.17, fallbackModels: ['local:extractive'] }), 200);
      await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/remote`, { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-remote' }), 200);
      await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/prices`, { prices: [{ modelId: 'local:extractive', inputPerMillion: 0.15, outputPerMillion: 0.6 }] }), 200);
      const rows = await readPlanRows(db(), p.tenantId, 'local:extractive');
      expect(rows).toEqual({
        project: await getProject(db(), p.tenantId),
        hasDocuments: true,
        tools: await listTools(db(), p.tenantId),
        connections: (await listProviders(db(), p.tenantId)).map((c) => ({ ...c, version: expect.stringMatching(/^[0-9a-f]{32}$/) })),
        prices: Object.fromEntries((await listPrices(db(), p.tenantId)).map(({ modelId, ...price }) => [modelId, price])),
      });
      expect(rows.project).toMatchObject({ temperature: 0.35, ragMinScore: 0.17, systemPrompt: 'Exact.' });
      expect(rows.prices).toEqual({ 'local:extractive': { inputPerMillion: 0.15, outputPerMillion: 0.6 } });
      // A model without a price is absent; without a model, the chat model's (and the fallbacks') prices are read.
      expect((await readPlanRows(db(), p.tenantId, 'remote:none')).prices['remote:none']).toBeUndefined();
      expect((await readPlanRows(db(), p.tenantId)).prices).toEqual(rows.prices);
      expect(await readPlanRows(db(), crypto.randomUUID())).toEqual({ project: null, hasDocuments: false, tools: [], connections: [], prices: {} });
    } finally {
      await p.tool.close();
    }
  });

  it("a model's connection is decrypted once per version: later asks read no connection, a connection saved again is read afresh", async () => {
    const [first, second] = [await startChatCompletionsServer(), await startChatCompletionsServer()];
    const p = await managedProject();
    const counted = countingPool();
    try {
      const connect = (llm: ChatCompletionsServer) => manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/remote`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey });
      await expectJson(await connect(first), 200);
      await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'remote:m1' }), 200);
      const steps = askActivities({ pool: counted.pool, masterKey: parseMasterKey(stackInfo().masterKey), vectorIndex: await chooseVectorIndex({ sql: counted.pool, env: process.env }) });
      const env = new MockActivityEnvironment();
      const ask = async (n: number) => {
        const input: AskWorkflowInput = {
          requestId: `req-connection-${n}`, tenantId: p.tenantId, threadId: crypto.randomUUID(), message: `question ${n}`,
          model: 'remote:m1', externalUserId: null, keyMode: 'test', receivedAt: Date.now(),
        };
        counted.statements.length = 0;
        const round = (await env.run(steps.firstRound, input, `ask-connection-${p.tenantId}-${n}`)) as Awaited<ReturnType<typeof steps.firstRound>>;
        expect(round.saved?.answer).toBe('Echo(m1): question ' + n);
        // The connection's own read (by name, with its key); the plan's statement reads every connection's view.
        return counted.statements.filter((s) => /\bFROM provider_connections WHERE project_id = \$1 AND name = \$2/.test(s)).length;
      };
      expect(await ask(1)).toBe(1);
      expect(await ask(2)).toBe(0);
      expect(await ask(3)).toBe(0);
      expect(first.requests.map((r) => r.headers.authorization)).toEqual(Array(3).fill(`Bearer ${first.apiKey}`));
      // Saved again with another address and key: the next plan names another version, and the
      // step reads the connection it names.
      await expectJson(await connect(second), 200);
      expect(await ask(4)).toBe(1);
      expect(await ask(5)).toBe(0);
      expect(first.requests).toHaveLength(3);
      expect(second.requests.map((r) => r.headers.authorization)).toEqual(Array(2).fill(`Bearer ${second.apiKey}`));
    } finally {
      await counted.pool.end();
      await first.close();
      await second.close();
    }
  }, 60_000);

  it('a project deleted mid-ask fails the ask one way: project_gone, not retried', async () => {
    const p = await managedProject();
    const steps = createActivities({ pool: db(), masterKey: parseMasterKey(stackInfo().masterKey), vectorIndex: await chooseVectorIndex({ sql: db(), env: process.env }) });
    const env = new MockActivityEnvironment();
    const input: AskWorkflowInput = {
      requestId: 'req-gone', tenantId: p.tenantId, threadId: crypto.randomUUID(), message: 'hello',
      model: 'local:extractive', externalUserId: null, keyMode: 'test', receivedAt: Date.now(),
    };
    const plan = (await env.run(steps.planAsk, input)) as Awaited<ReturnType<typeof steps.planAsk>>;
    await expectJson(await manage(p.owner.token, 'DELETE', `/projects/${p.tenantId}`), 204);
    const response = { threadId: input.threadId, answer: 'hi', intent: 'vanilla' as const, toolUsed: null, ragChunksUsed: 0, usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 }, model: 'local:extractive' };
    for (const attempt of [() => env.run(steps.saveTurn, plan, input, response, 'ask-gone-test'), () => env.run(steps.planAsk, input)]) {
      await expect(attempt()).rejects.toMatchObject({ name: 'ApplicationFailure', type: 'project_gone', nonRetryable: true });
    }
  });
});
