// Which passages of the pages retrieval found are the ones shown. Fusion ranks pages by their
// words across the whole knowledge, where the words a page is about ("health", "check" on the
// health-check page) are rare and weigh most. Within that page they are in every passage and tell
// none apart, while what does ("how often" → interval, period; "still alive") weighs next to
// nothing: "How often does Pgpool-II check that the database servers are still alive?" found the
// health-check page first, with its password and database settings, not health_check_period.
// So the leading pages' passages are ranked again against their own page's passages, and the
// best of them take the page's places. Pages keep their places: only which passages fill them changes.
import type { StoredChunk } from '../store/chunks.js';
import { answerTypeWords } from '../text/answerTypes.js';
import { inflectionKey } from '../text/stem.js';
import { words } from '../text/terms.js';
import { chunkSearchText } from './chunk.js';
import { bm25Idf, bm25Term } from './lexical.js';
import type { RetrievedChunk } from './retrievedChunk.js';

export interface PassageChoiceParams {
  /** The page-own ranking's share against the fused score's in a passage's place within its page, 0..1. */
  passageWeight: number;
  /** BM25's term-frequency saturation and length normalisation, as retrieval's. */
  k1: number;
  b: number;
  /** The order of the ranked list (best first, ties broken alike in every project). */
  order: (a: RetrievedChunk, b: RetrievedChunk) => number;
}

/**
 * The question's words as inflection keys ("removed", "removes" → remov): its own (`asked`, as
 * retrieval read them), the words documentation states the kind of answer asked for with
 * (text/answerTypes.ts: "how often" → interval, period) and the names of what it describes
 * (text/concepts.ts). The last two are no help in ranking pages (they say what an answer looks
 * like, and are in passages of every page), but within a page they tell the passage that answers.
 */
export function passageQuery(question: string, asked: readonly string[], described: readonly string[]): Set<string> {
  return new Set([...asked, ...answerTypeWords(question), ...described.flatMap(words)].map(inflectionKey));
}

/**
 * The words of a text that may be inflections of the query's: each key is how its inflections
 * begin, but for "ies" → y ("entries" → entry). Reading only these, not every word, is most of
 * the cost of a page's passages saved.
 */
function queryWords(query: ReadonlySet<string>): RegExp {
  const prefixes = [...query].map((k) => k.replace(/y$/, '').replace(/[^\p{L}\p{N}]/gu, '')).filter((k) => k.length > 0);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${prefixes.join('|')})[\\p{L}\\p{N}]*`, 'gu');
}

/**
 * BM25 of each passage of one page against the page's passages alone (IDF among them), with each
 * name the question gives verbatim (text/keyTokens.ts) as one more term: "tarfile.is_tarfile"
 * reads as the word tarfile, which every passage of its page says, while only the function's
 * entry says the name.
 */
function pageScores(passages: readonly StoredChunk[], query: ReadonlySet<string>, p: PassageChoiceParams, names: readonly RegExp[]): number[] {
  const finder = queryWords(query);
  const bags = passages.map((c) => {
    const tf = new Map<string, number>();
    const said = chunkSearchText(c);
    const text = said.toLowerCase();
    for (const [w] of text.matchAll(finder)) {
      const k = inflectionKey(w);
      if (query.has(k)) tf.set(k, (tf.get(k) ?? 0) + 1);
    }
    // A name is a term no word can be (it starts with a NUL), counted once: its passage says it, or not.
    names.forEach((n, i) => {
      if (n.test(said)) tf.set(`\0${i}`, 1);
    });
    // In characters: BM25 needs a passage's length only against the others'.
    return { tf, length: text.length };
  });
  const q = { k1: p.k1, b: p.b, avgLength: bags.reduce((sum, x) => sum + x.length, 0) / bags.length || 1 };
  const df = new Map<string, number>();
  for (const { tf } of bags) for (const s of tf.keys()) df.set(s, (df.get(s) ?? 0) + 1);
  return bags.map(({ tf, length }) => {
    let score = 0;
    for (const [s, f] of tf) score += bm25Term(q, bm25Idf(df.get(s)!, bags.length), f, length);
    return score;
  });
}

/**
 * `ranked` (best first) with the passages of `pages` chosen again. Each such page's candidates and
 * its other passages (in `pagePassages`) are ordered by a blend of their fused score and their
 * page-own BM25, each as a share of the page's best, and the first of them take the page's fused
 * scores in that order, best first, as many as the page had candidates: a passage no list found
 * may take a candidate's place, never add one (a page found by one passage is still shown by one,
 * not by all its others). Every page keeps the scores it had, so pages rank as they did.
 * `names`: the question's verbatim names that tell candidates apart (not the product's own).
 */
export function choosePassages(ranked: readonly RetrievedChunk[], pages: readonly string[], pagePassages: readonly StoredChunk[], query: ReadonlySet<string>, p: PassageChoiceParams, names: readonly RegExp[] = []): RetrievedChunk[] {
  if (!pages.length) return [...ranked];
  const chosen = new Set(pages);
  const out = ranked.filter((r) => !chosen.has(r.documentId));
  for (const page of pages) {
    const candidates = ranked.filter((r) => r.documentId === page);
    const known = new Set(candidates.map((c) => c.id));
    const all = [...candidates, ...pagePassages.filter((c) => c.documentId === page && !known.has(c.id)).map((c) => ({ ...c, score: 0, similarity: null }))];
    // The page's places are its candidates' scores: as many passages of it as were found, never more.
    const places = candidates.map((c) => c.score).sort((a, b) => b - a);
    const own = pageScores(all, query, p, names);
    const bestOwn = Math.max(...own);
    const share = (x: number, best: number) => (best > 0 ? x / best : 0);
    all
      .map((c, i) => ({ c, v: (1 - p.passageWeight) * share(c.score, places[0]!) + p.passageWeight * share(own[i]!, bestOwn) }))
      .sort((a, b) => b.v - a.v || a.c.chunkIndex - b.c.chunkIndex)
      .slice(0, places.length)
      .forEach(({ c }, i) => out.push({ ...c, score: places[i]! }));
  }
  return out.sort(p.order);
}
