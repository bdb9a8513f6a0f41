// The cluster topology: the Temporal server built from its Go module, on PostgreSQL persistence
// and visibility, with Askflow's api and worker on it — asked as a user would.
import { Client, Connection } from '@temporalio/client';
import pg from 'pg';
import { ASK_ID_HEADER, AskResponseSchema } from '@askflow/contract';
import { askflowDataConverter } from '../../codec/dataConverter.js';
import { startTestStack } from '../../infra/testStack.js';
import { createApiKey } from '../../store/apiKeys.js';
import { createProject } from '../../store/projects.js';
import { collect, openStream, rebuiltAnswer } from '../stack/sse.js';

let cluster: Awaited<ReturnType<typeof startTestStack>>;
let pool: pg.Pool;
let project: { tenantId: string; apiKey: string };

beforeAll(async () => {
  // Two api replicas behind the launcher's load balancer, two workers: the shape of a deployment.
  cluster = await startTestStack({ logLevel: 'info', temporal: 'cluster', apiReplicas: 2, workerReplicas: 2 });
  pool = new pg.Pool({ connectionString: cluster.info.databaseUrl, max: 2 });
  const created = await createProject(pool, 'on the cluster');
  project = { tenantId: created.id, apiKey: (await createApiKey(pool, created.id, 'test')).key };
}, 600_000);

afterAll(async () => {
  await pool?.end();
  await cluster?.dispose();
}, 60_000);

const ask = (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${cluster.info.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': project.apiKey, ...headers }, body: JSON.stringify({ tenantId: project.tenantId, ...body }) });

describe('the cluster topology', () => {
  it('answers a JSON ask, stored in PostgreSQL and findable by its search attributes in SQL visibility', async () => {
    const res = await ask('/service/ask', { message: 'hello cluster' });
    expect(res.status).toBe(200);
    const answer = AskResponseSchema.parse(await res.json());
    const askId = res.headers.get(ASK_ID_HEADER)!;
    expect(answer.intent).toBe('vanilla');

    const connection = await Connection.connect({ address: cluster.info.temporalAddress });
    try {
      const client = new Client({ connection, namespace: 'default', dataConverter: askflowDataConverter({ ASKFLOW_MASTER_KEY: cluster.info.masterKey }) });
      expect(await client.workflow.getHandle(askId).result()).toMatchObject({ threadId: answer.threadId });
      // Visibility on PostgreSQL answers list queries on Askflow's search attributes (eventually consistent).
      let found: string[] = [];
      for (let i = 0; i < 40 && found.length === 0; i++) {
        found = [];
        for await (const w of client.workflow.list({ query: `AskflowTenantId = "${project.tenantId}"` })) found.push(w.workflowId);
        if (!found.length) await new Promise((r) => setTimeout(r, 250));
      }
      expect(found).toContain(askId);
      // It is the server with PostgreSQL persistence, not the dev server: its system info says so.
      const info = await connection.workflowService.getSystemInfo({});
      expect(info.serverVersion).toBe('1.29.1');
      // The Web UI (the official UI server) reads the cluster, and decodes through Askflow's codec.
      const ui = cluster.info.temporalUiUrl!;
      const settings = (await (await fetch(`${ui}/api/v1/settings`)).json()) as { Codec: { Endpoint: string } };
      expect(settings.Codec.Endpoint).toBe(cluster.info.codecUrl);
      const listed = await (await fetch(`${ui}/api/v1/namespaces/default/workflows?query=${encodeURIComponent(`WorkflowId="${askId}"`)}`)).text();
      expect(listed).toContain(askId);
    } finally {
      await connection.close();
    }
  }, 60_000);

  it('streams an ask and resumes it with Last-Event-ID', async () => {
    const s = await openStream('/service/ask/stream', { baseUrl: cluster.info.baseUrl, body: { tenantId: project.tenantId, message: 'hello, streamed' }, headers: { 'X-API-Key': project.apiKey } });
    const askId = s.response.headers.get(ASK_ID_HEADER)!;
    const all = await collect(s);
    expect(all.at(-1)!.type).toBe('done');
    const cut = all.filter((e) => e.id !== null)[1]!.id!;
    const resumed = await collect(await openStream(`/service/ask/${askId}/events`, { method: 'GET', baseUrl: cluster.info.baseUrl, headers: { 'X-API-Key': project.apiKey, 'Last-Event-ID': String(cut) } }));
    expect(resumed.map((e) => e.id)).toEqual(all.filter((e) => e.id !== null && e.id > cut).map((e) => e.id));
    expect(rebuiltAnswer(resumed.filter((e) => e.type !== 'reset'))).toBe(rebuiltAnswer(all.filter((e) => e.id !== null && e.id > cut)));
    // Both replicas took requests: the stream and its resume went through the load balancer.
    const served = [...cluster.stack.loadBalancer!.served.values()];
    expect(served).toHaveLength(2);
    expect(served.every((n) => n > 0)).toBe(true);
  }, 60_000);

  it('keeps answering through the load balancer while one api replica is killed, and every ask is answered by some worker', async () => {
    const replica = cluster.stack.supervised['api-2']!;
    const dead = new Promise((resolve) => replica.child.once('exit', resolve));
    replica.child.kill('SIGKILL');
    await dead;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => ask('/service/ask', { message: `still there ${i}?` })));
    // A replica that refuses the connection never saw the request: the balancer sends it to the other one.
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(cluster.stack.supervised.worker).toBeDefined();
    expect(cluster.stack.supervised['worker-2']).toBeDefined();
  }, 60_000);
});
