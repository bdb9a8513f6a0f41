import { AskResponseSchema } from '@askflow/contract';
import { closeDb, expectJson, newProject } from '../stack/context.js';
import { startReplica, type Replica } from '../stack/replicas.js';

const replicas: Replica[] = [];
afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
  await closeDb();
});

describe('no worker polls the task queue', () => {
  it('/ready says so and asks are refused at once with 503 until a worker is there', async () => {
    // An api on a task queue of its own, which no worker polls yet.
    const taskQueue = `no-worker-${process.pid}`;
    const api = await startReplica('api', { TEMPORAL_TASK_QUEUE: taskQueue });
    replicas.push(api);
    const p = await newProject('no worker');
    const ask = () =>
      fetch(`${api.baseUrl}/service/ask`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': p.apiKey },
        body: JSON.stringify({ tenantId: p.tenantId, message: 'hello?' }),
      });

    const ready = await fetch(`${api.baseUrl}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', postgres: true, temporal: true, worker: false });

    const began = Date.now();
    const refused = await ask();
    const waited = Date.now() - began;
    expect(refused.headers.get('Retry-After')).toBe('5');
    expect(await expectJson(refused, 503)).toMatchObject({ error: { code: 'Unavailable' } });
    // Refused after one confirming look a second later — not left to time out (ASK_TIMEOUT_MS is minutes).
    expect(waited).toBeLessThan(30_000);

    replicas.push(await startReplica('worker', { TEMPORAL_TASK_QUEUE: taskQueue }));
    for (let i = 0; i < 100 && (await fetch(`${api.baseUrl}/ready`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await expectJson(await fetch(`${api.baseUrl}/ready`), 200)).toMatchObject({ worker: true });
    expect(AskResponseSchema.parse(await expectJson(await ask(), 200)).answer.length).toBeGreaterThan(0);
  }, 120_000);
});
