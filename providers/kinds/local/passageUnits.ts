// A passage as the offline model's answer reads it: its sentences, each with the term it defines
// when it sits in a definition list (an option, a setting, a function's signature), less the
// lines that explain nothing — code, a command's synopsis, a table of contents' entries.
import type { ContextPassage } from '../../types.js';
import { SECTION_SEPARATOR } from '../../citation.js';
import { CALLOUT_LINE, COMMENT_LINE, SECTION_ENTRY, SHELL_PROMPT, SIGNATURE, SYNOPSIS, isCodeLine, isTermLine, paragraphsOf } from '../../../text/definitionLines.js';

/** One sentence of a passage, with the term it defines when it sits under one. */
export interface Unit {
  passage: number;
  /** The paragraph of its passage the sentence is in. */
  paragraph: number;
  order: number;
  text: string;
  /** A definition list's term ("--amend", "push.default") the sentence's paragraph explains (one of the few after it). */
  subject: string | null;
  /** The definition's first sentence: the one its term is read with when matching the question. */
  lead: boolean;
  /** The subject is the definition the passage starts inside of (continuedTerm), whose term line it does not hold. */
  carried: boolean;
  /** The lines of the code the sentence introduces, when the paragraph it ends is followed by one of code (exampleLines). */
  example?: string[];
}

/**
 * Whether a sentence ends with a colon, introducing what follows it ("…use the following command:",
 * "…similar to the following:"): most often code or a list, which it points at.
 */
export const introducesWhatFollows = (sentence: string): boolean => /:\s*$/.test(sentence);

/**
 * An option with its argument's placeholder, as reference pages set each form of it on a line:
 * "-n node_id" over "--node-id=node_id", "-f file" over "--file=file".
 */
const OPTION_FORM = /^--?[\p{L}\p{N}][\p{L}\p{N}_-]*(?:[ =]\S+)?$/u;

/**
 * Terms given one to a line, as a definition list sets an option's other names ("--squash" over
 * "--no-squash", "-n node_id" over "--node-id=node_id", a function's signatures over each other):
 * read as one line, "--squash --no-squash". Only lines of one token, one option form or one
 * signature each, so lines of code or a list of entries stay lines.
 */
function aliasesOnOneLine(paragraph: string): string {
  const lines = paragraph.split('\n').map((l) => l.trim());
  return lines.length > 1 && lines.length <= 4 && lines.every((l) => /^\S+$/.test(l) || OPTION_FORM.test(l) || SIGNATURE.test(l)) ? lines.join(' ') : paragraph;
}

/**
 * A term-shaped line that reads as a definition when it follows a term: three words or more, and
 * no signature ("maximum number of processes" after "nproc"; "btrim ( string text ) → text" after
 * an example line is the next term).
 */
function isPhrase(line: string): boolean {
  return !SIGNATURE.test(line) && line.split(/\s+/).filter((w) => /^\(?\p{L}+\)?$/u.test(w)).length >= 3;
}

/**
 * A table's row as the HTML reader sets it, "cell | cell": a bar between spaces outside brackets
 * and braces, where a synopsis writes its alternatives ("[--dry-run | -n]", "{ TEMPORARY | TEMP }").
 */
function isTableRow(line: string): boolean {
  let open = line;
  for (let prev = ''; prev !== open; ) [prev, open] = [open, open.replace(/\[[^[\]{}]*\]|\{[^[\]{}]*\}/g, '')];
  return open.includes(' | ');
}

/** A sentence of one word: "Fast.", "Reliable." */
const ONE_WORD = /^[\p{L}\p{N}]+[.!?]?$/u;

/** A contents list's entry of one number, a title without a sentence's end: "3. Full-text Query Syntax". */
const TOP_ENTRY = /^\s*\d+\.\s+\S.*(?<![.!?:;])$/;

/**
 * Sentences of a paragraph, less its lines that are sections' entries; "e.g." and "i.e." do not
 * end one, nor does a period inside a name ("push.default"). A line break inside a sentence
 * (text wrapped at a fixed width) is a space: the next line goes on in lower case or with a
 * number. Other line breaks (list items, lines of a table, lines of a block that holds code)
 * still part sentences.
 */
