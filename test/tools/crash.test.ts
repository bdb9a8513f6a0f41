import { AskResponseSchema, SigningSecretSchema } from '@askflow/contract';
import { closeDb, db, expectJson, managedProject, manage } from '../stack/context.js';
import { startReplica, type Replica } from '../stack/replicas.js';
import { plainToolServer } from './endpoints.js';

const replicas: Replica[] = [];
afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
  await closeDb();
});

describe('a worker killed during a tool call', () => {
  it('the ask still completes, once', async () => {
    // Its own api and worker on a task queue of their own, so killing the worker hurts no other test.
    const taskQueue = `tool-crash-${process.pid}`;
    const api = await startReplica('api', { TEMPORAL_TASK_QUEUE: taskQueue });
    const worker = await startReplica('worker', { TEMPORAL_TASK_QUEUE: taskQueue });
    replicas.push(api, worker);

    const p = await managedProject({ toolsEnabled: true });
    const secret = SigningSecretSchema.parse(await expectJson(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/signing-secret`), 200)).secret;
    const tool = await plainToolServer(() => [secret]);
    let release!: () => void;
    tool.script({ status: 200, body: { temperature: 3, conditions: 'snow' }, hold: new Promise<void>((r) => (release = r)) });
    await expectJson(
      await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/tools`, {
        name: 'getWeather',
        description: 'Current weather for a city',
        parameters: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } },
        url: tool.url,
      }),
      201,
    );
    try {
      const asked = fetch(`${api.baseUrl}/service/ask`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': p.apiKey },
        body: JSON.stringify({ tenantId: p.tenantId, message: "What's the weather in Oslo today?" }),
      });
      for (let i = 0; i < 200 && tool.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(tool.received).toHaveLength(1);

      await worker.kill(); // mid-call: the endpoint has the request and has not answered
      replicas.push(await startReplica('worker', { TEMPORAL_TASK_QUEUE: taskQueue }));
      release();

      const answer = AskResponseSchema.parse(await expectJson(await asked, 200));
      expect(answer).toMatchObject({ intent: 'tools', toolUsed: 'getWeather' });
      expect(answer.answer).toContain('light rain');
      // The retry came from the new worker, signed afresh, with the same request id to de-duplicate on.
      expect(tool.received).toHaveLength(2);
      expect(tool.received[1]!.headers['x-service-request-id']).toBe(tool.received[0]!.headers['x-service-request-id']);
      expect(tool.received.every((r) => r.signatureValid)).toBe(true);
      const { rows } = await db().query(`SELECT count(*)::int AS n FROM turns WHERE project_id = $1`, [p.tenantId]);
      expect(rows[0]).toEqual({ n: 1 });
    } finally {
      release();
      await tool.close();
    }
  }, 120_000);
});
