// Words that mean a tool without naming it: "Is it raining in Paris?" wants `get_weather`,
// "Has my package shipped?" an order tool. A tool takes in every family that shares a word with
// its name or description, so the families extend the owner's own words; they do not invent
// tools. Families are of everyday assistant domains, kept small and unambiguous on purpose.

import { inflectionKey, stem } from '../../../text/stem.js';

/** Related words of one domain: any of them in a tool's text brings in all of them. */
const FAMILIES: readonly (readonly string[])[] = [
  ['weather', 'forecast', 'temperature', 'rain', 'raining', 'rainy', 'snow', 'snowing', 'snowy', 'sunny', 'cloudy', 'overcast', 'windy', 'wind', 'humid', 'humidity', 'umbrella', 'pouring', 'downpour', 'storm', 'stormy', 'thunder', 'thunderstorm', 'fog', 'foggy', 'misty', 'drizzle', 'hail', 'sleet', 'degrees', 'celsius', 'fahrenheit', 'jacket', 'coat', 'raincoat', 'sunscreen', 'scarf', 'sunglasses', 'gloves', 'mittens'],
  ['order', 'package', 'parcel', 'shipment', 'ship', 'shipped', 'shipping', 'deliver', 'delivered', 'delivery', 'arrive', 'arrival', 'tracking', 'track', 'purchase', 'courier', 'dispatched', 'transit'],
  ['stock', 'share', 'ticker', 'nasdaq', 'nyse'],
  ['currency', 'exchange', 'dollar', 'euro', 'yen', 'pound'],
  ['flight', 'airline', 'departure', 'boarding', 'gate'],
  ['appointment', 'booking', 'reservation', 'meeting', 'calendar', 'schedule'],
  ['invoice', 'bill', 'billing', 'payment', 'balance'],
];

/**
 * Family words that mean the domain only in some sentences: "How hot is it in Madrid?" is about
 * weather, "hot standby" is not. They count when the message has the weather's dummy subject
 * ("is it", "it's", "it is") or asks how cold a place is (HOW_IS_PLACE). A Map, not an object: a
 * message's word is looked up in it, and "constructor" must not find Object's.
 */
const IT_IS = /\b(?:is it|it is|it's|it’s)\b/i;
/**
 * "How chilly is Edmonton this morning?", "How hot will it get in Phoenix?": how cold a place is or
 * will get, named in capitals, is its weather; "how hot is the CPU" is not.
 */
const HOW_IS_PLACE = /\b[Hh]ow\s+(?:hot|cold|warm|chilly|freezing)\s+(?:is|was|will)\s+(?:it\s+)?(?:(?:be|get)\s+)?(?:in\s+)?\p{Lu}/u;
const WEATHER_SUBJECT = { test: (message: string) => IT_IS.test(message) || HOW_IS_PLACE.test(message) };
/** "What's it like outside in Chicago?": outside, said of what it is like, is the weather; "outside the transaction" is not. */
const LIKE_OUTSIDE = /\b(?:like|is it|it is|it's|it’s)\b[^.?!]*\boutside\b/i;
/**
 * "What's the temp in São Paulo?", "temp in nyc rn?": the temperature, clipped; "the temp
 * directory", "temp files" are temporary ones, and "temp" inside a sentence may be a variable.
 */
const THE_TEMP = /\b(?:the|current)\s+temps?\b(?!\s+(?:files?|dir|dirs|directory|directories|folders?|tables?|space|storage|store|databases?|db|path))|^\s*temps?\s+(?:in|at|for)\s/i;
/** "We land in Santa Fe tonight. What's it like there right now?": what it is like there now is the weather. */
const LIKE_THERE_NOW = /\bwhat(?:'s|’s| is) it like (?:out )?there\b[^.?!]*\b(?:now|today|tonight)\b/i;
/** "When will it show up?", "it still hasn't turned up": a thing awaited arrives; "shows up as modified" is no order's, but beside one it is. */
const SHOWS_UP = /\b(?:show|turn)(?:s|ed|ing|n)?\s+up\b/i;
/**
 * "When should I expect it?", "When is it expected to arrive?": a thing expected, said as "it" or
 * "them", or expected to come, is awaited; "expect it to fail", "is expected to return" are no arrival.
 */
const EXPECTS_IT = /\bexpect(?:s|ed|ing)?\s+(?:(?:it|them)\b(?!\s+to\b)|(?:(?:it|them)\s+)?to\s+(?:arrive|come|ship|land|get\s+(?:here|there)|be\s+(?:here|there|delivered|shipped|dispatched))\b)/i;
/** `keepsOwnSense`: the word counts as itself too, whatever the sentence ("like" may be another tool's word). */
const CONDITIONAL = new Map<string, { family: string; when: Pick<RegExp, 'test'>; keepsOwnSense?: boolean }>([
  ...['hot', 'cold', 'warm', 'chilly', 'freezing'].map((w) => [w, { family: 'weather', when: WEATHER_SUBJECT }] as const),
  ['outside', { family: 'weather', when: LIKE_OUTSIDE }],
  ...['temp', 'temps'].map((w) => [w, { family: 'weather', when: THE_TEMP }] as const),
  ['like', { family: 'weather', when: LIKE_THERE_NOW, keepsOwnSense: true }],
  ...['show', 'shows', 'showed', 'shown', 'showing', 'turn', 'turns', 'turned', 'turning'].map((w) => [w, { family: 'order', when: SHOWS_UP, keepsOwnSense: true }] as const),
  ...['expect', 'expects', 'expected', 'expecting'].map((w) => [w, { family: 'order', when: EXPECTS_IT, keepsOwnSense: true }] as const),
]);

/**
 * A tool's word as a message's inflection of it may stem: its stem, and that less a final e, which
 * the stemmer keeps in "arrive" and "purchase" but not in "arrived" and "purchased".
 */
const forms = (word: string) => [stem(word), inflectionKey(word)];

/** Each family: its words' stems, which a word belongs to it by, and their forms, which it brings in. */
const FAMILY_SETS = FAMILIES.map((f) => ({ stems: new Set(f.map(stem)), forms: new Set(f.flatMap(forms)) }));

/** Stems of `words` (and their forms less a final e) as they are, without their families. */
export function ownStems(words: Iterable<string>): Set<string> {
  return new Set([...words].flatMap(forms));
}

/** Stems of `words` (and their forms less a final e) with the families they belong to added. */
export function expandStems(words: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const word of words) {
    const s = stem(word);
    for (const f of forms(word)) out.add(f);
    for (const family of FAMILY_SETS) if (family.stems.has(s)) for (const w of family.forms) out.add(w);
  }
  return out;
}

/** The stems of a message's words as the tool matcher reads them: conditional words only in their sense. */
export function messageStems(message: string, words: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const word of words) {
    const lower = word.toLowerCase();
    const conditional = CONDITIONAL.get(lower);
    if (conditional?.when.test(message)) out.add(stem(conditional.family));
    if (!conditional || conditional.keepsOwnSense) out.add(stem(lower));
  }
  return out;
}
