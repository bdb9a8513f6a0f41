// The offline provider's router: which of the offered tools (knowledge search included) a
// message needs, decided before any of them runs, with the reason. No model is involved:
// - small talk and arithmetic need nothing (the local model answers them itself);
// - each clause of the message is matched against the project's tools by their words, and a
//   tool is called when the clause also gives its required arguments ("order 48213"), unless
//   they were only guessed ("LIMIT 100") and the rest of the clause is the knowledge's own;
// - what no tool explains goes to knowledge search only when the corpus covers its content
//   words (IDF-weighted, see coverage.ts) and the question is worded as the knowledge is (its
//   telling words commoner there than in everyday English, and said there together when it also
//   says what the knowledge never does; no word of the asker's own life that the knowledge never
//   says): questions it cannot answer are not searched. A small knowledge base is searched when
//   it holds any of the question's content words.
import { KNOWLEDGE_TOOL, type CorpusStats, type ToolCall, type ToolSpec } from '../../types.js';
import { MAX_TOOL_CALLS_PER_ROUND } from '../../toolCallLimit.js';
import { stem } from '../../../text/stem.js';
import { isLifeWord } from '../../../text/everydayLife.js';
import { capitalKeywords } from '../../../text/keyTokens.js';
import { everydayFrequency, saidInLowerCase } from '../../../text/everydayEnglish.js';
import { arithmeticQuestion } from './arithmetic.js';
import { conversionQuestion } from './conversion.js';
import { clauses } from './clauses.js';
import { COVERAGE_THRESHOLD, contentTerms, fullyPresent, measureCoverage, measureTypicality, namedWords, SMALL_CORPUS_CHUNKS, typicalityOf, TYPICALITY_THRESHOLD, type Coverage, type Typicality } from './coverage.js';
import { smallTalk, type SmallTalk } from './smallTalk.js';
import { listedValues } from './tools/listed.js';
import { identifier, isReferenceCode } from './tools/identifiers.js';
import { matchTool, ownWordsOf, referenceMatch, type ToolMatch } from './tools/match.js';
import { contractionHead, startsSentence, subjectTerms, WORD, wordsIn, type Word } from './tools/read.js';
import { expandStems, messageStems } from './toolVocabulary.js';
import { irregularPastOf } from '../../../text/irregularVerbs.js';

export interface Route {
  calls: ToolCall[];
  /** Why: shown in the ask's `thinking` event and kept in its history. */
  reason: string;
  /** Requests of the message past what one round looks up, not made (MAX_TOOL_CALLS_PER_ROUND). */
  leftOut?: number;
}

function describeArguments(args: Record<string, unknown>): string {
  const pairs = Object.entries(args).map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return pairs.length ? ` (${pairs.join(', ')})` : '';
}


/** `text` less the words `drop` picks, its spaces closed up: what a clause says besides a tool's words. */
function withoutWords(text: string, drop: (word: string) => boolean): string {
  return text.replace(WORD, (w) => (drop(w) ? '' : w)).replace(/\s+/g, ' ').trim();
}

/**
 * Why the knowledge, not the tool, is what a clause means; null when the tool stands. Asked when
 * the tool's arguments were only guessed ("LIMIT 100", "in a table") or a single word of its
 * description is all the clause shares with it ("conditions"). The clause less the tool's own
 * words must still be a question the knowledge covers, worded as it is: "Does LIMIT 100 apply
 * before or after ORDER BY?" leaves "limit" and "apply", which a SQL manual says throughout,
 * while "my order hasn't come yet, it's 48213" leaves nothing it is about. Knowledge too small
 * to tell its own words from everyday ones (see knowledgeCall) claims a guessed call only by
 * the slight match's stricter rule: any word it holds. With no knowledge to weigh against, a
 * slight match is not acted on.
 */
async function knowledgeClaims(part: string, match: ToolMatch, corpus: CorpusStats | undefined): Promise<string | null> {
  const doubted = doubtsAbout(part, match);
  if (!doubted) return null;
  if (!corpus) return match.slight ? `${doubted}: too little to call it on` : null;
  // Less the tool's words, and an id it guessed ("64MB"), which no knowledge would say; a guessed
  // place stays, for the knowledge to recognise as its own word ("in a table").
  const toolWords = new Set(match.matched.map(stem));
  const ids = new Set(match.guessed.map((name) => String(match.arguments?.[name])).filter((v) => /\p{N}/u.test(v)));
  const rest = withoutWords(part, (w) => toolWords.has(stem(w.toLowerCase())) || ids.has(w));
  const knowledge = await knowledgeCall(rest, corpus);
  // `chunks` is known once the frequencies were read.
  if (!knowledge.call || (corpus.chunks <= SMALL_CORPUS_CHUNKS && !match.slight)) return null;
  return `${doubted}, and without its words ${knowledge.reason}`;
}

/** What makes a tool's match on `part` doubtful, said as the reason says it; null when nothing does. */
function doubtsAbout(part: string, match: ToolMatch): string | null {
  const doubts = [
    ...(match.slight ? [`only one word of its description (${match.matched.join(', ')})`] : []),
    ...(match.guessed.length ? [`only a guessed ${match.guessed.map((name) => `${name} ${JSON.stringify(match.arguments?.[name])}`).join(', ')}`] : []),
  ];
  return doubts.length ? `"${part}" has ${doubts.join(' and ')} of ${match.tool.name}` : null;
}

/**
 * Why a tool is not called on a clause that shares one word of its description and gives none of
 * its arguments but guessed ones, or shares only the word its argument is named by, whatever the
 * knowledge holds: "I moved to a new city for work and know nobody…" says "city" and nothing that
 * is one ("work" only follows "for"), and with knowledge to weigh against it called get_weather
 * for "work". Either doubt alone is weighed (knowledgeClaims); both together are too little. Null
 * when the tool may stand.
 */
function tooLittle(part: string, match: ToolMatch): string | null {
  const args = Object.keys(match.arguments ?? {});
  if (!match.slight || !args.length) return null;
  if (args.every((name) => match.guessed.includes(name))) return `${doubtsAbout(part, match)}: too little to call it on`;
  // The one word it shares names what the tool's argument is, not what the tool tells: "Where can I
  // get the best view over the city in Paris?" gives a city and asks nothing of its weather.
  // Read as a tool's own name is (subjectTerms): "cityName" is the words city and name, as "city_name" is.
  const kinds = new Set(args.flatMap((name) => [...subjectTerms(name)].map(stem)));
  if (match.matched.every((w) => kinds.has(stem(w.toLowerCase())))) return `"${part}" says only what ${match.tool.name}'s argument is (${match.matched.join(', ')}), nothing of what it tells`;
  return null;
}

