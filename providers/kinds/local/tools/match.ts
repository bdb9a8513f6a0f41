// The offline provider's side of tools: choosing one by the words of the question, with the
// arguments read off it (arguments.ts). Presenting a tool's result is result.ts's. No
// model is involved, so everything here is a deliberate, predictable heuristic.
import type { ToolChoice, ToolSpec } from '../../../types.js';
import { expandStems, messageStems, ownStems } from '../toolVocabulary.js';
import { stem } from '../../../../text/stem.js';
import { TOOL_NAME_STOPWORDS } from '../../../../text/stopwords.js';
import { words as lowerCaseWords } from '../../../../text/terms.js';
import { extractArguments } from './arguments.js';
import { isIdLike } from './identifiers.js';
import { spacedName, subjectTerms, type JsonObject } from './read.js';

function overlap(wanted: ReadonlySet<string>, have: ReadonlySet<string>): number {
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
  /** The words the tool is known by (its name's and description's, stemmed, with their families): never a place's name. */
  vocabulary: ReadonlySet<string>;
  /** Matched by a reference alone (referenceMatch), as written: none of the tool's words was said. */
  reference?: string;
}

/**
 * The words a tool is known by: its name's and description's subject words, stemmed, with their
 * families; `all`, both. `said`: the name's and the description's own stems, without families;
 * `verbs`: the verb the name starts with, when it is one every request may say (left out of the rest).
 */
type ToolWords = {
  name: ReadonlySet<string>;
  description: ReadonlySet<string>;
  all: ReadonlySet<string>;
  said: { name: ReadonlySet<string>; description: ReadonlySet<string> };
  verbs: ReadonlySet<string>;
  /** The description's words less those saying when it tells ("current" of "Current weather…"): what the tool is about. */
  about: ReadonlySet<string>;
  /** Its description says it tells how things are now ("Current weather…"). */
  tellsNow: boolean;
};

/** Each tool's words, worked out once per tool: a long message is matched clause by clause against the same tools. */
const wordsOfTool = new WeakMap<ToolSpec, ToolWords>();

function toolWords(tool: ToolSpec): ToolWords {
  let words = wordsOfTool.get(tool);
  if (!words) wordsOfTool.set(tool, (words = readToolWords(tool)));
  return words;
}

function readToolWords(tool: ToolSpec): ToolWords {
  const nameTerms = subjectTerms(tool.name);
  // The verb a name starts with that says what it does, though it is a word of any request ("search", "create", "find").
  const first = lowerCaseWords(spacedName(tool.name))[0] ?? '';
  const verbs = new Set(TOOL_NAME_STOPWORDS.has(first) ? [first] : []);
  const descriptionTerms = subjectTerms(tool.description);
  const name = expandStems(nameTerms);
  const description = expandStems(descriptionTerms);
  for (const w of name) description.delete(w);
  const said = { name: ownStems(nameTerms), description: ownStems(descriptionTerms) };
  for (const w of said.name) said.description.delete(w);
  const about = new Set([...description].filter((w) => !WHEN_STEMS.has(w)));
  return { name, description, all: new Set([...name, ...description]), said, verbs, about, tellsNow: TELLS_NOW.test(tool.description ?? '') };
}

/** The stems a tool's name and description say themselves, without their families. */
export function ownWordsOf(tool: ToolSpec): ToolWords['said'] {
  return toolWords(tool).said;
}

/** A request's first word, after a courtesy ("please", "can you"): the verb of one said as a command ("Search the catalogue for…"). */
const COMMAND = /^\s*(?:(?:please|pls|kindly|can you|could you|would you|will you)\s+)*([\p{L}]+)/iu;

/** Two tools' likelihood compared, the likelier first: by score, then the words each says itself, then timeliness. */
function byLikelihood(a: { score: number; own: number; timely: number }, b: { score: number; own: number; timely: number }): number {
  return b.score - a.score || b.own - a.own || b.timely - a.timely;
}

