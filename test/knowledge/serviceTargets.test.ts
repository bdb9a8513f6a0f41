// With loopback allowed (as `npm start` and the test stack set it), a tenant aimed a knowledge URL
// at Temporal's HTTP API and ingested another tenant's workflow history. The stack's own services
// are now refused as knowledge and tool targets; a project's allowlist narrows its targets further.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AskResponseSchema, DocumentSchema, type DocumentView } from '@askflow/contract';
import { ask, closeDb, expectJson, managedProject, manage, stackInfo } from '../stack/context.js';
import { expectWire } from '../stack/wire.js';

type P = Awaited<ReturnType<typeof managedProject>>;
let attacker: P;
let victim: P;
let site: Server;
let siteUrl: string;
let toolHits = 0;

async function waitDone(p: P, id: string): Promise<DocumentView> {
  for (let i = 0; i < 200; i++) {
    const doc = await expectWire(DocumentSchema, await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/knowledge/${id}`), 200);
    if (doc.status === 'ready' || doc.status === 'failed') return doc;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`document ${id} never finished`);
}

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/tool') toolHits++;
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end(req.url === '/tool' ? '{"status":"shipped"}' : 'An ordinary page on this machine.');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  [attacker, victim] = await Promise.all([managedProject({ ragEnabled: true }), managedProject()]);
});
afterAll(async () => {
  site.close();
  await closeDb();
});

describe("the stack's own services", () => {
  it("cannot be ingested: another tenant's history through the Temporal UI's API fails with the reason", async () => {
    const secret = `victim secret ${Date.now()}`;
    const res = await ask(victim, { message: secret });
    expect(res.status).toBe(200);
    const askId = res.headers.get('askflow-ask-id')!;
    const info = stackInfo();
    const pg = new URL(info.databaseUrl);
    const targets = [
      `${info.temporalUiUrl!}/api/v1/namespaces/${info.temporalNamespace}/workflows/${askId}/history`,
      `http://localhost:${new URL(info.temporalUiUrl!).port}/api/v1/namespaces/${info.temporalNamespace}/workflows`,
      `http://${info.temporalAddress}/`,
      `${info.baseUrl}/health`,
      `http://127.0.0.1:${pg.port}/`,
    ];
    for (const url of targets) {
      const doc = await expectWire(DocumentSchema, await manage(attacker.owner.token, 'POST', `/projects/${attacker.tenantId}/knowledge`, { url, name: 'x.txt' }), 202);
      const done = await waitDone(attacker, doc.id);
      expect([url, done.status, done.error]).toEqual([url, 'failed', expect.stringMatching(/one of Askflow's own services/)]);
    }
    // An ordinary page on loopback is still ingested: the setting itself is unchanged.
    const ok = await expectWire(DocumentSchema, await manage(attacker.owner.token, 'POST', `/projects/${attacker.tenantId}/knowledge`, { url: `${siteUrl}/page.txt` }), 202);
    expect((await waitDone(attacker, ok.id)).status).toBe('ready');
  });

  it('cannot be a tool: refused when the tool is saved', async () => {
    const res = await manage(attacker.owner.token, 'POST', `/projects/${attacker.tenantId}/tools`, { name: 'history', description: 'reads runs', url: `${stackInfo().temporalUiUrl!}/api/v1/namespaces/default/workflows` });
    const body = await expectJson<{ error: { code: string; message: string } }>(res, 400);
    expect(body.error.message).toMatch(/one of Askflow's own services/);
  });
});

describe("a project's allowed hosts", () => {
  it('are set and read back through the management API, and checked', async () => {
    const p = await managedProject();
    const bad = await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { allowedHosts: ['not a host!'] });
    expect(bad.status).toBe(400);
    const set = await expectJson<{ allowedHosts: string[] }>(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { allowedHosts: ['API.example.com', '*.tools.example.com'] }), 200);
    expect(set.allowedHosts).toEqual(['api.example.com', '*.tools.example.com']);
  });

  it('refuse tools and knowledge URLs elsewhere, and a tool whose host was dropped fails at call time without retries', async () => {
    const p = await managedProject({ toolsEnabled: true });
    const base = `/projects/${p.tenantId}`;
    const { port } = new URL(siteUrl);
    await expectJson(await manage(p.owner.token, 'PATCH', base, { allowedHosts: [`127.0.0.1:${port}`] }), 200);
    const elsewhere = await manage(p.owner.token, 'POST', `${base}/tools`, { name: 'other', description: 'd', url: 'http://127.0.0.1:9/x' });
    expect((await expectJson<{ error: { message: string } }>(elsewhere, 400)).error.message).toMatch(/not on the project's allowed hosts/);
    const urlDoc = await manage(p.owner.token, 'POST', `${base}/knowledge`, { url: 'http://127.0.0.1:9/doc.txt' });
    expect((await expectJson<{ error: { message: string } }>(urlDoc, 400)).error.message).toMatch(/not on the project's allowed hosts/);
    const batch = await manage(p.owner.token, 'POST', `${base}/knowledge/batches`, { documents: [{ url: 'http://127.0.0.1:9/doc.txt' }] });
    expect(batch.status).toBe(400);

    await expectJson(await manage(p.owner.token, 'POST', `${base}/tools`, { name: 'order_status', description: 'Status of an order by its number', url: `${siteUrl}/tool`, parameters: { type: 'object', properties: { order: { type: 'string' } } } }), 201);
    await expectJson(await manage(p.owner.token, 'PATCH', base, { allowedHosts: ['api.example.com'] }), 200);
    const started = Date.now();
    const res = await ask(p, { message: 'Where is my order 48213?' });
    const answer = AskResponseSchema.parse(await expectJson(res, 200));
    // The call was refused at once (no five retries against the tool), and the answer says so.
    expect(answer.toolUsed).toBe('order_status');
    expect(toolHits).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    // Back on the list, the same ask reaches the tool.
    await expectJson(await manage(p.owner.token, 'PATCH', base, { allowedHosts: [`127.0.0.1:${port}`] }), 200);
    expect(AskResponseSchema.parse(await expectJson(await ask(p, { message: 'Where is my order 48213?' }), 200)).toolUsed).toBe('order_status');
    expect(toolHits).toBe(1);
  });
});
