// What kind of answer a question asks for, by its question words: "how long …" is answered by a
// duration, "how often …" by an interval, "how many …" by a number or a limit, "how much
// memory …" by a size, "where …" by a place (a file, a directory), "since which version …" by a
// version note ("Changed in version 3.10: Added the key parameter"). Documentation states those
// with its own words (timeout, period, maximum, bytes, file) that the question need not share,
// so the extractive answer counts them as the question's. Retrieval does not: they say what the
// answer looks like, not what it is about. And "what command…", "is there a tool…" is answered by
// a command, which retrieval looks for among the reference pages (asksForCommand).

// prettier-ignore
const ANSWER_TYPES: readonly { asks: RegExp; words: string }[] = [
  { asks: /\bhow long\b|\bhow soon\b|\bafter how\b/i, words: 'timeout seconds lifetime expire duration' },
  { asks: /\bhow often\b|\bhow frequently\b|\bevery (?:(?:\d+|few|couple(?: of)?|n|so many) ?)?(?:seconds?|minutes?|hours?|days?)\b|\bperiodically\b|\bon a (?:timer|schedule)\b|\bat (?:regular|fixed) intervals?\b/i, words: 'interval period frequency every seconds' },
  { asks: /\bhow many\b/i, words: 'number maximum max count limit' },
  { asks: /\bhow (?:much|big|large)\b/i, words: 'size bytes amount maximum' },
  { asks: /\b(?:which|what|since|from|in|as of) (?:\S+ )?(?:version|release)\b|\bsince when\b|\bwhen (?:was|were|did)\b.*\b(?:added|introduced|removed|deprecated|changed)\b/i, words: 'version added new changed deprecated' },
  { asks: /\bwhere\b/i, words: 'file directory path location' },
];

/**
 * The words a reason is given with: "because", "to avoid…", "…is necessary to prevent…". Not a
 * kind of answer above: read so for every question asking why, 21 answers changed over the 2,240
 * read and labelled questions for no key term. The offline answer reads them for a part of a
 * question that asks only why ("…, and why?"), which has no words of its own.
 */
export const REASON_WORDS: readonly string[] = ['because', 'reason', 'necessary', 'avoid', 'prevent'];

/** The words documentation states the kind of answer `question` asks for with, once each. */
export function answerTypeWords(question: string): string[] {
  return [...new Set(ANSWER_TYPES.filter((t) => t.asks.test(question)).flatMap((t) => t.words.split(' ')))];
}

/**
 * Nouns that name the kind of thing asked for; the first of them after the question's words
 * decides. Not the first part of a compound: a "command-line option" is an option, a
 * "command-line tool" a tool.
 */
const KINDS = /\b(command|tool|utility|program|script|executable|setting|parameter|option|variable|flag|function|method|module|class|file|directory|column|table|statement|clause|pragma|attribute|hook|field|type|key|value|message|error)s?\b(?!-)/i;
const COMMAND_KINDS = new Set(['command', 'tool', 'utility', 'program', 'script', 'executable']);

/**
 * Whether `question` asks for a command to run: "What tool do I use to…", "Is there a command
 * that…", "Which pgpool command…", "What do I run to…". The kind asked for is the first such noun
 * within a few words of the question's "what" ("what's"), "which" or "is there" ("Which setting runs my own
 * script…" asks for a setting). Documentation answers those with a command's reference page (a
 * manual page's Name and Synopsis), which a question in other words shares few words with.
 */
export function asksForCommand(question: string): boolean {
  if (/\bwhat (?:do|should|can|would) (?:i|we|you) (?:run|type|execute|invoke)\b/i.test(question)) return true;
  // "From the command line, how do I see…": where it is to be done, said first, says what does it
  // (not "…read arguments from the command line", which asks about a program's input).
  if (/(?:^|[.?!]\s+)from (?:the|a) (?:command[- ]line|shell|terminal)\b/i.test(question.trim())) return true;
  for (const m of question.matchAll(/\b(?:what(?:['’]s)?|which|is there|are there|there is)(?![\w'’])((?:\s+[\w-]+){1,4})/gi)) {
    const kind = KINDS.exec(m[1]!);
    if (!kind) continue;
    // "What commands does Pgpool-II send…" asks what the program does with commands, not for one to run:
    // where the kind's noun ends in the question; what follows it says who does what with it.
    const after = m.index + m[0].length - m[1]!.length + kind.index + kind[0].length;
    const doneBy = /^\s+(?:do|does|did)\s+(?!(?:i|we|you|one)\b)/i.test(question.slice(after, after + 40));
    return COMMAND_KINDS.has(kind[1]!.toLowerCase()) && !doneBy;
  }
  return false;
}
