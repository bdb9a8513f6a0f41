import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
}

/**
 * A limiter's consumes of one key, counted in as few store writes as the store's speed allows:
 * while a write for a key is on its way, the requests arriving for that key wait, and are then
 * counted together in one write (`consume(key, n)`). Each is allowed or refused by its own place
 * in the count, so the limit is as exact as one write per request; but a burst of a thousand
 * requests for one key is a handful of upserts, not a thousand queued on one locked row, each
 * holding one of the pool's connections until the pool's wait runs out (a 503).
 */
export function batchedConsume(limiter: RateLimiterAbstract): (key: string) => Promise<void> {
  /** The requests waiting for the next write, per key; a key is here while a write for it is on its way. */
  const next = new Map<string, Waiter[]>();

  const write = async (key: string, batch: Waiter[]): Promise<void> => {
    try {
      // A refusal is the same count, thrown: over the limit for at least the batch's last request.
      const counted = await limiter.consume(key, batch.length).catch((err: unknown) => {
        if (err instanceof RateLimiterRes) return err;
        throw err;
      });
      // The batch's points were the last ones counted: the i-th request's is consumed − n + i + 1.
      const first = counted.consumedPoints - batch.length + 1;
      batch.forEach((w, i) => (first + i <= limiter.points ? w.resolve() : w.reject(counted)));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
    const waiting = next.get(key)!;
    if (waiting.length) {
      next.set(key, []);
      void write(key, waiting);
    } else next.delete(key);
  };

  return (key) =>
    new Promise<void>((resolve, reject) => {
      const waiting = next.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else {
        next.set(key, []);
        void write(key, [{ resolve, reject }]);
      }
    });
}
