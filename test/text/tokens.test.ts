import { countTokens } from 'gpt-tokenizer';
import { tokenCount } from '../../text/tokens.js';

const cjk = (n: number) => Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000))).join('');

/** Fastest of a few runs, in ms: a ratio of two such figures is what the test compares, never a wall-clock limit. */
function fastest(fn: () => void, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe('tokenCount', () => {
  it('counts ordinary text and short runs of any script exactly as the o200k encoding does', () => {
    for (const text of ['The quick brown fox jumps over the lazy dog. '.repeat(200), cjk(200), '日本語のテキスト、そして English mixed in. 🙂👍', 'a'.repeat(256)]) {
      expect(tokenCount(text)).toBe(countTokens(text));
    }
    expect(tokenCount('')).toBe(0);
  });

  it('stays within a token per 256 characters of the exact count on long unspaced runs', () => {
    const text = cjk(4000);
    expect(Math.abs(tokenCount(text) - countTokens(text))).toBeLessThanOrEqual(4000 / 256);
    // An emoji at a slice boundary is not split into two broken halves (which would count as more).
    const emoji = '🙂'.repeat(600);
    expect(Math.abs(tokenCount(emoji) - countTokens(emoji))).toBeLessThanOrEqual(1200 / 256);
  });

  it('grows linearly with the length of a text written without spaces (CJK, one repeated letter)', () => {
    tokenCount(cjk(2000)); // warm up
    for (const make of [cjk, (n: number) => 'x'.repeat(n)]) {
      const small = make(4000);
      const large = make(64_000);
      const ratio = fastest(() => tokenCount(large)) / Math.max(0.5, fastest(() => tokenCount(small)));
      // Sixteen times the text: linear is ~16×; the old whole-run BPE grew ~50× for 8× the text
      // (9.9 s against 214 ms), ~200× for 16×. The bound sits far from both, so a busy machine
      // (timings of the two sizes disturbed differently) cannot tip it either way.
      expect(ratio).toBeLessThan(64);
    }
  });
});
