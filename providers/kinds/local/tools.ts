// The offline provider's side of tools: choosing one by the words of the question, filling the
// arguments it can read off the question, and presenting a tool's result as answer text. No
// model is involved, so everything here is a deliberate, predictable heuristic.
import { TOOL_NAME_STOPWORDS } from '../../../text/stopwords.js';
import { isStopword, terms } from '../../../text/terms.js';
import type { ToolChoice, ToolSpec } from '../../types.js';
import { expandStems, messageStems } from './toolVocabulary.js';
import { stem } from '../../../text/stem.js';
import { PLACE_ABBREVIATIONS } from './clauses.js';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The subject words of an identifier or description: camelCase, snake_case and kebab-case split. */
function subjectTerms(text: string): Set<string> {
  const spaced = text.replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2');
  return new Set(terms(spaced).filter((t) => !TOOL_NAME_STOPWORDS.has(t)));
}

function overlap(wanted: Set<string>, have: Set<string>): number {
  let n = 0;
  for (const t of wanted) if (have.has(t)) n += 1;
  return n;
}

/** A tool the question is about, with the arguments read off it (null when a required one is missing). */
export interface ToolMatch {
  tool: ToolSpec;
  arguments: JsonObject | null;
  /** The question's words that the tool's words (and their families) explain. */
  matched: string[];
  /**
   * Required arguments only guessed at: a number with nothing introducing it ("LIMIT 100"), a
   * place read from lower-case words after "in"/"for" ("in a table"). The router weighs such a
   * call against the knowledge before making it.
   */
  guessed: string[];
  /**
   * Only one word of the tool's description is in the question ("What are the conditions in
   * Vienna?"): enough only where the knowledge can tell that the rest is not its own.
   */
  slight: boolean;
}

/** The words a tool is known by: its name's and description's subject words, stemmed, with their families. */
function toolWords(tool: ToolSpec): { name: Set<string>; description: Set<string> } {
  const name = expandStems(subjectTerms(tool.name));
  const description = expandStems(subjectTerms(tool.description));
  for (const w of name) description.delete(w);
  return { name, description };
}

/**
 * The tool the question is about, or null when none is clearly meant (no overlap, or two tools
 * equally likely). Words count by stem and by family ("raining" means weather), a name's words
 * more than a description's, which mentions incidental ones: one of those alone is `slight`.
 */
