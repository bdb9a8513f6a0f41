import { plainToolServer } from '../tools/endpoints.js';
import { expectJson, managedProject, manage } from './context.js';

/**
 * A managed project with RAG and tools on, one tool (`getWeather`, served by a local endpoint)
 * and one indexed document (`returns.md`): every path of an ask is open in it.
 */
export async function weatherProject(settings: Record<string, unknown> = {}) {
  const p = await managedProject({ ragEnabled: true, toolsEnabled: true, ...settings });
  const tool = await plainToolServer(() => []);
  await expectJson(
    await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/tools`, {
      name: 'getWeather', description: 'Current weather for a city', url: tool.url,
      parameters: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } },
    }),
    201,
  );
  const doc = await expectJson<{ id: string }>(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/knowledge`, { name: 'returns.md', text: '# Returns\nItems can be returned within 60 days.' }), 202);
  for (let i = 0; i < 200; i++) {
    if ((await expectJson<{ status: string }>(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/knowledge/${doc.id}`), 200)).status === 'ready') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ...p, tool, documentId: doc.id };
}