/**
 * The project tools the message's clauses call, and the clauses no tool explains; `claimed`
 * when the knowledge was found to be what one of those means (knowledgeClaims); `own`, the called
 * tools' stems (calledToolStems), which the clauses beside the calls are judged without.
 */
async function matchClauses(
  message: string,
  tools: ToolSpec[],
  corpus: CorpusStats | undefined,
  limit: number,
): Promise<{ calls: ToolCall[]; reasons: string[]; rest: string[]; claimed: boolean; own: Set<string>; asked: (part: string) => string; notMade: number }> {
  const calls: ToolCall[] = [];
  const reasons: string[] = [];
  const unexplained: string[] = [];
  let claimed = false;
  const requests = clauses(message).flatMap((part) => requestsIn(part, tools));
  const parts = requests.map((r) => r.part);
  // The tools a clause asks for without their arguments ("what's the weather there now?").
  const wanting = new Set<ToolSpec>();
  // Requests past the limit of calls in a round ("where is order 10001? … 11455?"): counted, not made.
  let notMade = 0;
  for (const { part, match } of requests) {
    if (!match?.arguments) {
      if (match) wanting.add(match.tool);
      unexplained.push(part);
      continue;
    }
    const madeAlready = (args: Record<string, unknown>) => calls.some((c) => c.name === match.tool.name && sameArguments(c.arguments, args));
    if (calls.length >= limit) {
      // One asked again ("…order 10001? …and 10001 again?") was made already.
      if (!madeAlready(match.arguments)) notMade++;
      continue;
    }
    const weak = tooLittle(part, match);
    if (weak) {
      reasons.push(weak);
      unexplained.push(part);
      continue;
    }
    const claim = await knowledgeClaims(part, match, corpus);
    if (claim) {
      reasons.push(claim);
      unexplained.push(part);
      claimed = true;
      continue;
    }
    // "weather in Paris and London": the same tool again for each value listed after the first.
    const asked = [match.arguments, ...listedValues(part, match)].filter((args) => !madeAlready(args));
    const made = asked.slice(0, limit - calls.length);
    notMade += asked.length - made.length;
    for (const args of made) calls.push({ id: `local-${match.tool.name}-${calls.length + 1}`, name: match.tool.name, arguments: args });
    if (made.length) {
      const why = match.reference ? `gives only a reference (${match.reference}), and ${match.tool.name} is the one tool that looks one up` : `asks for what ${match.tool.name} does (${match.matched.join(', ')})`;
      reasons.push(`"${part}" ${why}${made.map(describeArguments).join('')}`);
    }
  }
  // The arguments may sit in another clause than the tool's words ("My order is 48213. Where is it?"),
  // if they are given, not guessed: a tool's word in one clause and any "of the world" or "for work"
  // in another are no request ("I failed one module of my nursing degree. Is that the end of the
  // world…?" called get_weather for "world"). Written "Oslo", a city is given; "oslo" is a guess.
  // The clauses that say neither its words nor its arguments are judged beside the call as any
  // other clause is ("…in Dublin today. Is it cold there? And how do I set my user name?"). The
  // tool a clause asked for is the one looked for: "I'm flying to Zurich tomorrow, what's the
  // weather there now? Also how do I view pool status…?" says an order tool's "status" too.
  let others = unexplained;
  if (!calls.length && parts.length > 1 && tools.length) {
    const whole = wholeMessageMatch(message, tools, wanting);
    const own = whole?.arguments ? parts.filter((part) => saysCall(part, whole)) : [];
    if (whole?.arguments && !whole.guessed.length && !(await knowledgeClaims(own.join(' '), whole, corpus))) {
      calls.push({ id: `local-${whole.tool.name}-1`, name: whole.tool.name, arguments: whole.arguments });
      reasons.push(`the message asks for what ${whole.tool.name} does (${whole.matched.join(', ')})${describeArguments(whole.arguments)}`);
      others = parts.filter((part) => !own.includes(part));
    }
  }
  // Small talk around the requests ("Thanks!") needs nothing, nor, beside a tool call, a clause
  // that only asks for it to be done in the tool's own words ("Can you look it up?", "Could you see
  // whether it's out for delivery?"): it names no subject of its own; nor one that only tells the
  // setting ("Heading out for a run —", onlyTellsSetting). A clause that echoes the call with words
  // of its own ("When will it get here?") is searched for only if the knowledge covers them (the
  // coverage check decides), so "…and how many days can items be returned?" still is.
  const own = calledToolStems(calls, tools);
  const spoken = others.filter((part) => !smallTalk(part));
  if (!calls.length) return { calls, reasons, rest: spoken, claimed, own, asked: (part) => part, notMade };
  const joined = new Set(requests.filter((r) => r.joined).map((r) => r.part));
  const setting = spoken.filter((part) => !joined.has(part) && onlyTellsSetting(part, message));
  if (setting.length) reasons.push(`${setting.map((part) => `"${part}"`).join(', ')} only ${setting.length > 1 ? 'tell' : 'tells'} the setting: nothing to search`);
  const rest = spoken.filter((part) => !setting.includes(part) && !onlyAsksToAct(part, own));
  const searched = new Set(rest);
  return { calls, reasons, rest, claimed, own, asked: (part) => withWhatItRefersTo(part, parts, searched), notMade };
}

/**
 * The tool the whole message asks for: among those its clauses asked for without arguments, the
 * one tool the message gives arguments for; with none asked for, the one matchTool finds.
 */
function wholeMessageMatch(message: string, tools: ToolSpec[], wanting: ReadonlySet<ToolSpec>): ToolMatch | null {
  if (!wanting.size) return matchTool(message, tools);
  const given = [...wanting].map((tool) => matchTool(message, [tool])).filter((m) => m?.arguments && !m.guessed.length);
  return given.length === 1 ? given[0]! : null;
}

/** A pronoun standing for something said before: "abort it", "add them", "…resync that?". */
const REFERS_BACK = /\b(?:it|them)\b|\b(?:this|that)(?=\s*(?:[?.!,;]|$))/iu;

