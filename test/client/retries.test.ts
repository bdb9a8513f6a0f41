import { EgoZError, RateLimitError, TimeoutError } from '@askflow/client';
import { managedProject } from '../stack/context.js';
import { startReplica, type Replica } from '../stack/replicas.js';
import { clientHarness, clientFor, eventually, generations, providerProject, turnsOf, type Project } from './fixtures.js';

const h = clientHarness();
let remote: Project;

beforeAll(async () => {
  remote = await providerProject(h.llm);
});

const asks = () => h.proxy.requests.filter((r) => r.method === 'POST' && r.url === '/service/ask');

describe('timeout', () => {
  it('an answer slower than `timeout` is a TimeoutError when retries are off', async () => {
    h.llm.script({ content: 'late', delayMs: 1_500 });
    const started = Date.now();
    const err = await clientFor(remote, { timeout: 300, retries: 0 }).ask({ message: 'slow' }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1_200);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ code: 'Timeout', status: null, message: expect.stringContaining('300 ms') });
    // The run goes on without the client; let it reach the model before the next test scripts it.
    await eventually(async () => (generations(h.llm) === 1 ? true : undefined));
  });
});

describe('retries are safe: a retried ask runs once', () => {
  it('after timeouts, the retry joins the same run: one model call, one stored turn', async () => {
    h.llm.script({ content: 'worth the wait', delayMs: 2_500 });
    const p = await providerProject(h.llm);
    const answer = await clientFor(p, { baseUrl: h.proxy.baseUrl, timeout: 1_000, retries: 4 }).ask({ message: 'slow but once' });
    expect(answer.answer).toBe('worth the wait');
    expect(asks().length).toBeGreaterThanOrEqual(2);
    expect(new Set(asks().map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(generations(h.llm)).toBe(1);
    expect((await turnsOf(p.tenantId)).map((t) => t.answer)).toEqual(['worth the wait']);
  });

  it('after a response lost on the way back, the retry is answered from the stored run', async () => {
    const p = await providerProject(h.llm);
    h.proxy.inject({ kind: 'loseResponse' });
    const answer = await clientFor(p, { baseUrl: h.proxy.baseUrl }).ask({ message: 'lost and found' });
    expect(asks().map((r) => r.upstreamStatus)).toEqual([200, 200]);
    expect(asks()[1]!.upstreamHeaders['idempotent-replayed']).toBe('true');
    expect(asks()[0]!.headers['idempotency-key']).toBe(asks()[1]!.headers['idempotency-key']);
    expect(generations(h.llm)).toBe(1);
    expect((await turnsOf(p.tenantId)).map((t) => t.answer)).toEqual([answer.answer]);
  });

  it('network errors and 5xx are retried with growing, jittered waits', async () => {
    h.proxy.inject({ kind: 'drop' }, { kind: 'status', status: 503, code: 'Unavailable' });
    const started = Date.now();
    const answer = await clientFor(remote, { baseUrl: h.proxy.baseUrl, retries: 2 }).ask({ message: 'third time lucky' });
    // Backoff: 250–500 ms, then 500–1000 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
    expect(answer.answer).toContain('third time lucky');
    expect(asks().map((r) => r.fault)).toEqual(['drop', 'status', 'pass']);
    expect(generations(h.llm)).toBe(1);
  });

  it('gives up after `retries` more attempts with the last error', async () => {
    h.proxy.inject(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 500, code: 'Internal' })));
    const err = await clientFor(remote, { baseUrl: h.proxy.baseUrl, retries: 2 }).ask({ message: 'never' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'InternalServerError', code: 'Internal', status: 500 });
    expect(asks()).toHaveLength(3);
  });

  it('a provider failure (502 ProviderError) is final: the service already retried the model', async () => {
    h.llm.script({ status: 400, message: 'no such model' });
    const err = await clientFor(remote, { baseUrl: h.proxy.baseUrl, retries: 3 }).ask({ message: 'fail' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EgoZError);
    expect(err).toMatchObject({ code: 'ProviderError', status: 502, message: expect.stringContaining('no such model') });
    expect(asks()).toHaveLength(1);
    expect(generations(h.llm)).toBe(1);
  });
});

/** An api replica with its own settings for the tests of one describe block. */
function apiReplica(env: Record<string, string>) {
  let replica: Replica;
  beforeAll(async () => {
    replica = await startReplica('api', env);
  });
  afterAll(() => replica.stop());
  return { baseUrl: () => replica.baseUrl! };
}

// Its own api: a slow machine must not turn the first ask into a timeout, nor let the short
// window roll over between the first and second ask.
describe('against an api with a 4-second rate-limit window', () => {
  const api = apiReplica({ RATE_LIMIT_WINDOW_SECONDS: '4' });

  it('429: RateLimitError with retryAfter when retries are off; otherwise the client waits it out', async () => {
    const p = await managedProject({ keyRateLimitPerMinute: 1 });
    expect((await clientFor(p, { baseUrl: api.baseUrl() }).ask({ message: 'first' })).answer).toBeTruthy();

    const err = await clientFor(p, { baseUrl: api.baseUrl(), retries: 0 }).ask({ message: 'second' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ code: 'RateLimited', status: 429 });
    const { retryAfter } = err as RateLimitError;
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(4);

    const started = Date.now();
    const answer = await clientFor(p, { baseUrl: api.baseUrl(), retries: 2 }).ask({ message: 'third, after waiting' });
    expect(answer.answer).toBeTruthy();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe('against an api with a 600 ms ask timeout', () => {
  const api = apiReplica({ ASK_TIMEOUT_MS: '600' });

  it('the service’s own ask timeout (504) is a TimeoutError', async () => {
    const p = await providerProject(h.llm);
    h.llm.script({ content: 'too slow for the api', delayMs: 1_500 });
    const err = await clientFor(p, { baseUrl: api.baseUrl(), retries: 0 }).ask({ message: 'slow' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ code: 'Timeout', status: 504 });
    await eventually(async () => (generations(h.llm) === 1 ? true : undefined));
  });
});
