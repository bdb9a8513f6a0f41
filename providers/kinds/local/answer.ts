// The offline model's extractive answer: the sentences of the passages that answer the
// question best, each with the subject it is about (the option, setting or command a reference
// page defines), and where each came from. It quotes; it never rewrites.
import type { ContextPassage } from '../../types.js';
import { citedAs } from '../../citation.js';
import { terms } from '../../../text/terms.js';
import { contentTerms } from './coverage.js';
import { stem } from '../../../text/stem.js';
import { synonymsOf } from '../../../text/synonyms.js';
import { describedNames } from '../../../text/concepts.js';
import { answerTypeWords, REASON_WORDS } from '../../../text/answerTypes.js';
import { calledNames, keyTokens, keywordPairs } from '../../../text/keyTokens.js';
import { ELIDED, indentOf, introducesWhatFollows, isElided, units, type Unit } from './passageUnits.js';
import { SIGNATURE } from '../../../text/definitionLines.js';
import { clauses } from './clauses.js';

/**
 * What a thesaurus word (text/synonyms.ts) of the question's is worth against the question's own:
 * 0.1 and 0.2 each gained one key term on the Git tuning half, 0.3 and 0.4 none; the same as in
 * retrieval's BM25.
 */
const SYNONYM_SHARE = 0.2;

/**
 * What a name of a concept the question describes (text/concepts.ts) is worth: as much as the
 * question's own word, as in retrieval. 0.5 / 1 / 2 measured: key terms over the labelled sets
 * (Git / SQLite / Python) 0.758 / 0.800 / 0.833 → 0.773 / 0.817 / 0.875 → 0.758 / 0.800 / 0.875,
 * over the fresh ones 0.667 / 0.467 / 0.467 → 0.733 / 0.600 / 0.467 → 0.733 / 0.667 / 0.533.
 */
const CONCEPT_SHARE = 1;

/**
 * What a word stating the kind of answer the question asks for (text/answerTypes.ts: "how long"
 * → timeout, seconds) is worth: as much as a concept's name. Over the sixteen retrieval sets, key
 * term in the answer 246 → 248 of 400 at ½ and → 249 at 1 (memqcache_expire, memqcache_total_size,
 * cpu_count), none lost.
 */
const ANSWER_TYPE_SHARE = 1;

/**
 * What a sentence ending with a colon is worth against one that ends: it introduces what follows
 * ("…run the following commands to add the commits:", "…one of the following type affinities:"),
 * and what follows is most often code or a list, so quoted alone it points at nothing. Over the
 * eight sets 22 of 240 answers ended a quote so; at ½ one did, no key term was lost but one that
 * only a citation had carried (0.5 and 0 measured alike). A sentence whose code the answer shows
 * with it (passageUnits.ts, exampleLines) points at that and counts in full.
 */
const INTRODUCING_SHARE = 0.5;

/**
 * Sentences an answer quotes at most (each at least half as good as the best, below). 3, 4 and 5
 * measured over the twelve retrieval sets (labelled, fresh and blind; `eval:retrieval`): key term
 * in the answer Git 0.788 / 0.788 / 0.803, SQLite blind 0.200 / 0.300 / 0.300, Python blind
 * 0.150 / 0.150 / 0.200, pgpool-II 0.633 / 0.667 / 0.667, its fresh set 0.467 / 0.467 / 0.667 and
 * blind set 0.550 / 0.550 / 0.600, none lower; the median answer over SQLite's set grew from 560
 * to 834 characters. The question's subject is more often in one of five of the best sentences
 * than in one of three.
 */
const QUOTES = 5;

/**
 * How good the best sentence of the passage retrieval ranked first must be, against the best of
 * all, to be quoted when no pick came from that passage (withFirstPassage): a third. Over the
 * sixteen retrieval sets any share up to 0.35 gave the same two answers their key term; at ½ one
 * of them lost it again. The first definition's sentence (withFirstDefinition) must be as good
 * (¼, measured with the first passage only, gave the same answers).
 */
