// The names a question gives verbatim (an option, a setting, a keyword in capitals): the offline
// answer quotes the sentences that say them, and retrieval ranks the chunks that say them higher.
// A token longer than any name (LONGEST_WORD) is read as none: one of thousands of characters made a
// pattern the engine could not compile ("Stack overflow").
import { LONGEST_WORD } from './longRuns.js';
import { QUESTION_STOPWORDS } from './stopwords.js';

/**
 * Names read from one question, at most: a question names a few; a message of thousands (hostile,
 * or a pasted log) would otherwise cost a test per name per sentence and per candidate chunk.
 */
const MAX_KEY_TOKENS = 8;

/** A backslash and one letter: an escape of a regular expression or a format ("\\d", "\\n"). */
const ESCAPE = /^\\\p{L}$/u;

/** Characters an operator is written with ("->>", "<>", "||", "@>", "::"); "?" is left out, as it ends questions. */
const OPERATOR_CHARS = '\\-<>=!~@#%^&|*+/:';

/** The characters a name is written with: none may stand right before or after it where it is said. */
const WORD_CHARS = '\\p{L}\\p{N}_-';

/** A test of whether a text says `pattern` as a whole token: no `apart` character right before or after it. */
const wholeToken = (pattern: string, flags: string, apart = WORD_CHARS) => new RegExp(`(?<![${apart}])${pattern}(?![${apart}])`, flags);

/**
 * The question's special tokens ("--amend", "push.default", "@{upstream}", a setting's or
 * function's snake_case name ("work_mem", "json_extract"), a shell's ".import" or "\\copy", a
 * regular expression's "\\d", a format's "%j"), a directive's or method's name in camel case
 * ("KeepAliveTimeout", "getElementById"), the
 * operators it writes apart ("->>", "<>", "||") and the keywords it writes in capitals ("UPSERT",
 * "DEFERRED"): found verbatim, they name the answer. Each comes as a test of whether a text names
 * it as a whole token ("-x" is not in "--allow-empty", "push" not in "push.default", "work_mem" not
 * in "maintenance_work_mem", "->" not in "->>"), made once per question; a keyword in capitals is
 * compared with its case ("IMMEDIATE" is not the word "immediate"), the others without.
 */
