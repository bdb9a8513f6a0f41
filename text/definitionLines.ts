// The shapes of a reference page's lines, read from their text alone: a term a definition list
// defines (an option, a setting, a signature), a line of code, a command's synopsis. The offline
// answer reads passages with them (providers/kinds/local/passageUnits.ts), and chunking finds
// the definition a chunk starts inside of (knowledge/chunk.ts, headsDefinition).

/**
 * A name (perhaps after one word saying what it is: "class", "exception"; perhaps a decorator's
 * "@"), then its parameters in parentheses, then perhaps what it returns (`→ text`, `-> int`).
 */
export const SIGNATURE = /^(?:\p{L}+ )?@?[\p{L}_][\p{L}\p{N}_.]*\s?\(.*\)(?:\s*(?:→|->)\s*\S.*)?$/u;
const SIGNATURE_CHARS = 400;

/**
 * A line that starts with a section's number ("6.37. pam_wheel - only permit…", "6.37.1.
 * DESCRIPTION", "9.4.1. format"): an entry of a table of contents, or a heading; it says where,
 * not what, so it is never a term either.
 */
export const SECTION_ENTRY = /^\s*\d+(?:\.\d+)+\.\s/;

/** A line typed after a shell's prompt. */
export const SHELL_PROMPT = /^\$\s/;

/**
 * An example's line with a callout's mark at its end, as AsciiDoc and DocBook number the lines a
 * list below explains: "$ git diff --cached   <2>" (the shell's prompt is not the command's).
 */
export const CALLOUT_LINE = /^[ \t]*(?:\$[ \t]+)?(\S.*?)[ \t]+<(\d+)>[ \t]*$/;

/**
 * A comment line: `//`, `-- `, or `# ` as shells and configuration files write them, or `#` right
 * before a word in lower case and more ("#for example to log on both syslog and stderr" over a
 * setting's line in pgpool-II's manual).
 */
