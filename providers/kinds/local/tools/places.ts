// A place read off a question for a place-like parameter ("city", "location"): a capitalized name
// ("São Paulo", "St. Petersburg", "Rio de Janeiro"), the words after "in" or "for", or a terse
// message's bare name ("weather tokyo").
import { isStopword } from '../../../../text/terms.js';
import { stem } from '../../../../text/stem.js';
import { saidInLowerCase } from '../../../../text/everydayEnglish.js';
import { TOOL_NAME_STOPWORDS } from '../../../../text/stopwords.js';
import { PLACE_ABBREVIATIONS } from '../clauses.js';
import { contractionHead, gapBefore, spacedName, startsSentence, subjectTerms, wordsIn, type Read, type Word } from './read.js';

const PLACE_LIKE = new Set(['city', 'town', 'location', 'place', 'country', 'region', 'name']);

export function isPlaceLike(property: string): boolean {
  return [...subjectTerms(property)].some((t) => PLACE_LIKE.has(t));
}

/** What a description says a place is: "Departure city, e.g. Oslo", "Start town". */
const PLACE_DESCRIBED = /\b(?:city|cities|town|location|place|country|airport)\b/i;

/** Whether a parameter takes a place: named for one ("city"), or described as one ("origin": "Departure city"). */
export function takesPlace(property: string, description: unknown): boolean {
  return isPlaceLike(property) || (typeof description === 'string' && PLACE_DESCRIBED.test(description));
}