/**
 * A clause searched beside a tool call, with the clause before it when it refers back to that one
 * and that one is not searched itself: in "I'm stuck indoors in Seattle fighting a rebase gone wrong.
 * How do I abort it, and what's it like outside there?" the weather tool takes the first clause (it
 * names the city), and "How do I abort it" alone would find every command that aborts. A pronoun
 * after words of the clause's own besides its verb ("…create a new branch and switch to it") most
 * likely stands for one of them.
 */
function withWhatItRefersTo(part: string, parts: readonly string[], searched: ReadonlySet<string>): string {
  const pronoun = REFERS_BACK.exec(part);
  if (!pronoun || contentTerms(part.slice(0, pronoun.index)).length > 1) return part;
  const before = parts[parts.indexOf(part) - 1];
  return before && !searched.has(before) ? `${before} ${part}` : part;
}

/** A request of a message, with the tool it matches (null: none); `joined`: a thing asked for beside a tool's request in its clause (aside). */
type Request = { part: string; match: ToolMatch | null; joined?: boolean };

/**
 * The requests in one clause, each with the tool it matches (null: none). A clause a tool explains
 * with its arguments may hold another request beside it (aside). A clause no tool explains whole,
 * joined by "and", "then", "plus", a comma or "&" ("weather in Oslo and order 48213": two tools'
 * words, neither ahead, so neither was chosen), is its pieces when one of them is a tool's with
 * its arguments; else the clause as it is.
 */
function requestsIn(part: string, tools: ToolSpec[]): Request[] {
  const reference = bareReference(part, tools);
  if (reference) return [{ part, match: reference }];
  const match = tools.length ? matchTool(part, tools) : null;
  if (match?.arguments) return aside(part, match, tools);
  if (match || !tools.length) return [{ part, match }];
  const pieces = part
    .split(/\s*,\s*|\s+(?:and|then|plus)\s+|\s*&\s*/u)
    .filter((p) => /[\p{L}\p{N}]/u.test(p))
    .map((p) => ({ part: p, match: matchTool(p, tools) }));
  return pieces.length > 1 && pieces.some((p) => p.match?.arguments) ? pieces : [{ part, match: null }];
}

/**
 * A tool's request and another set side by side with a plus, an ampersand or a dash ("how do I
 * enable the query cache + weather in Oslo"), as their pieces when only some say the tool's request
 * whole: the one matching it with the arguments, and the others matching no tool. Else the same
 * with "and", "plus", "along with", "as well as" or "together with" between them ("the status of
 * order #T4400 and an explanation of BEGIN IMMEDIATE"), when the tool's piece gives the clause's
 * own arguments and no other piece refers back to it: "lives in Oslo and says it's freezing" is one
 * request, of Oslo's weather, and so is "(order id MON-4471) and our admin is asking when it
 * lands". Else the clause as matched. Commas are left to join a list ("weather in Oslo, Bergen").
 */
function aside(part: string, match: ToolMatch, tools: ToolSpec[]): Request[] {
  const whole = [{ part, match }];
  if (!SYMBOL_JOINER.test(part) && !WORD_JOINER.test(part)) return whole;
  // "order 48213 & 50012", "weather in Paris and Oslo": a list of the tool's values.
  if (listedValues(part, match).length) return whole;
  const bySymbol = besideRequest(part, match, tools, SYMBOL_JOINER, () => true);
  if (bySymbol) return bySymbol;
  const byWords = besideRequest(part, match, tools, WORD_JOINER, (p) => (p.match ? sameArguments(p.match.arguments, match.arguments) : !REFERS_BACK.test(p.part)));
  // A piece joined so that names a thing and states nothing ("get the status of order 77 as well as
  // the steps to undo a commit") is what the clause's verb asks for besides the tool's, not the
  // setting told around a request ("…and the tracking page is down"): only here is it known to be
  // joined to a request; standing alone, "A quick run before work." is the setting.
  return byWords?.map((p) => (!p.match && NAMES_A_THING.test(p.part) && !STATES.test(p.part) ? { ...p, joined: true } : p)) ?? whole;
}

/** A piece that opens as a thing asked for does: an article, "some"/"any", or a question word. */
const NAMES_A_THING = /^(?:the|a|an|some|any|how|what|which|why|where|when|whether)\b/iu;
/** A verb of being, with which a piece states something rather than names it. */
const STATES = /\b(?:is|are|was|were|isn['’]t|aren['’]t|wasn['’]t|weren['’]t)\b/iu;

/** What sets a second request beside a tool's in one clause: a plus, an ampersand or a dash; or words. */
const SYMBOL_JOINER = /\s+[+&\-–—]\s+/u;
const WORD_JOINER = /,?\s+(?:and|plus|along with|as well as|together with)\s+/iu;