export function keyTokens(question: string, { capitals = true } = {}): RegExp[] {
  /** A name found, tested as a whole token between `apart` characters; `id` tells when two are the same name. */
  const name = (found: string, caseMatters: boolean, apart: string, id?: string) => {
    const token = caseMatters ? found : found.toLowerCase();
    return { id: id ?? token, token, flags: caseMatters ? 'u' : 'iu', apart };
  };
  // Leading and trailing underscores are the name's own ("__spam", "__init__"): Python's private and special names.
  const special = (question.match(/(?<![\p{L}\p{N}-])(?:--?|@|_+|(?<![^\s("'`])[.\\])?[\p{L}\p{N}{](?:[\p{L}\p{N}._{}@-]*[\p{L}\p{N}}])?_*/gu) ?? [])
    .filter((t) => /[-._@{}\\]/.test(t) && (t.length >= 3 || t.startsWith('-') || t.startsWith('\\')))
    // A regular expression's escape keeps its case: "\\d" is not "\\D".
    .map((t) => name(t, ESCAPE.test(t), WORD_CHARS));
  // A format directive ("%j", "%Y", "%-d"), compared with its case: "%j" is not "%J".
  const directives = (question.match(/(?<![\p{L}\p{N}%])%[-#]?\p{L}(?![\p{L}\p{N}])/gu) ?? []).map((t) => name(t, true, WORD_CHARS));
  // Two or three operator characters standing apart, with at least one that is not a dash ("--" is no operator).
  const operators = (question.match(new RegExp(`(?<=^|[\\s("'\`])[${OPERATOR_CHARS}]{2,3}(?=$|[\\s)"'\`,.;?!])`, 'gu')) ?? [])
    .filter((t) => /[^-]/.test(t))
    .map((t) => name(t, true, OPERATOR_CHARS));
  // A name in camel case ("KeepAliveTimeout", "RewriteCond", "getElementById"): a directive's,
  // a class's or a method's. Not a product's name ending in capitals ("PostgreSQL", "MySQL").
  const camel = (question.match(/(?<![\p{L}\p{N}_.-])\p{L}[\p{L}\p{N}]*(?![\p{L}\p{N}_-])/gu) ?? [])
    .filter((t) => /\p{Ll}\p{Lu}/u.test(t) && !/\p{Lu}{2}$/u.test(t))
    .map((t) => name(t, false, WORD_CHARS));
  // A keyword is compared with its case, but is the same name as a special token it equals ("FOO_BAR"), and counted once, as that.
  const keywords = (capitals ? capitalKeywords(question) : []).map((t) => name(t, true, WORD_CHARS, t.toLowerCase()));
  const byId = new Map<string, ReturnType<typeof name>>();
  for (const k of [...special, ...directives, ...operators, ...camel, ...keywords]) if (!byId.has(k.id) && k.token.length <= LONGEST_WORD) byId.set(k.id, k);
  return [...byId.values()]
    .slice(0, MAX_KEY_TOKENS)
    .map(({ token, flags, apart }) => wholeToken(token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), flags, apart));
}

/** The keywords a question writes in capitals, three letters or more, as written ("UPSERT", "REINDEX", "SQLITE_TMPDIR"). */
export function capitalKeywords(question: string): string[] {
  return question.match(/(?<![\p{L}\p{N}_.-])\p{Lu}{3,}(?:_\p{Lu}+)*(?![\p{L}\p{N}_-])/gu) ?? [];
}

/**
 * Two keywords in capitals side by side ("RENAME COLUMN", "DO UPDATE", "VACUUM FULL"), each pair of
 * a run ("ALTER TABLE RENAME COLUMN" → ALTER TABLE, TABLE RENAME, RENAME COLUMN), short words such as
 * ON, DO and BY included: a statement's clause is named by its words together. SQL pages say each
 * keyword everywhere, so one alone tells little ("Keywords in capitals" in retrieval are left out),
 * but the pair says which clause — the section on ALTER TABLE RENAME COLUMN, not on RENAME TO.
 * Compared with their case, any blanks between them.
 */
export function keywordPairs(question: string): RegExp[] {
  const runs = question.match(/(?<![\p{L}\p{N}_.-])\p{Lu}{2,}(?:_\p{Lu}+)*(?:\s+\p{Lu}{2,}(?:_\p{Lu}+)*)+(?![\p{L}\p{N}_-])/gu) ?? [];
  const pairs = new Set(
    runs.flatMap((run) => {
      const words = run.split(/\s+/);
      return words.slice(1).map((w, i) => `${words[i]}\\s+${w}`);
    }),
  );
  return [...pairs]
    .filter((pair) => pair.length <= LONGEST_WORD)
    .slice(0, MAX_KEY_TOKENS)
    .map((pair) => wholeToken(pair, 'u'));
}

/** Nouns a question calls a named thing by: "the group option", "the maxlogins item", "the required control flag". */
const NAMED_BY = /^(?:option|options|flag|switch|setting|parameter|argument|item|variable|directive|field|keyword|value|mode)$/;

/**
 * Plain words the question gives as a name, one or two words before a noun such as "option" or
 * "setting" ("What does the group option do?" → group; "the required control flag" → required,
 * control): a definition whose term is that word answers it, though the word alone says nothing
 * special. Lower case, at most MAX_KEY_TOKENS.
 */
export function calledNames(question: string): string[] {
  const words = question.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  const names = new Set<string>();
  words.forEach((w, i) => {
    if (!NAMED_BY.test(w)) return;
    // Back to the article or question word that opens the phrase ("the", "which").
    for (const before of words.slice(Math.max(0, i - 2), i).reverse()) {
      if (QUESTION_STOPWORDS.has(before)) break;
      names.add(before);
    }
  });
  return [...names].slice(0, MAX_KEY_TOKENS);
}
