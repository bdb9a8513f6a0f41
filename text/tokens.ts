import { createRequire } from 'node:module';
import type * as GptTokenizer from 'gpt-tokenizer';

type Tokenizer = typeof GptTokenizer;
let tokenizer: Tokenizer | undefined;

/**
 * The o200k_base tables, loaded on the first count rather than at start: they are ~25 MB of heap
 * (~35 MB resident), and a worker whose models report their own usage never counts a token
 * (worker RSS after 5,000 asks on such a model: see README, Benchmarks). Loaded with `require`
 * (the package ships CommonJS beside ESM) so that counting stays synchronous.
 */
function encoder(): Tokenizer {
  if (!tokenizer) {
    tokenizer = createRequire(import.meta.url)('gpt-tokenizer') as Tokenizer;
    // The encoder memoises the merges of every piece it has seen, up to 100,000 by default: in a
    // long-lived worker that chunks many documents that cache alone grows by tens of MB. 10,000
    // keeps the frequent words' merges (each text's own repeats hit it) within a few MB.
    tokenizer.setMergeCacheSize(10_000);
  }
  return tokenizer;
}

function countTokens(text: string): number {
  return encoder().countTokens(text);
}

/**
 * Longest run without whitespace that is counted in one piece. BPE merging is quadratic in the
 * length of a pre-tokenized piece, and scripts written without spaces (Chinese, Japanese, Thai)
 * — or a hostile run of one letter — make one piece of the whole text: a 32,000-character
 * Chinese message took ~10 s of CPU. Longer runs are counted in slices of this length, which
 * keeps the cost linear and changes the count by at most a token per slice.
 */
const SLICE = 256;
const LONG_RUN = new RegExp(`\\S{${SLICE + 1},}`, 'gu');

/** Token count with the o200k_base encoding, so offline usage figures are comparable to OpenAI's. */
export function tokenCount(text: string): number {
  if (!text) return 0;
  let total = 0;
  let last = 0;
  for (const match of text.matchAll(LONG_RUN)) {
    total += countTokens(text.slice(last, match.index));
    total += sliced(match[0]);
    last = match.index + match[0].length;
  }
  return total + (last < text.length ? countTokens(text.slice(last)) : 0);
}

function sliced(run: string): number {
  let total = 0;
  for (let i = 0; i < run.length; ) {
    let end = Math.min(run.length, i + SLICE);
    // Never split a surrogate pair (an emoji, a rare CJK character) between two slices.
    if (end < run.length && /[\uDC00-\uDFFF]/.test(run[end]!)) end--;
    total += countTokens(run.slice(i, end));
    i = end;
  }
  return total;
}