export function matchTool(question: string, tools: ToolSpec[]): ToolMatch | null {
  const said = subjectTerms(question);
  const wanted = messageStems(question, said);
  // A stem as the question says it ("shipping", not its stem "ship"), for the reason; a family's word as it is.
  const spoken = new Map<string, string>();
  for (const w of said) {
    const s = stem(w);
    if (!spoken.has(s)) spoken.set(s, w);
  }
  const asSaid = (s: string) => spoken.get(s) ?? s;
  const scored = tools
    .map((tool) => {
      const words = toolWords(tool);
      const byName = overlap(wanted, words.name);
      const byDescription = overlap(wanted, words.description);
      const matched = [...wanted].filter((w) => words.name.has(w) || words.description.has(w));
      return { tool, words, matched, slight: byName === 0 && byDescription === 1, score: 2 * byName + byDescription };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score);
  const [best, runnerUp] = scored;
  if (!best || (runnerUp && runnerUp.score === best.score)) return null;
  if (notNow(question, best.tool)) return null;
  const vocabulary = new Set([...best.words.name, ...best.words.description]);
  const read = extractArguments(question, best.tool.parameters, vocabulary);
  return { tool: best.tool, arguments: read?.args ?? null, matched: best.matched.map(asSaid), guessed: read?.guessed ?? [], slight: best.slight };
}

/** A tool that tells how things are now ("Current weather…", "live prices"), by its description. */
const TELLS_NOW = /\b(?:current|currently|live|right now|real-time|realtime)\b/i;
/** A question about how things usually are or were: a habit, an average, a season or month, the past. */
const NOT_NOW =
  /\b(?:usually|typically|normally|generally|on average|average|ever|historically|last (?:week|month|year|summer|winter|spring|autumn)|yesterday|in (?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter))\b/i;
/** …unless it also asks about now ("What is it like in May right now?"). */
const NOW = /\b(?:now|today|tonight|currently|at the moment|this (?:morning|afternoon|evening|week))\b/i;

/**
 * Whether the question asks a tool that tells how things are now about how they usually are or
 * were: "What's the weather usually like in Spain in May?" is climate, which no current reading
 * answers. The model answers it itself.
 */
function notNow(question: string, tool: ToolSpec): boolean {
  return TELLS_NOW.test(tool.description ?? '') && NOT_NOW.test(question) && !NOW.test(question);
}

/**
 * The tool the question is about, with the arguments found in it; null when no tool is clearly
 * meant or a required argument is missing (calling without it would only fail at the tool).
 */
export function chooseToolLocally(question: string, tools: ToolSpec[]): ToolChoice | null {
  const match = matchTool(question, tools);
  // Without knowledge to weigh it against, one word of a description is too little to act on.
  return match?.arguments && !match.slight ? { name: match.tool.name, arguments: match.arguments } : null;
}

/** An argument read off the question; `guessed` when nothing in the question marks it as one (see ToolMatch). */
interface Read<T = unknown> {
  value: T;
  guessed?: boolean;
}

/**
 * The arguments `parameters` (a JSON Schema object) asks for that the question supplies, and the
 * required ones among them only guessed at; null if a required one is missing.
 */
function extractArguments(question: string, parameters: JsonObject, vocabulary: Set<string>): { args: JsonObject; guessed: string[] } | null {
  const properties = isObject(parameters.properties) ? parameters.properties : {};
  const args: JsonObject = {};
  const guessed = new Set<string>();
  // Enum values are the vocabulary of other arguments: "in Fahrenheit" names units, not a city.
  const enumWords = new Set(
    Object.values(properties).flatMap((schema) => (isObject(schema) && Array.isArray(schema.enum) ? schema.enum.map((v) => String(v).toLowerCase()) : [])),
  );
  for (const [name, schema] of Object.entries(properties)) {
    if (!isObject(schema)) continue;
    const read = extractValue(question, name, schema, enumWords, vocabulary);
    if (read?.value === undefined) continue;
    args[name] = read.value;
    if (read.guessed) guessed.add(name);
  }
  const required = Array.isArray(parameters.required) ? parameters.required.filter((name): name is string => typeof name === 'string') : [];
  if (!required.every((name) => Object.hasOwn(args, name))) return null;
  return { args, guessed: required.filter((name) => guessed.has(name)) };
}

function extractValue(question: string, name: string, schema: JsonObject, enumWords: Set<string>, vocabulary: Set<string>): Read | undefined {
  if (Array.isArray(schema.enum)) return { value: mentionedEnumValue(question, schema.enum) };
  const types = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
  const idLike = isIdLike(name);
  if (types.has('number') || types.has('integer')) {
    const id = idLike ? identifier(question, vocabulary) : undefined;
    if (id && /^\d+$/.test(id.value)) return { value: Number(id.value), guessed: id.guessed };
    const n = firstNumber(question, !types.has('number'));
    // An id-like number that nothing introduced is as likely a quantity ("LIMIT 100").
    if (n !== undefined) return { value: n, guessed: idLike };
  }
  if (types.has('boolean')) {
    const b = yesOrNo(question);
    if (b !== undefined) return { value: b };
  }
  if (types.has('string')) {
    // The tool's own words are what it is about, not a place: "what to bring for the rain".
    const notNames = isPlaceLike(name) ? new Set([...enumWords, ...vocabulary]) : null;
    // A place the question names comes before anything it quotes: "…in Glasgow… why does INSERT fail with 'database is locked'?"
    const place = notNames ? placeName(question, notNames) : undefined;
    if (place) return place;
    const quoted = quotedPhrase(question);
    // A quoted word without a digit is an id only by guess: "where status = 'active'" quotes a value of the knowledge's SQL.
    if (quoted) return { value: quoted, guessed: idLike && !/\p{N}/u.test(quoted) };
    if (idLike) return identifier(question, vocabulary);
    if (notNames) return bareName(question, notNames);
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where `word` first occurs in `text` as a whole word, case-insensitively; -1 if it does not. */
function wordAt(text: string, word: string): number {
  return text.search(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'iu'));
}

/** The enum value the question mentions first, as the schema spells it. */
function mentionedEnumValue(question: string, values: unknown[]): unknown {
  let found: { value: unknown; at: number } | undefined;
  for (const value of values) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    if (String(value).trim() === '') continue; // would "occur" everywhere
    const at = wordAt(question, String(value));
    if (at >= 0 && (!found || at < found.at)) found = { value, at };
  }
  return found?.value;
}

function firstNumber(question: string, integerOnly: boolean): number | undefined {
  // Not inside a word ("v2", "iPhone15"): those are names, not quantities.
  for (const [match] of question.matchAll(/(?<![\p{L}\p{N}.])-?\d+(?:\.\d+)?/gu)) {
    const n = Number(match);
    if (!integerOnly || Number.isInteger(n)) return n;
  }
  return undefined;
}

function yesOrNo(question: string): boolean | undefined {
  const yes = Math.min(...['true', 'yes'].map((w) => wordAt(question, w)).filter((at) => at >= 0));
  const no = Math.min(...['false', 'no'].map((w) => wordAt(question, w)).filter((at) => at >= 0));
  if (yes === Infinity && no === Infinity) return undefined;
  return yes < no;
}

function quotedPhrase(question: string): string | undefined {
  // A single quote only opens at a word's start, so the apostrophe of "What's" is not a quote.
  const match = /"([^"]+)"|“([^”]+)”|(?<![\p{L}\p{N}])'([^']+)'(?![\p{L}\p{N}])/u.exec(question);
  const phrase = (match?.[1] ?? match?.[2] ?? match?.[3])?.trim();
  return phrase || undefined;
}

