import { summarize } from '../stats.js';

export interface LoadResult {
  n: number;
  errors: number;
  p50: number;
  p99: number;
  perSecond: number;
}

/** Runs `count` calls of `once`, `concurrency` at a time; latencies of the ones that succeeded. */
export async function load(count: number, concurrency: number, once: (i: number) => Promise<void>): Promise<LoadResult> {
  const samples: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        try {
          await once(i);
          samples.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const s = summarize(samples);
  return { n: count, errors, p50: s.p50, p99: s.p99, perSecond: samples.length / seconds };
}
