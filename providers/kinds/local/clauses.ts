// A message as the separate requests it makes: "Has order 48213 shipped? Also, how do I revert
// a commit?" is a tool's question and a documentation question, each routed on its own.

/** Words that open a new request after "and", "then" or a comma. */
const OPENERS = 'how|what|what\'s|whats|why|where|when|which|who|whether|can|could|would|do|does|did|is|are|explain|tell|show|give|check|look|find|describe|remind|walk|teach|also|please';

/** A preposition may come first: "…, and within how many days can items be returned?". */
const LEAD_IN = 'within|in|for|on|at|by|after|before|from|to|until|with|under';

const OPENING = `(?=(?:(?:${LEAD_IN})\\s+)?(?:${OPENERS})\\b)`;

/** Abbreviations a place's name starts with ("St. Petersburg", "Mt. Shasta", "Ft. Worth"); tools/places.ts reads such names whole. */
export const PLACE_ABBREVIATIONS: ReadonlySet<string> = new Set(['St', 'Ste', 'Mt', 'Ft', 'Pt']);

/** Abbreviations whose dot ends no sentence ("St. Petersburg", "e.g. a branch", "Dr. Smith"). */
const ABBREVIATED = [...PLACE_ABBREVIATIONS, 'Dr', 'Mr', 'Mrs', 'Ms', 'vs', String.raw`e\.g`, String.raw`i\.e`, 'cf'].join('|');

/**
 * What may stand between a joiner and the request it opens: "and btw is it sunny…", "and then how…",
 * "and after that remind me how…", and a list's ordinals ("first tell me how…, second check…"),
 * with a colon as well as a comma after it ("…status, and separately: how do I…").
 */
const ASIDE = String.raw`(?:also|then|btw|by the way|after that|afterwards|besides|separately|second(?:ly)?|third(?:ly)?|next|finally|lastly)[\s,:]+`;

// A dash, a plus or an ampersand stands between requests as a comma does ("…in Phoenix - and how
// should I tune…", "weather in Sydney + how do I configure…"), a list's "1)" and "2)" before each, and
// "so" joins one as "and" does ("…keep flapping, so how should I tune…"), as does a chat's "n"; a
// colon or comma may follow the joiner ("…70254 status, plus: what does…", "…, and, how…"). A
// chat's "btw" opens a request of its own with nothing before it ("…json in python btw whats the…").
const BOUNDARY = new RegExp(
  String.raw`(?<=[.!?;])(?<!(?<![\p{L}.])(?:${ABBREVIATED})\.)\s+|\n+|\s+\(?\d{1,2}\)\s+|,?\s+(?:and|n|then|but|plus)[,:]?\s+(?:${ASIDE})?${OPENING}|(?:,|\s+[-–—+&])\s+(?:(?:and|then|also|so|plus)[,:]?\s+)?(?:${ASIDE})?${OPENING}|\s+(?=btw\b)`,
  'iu',
);

/**
 * Leading joiners a clause does not need once it stands alone ("And how…", "Also, …", "Then: …"),
 * and a list's ordinals ("Firstly, …", "second: …"; not "first" of "First commit…").
 */
const LEADING = /^(?:(?:and|also|then|but|plus|so|btw|by the way|firstly|secondly|thirdly|lastly|finally)\b[\s,:]*|(?:first|second|third)[,:]\s*)+/iu;

export function clauses(message: string): string[] {
  // Runs of spaces as one, lines as one break: BOUNDARY's alternatives each start at a space, and
  // over a long run of them every start read the rest of the run (32,000 spaces took 3 s).
  return message
    .replace(/[^\S\n]+/gu, ' ')
    .replace(/ ?\n\s*/gu, '\n')
    .split(new RegExp(BOUNDARY.source, 'giu'))
    .map((c) => c.replace(LEADING, '').trim())
    .filter((c) => /[\p{L}\p{N}]/u.test(c));
}
