// Whether the project's knowledge can answer a question, judged from its words alone: how much
// of the question's content, weighted by how telling each word is (IDF), occurs in the corpus.
// "How long should I boil an egg?" over a software manual: "long" occurs, but "boil" and "egg",
// the words that carry the question, do not.
import { LONGEST_WORD } from '../../../text/longRuns.js';
import type { CorpusStats } from '../../types.js';
import { everydayFrequency } from '../../../text/everydayEnglish.js';
import { LEXICAL_STOPWORDS } from '../../../text/stopwords.js';
import { terms } from '../../../text/terms.js';
import { fullForm } from '../../../text/clippedForms.js';
import { phrasesIn } from '../../../text/phrases.js';

/**
 * Least share of the question's IDF mass the corpus must hold to be searched. Calibrated on the
 * tuning half of the labelled intent and retrieval sets (eval/), never on the held-out half:
 * over Git's manual, questions it cannot answer covered at most 0.31 there, documentation
 * questions (paraphrases included) at least 0.73; a half sits between, on a round number.
 */
export const COVERAGE_THRESHOLD = 0.5;

/**
 * Knowledge this small (a handbook of a few sections, a short FAQ) is searched whenever it holds
 * any content word of the question. IDF over so few chunks tells little, and so few chunks cannot
 * word a topic every way it is asked: a four-section store handbook says "Returns" but never
 * "policy", so "What is your return policy?" covers 0.34 of its IDF mass. Searching a few chunks
 * costs nothing; a question sharing no word with them is still not searched.
 */
export const SMALL_CORPUS_CHUNKS = 20;

/**
 * Chunks a term must occur in to count as fully present; rarer ones count in part. A word in a
 * single chunk of thousands is as likely an aside ("egg" in a manual's example) as a subject;
 * in a corpus of a few hundred chunks or fewer, one chunk is all a subject may have.
 */
export function fullyPresent(chunks: number): number {
  return Math.min(3, Math.max(1, Math.ceil(chunks / 100)));
}

/**
 * Function words a question is phrased with beyond the shared stopwords; they carry no subject.
 * Among them the words of asking for advice ("Can you recommend…", "a tip for…", "explain it
 * simply"): documentation says "recommended", "Tip:" and "simply" throughout, so as content words
 * they made "Recommend a good book to read." look like a question about any manual. And the
 * interjections a chat opens with ("oops, ran DROP INDEX on the wrong index…") and "tonight" (when
 * it is asked: "…I need to restart for maintenance tonight"), which manuals do not say, so they
 * counted as a subject the knowledge lacks. And the manner a way is asked for in ("the quickest
 * way to…", "…so I can quickly…", "What's the cleanest way?"): the kind of answer wanted, not its
 * subject, and words many manuals never say.
 */
const PHRASING = new Set(
  'should would could might must shall also please want wants need needs like know tell explain describe give us many much some any just really very ever still there here don doesn didn isn aren won wouldn shouldn couldn ve ll re im id yes ok okay hi hello thanks thank recommend recommends recommended suggest suggests suggested simply tip tips idea ideas advice pls plz thx versus vs tonight oops whoops ugh argh yikes hmm meh lol uh um quickest easiest simplest cleanest neatest quickly easily'.split(' '),
);

/**
 * Intensifiers said as idioms: "a brand new table", "filled straight from a query", "do it right
 * away". They stress the words after them and say nothing of their own, but as words "brand" and
 * "straight" are nowhere in most manuals, so they counted as a subject the knowledge lacks. "Right
 * away" and "straight away" go whole: they say "at once", and "away" alone is a word many manuals
 * lack ("…versus killing it right away?" over pgpool-II's).
 */
const INTENSIFIER = /\b(?:brand(?=[\s-]+new\b)|(?:right|straight)\s+away\b|straight(?=\s+(?:from|into|to|out|back|off)\b))/giu;

/**
 * A number, in digits or in Roman numerals from 2 on ("World War II", "Pgpool-II", "part iii"):
 * an id or a quantity, no topic. "iv" and "vi" are left as words (an initialisation vector, the editor).
 */
const NUMERAL = /^(?:\d+|(?!iv$|vi$)(?=[ivx]{2,}$)x{0,3}(?:ix|iv|v?i{0,3}))$/;