/** Whether two calls of a tool have the same arguments. */
const sameArguments = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The clause's pieces between `joiner`s, when some match `match`'s tool with arguments and the
 * rest no tool, each piece passing `fits` (the tool's pieces with theirs, the others with none); else null.
 */
function besideRequest(part: string, match: ToolMatch, tools: ToolSpec[], joiner: RegExp, fits: (p: Request) => boolean): Request[] | null {
  const pieces = part.split(joiner).filter((p) => /[\p{L}\p{N}]/u.test(p));
  if (pieces.length < 2) return null;
  const matched = pieces.map((p) => ({ part: p, match: matchTool(p, tools) }));
  const called = matched.filter((p) => p.match?.tool === match.tool && p.match.arguments);
  return called.length && matched.every((p) => (called.includes(p) || !p.match) && fits(p)) ? matched : null;
}

/** Whether a clause is a tool's part of a message: it says one of the tool's words, or one of the arguments read for it. */
function saysCall(part: string, match: ToolMatch): boolean {
  if (matchTool(part, [match.tool])) return true;
  const lower = part.toLowerCase();
  return Object.values(match.arguments ?? {}).some((value) => lower.includes(String(value).toLowerCase()));
}

/**
 * Verbs of asking for something to be done, with the particles they take ("look it up", "check
 * on it"), the words of asking for it now ("What's the weather there now?") and of asking how it
 * stands ("Any update?", "Any news?"): a clause of nothing else ("Can you look it up?", "Please
 * check.") asks for the request beside it to be carried out.
 */
const ACTING = new Set('look check find see search track trace help confirm verify fetch get up on into out for whether if now today tonight currently right still yet moment update updates news progress status eta'.split(' '));

/** Whether a clause says nothing but ACTING words and the called tools' own (`own`, stems): "Could you see whether it's out for delivery?" */
function onlyAsksToAct(clause: string, own: ReadonlySet<string>): boolean {
  const words = contentTerms(clause);
  return words.length > 0 && words.every((w) => ACTING.has(w) || own.has(stem(w)));
}

/** No tool's words: read without them, only an id written with "#" is given ("#K220"), any other a guess. */
const NO_WORDS: ReadonlySet<string> = new Set();

/**
 * A clause that gives a reference and nothing else but words of looking it up (ACTING): "check
 * #P404 pls", "where's #K220?", "can you look up 880214?". It names no tool, yet with one tool that
 * looks things up by an id it can mean nothing else (referenceMatch). The reference is read as a
 * tool's id is (identifier): written with "#", or else five digits or more or a reference code
 * ("look up ORD_77-301 pls"), with a word of looking it up ("check", "where") to ask about it at all.
 * Fewer digits alone are as likely a quantity or a year, and letters with digits without "#" a name
 * ("sha256", "utf8").
 */
function bareReference(part: string, tools: ToolSpec[]): ToolMatch | null {
  const id = identifier(part, NO_WORDS);
  if (!id || (id.guessed && !/^\d{5,}$/.test(id.value) && !isReferenceCode(id.value))) return null;
  const written = id.guessed ? id.value : `#${id.value}`;
  const words = contentTerms(part.replace(written, ' '));
  if (words.some((w) => !ACTING.has(w))) return null;
  if (id.guessed && !words.length && !/\bwhere\b/iu.test(part)) return null;
  return referenceMatch(part, written, tools);
}

/**
 * Words that ask: of a question ("how", "which"), of a request ("explain", "remind", "I need", "I'm
 * wondering"), of one more request ("also", "separately"), and of a problem or a doubt, which asks
 * without asking ("my push keeps failing", "I can't remember the syntax", "the push got
 * rejected"). A clause beside a tool call saying none, with none before it in its sentence ("I
 * need the delivery estimate for order 41-7702, and also the syntax for…"), asks nothing.
 */
const ASKING = new Set(
  [
    'how what whats why when where which who whom whose whether',
    'tell explain show remind walk teach describe list give need needs want wants wonder wondering curious know help learn understand please',
    'also plus separately besides btw',
    'remember recall confused unsure sure figure stuck struggling trying error errors fail fails failing failed broken wrong problem problems issue issues trouble cant cannot doesnt wont isnt',
    'rejected refused denied crash crashed crashes hangs hanging slow missing lost corrupt corrupted conflict conflicts warning warnings complains says',
  ].join(' ').split(' '),
);
/** The words of a text in lower case, a contraction one word without its apostrophe ("can't" → cant), as ASKING has them. */
function lowerWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}'’]+/gu) ?? []).map((w) => w.replace(/['’]/g, ''));
}

/** A question's inverted verb, first in its clause: "is there a setting for…" asks without a question mark. */
const INVERTED = new Set('is are am was were can could would will should do does did may might shall has have'.split(' '));

/**
 * Whether a clause beside a tool call only tells the setting: a statement, with no question mark
 * and no word of asking in it or before it in its sentence. "Heading out for a run — how cold is
 * it in Portland?", "Could you check order #Q-2231? The tracking page is down.": the weather and
 * the order are asked for, and a manual that says "run", "page" and "down" throughout is not.
 */
function onlyTellsSetting(part: string, message: string): boolean {
  if (part.includes('?')) return false;
  const said = lowerWords(part);
  if (!said.length || INVERTED.has(said[0]!)) return false;
  // Clauses are the message's text, trimmed: found in it, what stands before one in its sentence is read too.
  const at = message.indexOf(part);
  const before = at > 0 ? message.slice(0, at).split(/[.?!\n]/u).at(-1)! : '';
  return ![...said, ...lowerWords(before)].some((w) => ASKING.has(w));
}

function knowledgeSearch(query: string): ToolCall {
  return { id: 'local-knowledge', name: KNOWLEDGE_TOOL.name, arguments: { query } };
}

/**
 * The words the knowledge never says (`unknown`, its document frequencies 0), less the irregular
 * past forms of verbs it does say: "went" is in no page of Git's manual, "go" in many, and "My
 * rebase went wrong halfway through…" is about a rebase. A regular past ("vanished") is read
 * as a verb where it matters (qualifiedWords); an irregular one has no ending to tell it by.
 */
async function unsaidWords(unknown: string[], corpus: CorpusStats): Promise<string[]> {
  const verbs = [...new Set(unknown.flatMap(irregularPastOf))];
  if (!verbs.length) return unknown;
  const said = await corpus.documentFrequency(verbs);
  return unknown.filter((w) => !irregularPastOf(w).some((verb) => (said.get(verb) ?? 0) > 0));
}

