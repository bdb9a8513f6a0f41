// Background asks: `Prefer: respond-async` answers 202 at once and the ask runs on; its state,
// answer or error are read back by id (through the HTTP API and the official client), and the
// stream, cancel and idempotency rules of any ask apply to it.
import { AskAcceptedSchema, AskResponseSchema, AskStatusSchema, type AskStatus } from '@askflow/contract';
import { clientFor, clientHarness, eventually, providerProject } from '../client/fixtures.js';
import { stackInfo } from '../stack/context.js';
import { collect, openStream } from '../stack/sse.js';

const h = clientHarness();

const post = (p: { tenantId: string; apiKey: string }, message: string, headers: Record<string, string> = {}) =>
  fetch(`${stackInfo().baseUrl}/service/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': p.apiKey, Prefer: 'respond-async', ...headers },
    body: JSON.stringify({ tenantId: p.tenantId, message }),
  });

const status = async (p: { apiKey: string }, askId: string): Promise<AskStatus> => {
  const res = await fetch(`${stackInfo().baseUrl}/service/ask/${askId}`, { headers: { 'X-API-Key': p.apiKey } });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return AskStatusSchema.parse(await res.json());
};

/** The status once it is no longer `running`. */
const settled = (p: { apiKey: string }, askId: string) => eventually(async () => {
  const s = await status(p, askId);
  return s.status === 'running' ? undefined : s;
});

describe('background asks', () => {
  it('202 at once while the model is still answering; the status turns from running to completed with the answer', async () => {
    const p = await providerProject(h.llm);
    h.llm.script({ content: 'Answered in the background.', delayMs: 1500 });
    const started = Date.now();
    const res = await post(p, 'Take your time');
    expect(res.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(1500);
    const accepted = AskAcceptedSchema.parse(await res.json());
    expect(accepted.status).toBe('running');
    expect(res.headers.get('preference-applied')).toBe('respond-async');
    expect(res.headers.get('location')).toBe(`/service/ask/${accepted.askId}`);
    expect(res.headers.get('askflow-ask-id')).toBe(accepted.askId);
    expect(await status(p, accepted.askId)).toEqual({ askId: accepted.askId, status: 'running' });

    const done = await settled(p, accepted.askId);
    expect(done.status).toBe('completed');
    expect(done.response).toMatchObject({ threadId: accepted.threadId, answer: 'Answered in the background.', model: 'openai:gpt-4o-mini' });
    // Its event log is there like any ask's: the stream replays it to its done event.
    const events = await collect(await openStream(`/service/ask/${accepted.askId}/events`, { method: 'GET', headers: { 'X-API-Key': p.apiKey } }));
    expect(events.at(-1)!.event).toMatchObject({ type: 'done', answer: 'Answered in the background.' });
    // …with the answer's deltas, for whoever follows a background ask live.
    expect(events.flatMap((e) => (e.event.type === 'delta' ? [e.event.content] : [])).join('')).toBe('Answered in the background.');
  }, 30_000);

  it('a failed ask reports its error; a cancelled one says so; a retry with the same Idempotency-Key joins the ask', async () => {
    const p = await providerProject(h.llm);
    h.llm.script({ status: 400, message: 'the test refuses' });
    const failed = AskAcceptedSchema.parse(await (await post(p, 'Fail please')).json());
    expect(await settled(p, failed.askId)).toMatchObject({ status: 'failed', error: { code: 'ProviderError', message: expect.stringContaining('the test refuses') } });

    h.llm.script({ content: 'never seen', delayMs: 5000 });
    const slow = AskAcceptedSchema.parse(await (await post(p, 'Slow one')).json());
    const cancel = await fetch(`${stackInfo().baseUrl}/service/ask/${slow.askId}/cancel`, { method: 'POST', headers: { 'X-API-Key': p.apiKey } });
    expect(cancel.status).toBe(202);
    expect(await settled(p, slow.askId)).toMatchObject({ status: 'cancelled', error: { code: 'Cancelled' } });

    h.llm.script({ content: 'Once only.' });
    const first = await post(p, 'Idempotent', { 'Idempotency-Key': 'bg-key-1' });
    const a = AskAcceptedSchema.parse(await first.json());
    await settled(p, a.askId);
    const again = await post(p, 'Idempotent', { 'Idempotency-Key': 'bg-key-1' });
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(AskAcceptedSchema.parse(await again.json())).toEqual({ askId: a.askId, threadId: a.threadId, status: 'completed' });
  }, 30_000);

  it("another project's key gets 404, and so does an unknown ask", async () => {
    const p = await providerProject(h.llm);
    const other = await providerProject(h.llm);
    const a = AskAcceptedSchema.parse(await (await post(p, 'Mine')).json());
    expect((await fetch(`${stackInfo().baseUrl}/service/ask/${a.askId}`, { headers: { 'X-API-Key': other.apiKey } })).status).toBe(404);
    expect((await fetch(`${stackInfo().baseUrl}/service/ask/ask-${p.tenantId}-00000000-0000-4000-8000-000000000000`, { headers: { 'X-API-Key': p.apiKey } })).status).toBe(404);
    await settled(p, a.askId);
  }, 30_000);

  it('the client: askBackground returns at once, getAsk follows it to its answer', async () => {
    const p = await providerProject(h.llm);
    h.llm.script({ content: 'From the client.', delayMs: 500 });
    const client = clientFor(p);
    const accepted = await client.askBackground({ message: 'Via the client' });
    expect(accepted.status).toBe('running');
    const done = await eventually(async () => {
      const s = await client.getAsk(accepted.askId);
      return s.status === 'running' ? undefined : s;
    });
    expect(done.status).toBe('completed');
    expect(AskResponseSchema.parse(done.response)).toMatchObject({ answer: 'From the client.', threadId: accepted.threadId });
  }, 30_000);
});