/**
 * The tool the question is about, or null when none is clearly meant (no overlap, or two tools
 * equally likely). Words count by stem and by family ("raining" means weather), a name's words
 * more than a description's, which mentions incidental ones: one of those alone is `slight`.
 * Between tools of one family (an order tool and a parcel tracker both know "parcel" and
 * "track" through it) the words a tool says itself decide: "Track parcel 77120" is the tracker's,
 * "where is my order 48213" the order tool's, and "where's my package 5512", said by neither,
 * stays unclear. Asked about the days ahead, a tool that tells how things are now gives way to
 * one alike that does not ("Will it rain in Oslo this week?" beside current weather and a
 * forecast); asked about now, the other way ("Is it raining in Bergen?").
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
  const ahead = AHEAD.test(question);
  const now = !ahead && (NOW.test(question) || GOING_ON.test(question));
  // The command's verb as said, not inflected: "Getting 'no such table'…" gives no command.
  const command = (COMMAND.exec(question)?.[1] ?? '').toLowerCase();
  // A tool that tells how things are now is no answer to how they usually are or were: another may be.
  const scored = tools
    .filter((tool) => !notNow(question, tool))
    .map((tool) => {
      const words = toolWords(tool);
      // Said as a command, a name's verb is the name's word: "Search the catalogue for red running shoes".
      // Beside a word of what the tool is about only: a verb alone ("Get rid of the extra ones…" to
      // get_weather) begins every kind of sentence, and so it does beside a word saying when the tool
      // tells ("Get the current time in UTC…": get_weather's "Current weather…").
      const byDescription = overlap(wanted, words.description);
      const bySubject = overlap(wanted, words.name);
      const byName = bySubject + (words.verbs.has(command) && bySubject + overlap(wanted, words.about) > 0 ? 1 : 0);
      const matched = [...wanted].filter((w) => words.name.has(w) || words.description.has(w));
      const own = 2 * overlap(wanted, words.said.name) + overlap(wanted, words.said.description);
      // Of two alike, one that tells how things are now is the lesser for the days ahead, the better for now.
      const timely = ahead ? (words.tellsNow ? 0 : 1) : now && words.tellsNow ? 1 : 0;
      return { tool, words, matched, slight: byName === 0 && byDescription === 1, score: 2 * byName + byDescription, own, timely };
    })
    .filter((s) => s.score > 0)
    .sort(byLikelihood);
  const [best, runnerUp] = scored;
  if (!best || (runnerUp && byLikelihood(best, runnerUp) === 0)) return null;
  const vocabulary = best.words.all;
  const read = extractArguments(question, best.tool.parameters, vocabulary);
  return { tool: best.tool, arguments: read?.args ?? null, matched: best.matched.map(asSaid), guessed: read?.guessed ?? [], slight: best.slight, vocabulary };
}

/**
 * The one tool that looks things up by an id, called with `reference` (an id the question gives,
 * "#P404" or "880214"), when the question says nothing else: with an order tool and a weather
 * tool, "check #P404 pls" can only mean the order. Null when no tool, or more than one, takes a
 * required id (an order's and a ticket's: which one is meant is not said).
 */
export function referenceMatch(question: string, reference: string, tools: ToolSpec[]): ToolMatch | null {
  const byId = tools.filter((t) => {
    const required: unknown = t.parameters.required;
    return Array.isArray(required) && required.some((name) => typeof name === 'string' && isIdLike(name));
  });
  if (byId.length !== 1) return null;
  const tool = byId[0]!;
  const vocabulary = toolWords(tool).all;
  const read = extractArguments(question, tool.parameters, vocabulary);
  // Said alone, the reference is given, not guessed: there is nothing else it could be. But only as
  // written: an integer id read from "ORD_77-301" would be 77, another order's.
  const id = reference.replace(/^#/, '');
  if (!read || !Object.values(read.args).some((v) => (typeof v === 'number' ? /^\d+$/.test(id) && Number(id) === v : String(v) === id))) return null;
  return { tool, arguments: read.args, matched: [], guessed: [], slight: false, vocabulary, reference };
}

/** The words a description says its tool tells how things are now with ("Current weather…", "live prices"). */
const TELLING_NOW = ['current', 'currently', 'live', 'right now', 'real-time', 'realtime'];
const TELLS_NOW = new RegExp(`\\b(?:${TELLING_NOW.join('|')})\\b`, 'i');
/** The stems of TELLING_NOW's single words: a description says with them when its tool tells, not what about. */
const WHEN_STEMS: ReadonlySet<string> = new Set(TELLING_NOW.filter((w) => /^\p{L}+$/u.test(w)).map(stem));
/** A question about how things usually are or were: a habit, an average, a season or month, the past. */
const NOT_NOW =
  /\b(?:usually|typically|normally|generally|on average|average|ever|historically|last (?:week|month|year|summer|winter|spring|autumn)|yesterday|in (?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter))\b/i;
/** A question about the days ahead: "tomorrow", "this week", "next weekend", "in three days", "on Friday". */
const AHEAD =
  /\b(?:tomorrow|this (?:week|weekend)|next (?:week|weekend|month|few days|\d+ days)|in (?:a few|\d+|two|three|four|five) days|(?:on|this|next) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/i;
/** …unless it also asks about now ("What is it like in May right now?"). */
const NOW = /\b(?:now|today|tonight|currently|at the moment|this (?:morning|afternoon|evening|week))\b/i;
/** A question about what is going on: "Is it raining in Bergen?", "are they delivering yet?". */
const GOING_ON = /\b(?:is|are|'s|’s)\s+(?:it|there|they)\s+\p{L}+ing\b/iu;

/**
 * Whether the question asks a tool that tells how things are now about how they usually are or
 * were: "What's the weather usually like in Spain in May?" is climate, which no current reading
 * answers. The model answers it itself.
 */
function notNow(question: string, tool: ToolSpec): boolean {
  return toolWords(tool).tellsNow && NOT_NOW.test(question) && !NOW.test(question);
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
