// Every route that names an object, aimed by one tenant at another's: never an answer, never a change.
import { closeDb, expectJson, manage, stackInfo } from '../stack/context.js';
import { appRoutes } from './routeTable.js';
import { fillPath, tenantWithEverything, type Tenant } from './tenant.js';

let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  [a, b] = await Promise.all([tenantWithEverything('tenant-a'), tenantWithEverything('tenant-b')]);
}, 60_000);
afterAll(closeDb);

/** Bodies a route would accept from its owner: refusal must come from the wall, not from validation. */
function validBody(method: string, path: string): unknown {
  if (method === 'GET' || method === 'DELETE') return undefined;
  const bodies: [RegExp, unknown][] = [
    [/\/keys\/:keyId\/budget$|\/budget$/, { dailyTokens: 10 }],
    [/\/keys$/, { mode: 'live' }],
    [/\/providers\/:name$/, { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-hijack' }],
    [/\/prices$/, { prices: [] }],
    [/\/knowledge\/batches$/, { documents: [{ name: 'x.md', text: 'planted' }] }],
    [/\/knowledge$/, { name: 'planted.md', text: 'planted' }],
    [/\/tools\/:toolId\/test$/, { arguments: {} }],
    [/\/tools(\/:toolId)?$/, { name: 'hijack', description: 'planted', url: 'http://127.0.0.1:9/x', parameters: { type: 'object', properties: {} } }],
    [/\/webhooks$/, { url: 'http://127.0.0.1:9/planted', events: ['ask.completed'] }],
    [/\/webhooks\/:webhookId$/, { enabled: true }],
    [/\/projects\/:id$/, { name: 'hijacked' }],
  ];
  return bodies.find(([re]) => re.test(path))?.[1] ?? {};
}

const ownerRoutes = appRoutes().filter((r) => r.path.startsWith('/manage/projects/:id'));

describe('tenant walls', () => {
  it("every project route refuses another owner's project with 404, whatever the ids after it", async () => {
    expect(ownerRoutes.length).toBeGreaterThan(25);
    const ids = { id: a.tenantId, keyId: a.keyId, toolId: a.toolId, docId: a.docId, threadId: a.threadId, batchId: a.batchId, askId: a.askId, webhookId: a.webhookId, deliveryId: a.deliveryId, name: a.provider };
    for (const r of ownerRoutes) {
      const res = await manage(b.owner.token, r.method, fillPath(r.path, ids).replace('/manage', ''), validBody(r.method, r.path));
      expect(`${r.method} ${r.path} ${res.status}`).toBe(`${r.method} ${r.path} 404`);
    }
  });

  it("and through the owner's own project, another tenant's keys, tools, documents, threads, batches, asks are not found", async () => {
    const ids = { id: b.tenantId, keyId: a.keyId, toolId: a.toolId, docId: a.docId, threadId: a.threadId, batchId: a.batchId, askId: a.askId, webhookId: a.webhookId, deliveryId: a.deliveryId, name: a.provider };
    const nested = ownerRoutes.filter((r) => /:(keyId|toolId|docId|threadId|batchId|askId|webhookId)/.test(r.path));
    expect(nested.length).toBeGreaterThan(10);
    for (const r of nested) {
      const res = await manage(b.owner.token, r.method, fillPath(r.path, ids).replace('/manage', ''), validBody(r.method, r.path));
      expect(`${r.method} ${r.path} ${res.status}`).toBe(`${r.method} ${r.path} 404`);
    }
  });

  it("an API key reaches only its own tenant's asks", async () => {
    const asB = { 'X-API-Key': b.apiKey, 'Content-Type': 'application/json' };
    const base = stackInfo().baseUrl;
    expect((await fetch(`${base}/service/ask/${a.askId}/events`, { headers: asB })).status).toBe(404);
    expect((await fetch(`${base}/service/ask/${a.askId}/cancel`, { method: 'POST', headers: asB })).status).toBe(404);
    expect((await fetch(`${base}/service/models`, { headers: { ...asB, 'X-Tenant-Id': a.tenantId } })).status).toBe(401);
    for (const path of ['/service/ask', '/service/ask/stream']) {
      const res = await fetch(`${base}${path}`, { method: 'POST', headers: asB, body: JSON.stringify({ tenantId: a.tenantId, message: 'whose?' }) });
      expect(res.status).toBe(401);
      // A's thread, named by B with B's own tenant id, is no thread of B's.
      const viaThread = await fetch(`${base}${path}`, { method: 'POST', headers: asB, body: JSON.stringify({ tenantId: b.tenantId, message: 'whose?', threadId: a.threadId }) });
      expect(viaThread.status).toBe(404);
    }
  });

  it("after all that, the other tenant's objects are as they were", async () => {
    const get = async (path: string) => expectJson<Record<string, unknown>>(await manage(a.owner.token, 'GET', `/projects/${a.tenantId}${path}`), 200);
    expect(await get('')).toMatchObject({ name: 'tenant-a' });
    expect(((await get('/keys')).keys as { revokedAt: string | null }[]).every((k) => k.revokedAt === null)).toBe(true);
    expect(((await get('/tools')).tools as { name: string }[]).map((t) => t.name)).toEqual(['lookup']);
    expect(((await get('/knowledge')).documents as { name: string }[]).map((d) => d.name).sort()).toEqual(['b.md', 'notes.md']);
    expect((await get('/budget')).limits).toEqual({ dailyTokens: null, monthlyTokens: null, dailyCostUsd: null, monthlyCostUsd: null });
    expect((await get('/prices')).prices).toEqual([]);
    expect(((await get('/providers')).providers as { name: string; baseUrl: string }[]).map((p) => [p.name, p.baseUrl])).toEqual([['remote', 'http://127.0.0.1:9/v1']]);
    expect(((await get('/threads')).threads as unknown[]).length).toBe(1);
    expect(((await get('/webhooks')).webhooks as { url: string; enabled: boolean }[]).map((w) => [w.url, w.enabled])).toEqual([['http://127.0.0.1:9/hook', false]]);
  });
});
