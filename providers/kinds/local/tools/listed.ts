// The further values a message lists for one tool ("weather in Paris and London", "orders 48213,
// 50012 and 50013"): the tool is called once for each.
import { isStopword } from '../../../../text/terms.js';
import type { ToolMatch } from './match.js';
import { NAME_PARTICLES, listedLowerCaseName } from './places.js';
import type { JsonObject } from './read.js';

/** Values one message may list for one tool: a bound on the calls it makes. */
const MAX_LISTED = 4;

/** What joins the items of a list, captured: "Paris and London", "48213, 48214 and 50012", "Oslo & Bergen", "Paris vs Rome", "Paris/London". */
const LIST_JOINER = String.raw`(\s*,\s*(?:and\s+)?|\s+(?:and|or|vs\.?|versus)\s+|\s*[&/]\s*)`;
const LISTED_ID = new RegExp(String.raw`^${LIST_JOINER}#?([\p{L}\p{N}_-]*\p{N}[\p{L}\p{N}_-]*)(?![\p{L}\p{N}])`, 'iu');
// A name of capitalized words, with the particles a place's name may have between them ("Rio de Janeiro").
const LISTED_NAME = new RegExp(String.raw`^${LIST_JOINER}(\p{Lu}\p{Ll}+(?:[ \t]+(?:(?:${[...NAME_PARTICLES].join('|')})[ \t]+)?\p{Lu}\p{Ll}+)*)(?![\p{L}\p{N}])`, 'u');
const JOINER = new RegExp(`^${LIST_JOINER}`, 'iu');

/** A joiner and the name after it in lower case, as the pattern of a listed item reads it (places.ts decides what a name is). */
function lowerCaseItem(vocabulary: Set<string>): { exec(text: string): [string, string, string] | null } {
  return {
    exec(text) {
      const joiner = JOINER.exec(text);
      const name = joiner ? listedLowerCaseName(text.slice(joiner[0].length), vocabulary) : undefined;
      return joiner && name ? [text.slice(0, joiner[0].length + name.end), joiner[1]!, name.value] : null;
    },
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
  // A name written in lower case lists the others so ("weather in paris and london").
  const item = /\p{N}/u.test(String(first)) ? LISTED_ID : /\p{Lu}/u.test(String(first)) ? LISTED_NAME : lowerCaseItem(match.vocabulary);
  const listed: { value: string; closing: boolean }[] = [];
  let rest = question.slice(at + String(first).length);
  for (let m = item.exec(rest); m && listed.length < MAX_LISTED; m = item.exec(rest)) {
    const value = m[2]!;
    // "and 2 other parcels": a short number is a quantity, not an id (as identifier() reads them).
    if (isStopword(value.split(/\s/u)[0]!.toLowerCase()) || (item === LISTED_ID && value.length < 3)) break;
    listed.push({ value, closing: m[1]!.trim() !== ',' });
    rest = rest.slice(m[0].length);
  }
  const values = item === LISTED_ID ? listed : placesListed(listed);
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