/**
 * Dotted names ("merge.conflictStyle", "push.default", "pg_hba.conf"): PostgreSQL's full-text
 * parser indexes each as one word (a host name to it), so they are looked up whole, not as their
 * parts. As in its host names, underscores and hyphens may stand inside the parts before the last
 * dot, not in the last part: "pool_hba.conf" is one word there, and "my_table.col_name" is
 * "my_table.col" and "name". Read without them, "pool_hba.conf" was looked up as "hba.conf", a
 * word the index never holds, and "How do I configure pool_hba.conf?" searched nothing.
 */
const DOTTED = /(?<![\p{L}\p{N}.])\p{L}[\p{L}\p{N}_-]*(?:\.[\p{L}\p{N}_-]+)*\.[\p{L}\p{N}]+(?![\p{L}\p{N}])/gu;

/** A run of a dotted name's characters longer than any name: read for none (DOTTED would read each from every hyphen in it). */
const LONG_NAME_RUN = new RegExp(String.raw`[\p{L}\p{N}._-]{${LONGEST_WORD + 1},}`, 'gu');

/** "e.g." and "i.e." are dotted as names are, but only introduce what follows. */
const ABBREVIATION: ReadonlySet<string> = new Set(['e.g', 'i.e']);

/** The words of a question that say what it is about (numbers are ids or quantities, not topics). */
export function contentTerms(text: string): string[] {
  const long = text.match(LONG_NAME_RUN);
  const scanned = long ? text.replace(LONG_NAME_RUN, ' ') : text;
  const dotted = (scanned.match(DOTTED) ?? []).map((d) => d.toLowerCase()).filter((d) => !ABBREVIATION.has(d));
  // The long runs keep their words, read after the rest.
  const undotted = dotted.length ? [scanned.replace(DOTTED, ' '), ...(long ?? [])].join(' ') : text;
  const rest = undotted.replace(INTENSIFIER, ' ');
  return [...new Set([...dotted, ...terms(rest).filter((t) => !PHRASING.has(t) && !NUMERAL.test(t))])];
}

/**
 * How much commoner in the knowledge than in everyday English a question's most telling words
 * must be, on average, for the question to be about the knowledge: commoner at all (1×). Every
 * word of "What is the meaning of life?" or "How do I tie a tie?" is somewhere in a software
 * manual, but none is commoner there than in speech; a documentation question, paraphrases
 * included, has words the manual says many times over ("edits", "branches", "committed").
 * On the tuning halves of the labelled sets (eval/) their documentation questions' two most
 * telling words were at least 4.3× commoner (the weakest, "How do I make a release label that
 * records who made it, when, and a message?"), the questions their manuals cannot answer at
 * most 0.45× ("Can you help me plan a birthday party?" over SQLite's). 1.5× was taken first;
 * short documentation questions in everyday words written afterwards ("How do I throw away my
 * changes?" over Git's manual: 1.1×) fell between 1× and 1.5×, and no everyday prompt did.
 */
export const TYPICALITY_THRESHOLD = 1;

/** Words a chunk holds per o200k token of it, in English prose (OpenAI's rule of thumb; 0.73–0.76 measured on both evaluation corpora). */
const WORDS_PER_TOKEN = 0.75;

/** A chunk's length in words where the corpus does not say: the evaluation corpora's (~145) rounded. */
const DEFAULT_CHUNK_WORDS = 150;

/**
 * "sortable", "hashable", "configurable", "accessible": an adjective of what can be done, made from
 * the verb a manual says ("sort", "hash", "configure" as "configur", which the stemmer makes of
 * both). The stemmer keeps the suffix, so the adjective alone is often nowhere in the knowledge.
 */
const ABLE = /^(\p{L}{3,}?)(?:ability|ibility|able|ible)$/u;

/**
 * "quickly", "nicely", "easily", "automatically": the manner of what a manual says as an adjective
 * ("quick", "easy", "automatic"); manuals seldom say the adverb, so it was a word they lack.
 */
const LY = /^(?:(\p{L}{3,}ic)ally|(\p{L}{3,})ily|(\p{L}{4,})ly)$/u;

/** The word an -able word or an -ly adverb is made from (as the stemmer would reduce an -able one); null for any other word. */
function derivedBase(word: string): string | null {
  const able = ABLE.exec(word)?.[1];
  if (able !== undefined) return able;
  const [, ic, y, plain] = LY.exec(word) ?? [];
  if (ic !== undefined) return ic;
  return y !== undefined ? `${y}y` : (plain ?? null);
}

/**
 * "subfolder", "monorepo", "multiline", "nonempty": a word made of a prefix and a word a manual
 * says ("folder", "repo", "line", "empty"). Such compounds are coined freely, so the knowledge
 * often lacks the one asked with; only prefixes that make one of a kind of thing, not the
 * productive "re-", "un-" or "de-" ("reunion" is no union).
 */