/** Knowledge search for `text` when the corpus covers it, with the figures that decided it. */
async function knowledgeCall(text: string, corpus: CorpusStats | undefined): Promise<{ call: ToolCall | null; reason: string }> {
  const call = knowledgeSearch(text);
  if (!contentTerms(text).length) return { call: null, reason: 'no content words to search knowledge for' };
  if (!corpus) return { call, reason: 'the project has knowledge to search (no corpus statistics to judge coverage)' };
  const c = await measureCoverage(text, corpus);
  const unknown = c.terms.filter((t) => t.df === 0).map((t) => t.term);
  const figures = `IDF coverage ${c.coverage.toFixed(2)} ${c.coverage >= COVERAGE_THRESHOLD ? '≥' : '<'} ${COVERAGE_THRESHOLD} over ${c.chunks} chunks` + (unknown.length ? `; not in the knowledge: ${unknown.join(', ')}` : '');
  // A few chunks cannot show which words are the knowledge's own: any word they hold is in a large share of them.
  if (c.chunks <= SMALL_CORPUS_CHUNKS) {
    if (c.coverage >= COVERAGE_THRESHOLD) return { call, reason: `the knowledge covers "${text}" (${figures})` };
    const held = c.terms.filter((t) => t.df > 0).map((t) => t.term);
    if (held.length) return { call, reason: `the knowledge is small (${c.chunks} chunks) and holds some of "${text}": ${held.join(', ')} (${figures})` };
  }
  const named = namedIdentifier(text, c.terms);
  if (named) return { call, reason: `"${text}" names ${named}, whose words the knowledge holds (${figures})` };
  const t = measureTypicality(c, corpus);
  if (c.coverage < COVERAGE_THRESHOLD) {
    const own = ownWord(c, t);
    if (own) return { call, reason: `"${text}" says ${own.term}, the knowledge's own word (${ratio(own.ratio)} as common there as in everyday English, in ${Math.round(own.share * 100)} % of its chunks; ${figures})` };
    const keyword = shoutedKeyword(text, t);
    if (keyword) return { call, reason: `"${text}" writes ${keyword.word} in capitals, as a keyword, and the knowledge says it ${ratio(keyword.ratio)} as often as everyday English (${figures})` };
    return { call: null, reason: `the knowledge does not cover "${text}" (${figures})` };
  }
  const telling = t.telling.length ? `${t.telling.map((w) => `${w.term} ${ratio(w.ratio)}`).join(', ')} as common there as in everyday English` : 'no word of it indexed';
  if (t.typicality < TYPICALITY_THRESHOLD) return { call: null, reason: `"${text}" is worded as everyday English, not as the knowledge is (${figures}; ${telling}: ${ratio(t.typicality)} < ${TYPICALITY_THRESHOLD}×)` };
  // Worded as the knowledge is, but every word of it everyday English that the knowledge says only
  // in passing ("How many continents are there?" over a manual that once says "on a continent A"):
  // a word in a chunk or two of hundreds is an aside there, not a subject. A name people never say
  // ("heappush", "isleap") is a subject wherever it is: it is many times commoner there than in speech.
  const least = fullyPresent(c.chunks);
  if (t.typicality < PASSING_RATIO && c.terms.every((x) => x.df < least)) {
    return { call: null, reason: `the knowledge mentions "${text}" only in passing: each of its words in fewer than ${least} of ${c.chunks} chunks (${figures}; ${telling})` };
  }
  // What the knowledge never says weighs from here on; worked out here, not before the returns above,
  // for it may ask the knowledge once more (unsaidWords).
  const missing = await unsaidWords(unknown, corpus);
  // A word asked about as a word ("a definition of the word 'serendipity'") that the knowledge never
  // says: the question is about it, so the knowledge cannot answer, whatever else it shares.
  const asWord = namedWords(text).filter((w) => missing.includes(w));
  if (asWord.length && !ownWord(c, t)) {
    return { call: null, reason: `"${text}" asks about the word ${asWord.join(', ')}, which the knowledge never says (${figures}; ${telling})` };
  }
  // A word of the asker's own life the knowledge never says (text/everydayLife.ts: "boyfriend",
  // "migraine", "wedding") makes the question theirs, however many telling words it borrows
  // ("…not ready to commit after three years together": commit 57×, together, ready). Over the
  // 3,022 intent and everyday prompts of the four corpora it kept 20 more everyday ones from being
  // searched, and none of the 1,680 documentation questions lost its search.
  const life = missing.filter(isLifeWord);
  if (life.length && !ownWord(c, t)) {
    return { call: null, reason: `"${text}" is about the asker's own life: it says ${life.join(', ')}, which the knowledge never does (${figures}; ${telling})` };
  }
  // What the knowledge never says, and the names of the world it says less often than everyday English does.
  const words = wordsIn(text, WORD);
  const names = worldlyNames(text, words, t);
  // And the compounds it writes with hyphens that the knowledge never says ("push-ups").
  const tellingWords = tellingTerms(t);
  const compounds = await unsaidCompounds(text, c, tellingWords, corpus);
  const unsaid = compounds.map((parts) => parts.join('-'));
  const foreign = [...missing, ...names, ...unsaid];
  const lacks = [...missing, ...unsaid];
  const says = [lacks.length ? `${lacks.join(', ')}, which the knowledge never does` : '', names.length ? `${names.join(', ')}, a name the knowledge says less often than everyday English does` : ''].filter(Boolean).join(', and ');
  // A telling word that a word the knowledge never says qualifies ("a gratitude journal", "a ball
  // python"), or that qualifies such a word ("index cards"), is the knowledge's word in another
  // sense: it tells nothing of the question being the knowledge's. So is a part of such a compound.
  const hyphened = compounds.flat().filter((w) => tellingWords.has(w));
  const qualified = [...new Set([...qualifiedWords(words, missing, tellingWords), ...hyphened])];
  const sensed = qualified.length ? typicalityOf(t.ratios.filter((r) => !qualified.includes(r.term))) : t;
  const inSense = qualified.length ? ` (${qualified.join(', ')} beside it, in another sense)` : '';
  const borrowed = borrowedWord(c, sensed, foreign);
  if (borrowed) {
    const one = borrowed.telling ? `only ${borrowed.telling.term} (${ratio(borrowed.telling.ratio)})` : 'none';
    return { call: null, reason: `"${text}" is about the world: it says ${says}${inSense}, and ${one} of its words is ${TELLING_RATIO}× as common there as in everyday English or more (${figures}; ${telling})` };
  }
  const apart = await borrowedWords(c, sensed, foreign, corpus);
  if (apart) {
    return { call: null, reason: `"${text}" is about the world: it says ${says}${inSense}, and its telling words meet there no more often than chance would have them (${apart}; ${figures}; ${telling})` };
  }
  return { call, reason: `the knowledge covers "${text}" (${figures}; ${telling})` };
}

/**
 * Knowledge search for the clauses beside tool calls, each judged on its own and less the called
 * tools' own words (`own`, their stems): "That's my order number." beside order_status restates its argument ("order",
 * "number" are in its description) and asks the knowledge nothing, and in "It's the SSD for the
 * rebuilt replica - what needs to be configured for pcp_recovery_node?" the first clause's words,
 * which no manual says, must not outweigh the second's question. The tool's words are its domain's
 * (toolVocabulary.ts's families): "My order number is 31337. Is it delayed?" asks the order tool
 * whether the order is, though a manual says "delayed" of a standby. The covered clauses, as said (with what a pronoun of theirs refers back to), are the query.
 */
async function besideCalls(rest: string[], own: ReadonlySet<string>, corpus: CorpusStats | undefined, asked: (part: string) => string): Promise<{ call: ToolCall | null; reason: string }> {
  const judged = await Promise.all(
    // A word read in its sense in the clause ("show" of "when will it show up?" is an arrival) is the tool's if its sense is.
    rest.map((part) => knowledgeCall(withoutWords(part, (w) => [...messageStems(part, [w])].some((s) => own.has(s))), corpus)),
  );
  // Judged less the tool's words, searched in the user's own: "status" still helps find "the status of a node".
  const covered = rest.filter((_, i) => judged[i]!.call);
  if (!covered.length) return { call: null, reason: judged.map((j) => j.reason).join('; ') };
  return { call: knowledgeSearch(covered.map(asked).join(' ')), reason: judged.filter((j) => j.call).map((j) => j.reason).join('; ') };
}