const PLACE_LIKE = new Set(['city', 'town', 'location', 'place', 'country', 'region', 'name']);

function isPlaceLike(property: string): boolean {
  return [...subjectTerms(property)].some((t) => PLACE_LIKE.has(t));
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const TITLE_CASE = /^\p{Lu}\p{Ll}+$/u;
const ARTICLES = new Set(['the', 'a', 'an']);
/** The days' and months' names: capitalized, yet no place ("on a rainy Sunday", "in March"). */
const CALENDAR_NAMES = new Set(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']);
// Words that follow "in"/"for" without naming anything ("weather in Oslo today", "for tomorrow").
const TIME_WORDS = new Set(['today', 'tomorrow', 'tonight', 'yesterday', 'now', 'currently', 'right', 'this', 'next', 'week', 'weekend', ...CALENDAR_NAMES]);
// Lower-case words inside a place's name, between two capitalized ones ("Rio de Janeiro", "Newcastle upon Tyne").
const NAME_PARTICLES = new Set(['de', 'da', 'do', 'dos', 'das', 'del', 'della', 'di', 'du', 'la', 'le', 'les', 'los', 'las', 'el', 'al', 'am', 'an', 'der', 'den', 'van', 'von', 'upon', 'on', 'sur', 'y']);
// Courtesies that end a request without naming anything ("weather in new york please").
const COURTESIES = new Set(['please', 'thanks', 'thank', 'pls', 'plz']);

function withoutPossessive(word: string): string {
  return word.replace(/['’]s$/u, '');
}

/**
 * A proper name in the question: the first run of capitalized words (a sentence's first word
 * does not count: it is capitalized anyway), else, guessed, the words after "in", "for" or "of".
 */
function placeName(question: string, notNames: Set<string>): Read | undefined {
  const words = [...question.matchAll(WORD)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
  const gapBefore = (i: number) => question.slice(words[i - 1]?.end ?? 0, words[i]?.start);

  const run: string[] = [];
  const upper = (word: string) => /^\p{Lu}/u.test(word);
  for (const [i, { word, start }] of words.entries()) {
    const gap = gapBefore(i);
    // "St. Petersburg": an abbreviation's dot goes on with the name, it does not start a sentence.
    const abbreviated = run.length > 0 && PLACE_ABBREVIATIONS.has(run.at(-1)!) && /^\.[ \t]+$/.test(gap);
    const sentenceStart = !abbreviated && /^$|[.!?]$/.test(question.slice(0, start).trimEnd());
    const joined = run.length === 0 || /^[ \t]+$/.test(gap) || abbreviated;
    // "I", and contractions such as "I'm", are capitalized without naming anything; the tool's own
    // words are not names, but "City" after a name is part of it ("Mexico City").
    const capitalized =
      upper(word) &&
      !sentenceStart &&
      !isStopword(word.split(/['’]/u)[0] ?? word) &&
      !CALENDAR_NAMES.has(word.toLowerCase()) &&
      (!notNames.has(word.toLowerCase()) || (run.length > 0 && PLACE_LIKE.has(word.toLowerCase())));
    if (capitalized && joined) {
      if (abbreviated) run[run.length - 1] += '.';
      run.push(word);
      continue;
    }
    // "Rio de Janeiro", "Frankfurt am Main": a particle between two capitalized words.
    const next = words[i + 1];
    if (run.length && joined && NAME_PARTICLES.has(word) && next && upper(next.word) && /^[ \t]+$/.test(gapBefore(i + 1))) {
      run.push(word);
      continue;
    }
    if (run.length) break;
  }
  // A place is written Oslo or São Paulo; SELECT, NYC or PostgreSQL may be keywords, acronyms
  // or product names, as likely the knowledge's words as a place: guessed (the router weighs them).
  if (run.length) {
    const named = run.filter((w) => !NAME_PARTICLES.has(w)).map((w) => withoutPossessive(w).replace(/\.$/, ''));
    return { value: run.map(withoutPossessive).join(' '), guessed: named.some((w) => !TITLE_CASE.test(w)) };
  }

  for (const [i, { word }] of words.entries()) {
    if (!['in', 'for', 'of'].includes(word.toLowerCase())) continue;
    const phrase: string[] = [];
    for (let j = i + 1; j < words.length && phrase.length < 3; j++) {
      const next = words[j]!.word;
      const lower = next.toLowerCase();
      if (!/^\s+$/.test(gapBefore(j))) break; // punctuation ends the phrase
      if (phrase.length === 0 && ARTICLES.has(lower)) continue;
      // "in the city of Bergen": the kind of place is not its name; "of" then gives the name.
      if (isStopword(lower) || TIME_WORDS.has(lower) || COURTESIES.has(lower) || PLACE_LIKE.has(lower) || notNames.has(lower) || notNames.has(stem(lower))) break;
      phrase.push(withoutPossessive(next));
    }
    if (phrase.length) return { value: phrase.join(' '), guessed: true };
  }
  return undefined;
}

const ID_LIKE = new Set(['id', 'number', 'no', 'code', 'reference', 'ref', 'sku', 'tracking', 'key']);

function isIdLike(property: string): boolean {
  return [...subjectTerms(property)].some((t) => ID_LIKE.has(t));
}

/** Words after which an identifier follows: "order 48213", "order number is 30017", "#A-1042". */
const ID_INTRODUCERS = new Set(['number', 'no', 'id', 'is', 'code', 'ref', 'reference', '#']);
/** Those of them that name an id themselves ("number 90210"), not only lead to one ("is"). */
const ID_WORDS = new Set([...ID_INTRODUCERS].filter((w) => w !== 'is' && w !== '#'));

const DIGIT_NAMES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
/** Three digits or more said one by one ("eight four four two one", "four-oh-one-two"): "oh" only after the first. */
const SPELLED_DIGITS = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${DIGIT_NAMES.join('|')})(?:[\s-]+(?:oh|${DIGIT_NAMES.join('|')})){2,}(?![\p{L}\p{N}])`, 'giu');

/** `text` with each run of digits said one by one as the number they spell: an id dictated, or typed as it is read out. */
function withSpelledDigits(text: string): string {
  return text.replace(SPELLED_DIGITS, (run) =>
    run
      .toLowerCase()
      .split(/[\s-]+/u)
      .map((w) => (w === 'oh' ? '0' : String(DIGIT_NAMES.indexOf(w))))
      .join(''),
  );
}

/**
 * An identifier in the question (a word with a digit in it, or digits said one by one): one
 * written with `#`, else one right after a word of the tool's ("order 48213", "order number is
 * 30017"), else the first with three characters or more: given when stated in a sentence of its
 * own, else guessed. Single digits alone are quantities, not ids.
 */
function identifier(question: string, vocabulary: Set<string>): Read<string> | undefined {
  const text = withSpelledDigits(question);
  const words = [...text.matchAll(/#?[\p{L}\p{N}][\p{L}\p{N}_-]*/gu)].map((m) => m[0]);
  const hasDigit = (w: string) => /\p{N}/u.test(w);
  const hashed = words.find((w) => w.startsWith('#') && hasDigit(w));
  if (hashed) return { value: hashed.slice(1) };
  // "I ordered something last week, number 90210": a word that says an id, in a message that says the tool's.
  const saysTool = words.some((x) => vocabulary.has(stem(x.toLowerCase())));
  for (const [i, w] of words.entries()) {
    if (!hasDigit(w) || /^\p{L}+$/u.test(w)) continue;
    // Up to two introducing words back ("order number is"), ending at a word of the tool's.
    for (let back = 1; back <= 3 && i - back >= 0; back++) {
      const prev = words[i - back]!.toLowerCase();
      if (vocabulary.has(stem(prev)) || (back === 1 && saysTool && ID_WORDS.has(prev))) return { value: w };
      if (!ID_INTRODUCERS.has(prev)) break;
    }
  }
  const first = words.find((w) => hasDigit(w) && w.length >= 3);
  if (first === undefined) return undefined;
  // "What's the status of my order? It's 48213.": a sentence of nothing but the id, beside one saying the tool's word, gives it.
  return { value: first, guessed: !(saysTool && aloneInItsSentence(text, first)) };
}

/** Whether `id`'s sentence in `text` states nothing but it and stopwords ("It's 48213.", "Number: 48213"), beside other sentences. */
function aloneInItsSentence(text: string, id: string): boolean {
  const sentence = text.split(/(?<=[.!?])\s+/u).find((s) => wordAt(s, id) >= 0) ?? '';
  // "It's" as "it": a contraction's first part.
  const others = (sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu) ?? []).filter((w) => w !== id).map((w) => w.toLowerCase().split(/['’]/u)[0]!);
  // Stated, not asked: "Is it 100?" asks about a value.
  return sentence !== text && !sentence.trimEnd().endsWith('?') && others.every((w) => isStopword(w) || ID_INTRODUCERS.has(w));
}

/**
 * A name written in lower case with nothing to introduce it ("weather tokyo"), guessed: what is
 * left of a short question once the tool's words, stopwords and time words are gone, one to three words.
 */
function bareName(question: string, notNames: Set<string>): Read | undefined {
  const words = [...question.matchAll(WORD)].map((m) => m[0]);
  // Only a terse message is a bare name with the tool's word ("paris weather", "weather ho chi minh
  // city pls": courtesies, time words and the kind of place aside, four words and no stopword); in
  // a sentence the other words are what it says ("what should I bring for the rain").
  const said = words.map((w) => w.toLowerCase()).filter((w) => !COURTESIES.has(w) && !TIME_WORDS.has(w) && !PLACE_LIKE.has(w));
  if (words.length > 3 && (said.length > 4 || said.some((w) => isStopword(w)))) return undefined;
  const left = words.filter((w) => {
    const lower = w.toLowerCase().split(/['’]/u)[0] ?? '';
    return lower.length > 1 && !isStopword(lower) && !TIME_WORDS.has(lower) && !TOOL_NAME_STOPWORDS.has(lower) && !notNames.has(stem(lower)) && !notNames.has(lower) && !/\p{N}/u.test(w) && !COURTESIES.has(lower) && !['like', 'tell', 'me'].includes(lower);
  });
  if (!left.length || left.length > 3) return undefined;
  return { value: left.map((w) => (w[0] ?? '').toUpperCase() + w.slice(1)).join(' '), guessed: true };
}

/**
 * A tool's result as answer text, e.g. `From getWeather: temperature: 4. conditions: light rain.`
 * JSON is read out as "key: value" sentences (nested keys dotted, lists joined); other text is
 * given as it came.
 */
export function describeToolResult(tool: string, result: string): string {
  let value: unknown;
  try {
    value = JSON.parse(result);
  } catch {
    const plain = collapse(result);
    return `From ${tool}: ${plain || 'the result is empty.'}`;
  }
  const pairs: [string, string][] = [];
  flatten(value, '', pairs);
  const said = pairs.map(([key, text]) => sentence(key ? `${key}: ${text}` : text)).join(' ');
  return `From ${tool}: ${said || 'the result is empty.'}`;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function scalar(value: unknown): string {
  if (value === null || value === '') return 'none';
  return collapse(String(value));
}

function flatten(value: unknown, key: string, out: [string, string][]): void {
  const join = (k: string) => (key ? `${key}.${k}` : k);
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object' || v === null)) {
      out.push([key, value.length ? value.map(scalar).join(', ') : 'none']);
      return;
    }
    // Numbered from 1: these keys are read by people, not programs.
    value.forEach((v, i) => flatten(v, join(String(i + 1)), out));
    return;
  }
  if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, join(k), out);
    return;
  }
  out.push([key, scalar(value)]);
}

/** Values one message may list for one tool: a bound on the calls it makes. */
const MAX_LISTED = 4;

/** What joins the items of a list: "Paris and London", "48213, 48214 and 50012", "Oslo & Bergen". */
const LIST_JOINER = String.raw`(?:\s*,\s*(?:and\s+)?|\s+(?:and|or)\s+|\s*&\s*)`;
const LISTED_ID = new RegExp(String.raw`^${LIST_JOINER}#?([\p{L}\p{N}_-]*\p{N}[\p{L}\p{N}_-]*)(?![\p{L}\p{N}])`, 'iu');
// A name of capitalized words, with the particles a place's name may have between them ("Rio de Janeiro").
const LISTED_NAME = new RegExp(String.raw`^${LIST_JOINER}(\p{Lu}\p{Ll}+(?:[ \t]+(?:(?:${[...NAME_PARTICLES].join('|')})[ \t]+)?\p{Lu}\p{Ll}+)*)(?![\p{L}\p{N}])`, 'u');

/**
 * The further values a question lists after the one its match read ("weather in Paris and
 * London", "orders 48213 and 48214"): each asks the same tool again, with that value. Only for a
 * tool of one required parameter, and only values written as the first was (an id with a digit,
 * a capitalized name that is no stopword); at most a few.
 */
export function listedValues(question: string, match: ToolMatch): JsonObject[] {
  const required = (match.tool.parameters as { required?: unknown }).required;
  if (!match.arguments || !Array.isArray(required) || required.length !== 1 || typeof required[0] !== 'string') return [];
  const name = required[0];
  const first = match.arguments[name];
  if (typeof first !== 'string' && typeof first !== 'number') return [];
  const at = question.indexOf(String(first));
  if (at < 0) return [];
  const item = /\p{N}/u.test(String(first)) ? LISTED_ID : LISTED_NAME;
  const out: JsonObject[] = [];
  let closed = false;
  let rest = question.slice(at + String(first).length);
  for (let m = item.exec(rest); m && out.length < MAX_LISTED; m = item.exec(rest)) {
    const value = m[1]!;
    // "and 2 other parcels": a short number is a quantity, not an id (as identifier() reads them).
    if (isStopword(value.split(/\s/u)[0]!.toLowerCase()) || (item === LISTED_ID && value.length < 3)) break;
    out.push({ ...match.arguments, [name]: typeof first === 'number' ? Number(value) : value });
    closed ||= !/^\s*,\s*$/u.test(m[0].slice(0, m[0].length - value.length));
    rest = rest.slice(m[0].length);
  }
  // Names after commas alone are one place's parts ("Cape Coral, Florida", "Paris, France"); a list
  // of them ends with "and", "or" or "&" ("Paris, London and Rome").
  return item === LISTED_NAME && !closed ? [] : out;
}