const PREFIXED = /^(?:sub|mono|multi|inter|pre|post|non|auto|over|under)-?(\p{L}{4,})$/u;

/** The word a prefixed compound is made on, as it is written in full ("monorepo" → repository); null for any other word. */
function prefixedBase(word: string): string | null {
  const base = PREFIXED.exec(word)?.[1];
  return base === undefined ? null : (fullForm(base) ?? base);
}

export interface Coverage {
  /** The question's content terms with their chunk frequency, and the form it was counted by (a clipped word's full form or an -able word's base, if that is commoner). */
  terms: { term: string; df: number; form: string }[];
  /** IDF-weighted share of the terms the corpus holds, 0..1. */
  coverage: number;
  chunks: number;
}

export interface Typicality {
  /** Every term the corpus holds and the index keeps, with that ratio, most characteristic first. */
  ratios: { term: string; ratio: number }[];
  /**
   * The (at most two) terms the corpus holds that are most characteristic of it, each with how
   * many times commoner it is among the chunks than everyday English would make it.
   */
  telling: { term: string; ratio: number }[];
  /** Their geometric mean: ≥ TYPICALITY_THRESHOLD when the question is worded as the knowledge is. 0 when it holds none. */
  typicality: number;
}

/** BM25's IDF: near 0 for a word in most chunks, highest for one in none. */
export function idf(df: number, chunks: number): number {
  const d = Math.min(df, chunks);
  return Math.log(1 + (chunks - d + 0.5) / (d + 0.5));
}

/** A quoted span: 'archive.db', "bob", `orders`, ‘x’, “y” (an apostrophe inside a word is no quote). */
const QUOTED = /(?<![\p{L}\p{N}])(?:'[^'\n]{1,80}'|"[^"\n]{1,80}"|`[^`\n]{1,80}`|‘[^’\n]{1,80}’|“[^”\n]{1,80}”)(?![\p{L}\p{N}])/gu;

/**
 * What a quoted word comes after when it is named as a word: "the word", "the term", "the
 * expression"; or asked about as one, for its sense, its sound or its spelling ("a definition of
 * 'serendipity'", "synonyms for 'happy'", "how do you spell 'necessary'", "what rhymes with 'orange'").
 */
const NAMED_AS_WORD =
  /\b(?:word|term|phrase|expression|idiom|saying|(?:definition|meaning|synonyms?|antonyms?|spelling|pronunciation|etymology)\s+(?:of|for)|spell|pronounce|rhymes?\s+with)\s*$/iu;

/** The question's quoted spans of one word, as values it gives ('archive.db', "bob") or as words it names ("the word 'serendipity'"). */
function quotedWords(text: string): { values: string[]; named: string[] } {
  const quoted = [...text.matchAll(QUOTED)].filter((m) => !/\s/.test(m[0]));
  const named = (m: RegExpMatchArray) => NAMED_AS_WORD.test(text.slice(0, m.index));
  return { values: quoted.filter((m) => !named(m)).map((m) => m[0]), named: quoted.filter(named).map((m) => m[0]) };
}

/** The content terms of the words a question names as words: "serendipity" of "a definition of the word 'serendipity'". */
export function namedWords(text: string): string[] {
  const { named } = quotedWords(text);
  return named.length ? contentTerms(named.join(' ')) : [];
}

/**
 * The content terms a question says only inside quotes of one word: the values it gives — a
 * file's name ('archive.db'), a string ("bob"), a table's or a column's — which are the asker's,
 * not the knowledge's, as its numbers are. Quoted words ("the phrase 'break a leg'") are language.
 */
function quotedOnly(text: string): Set<string> {
  // A word the question names as a word ("the word 'serendipity'", "the term `idempotent`") is language too.
  const quoted = quotedWords(text).values;
  if (!quoted.length) return new Set();
  const outside = new Set(contentTerms(text.replace(QUOTED, ' ')));
  return new Set(contentTerms(quoted.join(' ')).filter((t) => !outside.has(t)));
}

/** A file's name as an example gives one ("a.txt", "notes.md", "out.json"): a name, a dot and an extension of a few letters. */
const FILE_NAME = /^[\p{L}\p{N}_-]+\.\p{L}[\p{L}\p{N}]{0,3}$/u;

/**
 * A dotted name other than a file's, by its last part: "Timer.autorange" is the method
 * `autorange` of a class that the manual documents under that class, writing the method's name
 * alone; looked up whole it was a word the knowledge lacks, and "what does Timer.autorange() in
 * timeit do exactly?" searched nothing. Null for any other word.
 */
