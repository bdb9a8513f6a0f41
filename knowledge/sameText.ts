// Passages that say the same thing: a section several pages include (Git's pretty formats in
// git-log, git-show and git-rev-list), or a page published twice. A top five holding three
// copies of one text tells the reader no more than one copy does.
import { terms } from '../text/terms.js';

/** Runs of this many meaningful words make a passage's fingerprint: long enough that ordinary phrases rarely repeat. */
const SHINGLE_WORDS = 5;

/** Share of the shorter passage's runs the other must hold to be the same text, though cut elsewhere. */
const SAME_SHARE = 0.8;

/** The passage's runs of SHINGLE_WORDS of its words (text/terms.ts: lower-cased, no stopwords), as a set. */
export function fingerprint(text: string): Set<string> {
  const words = terms(text);
  const runs = new Set<string>();
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) runs.add(words.slice(i, i + SHINGLE_WORDS).join(' '));
  // Shorter than one run: the words themselves, so two identical short passages still match.
  if (!runs.size && words.length) runs.add(words.join(' '));
  return runs;
}

/** Whether two fingerprints are of the same text: most of the smaller one's runs are in the other. */
export function sameText(a: Set<string>, b: Set<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (!small.size) return false;
  let shared = 0;
  for (const run of small) if (large.has(run)) shared++;
  return shared >= SAME_SHARE * small.size;
}
