// The arguments a tool's JSON Schema asks for, read off the question: enum values, numbers,
// yes or no, quoted phrases, places (places.ts), ids (identifiers.ts), codes shown by example
// (codes.ts), dates (dates.ts) and, last, a free text (freeText.ts).
import { codeAsExampled, showsCode } from './codes.js';
import { dateIn, isDateLike } from './dates.js';
import { freeTextAfterToolWord } from './freeText.js';
import { identifier, isIdLike } from './identifiers.js';
import { bareName, endOfWay, placeName, takesPlace } from './places.js';
import { isObject, wordAt, type JsonObject, type Read } from './read.js';

/**
 * The arguments `parameters` (a JSON Schema object) asks for that the question supplies, and the
 * required ones among them only guessed at; null if a required one is missing.
 */
export function extractArguments(question: string, parameters: JsonObject, vocabulary: ReadonlySet<string>): { args: JsonObject; guessed: string[] } | null {
  const properties = isObject(parameters.properties) ? parameters.properties : {};
  const args: JsonObject = {};
  const guessed = new Set<string>();
  // Enum values are the vocabulary of other arguments: "in Fahrenheit" names units, not a city.
  const enumWords = new Set(
    Object.values(properties).flatMap((schema) => (isObject(schema) && Array.isArray(schema.enum) ? schema.enum.map((v) => String(v).toLowerCase()) : [])),
  );
  // Parameters read in turn: a value one took is not the next one's ("from Oslo to Paris"), and
  // those that take codes share the question's codes ("Convert 100 USD to EUR": `slots`, the code
  // parameters from this one on).
  const schemas = Object.entries(properties).filter((entry): entry is [string, JsonObject] => isObject(entry[1]));
  const takesCode = schemas.map(([, schema]) => showsCode(schema.description));
  const taken = new Set<string>();
  for (const [i, [name, schema]] of schemas.entries()) {
    const slots = takesCode.slice(i).filter(Boolean).length;
    const read = extractValue(question, name, schema, enumWords, vocabulary, { taken, slots });
    if (read?.value === undefined) continue;
    if (typeof read.value === 'string') taken.add(read.value);
    args[name] = read.value;
    if (read.guessed) guessed.add(name);
  }
  const required = Array.isArray(parameters.required) ? parameters.required.filter((name): name is string => typeof name === 'string') : [];
  // The one required text nothing else read ("query", "summary") is what follows the tool's word,
  // if anything introduces it: a guess, for the router to weigh ("Search the docs for a string in
  // all files" beside a product search is the manual's, when the manual covers the rest).
  const missing = required.filter((name) => !Object.hasOwn(args, name));
  const text = missing.length === 1 ? properties[missing[0]!] : undefined;
  if (isObject(text) && isFreeText(missing[0]!, text)) {
    const read = freeTextAfterToolWord(question, vocabulary);
    if (read) {
      args[missing[0]!] = read.value;
      guessed.add(missing[0]!);
    }
  }
  if (!required.every((name) => Object.hasOwn(args, name))) return null;
  return { args, guessed: required.filter((name) => guessed.has(name)) };
}

/** A text parameter whose value is no id, place, date, code or listed value: a query, a summary, a message. */
function isFreeText(name: string, schema: JsonObject): boolean {
  return schema.type === 'string' && !Array.isArray(schema.enum) && !isIdLike(name) && !takesPlace(name, schema.description) && !isDateLike(name, schema.description) && !showsCode(schema.description);
}

function extractValue(question: string, name: string, schema: JsonObject, enumWords: Set<string>, vocabulary: ReadonlySet<string>, earlier: { taken: ReadonlySet<string>; slots: number }): Read | undefined {
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
    if (isDateLike(name, schema.description)) return dateIn(question, schema.description);
    // The tool's own words are what it is about, not a place: "what to bring for the rain".
    const notNames = takesPlace(name, schema.description) ? new Set([...enumWords, ...vocabulary]) : null;
    // A place the question names comes before anything it quotes: "…in Glasgow… why does INSERT fail with 'database is locked'?"
    const place = notNames ? placeName(question, notNames, { taken: earlier.taken, end: endOfWay(name, schema.description) }) : undefined;
    if (place) return place;
    const id = idLike ? identifier(question, vocabulary) : undefined;
    // An id the question gives ("order zx81-774") comes before anything it quotes ("…was 'out for delivery'").
    if (id && !id.guessed) return id;
    const quoted = quotedPhrase(question);
    // A quoted word without a digit is an id only by guess: "where status = 'active'" quotes a value of the knowledge's SQL.
    if (quoted) return { value: quoted, guessed: idLike && !/\p{N}/u.test(quoted) };
    if (id) return id;
    if (notNames) return bareName(question, notNames);
    return codeAsExampled(question, schema.description, vocabulary, earlier);
  }
  return undefined;
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