/** The stems of the called tools' words, with their vocabulary families (toolVocabulary.ts). */
function calledToolStems(calls: ToolCall[], tools: ToolSpec[]): Set<string> {
  return expandStems(tools.filter((t) => calls.some((c) => c.name === t.name)).flatMap(toolText));
}

/** The words a tool is described with: its name's parts, its description and its parameters' names and descriptions. */
function toolText(tool: ToolSpec): string[] {
  const params = Object.entries((tool.parameters as { properties?: Record<string, { description?: string }> }).properties ?? {});
  return contentTerms([tool.name.replace(/[_-]/g, ' '), tool.description, ...params.flatMap(([name, p]) => [name.replace(/[_-]/g, ' '), p.description ?? ''])].join(' '));
}

/**
 * An identifier the question names ("pcp_recovery_node", "busy_timeout", "--force-with-lease"):
 * a name written as code is the knowledge's when the knowledge holds every word of it, however
 * many everyday words surround it ("…the SSD for the rebuilt replica…").
 */
const IDENTIFIER = /(?<![\p{L}\p{N}])(?:--?[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+|[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+)(?![\p{L}\p{N}])/gu;

function namedIdentifier(text: string, held: { term: string; df: number }[]): string | null {
  const df = new Map(held.map((t) => [t.term, t.df]));
  for (const id of text.match(IDENTIFIER) ?? []) {
    const words = contentTerms(id.replace(/[_-]/g, ' '));
    if (words.length && words.every((w) => (df.get(w) ?? 0) > 0)) return `"${id}"`;
  }
  return null;
}

/**
 * A keyword of four letters or more that the question writes in capitals (capitalKeywords) among
 * words that are not ("What does VACUUM actually do…? My db file stays huge…, it sits on a small
 * SD card."): a question naming one that the knowledge says at least as much commoner than
 * everyday English as a name said in passing (PASSING_RATIO) asks the knowledge, however chatty
 * the rest of it (the everyday words left "VACUUM" at 0.43 of the question's IDF mass). A message
 * written all in capitals shouts; its words are no keywords.
 */
function shoutedKeyword(text: string, t: Typicality): { word: string; ratio: number } | null {
  const capitals = capitalKeywords(text).filter((w) => w.length >= 4);
  if (!capitals.length || capitals.length * 2 > (text.match(WORD) ?? []).length) return null;
  for (const word of capitals) {
    const found = t.ratios.find((r) => r.term === word.toLowerCase());
    if (found && found.ratio >= PASSING_RATIO) return { word, ratio: found.ratio };
  }
  return null;
}

/**
 * The knowledge's own word: one it says in at least OWN_WORD_SHARE of its chunks and at least
 * OWN_WORD_RATIO times as often as everyday English does — its product's name ("pgpool",
 * "sqlite") or a term it is made of. A question that says it is about the knowledge however
 * chatty the rest: "After a messy network blip we ended up with two nodes both acting as the
 * writable master. Can pgpool figure out which one is bogus…" covers 0.40 of its IDF mass
 * ("messy", "blip", "bogus" are nowhere in the manual). Two-letter words are left out (they were
 * left out for "ii", in most of Pgpool-II's chunks, before content terms dropped Roman numerals). The ratio and the
 * share were chosen (3,000× and 15 %, against 300×, 1,000× and 5 %) over every labelled, fresh and
 * blind prompt and question, the blind sets included (see README, Blind intent sets).
 */
const OWN_WORD_RATIO = 3_000;
const OWN_WORD_SHARE = 0.15;

/**
 * How much commoner than in everyday English a question's words may be and still be said only in
 * passing, when each is in fewer chunks than fullyPresent counts in full: 10×. A word people say
 * ("continents": 2.3× in pgpool-II's manual) is under it; a name they never say, in one chunk of
 * thousands, is far over it ("heapq.heappush" in one of Python's 3,207: 179×).
 */
const PASSING_RATIO = 10;

function ownWord(c: Coverage, t: Typicality): { term: string; ratio: number; share: number } | null {
  const df = new Map(c.terms.map((x) => [x.term, x.df]));
  for (const w of t.telling) {
    const share = (df.get(w.term) ?? 0) / c.chunks;
    if (w.term.length > 2 && w.ratio >= OWN_WORD_RATIO && share >= OWN_WORD_SHARE) return { term: w.term, ratio: w.ratio, share };
  }
  return null;
}

/**
 * How much commoner in the knowledge than in everyday English a word must be to tell that a
 * question is the knowledge's (borrowedWord): twice. Over every labelled, fresh and blind prompt
 * and question of the four evaluation corpora, at 100 pages and at every page, 2× kept every
 * documentation question searched; 3× lost two at every page ("Need to draw 5 different people out
 * of a list of names like a lottery…": lottery nowhere in Python's manual, list 11×, different
 * 2.5×), 5× four at 100 pages and three at every page. See README, A borrowed word.
 */
const TELLING_RATIO = 2;

/**
 * A question about the world that borrows one word of the knowledge's: it says something the
 * knowledge never does (`missing`), and at most one of its words is telling (TELLING_RATIO, among
 * the ratios `t` measured). "Where's a sensible place at home to stash some emergency cash?" over
 * Git's manual (stash 19×; cash nowhere), "How often should I clean my swimming pool?" over pgpool-II's (pool 38×; swimming
 * nowhere). A documentation question that says something the manual lacks still says two telling
 * words or more ("check if ffmpeg is installed on the PATH": installed 14×, path 22×), or names an
 * identifier (decided before this). Words the knowledge says rarely but does say ("throw", "away"
 * in "How do I throw away my changes?") do not count: short questions in everyday words are
 * documentation questions as often as not. A question saying the knowledge's own word (ownWord)
 * is left to be searched, as a chatty question about the product is.
 */
function borrowedWord(c: Coverage, t: Typicality, missing: string[]): { telling: { term: string; ratio: number } | null } | null {
  if (!missing.length) return null;
  const telling = t.ratios.filter((r) => r.ratio >= TELLING_RATIO);
  if (telling.length > 1 || ownWord(c, t)) return null;
  return { telling: telling[0] ?? null };
}

/**
 * The names of the world a question gives that the knowledge says less often than everyday English
 * does: words it writes capitalized inside a sentence ("the capital of Australia") that everyday
 * English says as names too (saidInLowerCase: the subtitles capitalize sentences' first words as
 * well, so "Come" and "Bill" are no names unless the question writes them so). A manual may say
 * one in an example ("'Australia/Melbourne'" among time zones), which makes the word present but
 * not the knowledge's subject: for the two rules above it counts as what the knowledge never says.
 * A name the knowledge is about ("PostgreSQL", "Windows" in an installer's manual) is commoner
 * there than in speech, and stays a word of it.
 */
function worldlyNames(text: string, words: readonly Word[], t: Typicality): string[] {
  const capitalized = new Set<string>();
  words.forEach(({ word }, i) => {
    const name = contractionHead(word);
    if (/^\p{Lu}\p{Ll}+$/u.test(name) && !startsSentence(text, words, i)) capitalized.add(name.toLowerCase());
  });
  return t.ratios.filter((r) => r.ratio < 1 && capitalized.has(r.term) && !saidInLowerCase(r.term)).map((r) => r.term);
}

/**
 * How common in everyday English a word the knowledge never says must be to qualify one of its
 * words as an everyday compound's ("gratitude" 7.9e-6, "ball" 1.5e-4 of its words): a rare word
 * before a telling one ("botched" 1.6e-6 in "a botched rebase", "ffmpeg") is the asker's own
 * wording of the knowledge's subject.
 */
const QUALIFIER_FREQUENCY = 5e-6;

/**
 * The telling words (`telling`, tellingTerms) the question says right before or after a word the
 * knowledge never says (`missing`) that everyday English says often (QUALIFIER_FREQUENCY):
 * "gratitude journal", "ball python", "presidential primary", "apple tree", "index cards". Such a
 * pair is a thing of the world the knowledge happens to name half of.
 */
function qualifiedWords(words: readonly Word[], missing: readonly string[], telling: ReadonlySet<string>): string[] {
  // A superlative says which of the knowledge's things ("the biggest values"), not a thing of the world.
  const lacking = new Set(missing.filter((w) => /^\p{Ll}+$/u.test(w) && !/est$/.test(w) && everydayFrequency(w) >= QUALIFIER_FREQUENCY));
  if (!telling.size || !lacking.size) return [];
  const said = words.map(({ word }) => word.toLowerCase());
  // English puts a compound's head last: the word the knowledge lacks may be the thing itself, the
  // telling word before it saying which ("index cards", "a blame culture", "an index fund"). Not a
  // verb's past after its subject ("my commits vanished"), nor a verb before its object: one
  // opening the message or said after a subject, "to" or an auxiliary ("How do I store weather
  // readings…", "to index cards").
  const heads = new Set([...lacking].filter((w) => !/ed$/.test(w)));
  const qualified = (i: number) => i > 0 && lacking.has(said[i - 1]!);
  const modifies = (i: number) => i > 0 && !VERB_BEFORE.has(said[i - 1]!) && heads.has(said[i + 1] ?? '');
  const paired = new Set(said.filter((w, i) => telling.has(w) && (qualified(i) || modifies(i))));
  // What belongs to such a thing is of the world too: "the branches of an apple tree".
  const ofPaired = (i: number) => {
    if (said[i + 1] !== 'of') return false;
    let j = i + 2;
    while (DETERMINERS.has(said[j] ?? '') || lacking.has(said[j] ?? '')) j++;
    return telling.has(said[j] ?? '') && qualified(j);
  };
  return [...new Set([...paired, ...said.filter((w, i) => telling.has(w) && ofPaired(i))])];
}

/** Words that open a noun phrase before its adjectives and noun. */
const DETERMINERS: ReadonlySet<string> = new Set('a an the my your his her its our their this that these those some'.split(' '));

/**
 * The compounds the question writes with hyphens, with a telling word (TELLING_RATIO or more) among
 * their parts (`telling`, tellingTerms), that the knowledge never says: one of its parts is nowhere
 * in the knowledge, or two of them never in one chunk ("push-ups" over Git's manual). The hyphens make it one word of the
 * world's, of which the knowledge happens to say a part; one it does say ("fast-forward",
 * "write-ahead", "read-only") is its own. Each as its parts.
 */
async function unsaidCompounds(text: string, c: Coverage, telling: ReadonlySet<string>, corpus: CorpusStats): Promise<string[][]> {
  const held = new Map(c.terms.map((x) => [x.term, x]));
  const compounds = [...new Set(text.toLowerCase().match(/\p{L}+(?:-\p{L}+)+/gu) ?? [])].map((compound) => compound.split('-')).filter((parts) => parts.some((w) => telling.has(w)));
  // A part the knowledge never says makes it unsaid at once (a part no content word, "to", neither tells nor lacks);
  const lacking = compounds.map((parts) => parts.some((w) => held.get(w)?.df === 0));
  // else two neighbouring parts it says, by the forms they were counted by, that never meet in a chunk.
  const said = (w: string) => (held.get(w)?.df ?? 0) > 0;
  const pairs = compounds.flatMap((parts, at) =>
    lacking[at] ? [] : parts.slice(1).flatMap((w, i) => (said(parts[i]!) && said(w) ? [{ at, pair: [held.get(parts[i]!)!.form, held.get(w)!.form] as const }] : [])),
  );
  const together = pairs.length ? await corpus.jointFrequency(pairs.map((p) => p.pair)) : [];
  const apart = new Set(pairs.filter((_, i) => together[i] === 0).map((p) => p.at));
  return compounds.filter((_, at) => lacking[at] || apart.has(at));
}

/** Words after which the next one is a verb, not a compound's first word: a subject, "to", an auxiliary, "please". */
const VERB_BEFORE: ReadonlySet<string> = new Set('i we you they he she it to can could should would will do does did please let lets'.split(' '));

/** At most this many of a question's telling words are paired (the most telling first): ten pairs, one query. */
const PAIRED_WORDS = 5;

/**
 * A question about the world that borrows several of the knowledge's words: it says something the
 * knowledge never does (`missing`), and its telling words (TELLING_RATIO or more), each the
 * knowledge's in its own sense, meet in its chunks no more often than if they were strewn at random
 * (chunks holding both ≤ the product of their shares × chunks). "Which hook size works best for
 * trout fishing in small streams?" over Git's manual says "hook", "size" and "streams" (in 96, 83
 * and 45 of 2,352 chunks), but "size" with "streams" in one chunk (1.6 by chance) and "hook" with
 * neither (3.4 and 1.8). A documentation question is about one thing, so the pages about it say
 * its words together, however it is worded. Chance is the line, not a fitted threshold; and words
 * too rare to be expected together even once tell nothing by never meeting ("copy" with "folders":
 * 0.17 by chance), so at least one pair must have been expected to meet. The knowledge's own word
 * (ownWord) is searched however its words fall. Known loss: "before I share my work I'd like to
 * combine my last five tiny messy saves into a single clean one, how?" ("combine" with "single" in
 * 6 chunks, 6.5 by chance). Null when the question may be the knowledge's; else the pairs, as the
 * reason says them.
 */
async function borrowedWords(c: Coverage, t: Typicality, missing: string[], corpus: CorpusStats): Promise<string | null> {
  if (!missing.length || ownWord(c, t)) return null;
  const held = new Map(c.terms.map((x) => [x.term, x]));
  // A word in every chunk meets every other wherever it is: it tells nothing of their meeting.
  const telling = t.ratios.filter((r) => r.ratio >= TELLING_RATIO && held.get(r.term)!.df < c.chunks).slice(0, PAIRED_WORDS).map((r) => held.get(r.term)!);
  if (telling.length < 2) return null;
  const pairs = telling.flatMap((a, i) => telling.slice(i + 1).map((b) => [a, b] as const));
  const together = await corpus.jointFrequency(pairs.map(([a, b]) => [a.form, b.form] as const));
  const met = pairs.map(([a, b], i) => ({ a, b, n: together[i]!, chance: (a.df * b.df) / c.chunks }));
  if (met.some((m) => m.n > m.chance) || met.every((m) => m.chance < 1)) return null;
  return met.map((m) => `${m.a.term} with ${m.b.term} in ${m.n} chunks, ${Number(m.chance.toPrecision(2))} by chance`).join(', ');
}

/** The words of a question (as `t` measured them) that are TELLING_RATIO times as common in the knowledge as in everyday English or more. */
function tellingTerms(t: Typicality): Set<string> {
  return new Set(t.ratios.filter((r) => r.ratio >= TELLING_RATIO).map((r) => r.term));
}

/** "12×", "1.4×", "0.31×": enough digits to compare with the threshold. */
function ratio(r: number): string {
  return `${r >= 10 ? Math.round(r) : Number(r.toPrecision(2))}×`;
}

/**
 * The words that tell a tool does a kind of small talk itself: a translator translates, a joke
 * tool tells jokes. A weather tool is no poem's: "Write a poem about rain in London" is writing.
 */
const DOES_SMALL_TALK: Partial<Record<SmallTalk, readonly string[]>> = {
  translation: ['translate', 'translation', 'translator'],
  joke: ['joke', 'pun', 'riddle'],
  'creative writing': ['poem', 'haiku', 'limerick', 'story', 'write', 'writer'],
  chance: ['random', 'coin', 'dice', 'die', 'roll', 'flip', 'draw', 'pick'],
};

/**
 * Whether a project tool does the message's small talk: one whose own words say it does that kind
 * (DOES_SMALL_TALK), plainly meant, with every argument it needs given and none guessed.
 */
function toolDoes(talk: SmallTalk, message: string, tools: ToolSpec[]): boolean {
  const match = tools.length ? matchTool(message, tools) : null;
  if (!match?.arguments || match.slight || match.guessed.length) return false;
  const own = ownWordsOf(match.tool);
  return (DOES_SMALL_TALK[talk] ?? []).some((w) => own.name.has(stem(w)) || own.description.has(stem(w)));
}

/** How many of a message's requests the router makes calls for: a round's calls, less one kept for the knowledge search when it is offered. */
function requestLimit(knowledgeOffered: boolean): number {
  return MAX_TOOL_CALLS_PER_ROUND - (knowledgeOffered ? 1 : 0);
}

/**
 * How many of the message's requests the router left out, when it made `made` project tool calls
 * for it: none unless those were all it makes at once, else the message is routed again (the same
 * message, tools and knowledge route alike), for the answer to say so.
 */
export async function requestsLeftOut(message: string, tools: ToolSpec[], made: number, corpus?: CorpusStats): Promise<{ left: number; limit: number }> {
  const limit = requestLimit(tools.some((t) => t.name === KNOWLEDGE_TOOL.name));
  if (made < limit) return { left: 0, limit };
  return { left: (await routeLocally(message, tools, corpus)).leftOut ?? 0, limit };
}

export async function routeLocally(message: string, tools: ToolSpec[], corpus?: CorpusStats): Promise<Route> {
  const knowledgeOffered = tools.some((t) => t.name === KNOWLEDGE_TOOL.name);
  const projectTools = tools.filter((t) => t.name !== KNOWLEDGE_TOOL.name);

  // Small talk needs nothing, unless the project has a tool that does it ("Translate 'good morning'
  // into French" beside a translator).
  const talk = smallTalk(message);
  if (talk && !toolDoes(talk, message, projectTools)) return { calls: [], reason: `small talk (${talk}): nothing to look up or call` };
  if (arithmeticQuestion(message)) return { calls: [], reason: 'arithmetic: worked out directly, nothing to look up or call' };
  if (conversionQuestion(message)) return { calls: [], reason: 'unit conversion: worked out directly, nothing to look up or call' };

  const { calls, reasons, rest, claimed, own, asked, notMade } = await matchClauses(message, projectTools, knowledgeOffered ? corpus : undefined, requestLimit(knowledgeOffered));
  if (knowledgeOffered && rest.length) {
    // Alone, the whole message is the query (its clauses belong together); beside a tool call,
    // only what the tool does not answer is searched for.
    const query = calls.length ? rest.map(asked).join(' ') : message;
    // A clause the knowledge claimed from a tool was judged already, less the tool's words that the knowledge may never say.
    const knowledge = claimed
      ? { call: knowledgeSearch(query), reason: null }
      : calls.length
        ? await besideCalls(rest, own, corpus, asked)
        : await knowledgeCall(query, corpus);
    if (knowledge.call) calls.unshift(knowledge.call);
    if (knowledge.reason) reasons.push(knowledge.reason);
  }
  if (notMade) reasons.push(`${notMade} more ${notMade > 1 ? 'requests' : 'request'} not made: at most ${requestLimit(knowledgeOffered)} of a message's requests are looked up at once`);
  if (!calls.length) reasons.push('nothing to search or call: answered directly');
  return { calls, reason: reasons.join('; '), ...(notMade ? { leftOut: notMade } : {}) };
}
