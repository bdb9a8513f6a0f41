// A worker given a small workflow cache (ASKFLOW_WORKER_CACHED_WORKFLOWS, to bound its memory)
// still answers more asks at once than the cache holds. The SDK lets a worker take 40 workflow
// tasks at once whatever its cache; with a cache of 2, eight asks at once left most of them
// unstarted for good (their first workflow task scheduled, never taken: the worker had stopped
// polling), so the worker takes no more tasks at once than its cache can hold.
import { closeDb, managedProject } from '../stack/context.js';
import { startOwnReplicas, type OwnReplicas } from '../stack/replicas.js';

let own: OwnReplicas | undefined;
afterAll(async () => {
  await own?.stop();
  await closeDb();
});

it('a worker whose cache holds two runs answers eight asks sent at once', async () => {
  // Its own api and worker: no other test's worker takes these asks.
  own = await startOwnReplicas('small-cache', { worker: { ASKFLOW_WORKER_CACHED_WORKFLOWS: '2' } });
  const { api } = own;
  const p = await managedProject({ name: 'small cache' });
  const ask = (i: number) =>
    fetch(`${api.baseUrl!}/service/ask`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': p.apiKey },
      body: JSON.stringify({ tenantId: p.tenantId, message: `What is ${i} plus ${i}?` }),
      signal: AbortSignal.timeout(25_000),
    }).then(async (res) => ({ status: res.status, answer: ((await res.json()) as { answer?: string }).answer }));
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => ask(i + 1)));
  expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  // Each ask got its own answer, not another's.
  answers.forEach((a, i) => expect(a.answer).toContain(String(2 * (i + 1))));
}, 60_000);
