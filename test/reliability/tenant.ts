import { ASK_ID_HEADER } from '@askflow/contract';
import { ask, expectJson, managedProject, manage } from '../stack/context.js';

/** A tenant with one of every object a route can name, to aim requests at. */
export async function tenantWithEverything(label: string) {
  const p = await managedProject({ ragEnabled: true, toolsEnabled: true, name: label });
  const spareKey = await expectJson<{ id: string }>(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/keys`, { mode: 'test', name: 'spare' }), 201);
  const tool = await expectJson<{ id: string }>(
    await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/tools`, {
      name: 'lookup', description: 'Looks something up', url: 'http://127.0.0.1:9/lookup',
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
    }),
    201,
  );
  const doc = await expectJson<{ id: string }>(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/knowledge`, { name: 'notes.md', text: `# ${label}\nPrivate notes of ${label}.` }), 202);
  const batch = await expectJson<{ batch: { id: string } }>(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/knowledge/batches`, { documents: [{ name: 'b.md', text: 'batch text' }] }), 202);
  await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/remote`, { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-remote' }), 200);
  const webhook = await expectJson<{ id: string }>(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/webhooks`, { url: 'http://127.0.0.1:9/hook', events: ['ask.completed'] }), 201);
  const asked = await ask(p, { message: `hello from ${label}`, externalThreadId: `${label}-thread` });
  const answer = await expectJson<{ threadId: string }>(asked, 200);
  // Off again at once: its delivery (to a port nobody answers on) stops at its next attempt.
  await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}/webhooks/${webhook.id}`, { enabled: false }), 200);
  const { deliveries } = await expectJson<{ deliveries: { id: string }[] }>(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/webhooks/${webhook.id}/deliveries`), 200);
  const keys = await expectJson<{ keys: { id: string; name: string }[] }>(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/keys`), 200);
  return {
    ...p,
    keyId: keys.keys.find((k) => k.name !== 'spare')!.id,
    spareKeyId: spareKey.id,
    toolId: tool.id,
    docId: doc.id,
    batchId: batch.batch.id,
    threadId: answer.threadId,
    askId: asked.headers.get(ASK_ID_HEADER)!,
    webhookId: webhook.id,
    deliveryId: deliveries[0]!.id,
    provider: 'remote',
  };
}

export type Tenant = Awaited<ReturnType<typeof tenantWithEverything>>;

/** The path with each `:param` replaced from `values` (by parameter name). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for :${name} in ${path}`);
    return v;
  });
}
