// A client that reconnects once it has had its ask's end — a page reloaded, a phone back from
// the background — is answered from the api's copy of the finished log: at once, and even while
// no worker could replay the run to answer a query (a deploy, a crash).
import { ASK_ID_HEADER } from '@askflow/contract';
import { closeDb, managedProject } from '../stack/context.js';
import { startOwnReplicas, type OwnReplicas } from '../stack/replicas.js';
import { collect, openStream } from '../stack/sse.js';

let own: OwnReplicas | undefined;
afterAll(async () => {
  await own?.stop();
  await closeDb();
});

it('a finished stream resumes on the same api without a worker: nothing past its end, its end once from before it', async () => {
  // Its own api and worker, so stopping the worker hurts no other test.
  own = await startOwnReplicas('resume-finished');
  const { api, worker } = own;
  const p = await managedProject({ name: 'resume finished' });
  const headers = { 'X-API-Key': p.apiKey };
  const first = await openStream('/service/ask/stream', { baseUrl: api.baseUrl!, body: { tenantId: p.tenantId, message: 'hello' }, headers });
  const events = await collect(first);
  const last = events.at(-1)!;
  expect(last.type).toBe('done');
  const askId = first.response.headers.get(ASK_ID_HEADER)!;
  // No worker from here on: a query of the closed run would wait out its deadline and fall back
  // to the run's result, sent as a `reset` and the outcome whole.
  await worker.stop();

  const past = await openStream(`/service/ask/${askId}/events`, { method: 'GET', baseUrl: api.baseUrl!, headers: { ...headers, 'Last-Event-ID': String(last.id) } });
  expect(past.response.status).toBe(200);
  expect(await collect(past)).toEqual([]);
  const before = await openStream(`/service/ask/${askId}/events`, { method: 'GET', baseUrl: api.baseUrl!, headers: { ...headers, 'Last-Event-ID': String(last.id! - 1) } });
  expect(await collect(before)).toEqual([last]);
  // From the start: the same events under the same ids.
  const whole = await openStream(`/service/ask/${askId}/events`, { method: 'GET', baseUrl: api.baseUrl!, headers });
  expect(await collect(whole)).toEqual(events);
}, 60_000);