function sentences(paragraph: string): string[] {
  const all = paragraph.split('\n');
  const entry = all.map((line) => SECTION_ENTRY.test(line));
  // A contents list numbers the entries under a section with more than one number ("3.1. FTS5
  // Strings") and the sections themselves with one ("3. Full-text Query Syntax"): beside the
  // first, the second are entries too, not items of a numbered list.
  const contents = entry.includes(true);
  const lines = all.filter((line, i) => !entry[i] && !(contents && TOP_ENTRY.test(line)));
  // A block of code keeps its lines apart ("import csv" over "with open(…)" is no wrapped
  // sentence), and so does a list of entries, each "name — what it is" (a reference's contents),
  // and a table's rows, each "cell | cell".
  const apart = lines.length > 1 && (lines.some((line) => isCodeLine(line.trim())) || lines.filter((line) => / — /.test(line) || isTableRow(line)).length > 1);
  const text = lines.join('\n');
  // A numbered item ("5. /usr/tmp") starts a line of its own; it does not go on the line before.
  return (apart ? text : text.replace(/(?<![.!?:;])[ \t]*\n[ \t]*(?=[\p{Ll}(]|\p{N}(?!\p{N}*\.\s))/gu, ' '))
    .split(/(?<!\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|no|Mr|Ms|Dr)\.)(?<=[.!?])\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * Words a comment must say to be quoted: nine. At six, comments that only say what the next line
 * does ("Fetch the referenced record from the database and return it.") were quoted too, and over
 * the 1,840 read and labelled questions 25 answers changed against 18, for the same three key terms.
 * Since a comment comes with the code under it, nine takes "having opened d without
 * writeback=True, you need to code carefully:" over its lines: over the 2,080 read and labelled
 * questions 8 answers changed, one key term more; six changed 26 for three, with "clear up the
 * setuptools archive which gets downloaded" and the like.
 */
const COMMENT_WORDS = 9;

/** Whether a comment reads as prose: COMMENT_WORDS words or more, at least two thirds of its tokens words of letters. */
function readsAsProse(text: string): boolean {
  const tokens = text.split(/\s+/).filter(Boolean);
  const words = tokens.filter((t) => /^[("']?\p{L}+[)"',.:;!?]*$/u.test(t));
  return words.length >= COMMENT_WORDS && words.length * 3 >= tokens.length * 2;
}

/** A run of comment lines, read as one text, with the lines of code under it. */
interface CommentRun {
  text: string;
  code: string[];
}

/**
 * An example's comments, a run of comment lines read as one text, each with the lines of code
 * under it, up to the next comment: a comment says what the code after it does ("# Enable
 * recursion for relevant commands…" over "git config --global submodule.recurse true"). That code
 * is code though no pattern of code knows it (a tool's own command): it is no sentence to quote.
 */
function commentRuns(paragraph: string): CommentRun[] {
  const runs: { said: string[]; after: string[] }[] = [];
  let commenting = false;
  for (const line of paragraph.split('\n')) {
    const comment = COMMENT_LINE.test(line);
    if (comment && !commenting) runs.push({ said: [], after: [] });
    if (comment) runs.at(-1)!.said.push(line.replace(COMMENT_LINE, '').trim());
    else if (line.trim()) runs.at(-1)?.after.push(line);
    commenting = comment;
  }
  return runs.map(({ said, after }) => {
    // The code under it ends at a line ending a sentence: prose a comment mark stands before ("-- " before a list's text) is no code.
    const end = after.findIndex((l) => /[.!?]$/.test(l.trim()));
    return { text: said.join(' '), code: end < 0 ? after : after.slice(0, end) };
  });
}

/**
 * What an example's comments say (commentRuns): an example often states the point only there
 * ("# or, d=shelve.open(filename,writeback=True) would let you just code / # d['xx'].append(5)
 * and have it work as expected…"). Runs that do not read as prose (a root shell's "# systemctl
 * start pgpool", commented-out code) are left out with the code. Each comes with the code under
 * it an answer may show, which the comment names nowhere else.
 */
function proseComments(runs: CommentRun[]): CommentRun[] {
  return runs.filter((run) => readsAsProse(run.text)).map(({ text, code }) => ({ text, code: shownCode(code) }));
}

/** A block quote's line as html-to-text writes it: "> " before its text, ">" alone for its blank lines. */
const QUOTED_LINE = /^>(?:[ \t]|$)/;

/** A quote's mark before a line, and the space after it. */
const QUOTE_MARK = /^>\s?/;

/**
 * A passage's paragraphs, a block quote's read as the paragraphs it quotes: html-to-text sets a
 * quote (a DocBook note, SQLite's code) with "> " before each line and ">" alone between its
 * paragraphs, which is no blank line. "> Note: … you can upgrade to the new one by using ALTER
 * EXTENSION SQL command." over ">      ALTER EXTENSION pgpool_adm UPDATE;" is a sentence and the
 * code it introduces, not one paragraph of two sentences. A Python prompt (">>> ") is no quote.
 * Over the 2,640 read, labelled and blind questions, 245 answers changed (most only losing a
 * quote's marks), 4 gained their key term and one lost it to another passage's quote that now
 * says its term.
 */
function quotedParagraphs(text: string): { text: string; quote: number | null }[] {
  return paragraphsOf(text).flatMap((paragraph, quote): { text: string; quote: number | null }[] => {
    const lines = paragraph.split('\n');
    if (!lines.every((l) => QUOTED_LINE.test(l))) return [{ text: paragraph, quote: null }];
    return paragraphsOf(lines.map((l) => l.replace(QUOTE_MARK, '')).join('\n')).map((quoted) => ({ text: quoted, quote }));
  });
}

/** The passages' sentences in order, each with the term it defines; code, synopses and contents' entries left out. */
export function units(passages: ContextPassage[]): Unit[] {
  const out: Unit[] = [];
  // The same text in two passages (pages that include a shared section) is said once.
  const seen = new Set<string>();
  passages.forEach((p, pi) => {
    const read = quotedParagraphs(p.text);
    const paragraphs = read.map((r) => r.text);
    /** Whether paragraph `i` goes on quoting what the one before it quotes: a definition set as a quote is one block of it, however many paragraphs it has. */
    const quoteGoesOn = (i: number) => i > 0 && i < read.length && read[i]!.quote !== null && read[i]!.quote === read[i - 1]!.quote;
    const carried = continuedTerm(p.section);
    let subject: string | null = carried;
    /** Paragraphs since the term; 0 right after it (this one is its definition, however short). */
    let since = subject === null ? 0 : 1;
    /** Of those, the paragraphs that went on with a quote: a quote's paragraphs are one block of a definition (quoteGoesOn). */
    let quoting = 0;
    /** The example's lines marked with callouts so far ("$ git diff --cached   <2>"), by number. */
    const marked = new Map<string, string>();
    /** The last sentence of the paragraph before, which a paragraph of code after it is the example of. */
    let introducing: Unit | null = null;
    const push = (text: string, own: string | null, lead: boolean, paragraph: number, example?: string[]) => {
      // A rule or a run of punctuation ("-----", an <hr>'s text) says nothing; nor does a sentence of
      // one word outside a definition (a site's tagline, "Small. Fast. Reliable."). A list's item
      // of one word ("- Sweden") is one of what the sentence before it lists.
      if (!/[\p{L}\p{N}]/u.test(text) || (own === null && ONE_WORD.test(text))) return;
      const key = `${own ?? ''}\u0000${text}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push({ passage: pi, paragraph, order: out.length, text, subject: own, lead, carried: carried !== null && own === carried, ...(example?.length ? { example } : {}) });
    };
    paragraphs.forEach((paragraph, i) => {
      const before = introducing;
      const pushed = out.length;
      introducing = null;
      const lines = codeLines(paragraph);
      const trimmed = lines.map((l) => l.trim());
      // Code as a whole, though no pattern of code knows its lines: an SQL statement set over
      // several lines, or a command line or a pattern a sentence introduces ("…use the following
      // command:"). It is the sentence's example and no sentence of its own. A command line shaped
      // as a term stays one: the prose after it says what it does ("git show-ref --verify refs/heads/master").
      const introduced = before !== null && introducesWhatFollows(before.text);
      const wholeCode = isStatementBlock(trimmed) || (introduced && ((isCommandLine(paragraph) && !isTermLine(paragraph)) || isPattern(paragraph)));
      // A list of names such a sentence introduces is its example too (namesListed).
      const example = wholeCode ? shownCode(lines) : ((introduced ? namesListed(trimmed) : null) ?? exampleLines(paragraph, lines, trimmed));
      // A page breaks one example into paragraphs at its blank lines ("import warnings", a function
      // defined, then the block that calls it): each is the sentence's example, up to its first lines.
      // Once cut short (its last line ELIDED), it takes no more.
      if (example?.length && before && !isElided(before.example?.at(-1) ?? '')) before.example = firstLines([...(before.example ?? []), ...example]);
      if (!wholeCode) readParagraph(paragraph, i);
      if (example !== null) introducing = before;
      else if (out.length > pushed) introducing = out.at(-1)!;
    });
    function readParagraph(paragraph: string, i: number) {
      // An interactive session (Python's ">>> " prompt, with its output) shows code; it explains nothing.
      if (paragraph.startsWith('>>> ')) return;
      if (quoteGoesOn(i)) quoting++;
      for (const [, code, n] of paragraph.matchAll(CALLOUT_LINES)) marked.set(n!, code!.replace(/\s+;?#\s.*$/, '').trim());
      // A callout's explanation ("2. Changes between the index and your last commit") is about the
      // example line marked <2>: that line is its term, as an option is its definition's.
      const item = CALLOUT_ITEM.exec(paragraph);
      const about = item && marked.get(item[1]!);
      if (item && about) {
        sentences(paragraph.slice(item[0].length)).forEach((s, si) => push(s, about, si === 0, i));
        since++;
        return;
      }
      // A listing of command lines, as a synopsis gives a command's forms, explains nothing either.
      if (isCommandListing(paragraph)) return;
      // A list whose definitions are phrases ("nproc" / "maximum number of processes") has every
      // line shaped as a term: the one after a term is its definition all the same.
      const line = aliasesOnOneLine(paragraph);
      const shapedAsTerm = isTermLine(line);
      // After a function's signature even a word or two is its description ("Cube root" under
      // "cbrt ( double precision ) → double precision"), unless it is the next signature.
      const phraseDefinition =
        subject !== null && since === 0 && shapedAsTerm && (isPhrase(paragraph) || (SIGNATURE.test(subject) && !SIGNATURE.test(line) && !isCodeLine(line)));
      if (shapedAsTerm && !phraseDefinition) {
        if (i + 1 < paragraphs.length) {
          subject = line;
          since = 0;
          quoting = 0;
          return;
        }
        // In a list of definitions, a term that ends the passage had its definition cut off into
        // the next chunk: alone, it says nothing. Nor does a signature.
        if (subject !== null || SIGNATURE.test(line)) return;
      }
      // A table's rows say what they are about in their own cells ("os.getcwd() | Path.cwd()"),
      // not under a note's title or a term above the table.
      const table = paragraph.split('\n').every(isTableRow);
      const own = subject !== null && since - quoting < SUBJECT_SPAN && !table ? subject : null;
      const comments = commentRuns(paragraph);
      const commented = new Set(comments.flatMap((run) => run.code.map((l) => l.trim())));
      sentences(paragraph).forEach((s, si) => isCodeLine(s) || SYNOPSIS.test(s) || commented.has(s) || push(s, own, own !== null && since === 0 && si === 0, i));
      for (const { text, code } of proseComments(comments)) push(text, own, false, i, code);
      since++;
      // Such a list's definition is its one phrase: the paragraphs after it have left the term,
      // unless they go on with the quote it opens (a quote is one block of a definition).
      if (phraseDefinition && !quoteGoesOn(i + 1)) subject = null;
    }
  });
  return out;
}

/** Characters of a line of code an answer may show after the sentence introducing it; a longer line is left to the page. */
const EXAMPLE_CHARS = 160;

/** Lines of a paragraph of code an answer may choose from: an example's first few. */
const EXAMPLE_LINES = 8;

/**
 * The lines an answer may show of a paragraph of code (one, the answer chooses): its first ones
 * that are no comment and fit a line, without a callout's mark, when every line of the paragraph
 * is code (a block quote's "> " aside) or runs a command. Manuals introduce what to type with a
 * sentence ("Compute the current unix timestamp.", "…run the following commands to add the
 * commits:") and state the command, the function or the clause asked about only in the code
 * after it; none when the code shows nothing (imports alone), null for any other paragraph.
 */
function exampleLines(paragraph: string, lines: readonly string[], trimmed: readonly string[]): string[] | null {
  // A line shaped as a term is the next definition's ("heapq.heappop(heap)" after heappush's description), not an example.
  // Lines that each start with one word in capitals are a keyword's forms ("NULLS DISTINCT" over "NULLS
  // NOT DISTINCT", a definition list's term), not commands run.
  if (!lines.length || isTermLine(aliasesOnOneLine(paragraph))) return null;
  const commands = isCommandListing(trimmed.join('\n')) && !/^\p{Lu}+\b/u.test(trimmed[0]!);
  // A shell session ("$ git switch --detach HEAD~3" over "HEAD is now at 9fc9555312…"): the commands
  // typed at its prompt, not what they printed.
  const typed = SHELL_PROMPT.test(trimmed[0]!) ? trimmed.filter((l) => SHELL_PROMPT.test(l)) : null;
  if (!typed && !trimmed.every(isCodeLine) && !commands) return null;
  return shownCode(typed ?? lines);
}

/**
 * The line standing for code an example's lines leave out (a line too long to show, the lines past
 * the first few), at the indentation of what it stands for: an example shown whole (answer.ts)
 * must not pass for all of one it is not. Over the 2,640 read, labelled and blind questions one
 * answer changed: an os.walk loop whose lines past the first eight were cut, shown as if whole.
 * A list of names on one line (namesListed) ends with it for the names past a line's worth.
 */
export const ELIDED = '…';

/** Whether a line of an example stands for code left out (ELIDED). */
export const isElided = (line: string): boolean => line.trim() === ELIDED;

/** The width of a line's indentation. */
export const indentOf = (line: string): number => /^\s*/.exec(line)![0].length;

/** A list's item of one name: "1. sqlite_master", "- json_group_array(value)". */
const NAME_ITEM = /^(?:[-*•]|\d+[.)])\s+(\S+)$/u;

/**
 * A list of names, one to an item ("1. sqlite_master" over "2. sqlite_temp_schema"), as one line an
 * answer may show: the sentence introducing it ("…some alternative names are also recognized,
 * including:") names none of what it lists, which is what was asked. As many as fit a line, the
 * rest marked left out; null for a paragraph of anything else. Over the 2,560 read, labelled and
 * blind questions, 6 answers changed, one gained its key term (sqlite_master) and none lost one.
 */
function namesListed(lines: readonly string[]): string[] | null {
  const names = lines.map((l) => NAME_ITEM.exec(l)?.[1]);
  if (names.length < 2 || names.some((n) => n === undefined)) return null;
  const whole = names.join(', ');
  if (whole.length <= EXAMPLE_CHARS) return [whole];
  let line = names[0]!;
  for (const name of names.slice(1)) {
    if (`${line}, ${name}, ${ELIDED}`.length > EXAMPLE_CHARS) break;
    line = `${line}, ${name}`;
  }
  return [`${line}, ${ELIDED}`];
}

/**
 * Lines of code less the indentation they all share: what is nested stays nested, for an answer
 * showing an example whole (a Python `with` and the call under it are one piece by their indentation).
 */
function dedented(lines: readonly string[]): string[] {
  const least = Math.min(...lines.map(indentOf));
  return lines.map((l) => l.slice(least).trimEnd());
}

/** A paragraph's lines as code has them: a block quote's "> " aside, blank ones left out, dedented. */
function codeLines(paragraph: string): string[] {
  return dedented(
    paragraph
      .split('\n')
      .map((l) => l.replace(QUOTE_MARK, ''))
      .filter((l) => l.trim()),
  );
}

/** An example's lines less those past the first few, ELIDED standing for them. */
function firstLines(lines: readonly string[]): string[] {
  return lines.length > EXAMPLE_LINES ? [...lines.slice(0, EXAMPLE_LINES), ELIDED] : [...lines];
}

/**
 * Of lines of code, an example's first few an answer may show: no comment, import nor callout's
 * mark; a line too long to fit one, and the lines past the first few, ELIDED.
 */
function shownCode(lines: readonly string[]): string[] {
  const shown = firstLines(lines)
    // Comments, and imports, which name a module and show nothing of what is done with it.
    .filter((l) => !COMMENT_LINE.test(l.trim()) && !/^(?:import\s|from\s+[\w.]+\s+import\s)/.test(l.trim()))
    .map((l) => l.trimEnd().replace(/\s+<\d+>$/, ''))
    .map((l) => (l.trim().length <= EXAMPLE_CHARS ? l : `${l.slice(0, indentOf(l))}${ELIDED}`))
    // One mark for a run of lines left out.
    .filter((l, i, all) => !(isElided(l) && i > 0 && isElided(all[i - 1]!)));
  // Code left out alone shows nothing.
  return shown.some((l) => !isElided(l)) ? dedented(shown) : [];
}

/**
 * The term of the definition a passage starts inside of: chunking gives a chunk that begins within
 * a definition its term as the last heading (knowledge/chunk.ts), which the passage cites as its
 * section's last part ("runtime-config-health-check.html › 5.8. Health Check › health_check_period
 * (integer)"). Its first paragraphs go on explaining that term, though they do not say it. Only a
 * heading shaped as a name counts (a dash, an underscore, brackets, a dotted name: "--[no-]cover-letter",
 * "push.default"), not a section's title ("Undo a merge…", "5.8. Health Check"), nor the page's own title.
 */
function continuedTerm(section: string | undefined): string | null {
  const parts = section?.split(SECTION_SEPARATOR) ?? [];
  const last = parts.at(-1)?.trim() ?? '';
  if (parts.length < 2 || !isTermLine(last) || SECTION_ENTRY.test(last) || /^\d/.test(last)) return null;
  return /^-|[_[\]()<>=]|\p{L}\.\p{L}/u.test(last) ? last : null;
}

const CALLOUT_LINES = new RegExp(CALLOUT_LINE.source, 'gm');

/** The explanation of a marked line: the callout list's item of its number ("2. Changes between…"). */
const CALLOUT_ITEM = /^(\d+)\.\s+/;

/** The words an SQL statement opens with, in capitals as manuals write them. */
const SQL_STATEMENT = /^(?:SELECT|WITH|INSERT|UPDATE|DELETE|REPLACE|UPSERT|MERGE|VALUES|CREATE|ALTER|DROP|TRUNCATE|PRAGMA|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|EXPLAIN|VACUUM|ANALYZE|REINDEX|ATTACH|DETACH|GRANT|REVOKE|SET|SHOW|RESET|COPY|LOCK|CALL|PREPARE|EXECUTE|DECLARE|FETCH|LISTEN|NOTIFY|COMMENT|CLUSTER|REFRESH)\b/;

/**
 * An SQL statement set over several lines ("WITH RECURSIVE" over "works_for_alice(n) AS (" … over
 * "WHERE org.name IN works_for_alice;"): it opens with a statement's word in capitals and ends
 * with ";". Its lines are code though most of them no pattern of code knows; prose does not end
 * a paragraph with ";".
 */
function isStatementBlock(lines: readonly string[]): boolean {
  return lines.length > 1 && SQL_STATEMENT.test(lines[0]!) && /;\s*$/.test(lines.at(-1)!);
}

/**
 * One line that runs a command: a program's name in lower case, then what it is given, options
 * ("-z", "--diff-filter=D") or a pipe among it, and no sentence's end ("git diff --name-only
 * --diff-filter=D -z | xargs -0 git rm --cached"). Prose after a colon ends with punctuation.
 */
function isCommandLine(paragraph: string): boolean {
  const line = paragraph.trim();
  return !line.includes('\n') && /^\p{Ll}[\p{L}\p{N}_.-]*\s+\S/u.test(line) && /\s(?:--?[\p{L}\p{N}]|\|\s)/u.test(line) && !/[.!?:;,]$/.test(line);
}

/**
 * One token made as much of symbols as of letters: a pattern or an expression, as a page sets the
 * one a sentence introduces on a line of its own ("The following pattern excludes filenames that
 * end in either bat or exe:" over ".*[.](?!bat$|exe$)[^.]*$"). A name, an option or a placeholder
 * ("--[no-]mailmap", "<commit>") is mostly letters.
 */
function isPattern(paragraph: string): boolean {
  const line = paragraph.trim();
  const symbols = line.replace(/[\p{L}\p{N}_\s-]/gu, '').length;
  return /^\S{6,}$/.test(line) && symbols * 3 >= line.length;
}

/**
 * Lines that each run one command, as a synopsis or an example lists its forms ("git config
 * credential.<url>.username myusername" over "git config credential.helper …"): two lines or more,
 * each starting with the same word, none ending a sentence — prose wrapped over lines ends its
 * last one with punctuation.
 */
function isCommandListing(paragraph: string): boolean {
  const lines = paragraph.split('\n').map((l) => l.trim()).filter(Boolean);
  const first = (l: string) => /^[\p{L}][\p{L}\p{N}_-]*(?=\s)/u.exec(l)?.[0];
  return lines.length > 1 && first(lines[0]!) !== undefined && lines.every((l) => first(l) === first(lines[0]!) && !/[.!?:;]$/.test(l));
}

/**
 * Paragraphs after a term line that are taken to explain it: a definition often runs to a few
 * paragraphs, and past that the text has more likely left the list.
 * Chosen on the evaluation's tuning half (1, 3 and 10 measured; 1 was the earlier rule).
 */
const SUBJECT_SPAN = 3;