function memberName(word: string): string | null {
  if (!word.includes('.') || FILE_NAME.test(word)) return null;
  return word.slice(word.lastIndexOf('.') + 1);
}

export async function measureCoverage(text: string, corpus: CorpusStats): Promise<Coverage> {
  // A value the question quotes, or a file it names, that the knowledge never says tells nothing
  // either way: it is left out ("…e.g. --files a.txt b.txt c.txt, and end up as a list?").
  const values = quotedOnly(text);
  const words = contentTerms(text);
  for (const w of words) if (FILE_NAME.test(w)) values.add(w);
  // A clipped word ("app", "db") is as present as its full word, which manuals write instead, a
  // word made with -able ("sortable") as the word it is made from ("sort"), and a prefixed
  // compound ("subfolder") as the word it is made on ("folder"), if that is commoner.
  const full = words.map((w) => fullForm(w) ?? derivedBase(w) ?? prefixedBase(w) ?? w);
  // Where the knowledge has neither: a dotted name it does not write whole is its last part, and a
  // word of an everyday phrase ("blowing" of "without it blowing up") is what documentation says for
  // the phrase ("fail", "error"), the likeliest first.
  const phrased = new Map<string, readonly string[]>();
  for (const p of phrasesIn(text)) for (const w of p.said) if (!phrased.has(w)) phrased.set(w, p.means);
  const fallbacks = words.map((w) => [memberName(w) ?? [], phrased.get(w) ?? []].flat());
  // Asked before `chunks` is read: a store-backed corpus learns its size with the frequencies.
  const df = words.length ? await corpus.documentFrequency([...new Set([...words, ...full, ...fallbacks.flat()])]) : new Map<string, number>();
  const withDf = words.map((term, i) => {
    const [own, whole] = [df.get(term) ?? 0, df.get(full[i]!) ?? 0];
    if (own === 0 && whole === 0) {
      const fallback = fallbacks[i]!.find((f) => (df.get(f) ?? 0) > 0);
      if (fallback !== undefined) return { term, df: df.get(fallback)!, form: fallback };
    }
    return whole > own ? { term, df: whole, form: full[i]! } : { term, df: own, form: term };
  }).filter((t) => t.df > 0 || !values.has(t.term));
  // Every content word somewhere in the knowledge: a fact stated once ("The Bergen store is
  // open…") is covered, rare words and all. Only when some word is missing do rare ones count in part.
  const complete = withDf.length > 0 && withDf.every((t) => t.df > 0);
  let held = 0;
  let total = 0;
  for (const { df: d } of withDf) {
    const w = idf(d, corpus.chunks);
    total += w;
    held += w * (complete ? 1 : Math.min(1, d / fullyPresent(corpus.chunks)));
  }
  return { terms: withDf, coverage: total > 0 ? held / total : 0, chunks: corpus.chunks };
}

/**
 * How characteristic of the knowledge a covered question's words are: each held term's share of
 * chunks against the share everyday English would give it, a word said with frequency f turning
 * up in a chunk of L words with probability 1 − e^(−L·f). Words the full-text index does not
 * keep (its stopwords, counted as in every chunk) tell nothing. Asked only of covered questions
 * in knowledge large enough to tell (the word counts are read on first use).
 */
export function measureTypicality(measured: Coverage, corpus: CorpusStats): Typicality {
  const words = corpus.tokens ? (corpus.tokens / measured.chunks) * WORDS_PER_TOKEN : DEFAULT_CHUNK_WORDS;
  const ratios = measured.terms
    .filter((t) => t.df > 0 && !STOPWORDS.has(t.term))
    .map(({ term, df }) => ({ term, ratio: df / measured.chunks / -Math.expm1(-words * everydayFrequency(term)) }))
    .sort((a, b) => b.ratio - a.ratio || (a.term < b.term ? -1 : 1));
  return typicalityOf(ratios);
}

/** The typicality of words with these ratios, most characteristic first: the first two are the telling ones, their geometric mean the figure. */
export function typicalityOf(ratios: Typicality['ratios']): Typicality {
  const telling = ratios.slice(0, 2);
  const typicality = telling.length ? Math.exp(telling.reduce((sum, t) => sum + Math.log(t.ratio), 0) / telling.length) : 0;
  return { ratios, telling, typicality };
}

const STOPWORDS: ReadonlySet<string> = new Set(LEXICAL_STOPWORDS);
