// A burst of requests with one key (api/middleware/apiKey.ts, rateLimit.ts): one key lookup
// while it is on its way, and the rate limit counted in one write per batch, exactly.
import { jest } from '@jest/globals';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { batchedConsume } from '../../api/middleware/batchedConsume.js';
import { sharedWhileRunning } from '../../store/sharedWhileRunning.js';

/** How each of `n` concurrent consumes of one key ended. */
async function burst(consume: (key: string) => Promise<void>, n: number, key = 'k'): Promise<string[]> {
  return Promise.all(Array.from({ length: n }, () => consume(key).then(() => 'ok', (e: unknown) => (e instanceof RateLimiterRes ? 'limited' : 'error'))));
}

describe('batched rate-limit consumes', () => {
  it('a burst is a few store writes, and exactly the limit pass, the first ones in order', async () => {
    const limiter = new RateLimiterMemory({ points: 5, duration: 60 });
    const writes = jest.spyOn(limiter, 'consume');
    const outcomes = await burst(batchedConsume(limiter), 40);
    expect(outcomes).toEqual([...Array(5).fill('ok'), ...Array(35).fill('limited')]);
    // The first request's write, then one for everyone who arrived while it was on its way.
    expect(writes.mock.calls.map((c) => c[1])).toEqual([1, 39]);
    expect((await limiter.get('k'))?.consumedPoints).toBe(40);
  });

  it('keys are counted apart', async () => {
    const consume = batchedConsume(new RateLimiterMemory({ points: 2, duration: 60 }));
    const [a, b] = await Promise.all([burst(consume, 3, 'a'), burst(consume, 3, 'b')]);
    expect(a).toEqual(['ok', 'ok', 'limited']);
    expect(b).toEqual(['ok', 'ok', 'limited']);
  });

  it('a store that fails fails its batch, and the requests after it are counted again', async () => {
    const limiter = new RateLimiterMemory({ points: 3, duration: 60 });
    jest.spyOn(limiter, 'consume').mockRejectedValueOnce(new Error('connection refused'));
    const consume = batchedConsume(limiter);
    const first = consume('k').then(() => 'ok', () => 'error');
    const rest = burst(consume, 4);
    expect([await first, ...(await rest)]).toEqual(['error', 'ok', 'ok', 'ok', 'limited']);
  });
});

describe('one lookup for callers asking at once', () => {
  it('callers at the same moment share one run; a caller after it has answered runs again', async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const lookup = sharedWhileRunning(async (key) => {
      runs++;
      await gate;
      return `${key}#${runs}`;
    });
    const together = Promise.all([lookup('x'), lookup('x'), lookup('y')]);
    release();
    expect(await together).toEqual(['x#2', 'x#2', 'y#2']);
    expect(runs).toBe(2);
    expect(await lookup('x')).toBe('x#3');
  });

  it('a failed run fails its callers only; the next caller runs afresh', async () => {
    let fail = true;
    const lookup = sharedWhileRunning(async (key) => {
      if (fail) throw new Error('down');
      return key;
    });
    await expect(Promise.all([lookup('x'), lookup('x')])).rejects.toThrow('down');
    fail = false;
    expect(await lookup('x')).toBe('x');
  });
});