const FIRST_PASSAGE_SHARE = 1 / 3;

/**
 * How many of the passages retrieval ranked first are read for a definition the answer names
 * (withFirstDefinition): two. Over the sixteen retrieval sets, key term in the answer 261 of 400
 * before; reading the first passage only 263, the first two 265, three 264, all five 261 (a
 * definition far down the list is as likely another's). None of the 400 lost its term at two.
 */
const DEFINING_PASSAGES = 2;

/**
 * What a word of the question in the example line a sentence is shown with (exampleOf), and not in
 * the sentence itself, is worth: as much as in the sentence, for the answer says that line with it.
 * "How to create an archive and reset the user information using the filter parameter in
 * TarFile.add():" answers "…every member added with uid/gid reset to 0 and owner name root" in its
 * code (`tarinfo.uid = tarinfo.gid = 0`), and lost to a sentence sharing more words in prose.
 * Over the 1,680 questions of the read and labelled sets (`eval:retrieval`), key terms 1,176 →
 * 1,182 at 1 (7 gained, 1 lost; with "return tarinfo" read as code, text/definitionLines.ts, which
 * gave the tarfile answer its term: 1,175 → 1,176), 1,175 → 1,178 at ½ without it; 124 answers
 * changed, the median answer 909 → 913 characters.
 */
const EXAMPLE_SHARE = 1;

/**
 * An example of at most these many lines, of these many characters in all, is shown whole, as a
 * block, rather than its one line the question's words chose (exampleOf): a few short lines are one
 * piece of code, and a line of it alone often shows only its start ("with gzip.open(…) as f_out:"
 * without the "shutil.copyfileobj(f_in, f_out)" it opens). Over the 2,640 read, labelled and blind
 * questions, 168 answers changed, 7 gained their key term and none lost one, the median answer
 * 919.5 → 926.5 characters; at 6 lines and 360 characters, 57 more changed for one more key term.
 */
const WHOLE_EXAMPLE_LINES = 4;
const WHOLE_EXAMPLE_CHARS = 240;