export const COMMENT_LINE = /^\s*(?:\/\/|--\s|#\s|#(?=\p{Ll}+\s+\S))/u;

/**
 * Python's imports and simple statements, which end with no ";" ("import csv", "assert len(w) ==
 * 1" — keyword in lower case, on what code writes with brackets, quotes or operators —, "pass"),
 * and a shell's keywords alone on their line ("fi"): code however short, never a term
 * (isTermLine). (An assignment may be one: "group=name" names an option, and "backend_flag0 =
 * DISALLOW_TO_FAILOVER" heads what that setting does.)
 */
const STATEMENT_LINES: readonly RegExp[] = [
  /^(?:import\s+[\w.]+|from\s+[\w.]+\s+import\s.+)$/,
  /^(?:assert|raise|return|yield|del|await)\s(?=.*[()[\]"'=<>]).*[^.!?:]$/,
  /^(?:pass|break|continue|return)$/,
  // A shell's keyword that opens or closes a block, alone on its line ("then", "fi", "done").
  /^(?:then|else|fi|do|done|esac)$/,
  // One name returned, yielded or raised, in lower case, at a function's end ("return tarinfo").
  /^(?:return|yield|raise|await)\s+[\p{Ll}_][\w.]*$/u,
];

const isStatementLine = (s: string) => STATEMENT_LINES.some((pattern) => pattern.test(s));

/**
 * The last line of a call set over several ("{'my_attribute': obj.my_attribute})"): it opens with
 * a bracket or a quote and ends closing more brackets than it opens. A parenthesis of prose opens
 * and closes on its line ("(Make sure the hot-fix branch… instead of git merge.)").
 */
const CALL_CONTINUED = {
  test(line: string): boolean {
    if (!/^[{[("']/.test(line) || !/[)\]}][;,]?$/.test(line)) return false;
    const count = (chars: RegExp) => line.match(chars)?.length ?? 0;
    return count(/[)\]}]/g) > count(/[{[(]/g);
  },
};

/**
 * Lines of code in a page's example, which the answer does not quote, though they may name what
 * the question asks about. Prose ends its sentences with punctuation and never keeps runs of
 * spaces; code does neither. A list item ending with ";" ("- git-push(1) copies your branches…;")
 * is prose, and so is a line with one gap of spaces (a plain-text option list, "-v    Print more").
 */
const CODE_LINES: readonly Pick<RegExp, 'test'>[] = [
  // A shell's prompt, or a callout's mark after the code it explains ("$ git diff --cached   <2>").
  SHELL_PROMPT,
  CALLOUT_LINE,
  // Opens or closes a block.
  /[{}]\s*$/,
  COMMENT_LINE,
  // A statement ended with ";" that calls, assigns or starts with a keyword in capitals ("server.listen(8000);", "PRAGMA busy_timeout;").
  /^(?!- )(?=.*[(=]|\s*\p{Lu}{2,}\b).*;\s*$/u,
  // Set out in columns twice over ("auth   required   pam_unix.so").
  /\S {3,}\S.*\S {3,}\S/,
  // A comment after code, two spaces or more or a tab away ("sorted(xs)  # by locale", "promote >>$log\t# let standby take over").
  /\S(?: {2,}|\t)[ \t]*#\s/,
  ...STATEMENT_LINES,
  // Python's assignments and calls, which end with no ";" ("writer = csv.writer(f)",
  // "writer.writerows(rows)").
  /^[\p{L}_][\w.]*(?:\[[^\]]*\])?\s*[-+*/]?=\s*[^=\s].*[^.!?:]$/u,
  // A call of a dotted name or of one in lower case, alone on its line ("fxn()", "print(total)"):
  // prose ends with a stop. (A table's row "os.path.isdir() | Path.is_dir()" is no call: its cells are apart.)
  /^(?:[\p{L}_]\w*(?:\.[\p{L}_]\w*)+|[\p{Ll}_]\w*)\((?:(?! \| ).)*\)$/u,
  // A block's opening line in Python, keyword in lower case, colon at the end ("with open(p) as f:").
  /^(?:with|for|if|elif|else|while|def|class|try|except|finally|async)\b.*:$/,
  // Markup: a tag with attributes, or an element opened and closed on the line
  // ('<xsl:param name="chunk.quietly" select="0"></xsl:param>', '<link rel="stylesheet" href="docbook.css">').
  // A placeholder in angle brackets ("<commit>", "<refname>:<expect>") has neither.
  /^<\??[\p{L}_][\w:.-]*\s+[\w:.-]+\s*=\s*["']/u,
  /^<([\p{L}_][\w:.-]*)[^>]*>.*<\/\1>$/u,
  CALL_CONTINUED,
];

export const isCodeLine = (s: string) => CODE_LINES.some((pattern) => pattern.test(s));

/**
 * A command's synopsis, which shows how it is written but says nothing of what it does: three
 * bracketed optional parts or more ("git describe [--all] [--tags] [--contains] <commit>").
 */
export const SYNOPSIS = /(?:\[[^[\]]*\][^[\]]*){3}/;

/**
 * One word, then its bracketed parts: a subcommand as a definition list names it ("pop [--index]
 * [-q|--quiet] [<stash>]" over what `git stash pop` does). A synopsis names the command first
 * ("git stash pop [--index] …"). On Git's tuning half it gave the key term for "How is git stash
 * pop different from git stash apply?" (0.794 → 0.824); no other answer changed over the three
 * labelled sets and the fresh ones.
 */
const SUBCOMMAND = /^\p{L}[\p{L}\p{N}_-]* \[/u;

/**
 * A paragraph that names what the next one explains: one short line without sentence
 * punctuation at its end, as reference pages set options, settings and commands.
 */
export function isTermLine(paragraph: string): boolean {
  if (paragraph.includes('\n') || /[.!?,;:]$/.test(paragraph)) return false;
  // A command after a shell's prompt ("$ git switch experimental") is an example's line: the prose
  // after it goes on with the page, it does not define the command.
  if (SHELL_PROMPT.test(paragraph)) return false;
  // A statement ("import warnings", "raise KeyError(key)") is code however short: it names nothing.
  if (isStatementLine(paragraph)) return false;
  // A page's only subsection listed in its table of contents ("9.4.1. format" atop PostgreSQL's
  // string functions) is a line of its own before the page's prose: read as a term, every later
  // passage of the page was headed by it.
  if (SECTION_ENTRY.test(paragraph)) return false;
  // A function's signature, however many parameters it lists: "subprocess.run(args, *, stdin=None, …)".
  if (paragraph.length <= SIGNATURE_CHARS && SIGNATURE.test(paragraph)) return true;
  return (
    (!SYNOPSIS.test(paragraph) || SUBCOMMAND.test(paragraph)) &&
    paragraph.length <= 100 &&
    // "Added in: v0.1.21", "Default: 5": a label and its value; "v0.1.21 |": a table's row whose
    // last cell is empty (a line "a | b" may be a shell pipeline, which does name a command).
    !/\p{L}: |\s\|$/u.test(paragraph) &&
    // Words, not the punctuation a signature spaces out ("btrim ( string text [, characters text ] ) → text").
    paragraph.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length <= 8 &&
    // A rule (<hr> comes out as a line of dashes) names nothing.
    /[\p{L}\p{N}]/u.test(paragraph)
  );
}

/** A text's paragraphs (blank-line separated), trimmed, empty ones left out. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Lines a term of several lines has at most. */
const TERM_LINES = 3;

/**
 * A term set on several lines read as one: DocBook and AsciiDoc set an option's spellings one
 * under the other ("-n\n--dry-run", PostgreSQL's "-a\n--data-only"), which as one paragraph is
 * no term line; as "-n, --dry-run" it is. Any other paragraph is returned as it is.
 */
export function oneLineTerm(paragraph: string): string {
  const lines = paragraph.split('\n');
  return lines.length > 1 && lines.length <= TERM_LINES && lines.every(isTermLine) ? lines.join(', ') : paragraph;
}

/**
 * Titles a DocBook or Sphinx page sets on a line of their own ("Example 5-2. Using regular
 * expression", "Note"): shaped as a term, but what follows illustrates the definition they sit
 * in, it does not define them.
 */
const CAPTION = /^(?:Example|Figure|Table|Note|Warning|Tip|Caution|Important|See also)\b/;

/** A command typed at a prompt that names its host, as setup guides write them ("[server1]# systemctl stop pgpool"). */
const HOST_PROMPT = /^\[[^\]]*\][#$]/;

/**
 * Which of a section's paragraphs head a definition the rest of the section may run on under: a
 * term line that a description follows (not another term line), and not code, a caption, a
 * command at a host's prompt or a setting's assignment ("name = 'value'"). A signature is shaped as
 * a call ("base64.urlsafe_b64encode(s)") and heads its function's description all the same: read
 * as code, a function a Python page defines was never among the terms retrieval's defining list
 * looks for. Stricter than the answer's reading of a passage, which sees a few paragraphs at a
 * time; chunking carries the term across chunks.
 */
export function headsDefinition(paragraphs: readonly string[]): boolean[] {
  const shaped = paragraphs.map(isTermLine);
  return paragraphs.map((p, i) => shaped[i]! && i + 1 < paragraphs.length && !shaped[i + 1] && (!isCodeLine(p) || SIGNATURE.test(p)) && !CAPTION.test(p) && !/ = /.test(p) && !HOST_PROMPT.test(p));
}
