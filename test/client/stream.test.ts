import { AskResponseSchema } from '@askflow/contract';
import { AuthenticationError, EgoZError, ValidationError, type AskStreamEvent } from '@askflow/client';
import { clientHarness, clientFor, eventually, generations, providerProject, turnsOf, type Project } from './fixtures.js';

const h = clientHarness();
let remote: Project;

beforeAll(async () => {
  remote = await providerProject(h.llm);
});

const words = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i} `);

/** The answer as a UI builds it: deltas, starting over at each `reset`. */
function rebuilt(events: AskStreamEvent[]): string {
  let text = '';
  for (const e of events) {
    if (e.type === 'reset') text = '';
    if (e.type === 'delta') text += e.content;
  }
  return text;
}

async function drain(iter: AsyncIterable<AskStreamEvent>): Promise<AskStreamEvent[]> {
  const events: AskStreamEvent[] = [];
  for await (const e of iter) events.push(e);
  return events;
}

describe('askStream and askStreamIter', () => {
  it('askStream: onEvent sees thinking → deltas → done in order; resolves to the answer', async () => {
    h.llm.script({ chunks: ['The ', 'answer ', 'is ', '42.'] });
    const events: AskStreamEvent[] = [];
    const answer = await clientFor(remote, { baseUrl: h.proxy.baseUrl }).askStream({ message: 'meaning of life?' }, { onEvent: (e) => void events.push(e) });
    expect(AskResponseSchema.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({ answer: 'The answer is 42.', model: 'openai:gpt-4o-mini' });
    expect(events[0]).toEqual({ type: 'thinking', phase: 'classifying' });
    expect(events.filter((e) => e.type === 'delta').map((e) => e.content)).toEqual(['The ', 'answer ', 'is ', '42.']);
    expect(events.at(-1)).toEqual({ type: 'done', ...answer });
    expect(h.proxy.requests.map((r) => [r.method, r.url, r.headers.accept])).toEqual([['POST', '/service/ask/stream', 'text/event-stream']]);
    expect(h.proxy.requests[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('askStreamIter: a for-await loop over the same events, ending with done', async () => {
    const events = await drain(clientFor(remote).askStreamIter({ message: 'iterate me' }));
    const done = events.at(-1)!;
    if (done.type !== 'done') throw new Error(`last event is ${done.type}`);
    expect(rebuilt(events)).toBe(done.answer);
    expect(events.filter((e) => e.type === 'done')).toHaveLength(1);
  });

  it('reset events are passed through: text built after the last reset is the answer', async () => {
    h.llm.script({ chunks: ['Half ', 'an ', 'ans'], failAfterChunks: 3, tokenIntervalMs: 30 }, { chunks: ['A ', 'whole ', 'answer.'] });
    const events: AskStreamEvent[] = [];
    const answer = await clientFor(remote).askStream({ message: 'flaky' }, { onEvent: (e) => void events.push(e) });
    const resetAt = events.findIndex((e) => e.type === 'reset');
    expect(resetAt).toBeGreaterThan(0);
    expect(events.slice(0, resetAt).some((e) => e.type === 'delta')).toBe(true);
    expect(answer.answer).toBe('A whole answer.');
    expect(rebuilt(events)).toBe('A whole answer.');
  });

  it('refusals are thrown before any event, as the matching error class', async () => {
    await expect(drain(clientFor(remote).askStreamIter({ message: 'x', model: 'openai:o1' }))).rejects.toMatchObject({ name: 'ModelNotAllowedError', code: 'MODEL_NOT_ALLOWED' });
    await expect(clientFor({ ...remote, apiKey: `askflow_test_${'C'.repeat(43)}` }).askStream({ message: 'x' })).rejects.toBeInstanceOf(AuthenticationError);
    await expect(clientFor(remote).askStream({ message: '' })).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('stopping a stream', () => {
  it('break closes the connection at once; the ask still completes and is stored', async () => {
    h.llm.script({ chunks: words('b', 20), tokenIntervalMs: 80 });
    const p = await providerProject(h.llm);
    const seen: AskStreamEvent[] = [];
    for await (const event of clientFor(p, { baseUrl: h.proxy.baseUrl }).askStreamIter({ message: 'I will hang up' })) {
      seen.push(event);
      if (event.type === 'delta') break;
    }
    const [stream] = h.proxy.requests;
    await stream!.closed;
    expect(stream!.clientHungUp).toBe(true);
    // Hung up mid-answer: nothing is stored yet, the model is still going.
    expect(await turnsOf(p.tenantId)).toEqual([]);
    const stored = await eventually(async () => (await turnsOf(p.tenantId))[0]);
    expect(stored.answer).toBe(words('b', 20).join(''));
    expect(h.proxy.requests).toHaveLength(1);
  });

  it('an AbortSignal closes the connection from outside and ends the loop with Aborted; the ask completes', async () => {
    h.llm.script({ chunks: words('s', 20), tokenIntervalMs: 80 });
    const p = await providerProject(h.llm);
    const controller = new AbortController();
    const stream = clientFor(p, { baseUrl: h.proxy.baseUrl }).askStreamIter({ message: 'stop me' }, { signal: controller.signal });
    const seen: AskStreamEvent[] = [];
    const loop = (async () => {
      for await (const event of stream) {
        seen.push(event);
        if (event.type === 'delta') setTimeout(() => controller.abort(), 10);
      }
    })();
    await expect(loop).rejects.toMatchObject({ name: 'EgoZError', code: 'Aborted' });
    await h.proxy.requests[0]!.closed;
    expect(h.proxy.requests[0]!.clientHungUp).toBe(true);
    expect(seen.some((e) => e.type === 'done')).toBe(false);
    const stored = await eventually(async () => (await turnsOf(p.tenantId))[0]);
    expect(stored.answer).toBe(words('s', 20).join(''));
    // askStream rejects the same way; an already-aborted signal sends nothing.
    await expect(clientFor(p, { baseUrl: h.proxy.baseUrl }).askStream({ message: 'never sent' }, { signal: controller.signal })).rejects.toMatchObject({ code: 'Aborted' });
    expect(h.proxy.requests).toHaveLength(1);
  });

  it('cancel(askId) stops the ask: the stream throws EgoZError Cancelled and nothing is stored', async () => {
    h.llm.script({ chunks: words('c', 40), tokenIntervalMs: 100 });
    const p = await providerProject(h.llm);
    const client = clientFor(p);
    const stream = client.askStreamIter({ message: 'cancel me' });
    const seen: AskStreamEvent[] = [];
    const err = await (async () => {
      for await (const event of stream) {
        seen.push(event);
        if (event.type === 'delta' && seen.filter((e) => e.type === 'delta').length === 1) {
          expect(await client.cancel(stream.askId!)).toEqual({ askId: stream.askId, status: 'cancelling' });
        }
      }
    })().catch((e: unknown) => e);
    expect(stream.askId).toMatch(new RegExp(`^ask-${p.tenantId}-`));
    expect(err).toBeInstanceOf(EgoZError);
    expect(err).toMatchObject({ code: 'Cancelled', message: 'The ask was cancelled' });
    expect(await turnsOf(p.tenantId)).toEqual([]);
  });

  it('a stream error event rejects askStream and askStreamIter with its code', async () => {
    h.llm.script({ status: 400, message: 'no such model' }, { status: 400, message: 'no such model' });
    const viaCallback = await clientFor(remote).askStream({ message: 'fail' }).catch((e: unknown) => e);
    expect(viaCallback).toBeInstanceOf(EgoZError);
    expect(viaCallback).toMatchObject({ code: 'ProviderError', message: expect.stringContaining('no such model'), requestId: expect.any(String) });
    await expect(drain(clientFor(remote).askStreamIter({ message: 'fail again' }))).rejects.toMatchObject({ code: 'ProviderError' });
  });
});

describe('a broken stream resumes; it is never asked again', () => {
  async function streamed(p: Project, message: string, timeout?: number) {
    const stream = clientFor(p, { baseUrl: h.proxy.baseUrl, retries: 4, ...(timeout ? { timeout } : {}) }).askStreamIter({ message });
    const events = await drain(stream);
    return { events, askId: stream.askId! };
  }

  it('a connection cut mid-answer resumes with GET …/events and Last-Event-ID: no event lost or repeated', async () => {
    h.llm.script({ chunks: words('r', 12), tokenIntervalMs: 40 });
    const p = await providerProject(h.llm);
    h.proxy.inject({ kind: 'cut', after: 'event: delta' });
    const { events, askId } = await streamed(p, 'cut me off');
    const done = events.at(-1)!;
    if (done.type !== 'done') throw new Error(`last event is ${done.type}`);
    expect(done.answer).toBe(words('r', 12).join(''));
    expect(rebuilt(events)).toBe(done.answer);
    expect(events.filter((e) => e.type === 'delta').map((e) => e.content)).toEqual(words('r', 12));
    const [post, resume] = h.proxy.requests;
    expect(post).toMatchObject({ method: 'POST', url: '/service/ask/stream', fault: 'cut' });
    expect(resume).toMatchObject({ method: 'GET', url: `/service/ask/${askId}/events` });
    expect(Number(resume!.headers['last-event-id'])).toBeGreaterThanOrEqual(2);
    expect(h.proxy.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(generations(h.llm)).toBe(1);
    expect(await turnsOf(p.tenantId)).toHaveLength(1);
  });

  it('a stream silent for longer than `timeout` is resumed, not re-asked', async () => {
    h.llm.script({ chunks: ['quiet ', 'then ', 'talks.'], firstTokenDelayMs: 1_500 });
    const p = await providerProject(h.llm);
    const { events, askId } = await streamed(p, 'think long', 500);
    expect(rebuilt(events)).toBe('quiet then talks.');
    expect(events.filter((e) => e.type === 'thinking' && e.phase === 'classifying')).toHaveLength(1); // nothing repeated
    expect(h.proxy.requests[0]).toMatchObject({ method: 'POST', clientHungUp: true });
    const resumes = h.proxy.requests.slice(1);
    expect(resumes.length).toBeGreaterThanOrEqual(1);
    expect(resumes.every((r) => r.method === 'GET' && r.url === `/service/ask/${askId}/events`)).toBe(true);
    expect(resumes.at(-1)!.headers['last-event-id']).toBeDefined();
    expect(generations(h.llm)).toBe(1);
  });

  it('a 503 before the stream opened is retried by POSTing again under the same Idempotency-Key', async () => {
    h.proxy.inject({ kind: 'status', status: 503, code: 'Unavailable' }, { kind: 'drop' });
    const { events } = await streamed(remote, 'second try');
    expect(events.at(-1)!.type).toBe('done');
    const posts = h.proxy.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.fault)).toEqual(['status', 'drop', 'pass']);
    expect(new Set(posts.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(generations(h.llm)).toBe(1);
  });
});