/** A line of code that opens a block: Python's "for …:", a C or Tcl "{", an SQL "CREATE TABLE t(". */
const OPENS_BLOCK = /[:{(]$/;

/** Whether lines of code are few and short enough to be shown as a block. */
const fitsWhole = (lines: readonly string[]) => lines.length <= WHOLE_EXAMPLE_LINES && lines.join('\n').length <= WHOLE_EXAMPLE_CHARS;

/**
 * The lines of an example an answer shows for its `line`: the whole example when it is short
 * enough; else the line, with what is nested under it when it opens a block ("for root, dirs,
 * files in os.walk(…):" alone shows a loop doing nothing), as many lines as a whole one may have,
 * "…" marking the rest; else the line alone. Over the 2,640 read, labelled and blind questions,
 * 18 answers changed (a loop, a `with`, a table's columns shown with their opening line), no key
 * term gained or lost.
 */
function exampleShown(lines: readonly string[], line: string): string[] {
  const at = lines.indexOf(line);
  if (at < 0) return [line.trim()];
  // Code left out of it (a line too long, the lines past its first few) shows as ELIDED's "…" line.
  if (lines.length > 1 && fitsWhole(lines)) return [...lines];
  if (!OPENS_BLOCK.test(line)) return [line.trim()];
  const end = lines.findIndex((l, i) => i > at && indentOf(l) <= indentOf(line));
  const nested = lines.slice(at, end < 0 ? lines.length : end);
  const shown = nested.slice(0, WHOLE_EXAMPLE_LINES);
  if (shown.length < 2 || !fitsWhole(shown)) return [line.trim()];
  const least = indentOf(line);
  return [...shown.map((l) => l.slice(least)), ...(nested.length > shown.length ? [ELIDED] : [])];
}

/**
 * A block's lines with what its first line opens nested one step (four spaces) under it: a page's
 * text starts a paragraph of code at its first character, so "def __set_name__(self, owner, name):"
 * from inside a class comes with its body eight spaces in.
 */
function nestedUnderFirst(lines: readonly string[]): string[] {
  const [first, ...rest] = lines;
  // The mark for the lines left out after a block's first few stands at no indentation.
  const trailing = (l: string) => l === ELIDED;
  if (!first || !rest.length || !OPENS_BLOCK.test(first) || !rest.every((l) => trailing(l) || indentOf(l) > indentOf(first))) return [...lines];
  const shift = Math.min(...rest.filter((l) => !trailing(l)).map(indentOf)) - indentOf(first) - 4;
  return [first, ...rest.map((l) => (trailing(l) ? l : l.slice(shift > 0 ? shift : 0)))];
}

/** An example's first line of code, not one standing for code left out. */
const firstShown = (lines: readonly string[]): string | undefined => lines.find((l) => !isElided(l));

/** How a sentence's example is said after it: one line in backticks, more as a block, which ends its line. */
function shownExample(lines: readonly string[], line: string): string {
  const shown = nestedUnderFirst(exampleShown(lines, line));
  return shown.length > 1 ? `\n\`\`\`\n${shown.join('\n')}\n\`\`\`\n` : ` \`${shown[0]}\``;
}

/** Parts of an answer one after another, a space between, none after a block (shownExample), which ends its line. */
const joinedSaid = (parts: readonly string[]): string => parts.reduce((text, part) => (text === '' || text.endsWith('\n') ? text + part : `${text} ${part}`), '');

/** What naming the question's special token verbatim is worth: more than any two ordinary words. */
const KEY_BONUS = 4;

/**
 * How good a pick must be on a part of the question's own words, against the best sentence on
 * them, to answer that part (withEveryPart): half. Over the 1,200 questions of the fourteen
 * retrieval sets, key term in the answer 818 → 821 / 822 / 820 / 818 at 0.3 / 0.5 / 0.75 / 1,
 * none lost at 0.5.
 */
const PART_SHARE = 0.5;

/** The name a term gives, without dashes or what follows it: "remember=N" → remember, "--amend" → amend, "work_mem (integer)" → work_mem. */
function termName(subject: string): string {
  return /^-{0,2}([\p{L}\p{N}_.-]*[\p{L}\p{N}_])/u.exec(subject.toLowerCase())?.[1] ?? '';
}

/**
 * Every name a term line gives: its first word's and each option's after it. A definition list
 * sets an option's short and long forms on one line ("-s --switchover", "-n, --dry-run"), short
 * first, and a question calls it by the long one ("the switchover option"); a negatable option's
 * "[no-]" is no part of its name ("--[no-]mailmap" → mailmap).
 */
function termNames(subject: string): string[] {
  const [first, ...rest] = subject.replace(/\[no-\]/g, '').split(/[\s,]+/);
  return [first ?? '', ...rest.filter((w) => w.startsWith('-'))].map(termName).filter(Boolean);
}

/** A signature's parameters as written, split at the commas between them (not those inside brackets or quotes). */
function parameters(signature: string): string[] {
  const inner = signature.slice(signature.indexOf('(') + 1, signature.lastIndexOf(')'));
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (quote) quote = c === quote ? '' : quote;
    else if (c === "'" || c === '"') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      out.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  return [...out, inner.slice(start).trim()].filter(Boolean);
}

/**
 * A term as the answer says it: a long signature by its name and the parameters the question names
 * ("json.dumps(…, indent=None, …)" for "How does json.dumps use its indent argument?",
 * "subprocess.run(…)" when it names none), any other term in full.
 */
function spokenTerm(subject: string, asked: ReadonlySet<string>): string {
  if (subject.length <= 100 || !SIGNATURE.test(subject)) return subject;
  // A parameter by its name, as a term is ("indent=None" → indent, "*args" → args).
  const named = parameters(subject).filter((p) => asked.has(stem(termName(p.replace(/^\*+/, '')))));
  return `${subject.slice(0, subject.indexOf('(')).trim()}(…${named.map((p) => `, ${p}`).join('')}${named.length ? ', …' : ''})`;
}

/**
 * A passage's source as a reader finds it: the document, without the chunk's position
 * ("returns.md#2"), and the section it is in ("collections.html › Counter objects").
 */
function citation(passage: ContextPassage): string {
  return citedAs(passage.source.replace(/#\d+$/, ''), passage.section);
}

/**
 * The first `limit` of `quotes` (best first), except that each pick after the first is the best
 * one saying a pair of the question's keywords (text/keyTokens.ts) that no quote taken says yet,
 * while there is one: for "How does an UPSERT with ON CONFLICT DO UPDATE work?" the sentences on
 * UPSERT and ON CONFLICT outscore each one on DO UPDATE, and three of them would leave the clause
 * asked about unsaid. Only such pairs count: covering the question's words or single keywords
 * took code lines and sentences off the subject in their place (README, Answers).
 */
function coveringPairs<T extends { pairs: RegExp[] }>(quotes: T[], limit: number): T[] {
  const taken: T[] = [];
  const said = new Set<RegExp>();
  const rest = [...quotes];
  while (taken.length < limit && rest.length) {
    const i = taken.length === 0 ? 0 : Math.max(0, rest.findIndex((q) => q.pairs.some((k) => !said.has(k))));
    const [pick] = rest.splice(i, 1);
    taken.push(pick!);
    for (const k of pick!.pairs) said.add(k);
  }
  return taken;
}

/** A sentence as scored against the question. */
type Scored = { u: Unit; i: number; matches: number; score: number };

/**
 * `picked`, with the best-scored sentence that `quotable` allows when no pick is `heard` yet and
 * that sentence shares a word with the question and is at least `least` good: in place of the
 * last pick when there is no room left, never the only one, the earliest of equals.
 */
function withOneHeard<T extends Scored>(picked: T[], scored: T[], limit: number, least: number, heard: (x: T) => boolean, quotable: (x: T) => boolean = heard): T[] {
  if (limit < 2 || picked.some(heard)) return picked;
  const pick = scored
    .filter((x) => quotable(x) && x.matches > 0 && x.score >= least)
    .reduce<T | undefined>((b, x) => (!b || x.score > b.score || (x.score === b.score && x.u.order < b.u.order) ? x : b), undefined);
  return pick ? [...picked.slice(0, Math.min(picked.length, limit - 1)), pick] : picked;
}

/**
 * `picked`, with the best sentence of the passage retrieval ranked first when none of it was
 * picked (withOneHeard): sentences are scored across the passages alike, so the page retrieval
 * found by what it is about rather than by the question's words lost every pick to passages that
 * merely share more of them. Over the sixteen retrieval sets (labelled, fresh, blind, blind2), key
 * term in the answer 0.590 → 0.595: two answers gained their term (AUTOINCREMENT, uuid4), none lost one.
 */
function withFirstPassage<T extends Scored>(picked: T[], scored: T[], limit: number, least: number): T[] {
  return withOneHeard(picked, scored, limit, least, (x) => x.u.passage === 0);
}

/**
 * `picked`, with the first sentence of the best definition in the passages retrieval ranked first
 * (DEFINING_PASSAGES) when no pick comes from a definition of theirs (withOneHeard). A question in
 * everyday words ("How do I skip a list of such commits kept in a file?") shares more of them with
 * the prose around an option than with the option's own line ("--ignore-revs-file <file>: Ignore
 * revisions listed in file…"), and an answer quoting only the prose never says what to use.
 */
function withFirstDefinition<T extends Scored>(picked: T[], scored: T[], limit: number, least: number): T[] {
  // A definition the passage only goes on with (its term line in the chunk before) is named when
  // quoted, but its first sentence is not at hand: it neither counts as one nor stands in for one.
  const defining = (x: T) => x.u.passage < DEFINING_PASSAGES && x.u.subject !== null && !x.u.carried;
  return withOneHeard(picked, scored, limit, least, defining, (x) => defining(x) && x.u.lead);
}

/** A sentence that opens by pointing back at the one before it: "With it you can…", "This option…", "They are…". */
const POINTS_BACK = /^(?:it|its|this|these|that|those|they|such|(?:with|in|for) (?:it|this|that|them))\b/i;

/** "It is possible to…", "It's recommended that…": an "it" that stands for what follows, not for the sentence before. */
const IT_OF_WHAT_FOLLOWS =
  /^it(?:'s|’s|\s+(?:is|was|(?:may|might|can|could|will|would|should) be))\s+(?:(?:also|not|often|usually|generally|therefore|thus|then)\s+)?(?:possible|impossible|necessary|unnecessary|recommended|important|advisable|safe|unsafe|best|better|easy|easier|hard|harder|difficult|common|useful|likely|unlikely|sufficient|enough|preferable|required|worth|good|wise|convenient|legal|an error)\b/i;

/**
 * A sentence whose opening clause names what the one before it said by "this", "these" or "such":
 * "If the script exits with this code, the current revision will be skipped", "Without these
 * options, …". Not a part of the document ("in the first picture in this section"), which is no
 * sentence's. Over the 2,560 read, labelled and blind questions, 64 answers changed, one gained
 * its key term (git bisect's exit code 125) and none lost one.
 */
const OPENS_ON_THIS =
  /^(?:if|when|whenever|unless|once|after|before|while|with|without|by|for|in|on)\b[^,.;:]{0,60}?\b(?:this|these|such)\b(?!\s+(?:section|chapter|page|manual|document|guide|tutorial|book|example|figure|picture|table|list)s?\b)[^,.;:]*,/i;

const pointsBack = (text: string) => (POINTS_BACK.test(text) && !IT_OF_WHAT_FOLLOWS.test(text)) || OPENS_ON_THIS.test(text);

/**
 * `picked`, with the sentence before each one that opens by pointing back at it, in the same
 * paragraph and definition: quoted alone, "With it you can temporarily mutate the warnings filter"
 * leaves out what "it" is ("…use the catch_warnings context manager."), and with it the name asked
 * for. Over the 1,440 questions of the eighteen retrieval sets, 225 answers changed, 7 gained
 * their key term and none lost one, at 2 % more text.
 *
 * A paragraph that opens by pointing back at the code before it ("The typical use is: <code>" then
 * "This iterates over the lines of all files listed in sys.argv[1:]…") points at that code: the
 * sentence introducing the code comes with it, and so does the code (`shown`: the example line the
 * answer would show with it, else the code's first line).
 */
function withAntecedents<T extends { u: Unit; example?: string }>(picked: T[], all: Unit[], shown: (u: Unit) => string | undefined): (T | { u: Unit; example?: string })[] {
  const out: (T | { u: Unit; example?: string })[] = [...picked];
  for (const { u } of picked) {
    const before = all[u.order - 1];
    if (!before || !pointsBack(u.text) || before.passage !== u.passage || before.subject !== u.subject || out.some((x) => x.u === before)) continue;
    if (before.paragraph === u.paragraph) out.push({ u: before });
    else if (before.example?.length) out.push({ u: before, example: shown(before) ?? firstShown(before.example) });
  }
  return out;
}

/**
 * A quote ending with a colon ("…is registered at start-time using C-code similar to the
 * following:") shown with the first line of the code it introduces when no line of it says a word
 * of the question's (exampleOf): quoted alone it points at nothing, and that line is what it
 * says to use (`sqlite3_config(SQLITE_CONFIG_LOG, errorLogCallback, pData);`). Such a sentence is
 * only quoted for its own words. Over the 2,480 read, labelled and blind questions, 7 answers
 * changed, one gained its key term and none lost one.
 */
function withWhatItIntroduces<T extends { u: Unit; example?: string }>(x: T): T {
  return x.example === undefined && x.u.example?.length && introducesWhatFollows(x.u.text) ? { ...x, example: firstShown(x.u.example) } : x;
}

const stems = (text: string) => new Set(terms(text).map(stem));

/** The words a question (or a part of one) says what it is about in, a dotted name's words apart. */
const subjectWords = (text: string) => contentTerms(text).flatMap((t) => terms(t));

/**
 * The words a part of a question is answered by: its own, or for a part that asks only why ("…,
 * and why?"), the words a reason is given with (REASON_WORDS). Over the 2,240 read and labelled
 * questions one answer changed, and gave its term ("This is necessary to avoid split-brain…").
 */
function partWords(part: string): readonly string[] {
  const own = subjectWords(part);
  return own.length || !/\bwhy\b/i.test(part) ? own : REASON_WORDS;
}

/**
 * `picked`, with the best sentence on each part of a question that asks several things ("What is
 * Pgpool-II, what features does it give you, and does it run on Windows?", split as the router
 * splits requests: clauses.ts) that no pick answers yet: a part's best is the sentence its own
 * words weigh most in (`on`), and a pick answers it when it weighs at least PART_SHARE of that.
 * Scored on the whole question, "Windows is not supported." lost every pick to sentences on what
 * Pgpool-II is, which share more of its words. Each such sentence takes the last pick's place when
 * there is no room, never the first's nor one brought in for another part.
 */
function withEveryPart<T extends Scored>(picked: T[], scored: T[], limit: number, parts: ReadonlySet<string>[], on: (x: T, part: ReadonlySet<string>) => number): T[] {
  if (parts.length < 2 || limit < 2) return picked;
  let out = picked;
  const added = new Set<T>();
  for (const part of parts) {
    const weighs = new Map(scored.map((x) => [x, on(x, part)]));
    const best = scored.reduce<T | undefined>((b, x) => {
      const [mine, theirs] = [weighs.get(x)!, b ? weighs.get(b)! : 0];
      return mine > 0 && (!b || mine > theirs || (mine === theirs && x.score > b.score)) ? x : b;
    }, undefined);
    if (!best || out.includes(best) || out.some((x) => weighs.get(x)! >= PART_SHARE * weighs.get(best)!)) continue;
    // Full: the last pick neither first nor brought in for an earlier part gives way, if there is one.
    const place = out.length < limit ? out.length : out.findLastIndex((x, j) => j > 0 && !added.has(x));
    if (place < 0) continue;
    out = [...out.slice(0, place), best, ...out.slice(place + 1)];
    added.add(best);
  }
  return out;
}

/**
 * Each sentence once: reference pages repeat some word for word under every entry (DocBook's
 * "This parameter can be changed by reloading the Pgpool-II configurations." after each setting),
 * and three copies of it filled an answer. `quotes` come best first, so the best copy stays.
 */
function onceEach<T extends { u: { text: string } }>(quotes: T[]): T[] {
  const seen = new Set<string>();
  return quotes.filter(({ u }) => {
    const said = u.text.toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(said)) return false;
    seen.add(said);
    return true;
  });
}

/**
 * Up to `limit` sentences of `passages` that answer `question`, as answer text: in source
 * order, each group followed by its source, e.g. `--amend: Replace the tip… (git-commit.html)`.
 * Empty when no sentence shares a word with the question or says a name it gives.
 */
export function extractiveAnswer(question: string, passages: ContextPassage[], limit = QUOTES): string {
  const all = units(passages);
  if (!all.length) return '';
  const words = subjectWords(question);
  const wanted = new Set(words.map(stem));
  const called = calledNames(question);
  // The term counts with its definition's first sentence only; the later ones say it when quoted
  // but match on their own words, or every sentence of a definition would match its term.
  const matched = all.map((u) => (u.lead ? `${u.subject} ${u.text}` : u.text));
  const names = keyTokens(question);
  // The command of the page a sentence is on, when the question names it ("How do I make git
  // ls-remote exit…"): every sentence of that page is about it, said or not. Counted only for the
  // sentence that says it again, the name and its words ("ls", "remote") made the help note on
  // "git ls-remote -h" the answer, over the one on --exit-code.
  const namedCommands = passages.map(({ command }) => (command !== undefined && names.some((k) => k.test(command)) ? command : ''));
  const pageNamed = all.map((u) => namedCommands[u.passage]!);
  const unitStems = matched.map((m, i) => stems(`${pageNamed[i]} ${m}`));
  // A name said by most of the sentences at hand ("JavaScript" across a JavaScript manual) tells none of them apart.
  const keys = names.filter((k) => matched.filter((m) => k.test(m)).length * 2 <= all.length);
  const pairs = keywordPairs(question);
  // A word in few of the sentences at hand tells more than one in all of them.
  const idf = (w: string) => Math.log(1 + all.length / (1 + unitStems.filter((s) => s.has(w)).length));
  const weight = new Map([...wanted].map((w) => [w, idf(w)]));
  /** Counts `stems` the question does not say itself at `share` of a word of its own. */
  const weighAlso = (stems: string[], share: number) => {
    for (const w of stems) if (!weight.has(w)) weight.set(w, share * idf(w));
  };
  // The thesaurus's words for the question's count too, at a fifth: a sentence saying "remove"
  // answers "how do I delete…" better than one that only shares the question's other words.
  const loose = new Set(synonymsOf(words).map(stem));
  weighAlso([...loose], SYNONYM_SHARE);
  // And the names of what it describes, and the documentation's words for its everyday phrases, as its own words:
  // "put my edits aside" is answered by the sentence saying "stash", "shut it down" by the one saying "stop".
  weighAlso(terms(describedNames(words, question).join(' ')).map(stem), CONCEPT_SHARE);
  // And the words the kind of answer it asks for is stated with: "how long…" is answered by the sentence saying "timeout".
  weighAlso(terms(answerTypeWords(question).join(' ')).map(stem), ANSWER_TYPE_SHARE);
  // And, for a part that asks only why, the words a reason is given with, as much.
  const partsSaid = clauses(question).map(partWords);
  if (partsSaid.includes(REASON_WORDS)) weighAlso(REASON_WORDS.map(stem), ANSWER_TYPE_SHARE);
  const scoring = [...weight.keys()];
  // A thesaurus's word alone ("add" for "make") does not make a line of code say what was asked.
  const telling = new Set(scoring.filter((w) => wanted.has(w) || !loose.has(w)));
  /** The weight of the question's telling words `text` says, less those in `except` (a sentence's own, when its example line is weighed). */
  const tellingWeight = (text: string, except: readonly string[] = []) => [...stems(text)].reduce((n, w) => n + (telling.has(w) && !except.includes(w) ? weight.get(w)! : 0), 0);
  /**
   * The line of a sentence's example (passageUnits.ts) the answer shows with it: the one saying most
   * of the question's words and names (`telling`, each by its weight, as sentences are scored), the
   * first of equals, and none that says none of them (an example's "import fnmatch" shows nothing
   * of what was asked).
   */
  const exampleOf = (u: Unit): string | undefined =>
    u.example
      ?.map((line) => ({ line, n: tellingWeight(line) + KEY_BONUS * keys.filter((k) => k.test(line)).length }))
      .reduce<{ line?: string; n: number }>((b, x) => (x.n > b.n ? x : b), { n: 0 }).line;
  const scored = all.map((u, i) => {
    const shared = scoring.filter((w) => unitStems[i]!.has(w));
    // A later sentence of a definition the question names ("What is the default of shared_buffers?")
    // is about that name as much as the first one, once it shares a word of its own with the question.
    const aboutSubject = u.subject !== null && (u.lead || shared.length > 0);
    const named = keys.filter((k) => k.test(aboutSubject ? `${u.subject} ${u.text}` : u.text) || k.test(pageNamed[i]!)).length;
    const bySubject = aboutSubject ? keys.filter((k) => k.test(u.subject!)).length || Number(termNames(u.subject!).some((n) => called.includes(n))) : 0;
    const score = shared.reduce((s, w) => s + weight.get(w)!, 0) + KEY_BONUS * (named + bySubject);
    const example = exampleOf(u);
    const matches = shared.length + named + bySubject;
    // The example line's words the sentence does not say itself, for a sentence that says some of
    // the question's own: "For example:" over a configuration is not made an answer by its code.
    const shown = example === undefined || matches === 0 ? 0 : tellingWeight(example, shared);
    const total = score + EXAMPLE_SHARE * shown;
    return { u, i, example, pairs: pairs.filter((k) => k.test(u.text)), matches, score: introducesWhatFollows(u.text) && example === undefined ? INTRODUCING_SHARE * total : total };
  });
  const top = Math.max(...scored.map((x) => x.score));
  // Quotes far weaker than the best one dilute it: only those at least half as good are kept.
  const quotes = scored
    // A sentence is a quote when it shares a word with the question or says a name it gives (a
    // table row "jsonb ->> text | Extracts a field" for "What does ->> do?").
    .filter((x) => x.matches > 0 && x.score >= top / 2)
    .sort((a, b) => b.score - a.score || a.u.order - b.u.order);
  const least = FIRST_PASSAGE_SHARE * top;
  const parts = partsSaid.map((p) => new Set(p.map(stem))).filter((p) => p.size > 0);
  const on = (x: { i: number }, part: ReadonlySet<string>) => [...part].reduce((s, w) => s + (unitStems[x.i]!.has(w) ? (weight.get(w) ?? 0) : 0), 0);
  const picked = withEveryPart(withFirstDefinition(withFirstPassage(coveringPairs(onceEach(quotes), limit), scored, limit, least), scored, limit, least), scored, limit, parts, on);
  const best = withAntecedents(picked, all, exampleOf).map(withWhatItIntroduces).sort((a, b) => a.u.order - b.u.order);
  if (!best.length) return '';
  // The quotes in runs cited alike (one page's section), each run said as one group and its citation.
  const runs: (typeof best)[] = [];
  for (const q of best) {
    const last = runs.at(-1);
    if (last && citation(passages[last[0]!.u.passage]!) === citation(passages[q.u.passage]!)) last.push(q);
    else runs.push([q]);
  }
  // An example's line is shown once: a comment over it and the sentence introducing its block may both have it.
  const shownLines = new Set<string>();
  return runs.map((run) => {
    const cited = citation(passages[run[0]!.u.passage]!);
    // A reference page's quotes say the command it documents, as typed, once, unless they or their
    // citation do: before the first quote, or before its option ("git commit --amend: Replace…");
    // a term of another kind ("Interrupted workflow:") is left as it is.
    const command = passages[run[0]!.u.passage]!.command;
    const saysCommand = !command || [cited, ...run.map(({ u }) => `${u.subject ?? ''} ${u.text}`)].some((t) => t.toLowerCase().includes(command.toLowerCase()));
    let lastSubject: string | null = null;
    const said = run.map(({ u, example }, i) => {
      const named = u.subject && u.subject !== lastSubject && !u.text.toLowerCase().includes(u.subject.toLowerCase());
      lastSubject = u.subject;
      let withSubject = named ? `${spokenTerm(u.subject!, wanted)}: ${u.text}` : u.text;
      if (i === 0 && !saysCommand && (!named || u.subject!.startsWith('-'))) withSubject = `${command}${named ? ' ' : ': '}${withSubject}`;
      if (!example) return withSubject;
      const shown = shownExample(u.example ?? [], example);
      if (shownLines.has(shown)) return withSubject;
      shownLines.add(shown);
      return `${withSubject}${shown}`;
    });
    return joinedSaid([...said, `(${cited})`]);
  }).join(' ');
}
