// The console has no private back door: the same walk works with the session cookie and the
// public routes alone, exactly what the console's pages call.
import { BrowserSession } from '../manage/browserSession.js';
import { expectJson, postJson } from '../stack/context.js';
import { startToolServer } from './toolServer.js';
import { newEmail, orderTool, password, question, returnsDoc } from './fixtures.js';

let tools: Awaited<ReturnType<typeof startToolServer>>;
beforeAll(async () => { tools = await startToolServer(); });
afterAll(async () => { await tools?.close(); });

test('sign up → project → settings → key → tool → document → streamed ask → analytics → threads', async () => {
  const s = new BrowserSession();
  const write = (method: string, path: string, body?: unknown) => s.fetch(method, `/manage${path}`, { csrf: true, ...(body !== undefined ? { body } : {}) });
  const read = (path: string) => s.fetch('GET', `/manage${path}`);

  await expectJson(await s.fetch('POST', '/manage/session/signup', { body: { email: newEmail('api'), password } }), 201);
  // A write without the CSRF header is refused even with a valid session cookie.
  await expectJson(await s.fetch('POST', '/manage/projects', { body: { name: 'no csrf' } }), 403);

  const project = await expectJson<{ id: string }>(await write('POST', '/projects', { name: 'Support bot' }), 201);
  const p = `/projects/${project.id}`;
  const saved = await expectJson<{ temperature: number; chatModel: string }>(
    await write('PATCH', p, { chatModel: 'local:extractive', temperature: 0.7, toolsEnabled: true, ragEnabled: true }), 200);
  expect(saved).toMatchObject({ chatModel: 'local:extractive', temperature: 0.7 });

  const { key } = await expectJson<{ key: string }>(await write('POST', `${p}/keys`, { mode: 'test', name: 'Playground' }), 201);
  const tool = await expectJson<{ id: string }>(await write('POST', `${p}/tools`, orderTool(tools.url)), 201);
  await expect(expectJson(await write('POST', `${p}/tools/${tool.id}/test`, {}), 200)).resolves.toMatchObject({ ok: true, status: 200 });

  const doc = await expectJson<{ id: string }>(await write('POST', `${p}/knowledge`, returnsDoc), 202);
  const deadline = Date.now() + 45_000;
  let status = '';
  while (status !== 'ready' && Date.now() < deadline) {
    ({ status } = await expectJson<{ status: string }>(await read(`${p}/knowledge/${doc.id}`), 200));
    if (status === 'failed') throw new Error('ingestion failed');
    if (status !== 'ready') await new Promise((r) => setTimeout(r, 500));
  }
  expect(status).toBe('ready');

  const res = await postJson('/service/ask/stream', { tenantId: project.id, message: question }, { 'X-API-Key': key });
  expect(res.status).toBe(200);
  const askId = res.headers.get('Askflow-Ask-Id');
  const stream = await res.text();
  expect(stream).toContain('event: delta');
  const done = stream.split('\n\n').find((m) => m.includes('event: done'));
  const answer = JSON.parse(done!.split('\n').find((l) => l.startsWith('data:'))!.slice(5)) as { intent: string; threadId: string; sources: { document: string }[] };
  expect(answer.intent).toBe('rag_tools');
  expect(answer.sources.map((x) => x.document)).toContain(returnsDoc.name);

  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 3_600_000).toISOString();
  const analytics = await expectJson<{ totals: { test: { asks: number }; live: { asks: number } } }>(await read(`${p}/analytics?from=${from}&to=${to}&bucket=hour`), 200);
  expect(analytics.totals).toMatchObject({ test: { asks: 1 }, live: { asks: 0 } });

  const { threads } = await expectJson<{ threads: { id: string }[] }>(await read(`${p}/threads?search=shipping`), 200);
  expect(threads.map((t) => t.id)).toEqual([answer.threadId]);
  const thread = await expectJson<{ turns: { workflowId: string; isTest: boolean }[] }>(await read(`${p}/threads/${answer.threadId}`), 200);
  expect(thread.turns).toEqual([expect.objectContaining({ workflowId: askId, isTest: true })]);

  await expectJson(await s.fetch('DELETE', '/manage/session', { csrf: true }), 204);
  await expectJson(await read('/projects'), 401);
}, 120_000);
