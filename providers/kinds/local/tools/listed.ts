// The further values a message lists for one tool ("weather in Paris and London", "orders 48213,
// 50012 and 50013"): the tool is called once for each.
import { isStopword } from '../../../../text/terms.js';
import type { ToolMatch } from './match.js';
import { NAME_PARTICLES, listedLowerCaseName, takesPlace } from './places.js';
import { isObject, type JsonObject } from './read.js';

/** Values one message may list for one tool: a bound on the calls it makes. */
const MAX_LISTED = 4;

/** What joins the items of a list, captured: "Paris and London", "48213, 48214 and 50012", "Oslo & Bergen", "Paris vs Rome", "Paris/London". */
const LIST_JOINER = String.raw`(\s*,\s*(?:and\s+)?|\s+(?:and|or|vs\.?|versus)\s+|\s*[&/]\s*)`;
const LISTED_ID = String.raw`#?([\p{L}\p{N}_-]*\p{N}[\p{L}\p{N}_-]*)(?![\p{L}\p{N}])`;

/**
 * Listed ids after a first one, each perhaps with the word the first came after said again
 * ("order 48213 and order 50012", "ticket #12 or ticket #15").
 */
function listedId(before: string): RegExp {
  const label = /(\p{L}+)\s*#?$/u.exec(before)?.[1];
  return new RegExp(String.raw`^${LIST_JOINER}${label ? String.raw`(?:${label}\s+)?` : ''}${LISTED_ID}`, 'iu');
}
// A name of capitalized words, with the particles a place's name may have between them ("Rio de Janeiro").
const LISTED_NAME = new RegExp(String.raw`^${LIST_JOINER}(\p{Lu}\p{Ll}+(?:[ \t]+(?:(?:${[...NAME_PARTICLES].join('|')})[ \t]+)?\p{Lu}\p{Ll}+)*)(?![\p{L}\p{N}])`, 'u');
/** A code in capitals, as codes.ts reads one ("AAPL, MSFT and IBM", "USD or GBP"). */
const LISTED_CODE = new RegExp(String.raw`^${LIST_JOINER}(\p{Lu}{2,}(?:[._/-]\p{Lu}+)*)(?![\p{L}\p{N}])`, 'u');
const JOINER = new RegExp(`^${LIST_JOINER}`, 'iu');

/** The next item of a list at the start of a text: its joiner, its value, and how much of the text the two take. */
type Item = { joiner: string; value: string; length: number };
type ItemReader = (text: string) => Item | null;

/** Items a pattern reads whole (LISTED_ID, LISTED_NAME: joiner, then value). */
function byPattern(pattern: RegExp): ItemReader {
  return (text) => {
    const m = pattern.exec(text);
    return m ? { joiner: m[1]!, value: m[2]!, length: m[0].length } : null;
  };
}

/** Names in lower case after a joiner: places.ts decides what such a name is. */
function lowerCaseNames(vocabulary: ReadonlySet<string>): ItemReader {
  return (text) => {
    const joiner = JOINER.exec(text);
    const name = joiner ? listedLowerCaseName(text.slice(joiner[0].length), vocabulary) : undefined;
    return joiner && name ? { joiner: joiner[1]!, value: name.value, length: joiner[0].length + name.end } : null;
  };
}

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
  const ids = /\p{N}/u.test(String(first));
  // A code in capitals ("AAPL"), not a place's ("NYC, NY" is one place).
  const properties = match.tool.parameters.properties;
  const schema = isObject(properties) ? properties[name] : undefined;
  const code = !ids && !/\p{Ll}/u.test(String(first)) && !takesPlace(name, isObject(schema) ? schema.description : undefined);
  // A name written in lower case lists the others so ("weather in paris and london").
  const next = ids ? byPattern(listedId(question.slice(0, at))) : code ? byPattern(LISTED_CODE) : /\p{Lu}/u.test(String(first)) ? byPattern(LISTED_NAME) : lowerCaseNames(match.vocabulary);
  const listed: { value: string; closing: boolean }[] = [];
  let rest = question.slice(at + String(first).length);
  for (let item = next(rest); item && listed.length < MAX_LISTED; item = next(rest)) {
    // "and 2 other parcels": a short number is a quantity, not an id (as identifier() reads them).
    if (isStopword(item.value.split(/\s/u)[0]!.toLowerCase()) || (ids && item.value.length < 3)) break;
    listed.push({ value: item.value, closing: item.joiner.trim() !== ',' });
    rest = rest.slice(item.length);
  }
  const values = ids || code ? listed : placesListed(listed);
  return values.map(({ value }) => ({ ...match.arguments, [name]: typeof first === 'number' ? Number(value) : value }));
}

/**
 * The places among names listed after a first one. Names after commas alone are one place's parts
 * ("Cape Coral, Florida", "Paris, France"); a list of places ends with "and", "or" or "&" ("Paris,
 * London and Rome"), and when a comma follows that too, each comma gives a place's region ("Tokyo,
 * Japan and Seoul, South Korea": Tokyo and Seoul).
 */
function placesListed(listed: { value: string; closing: boolean }[]): { value: string }[] {
  const closedAt = listed.findIndex((l) => l.closing);
  if (closedAt < 0) return [];
  return listed.slice(closedAt + 1).some((l) => !l.closing) ? listed.filter((l) => l.closing) : listed;
}
