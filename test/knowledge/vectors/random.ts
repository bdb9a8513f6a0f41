/**
 * Deterministic pseudo-random numbers in [from, to) (mulberry32), so a failing vector test
 * reproduces with the same vectors.
 */
export function seededRandom(seed: number, from = 0, to = 1): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return from + (((t ^ (t >>> 14)) >>> 0) / 4294967296) * (to - from);
  };
}