/** Which end of a way a parameter is, by its name and description: "origin", "Departure city" → from; "destination", "End city" → to. */
export function endOfWay(property: string, description: unknown): 'from' | 'to' | null {
  const said = `${spacedName(property)} ${typeof description === 'string' ? description : ''}`;
  if (/\b(?:from|origin|departure|departing|start|starting|source)\b/iu.test(said)) return 'from';
  if (/\b(?:to|destination|arrival|arriving|end|target)\b/iu.test(said)) return 'to';
  return null;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const TITLE_CASE = /^\p{Lu}\p{Ll}+$/u;
const ARTICLES = new Set(['the', 'a', 'an']);
const INDEFINITE = new Set(['a', 'an']);
/** The days' and months' names: capitalized, yet no place ("on a rainy Sunday", "in March"). */
const CALENDAR_NAMES = new Set(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']);
// Words that follow "in"/"for" without naming anything ("weather in Oslo today", "for tomorrow").
const TIME_WORDS = new Set(['today', 'tomorrow', 'tonight', 'yesterday', 'now', 'rn', 'currently', 'right', 'this', 'next', 'week', 'weekend', ...CALENDAR_NAMES]);
// Lower-case words inside a place's name, between two capitalized ones ("Rio de Janeiro", "Newcastle upon Tyne").
export const NAME_PARTICLES = new Set(['de', 'da', 'do', 'dos', 'das', 'del', 'della', 'di', 'du', 'la', 'le', 'les', 'los', 'las', 'el', 'al', 'am', 'an', 'der', 'den', 'van', 'von', 'upon', 'on', 'sur', 'y']);
// Courtesies that end a request without naming anything ("weather in new york please").
const COURTESIES = new Set(['please', 'thanks', 'thank', 'pls', 'plz']);
// Words that set two places side by side ending the first's name ("paris versus rome").
const COMPARING = new Set(['vs', 'versus']);

/** The place abbreviations as a word written in lower case has them ("st. louis"). */
const LOWER_CASE_ABBREVIATIONS = new Set([...PLACE_ABBREVIATIONS].map((a) => a.toLowerCase()));

/** Whether `lower` (a word in lower case) is one of the tool's own words, as said or by its stem: no place's name. */
function isToolWord(lower: string, notNames: ReadonlySet<string>): boolean {
  return notNames.has(lower) || notNames.has(stem(lower));
}

function withoutPossessive(word: string): string {
  return word.replace(/['’]s$/u, '');
}

/** Words that put a name where something is: "in Zurich", "at Heathrow", "near Lyon". */
const WHERE = new Set(['in', 'at', 'near', 'around']);
/** Words before the places a way starts and ends at. */
const FROM = new Set(['from']);
const TO = new Set(['to', 'into']);

/**
 * A proper name in the question: a run of capitalized words (a sentence's first word does not
 * count: it is capitalized anyway), else, guessed, the words after "in", "for" or "of". Of several
 * runs, the last one said to be where something is ("…a little Python script… the weather in
 * Zurich" is Zurich), else the first.
 */
export function placeName(question: string, notNames: ReadonlySet<string>, way: { taken: ReadonlySet<string>; end: 'from' | 'to' | null }): Read | undefined {
  const words = wordsIn(question, WORD);
  // A place another parameter took is not this one's ("from Oslo to Paris": the origin took Oslo).
  const runs = capitalizedRuns(question, words, notNames).filter(({ run }) => !way.taken.has(run.map(withoutPossessive).join(' ')));
  const after = (w: ReadonlySet<string>) => runs.filter(({ from }) => from > 0 && w.has(words[from - 1]!.word.toLowerCase()) && /^[ \t]+$/.test(gapBefore(question, words, from)));
  const placed = after(WHERE);
  // A way's end is the place after its word: "to Paris from Oslo" is from Oslo.
  const ended = way.end ? after(way.end === 'from' ? FROM : TO) : [];
  const run = (ended[0] ?? placed.at(-1) ?? runs[0])?.run;
  // A place is written Oslo or São Paulo; SELECT, NYC or PostgreSQL may be keywords, acronyms
  // or product names, as likely the knowledge's words as a place: guessed (the router weighs them).
  if (run) {
    const named = run.filter((w) => !NAME_PARTICLES.has(w)).map((w) => withoutPossessive(w).replace(/\.$/, ''));
    // "St. John's" is the name whole, its "'s" after an abbreviation part of it; "Oslo's" is Oslo.
    const value = run.map((w, i) => (i > 0 && /\.$/.test(run[i - 1]!) ? w : withoutPossessive(w)));
    return { value: value.join(' '), guessed: named.some((w) => !TITLE_CASE.test(w)) };
  }

  for (const [i, { word }] of words.entries()) {
    const lower = word.toLowerCase();
    if (!['in', 'for', 'of'].includes(lower)) continue;
    const phrase = guessedPhrase(question, words, i + 1, notNames);
    // "for" and "of" say whom or what as often as where: "a comfortable water temperature for
    // toddlers", "the temperature of water". After them only words that may be a name are one:
    // not when each is a common word ("new york" has "york"; "salt lake city" ends with "city").
    if (phrase && (lower === 'in' || !commonWordsOnly(phrase.value))) return { value: phrase.value, guessed: true };
  }
  return undefined;
}

/** Whether every word of a phrase guessed as a place is a common word, and it does not end with "city". */
function commonWordsOnly(phrase: string): boolean {
  const said = phrase.split(/\s+/);
  return said.at(-1)!.toLowerCase() !== 'city' && said.every((w) => saidInLowerCase(w.replace(/\.$/, '')));
}

/** The runs of capitalized words of `words` that may be names, each with the index of its first word. */
function capitalizedRuns(question: string, words: Word[], notNames: ReadonlySet<string>): { run: string[]; from: number }[] {
  const runs: { run: string[]; from: number }[] = [];
  let run: string[] = [];
  let from = 0;
  const upper = (word: string) => /^\p{Lu}/u.test(word);
  for (const [i, { word }] of words.entries()) {
    const gap = gapBefore(question, words, i);
    // "St. Petersburg": an abbreviation's dot goes on with the name, it does not start a sentence.
    const abbreviated = run.length > 0 && PLACE_ABBREVIATIONS.has(run.at(-1)!) && /^\.[ \t]+$/.test(gap);
    const sentenceStart = !abbreviated && startsSentence(question, words, i);
    const joined = run.length === 0 || /^[ \t]+$/.test(gap) || abbreviated;
    // "I", and contractions such as "I'm", are capitalized without naming anything; the tool's own
    // words are not names, but "City" after a name is part of it ("Mexico City").
    const capitalized =
      upper(word) &&
      !sentenceStart &&
      !isStopword(contractionHead(word)) &&
      !CALENDAR_NAMES.has(word.toLowerCase()) &&
      (!notNames.has(word.toLowerCase()) || (run.length > 0 && PLACE_LIKE.has(word.toLowerCase())));
    if (capitalized && joined) {
      if (abbreviated) run[run.length - 1] += '.';
      if (!run.length) from = i;
      run.push(word);
      continue;
    }
    // "Rio de Janeiro", "Frankfurt am Main": a particle between two capitalized words, the second
    // no day or month ("Paris on December 24" is Paris).
    const next = words[i + 1];
    if (run.length && joined && NAME_PARTICLES.has(word) && next && upper(next.word) && !CALENDAR_NAMES.has(next.word.toLowerCase()) && /^[ \t]+$/.test(gapBefore(question, words, i + 1))) {
      run.push(word);
      continue;
    }
    if (run.length) runs.push({ run, from });
    run = [];
    // A capitalized word after punctuation ends the run before it and starts its own ("Oslo, Bergen").
    if (capitalized) {
      from = i;
      run.push(word);
    }
  }
  if (run.length) runs.push({ run, from });
  return runs;
}

/**
 * The words from `words[from]` that may name a place written in lower case ("new york city",
 * "st. louis"), up to three and a trailing "city": no stopword, time word, courtesy, kind of place
 * or tool's word; an article may come first. `end`: where the phrase ends in `text`.
 */
function guessedPhrase(text: string, words: Word[], from: number, notNames: ReadonlySet<string>): { value: string; end: number } | undefined {
  const phrase: string[] = [];
  let end = 0;
  for (let j = from; j < words.length; j++) {
    const next = words[j]!.word;
    const lower = next.toLowerCase();
    const gap = gapBefore(text, words, j);
    // "st. louis": an abbreviation's dot goes on with the name; other punctuation ends it.
    const abbreviated = phrase.length > 0 && /^\.[ \t]+$/.test(gap) && LOWER_CASE_ABBREVIATIONS.has(phrase.at(-1)!.toLowerCase());
    if (!(j === 0 ? /^\s*$/ : /^\s+$/).test(gap) && !abbreviated) break;
    // "in the bay area" may name a place; "in a small apartment" says what kind of place, never which.
    if (phrase.length === 0 && INDEFINITE.has(lower)) return undefined;
    if (phrase.length === 0 && ARTICLES.has(lower)) continue;
    // "new york city", "ho chi minh city": after a name, "city" is part of it, and ends it.
    if (phrase.length > 0 && lower === 'city') {
      phrase.push(next);
      end = words[j]!.end;
      break;
    }
    // "in the city of Bergen": the kind of place is not its name; "of" then gives the name.
    // "in cold weather", "for rainy weather": words right before the tool's own word say what it is like, not where.
    const toolWord = isToolWord(lower, notNames);
    if (phrase.length > 0 && toolWord) return undefined;
    if (phrase.length === 3 || toolWord || isStopword(lower) || TIME_WORDS.has(lower) || COURTESIES.has(lower) || COMPARING.has(lower) || PLACE_LIKE.has(lower)) break;
    if (abbreviated) phrase[phrase.length - 1] += '.';
    // "st. john's" is the name whole; "paris's" is Paris.
    phrase.push(abbreviated ? next : withoutPossessive(next));
    end = words[j]!.end;
  }
  return phrase.length ? { value: phrase.join(' '), end } : undefined;
}

/**
 * A further place listed in lower case at the start of `text` ("london" of " and london?", after
 * "weather in paris"), and where it ends; only when nothing but punctuation, another joiner, a
 * time word or a courtesy follows it — "…paris and rebase steps for my repo" lists no place.
 */
export function listedLowerCaseName(text: string, notNames: ReadonlySet<string>): { value: string; end: number } | undefined {
  const words = wordsIn(text, WORD);
  // Not "…and the bay area": a listed place starts at once (guessedPhrase checks that only spaces come before it).
  if (!words.length || ARTICLES.has(words[0]!.word.toLowerCase())) return undefined;
  const phrase = guessedPhrase(text, words, 0, notNames);
  if (!phrase || /\p{Lu}|\p{N}/u.test(phrase.value)) return undefined;
  const after = text.slice(phrase.end);
  const following = after.match(WORD)?.[0]?.toLowerCase();
  const ends = /^\s*(?:$|[.,;:!?&)])/u.test(after) || (following !== undefined && /^\s+\S/u.test(after) && (TIME_WORDS.has(following) || COURTESIES.has(following) || COMPARING.has(following) || following === 'and' || following === 'or'));
  return ends ? phrase : undefined;
}

/**
 * A name written in lower case with nothing to introduce it ("weather tokyo"), guessed: what is
 * left of a short question once the tool's words, stopwords and time words are gone, one to three words.
 */
export function bareName(question: string, notNames: ReadonlySet<string>): Read | undefined {
  const words = [...question.matchAll(WORD)].map((m) => m[0]);
  // Only a terse message is a bare name with the tool's word ("paris weather", "weather ho chi minh
  // city pls": courtesies, time words and the kind of place aside, four words and no stopword); in
  // a sentence the other words are what it says ("what should I bring for the rain").
  const said = words.map((w) => w.toLowerCase()).filter((w) => !COURTESIES.has(w) && !TIME_WORDS.has(w) && !PLACE_LIKE.has(w));
  if (words.length > 3 && (said.length > 4 || said.some((w) => isStopword(w)))) return undefined;
  const left = words.filter((w) => {
    const lower = contractionHead(w.toLowerCase());
    return lower.length > 1 && !isStopword(lower) && !TIME_WORDS.has(lower) && !TOOL_NAME_STOPWORDS.has(lower) && !isToolWord(lower, notNames) && !/\p{N}/u.test(w) && !COURTESIES.has(lower) && !['like', 'tell', 'me'].includes(lower);
  });
  if (!left.length || left.length > 3) return undefined;
  return { value: left.map((w) => (w[0] ?? '').toUpperCase() + withoutPossessive(w).slice(1)).join(' '), guessed: true };
}
