// Where a page's definition lists (`<dl>`: DocBook's settings, Sphinx's functions, a man page's
// options) put their terms and definitions, carried out of html-to-text as marks in the text and
// read back as spans of the section's final text. Chunking needs them for lists inside lists: a
// setting's definition holding a list of its own values (pgpool-II's health_check_password lists
// "Plain text password"…, then goes on with "This parameter can be changed by reloading…"). From
// the text alone, a paragraph after the inner list looks as if it were still under its last term.
// Preformatted text (HTML's `<pre>`, Markdown's code blocks) is marked and read back the same way,
// as code spans: a line of code is shaped like a term, and must not be read as one.
import type { DefinitionSpan, TextSpan } from '../types.js';
import { normalizeText } from './text.js';
import { SECTION_ENTRY } from '../../text/definitionLines.js';

// Control characters: removed from the input before conversion, so they mark only what we put.
export const TERM_OPEN = '\u0002';
export const TERM_CLOSE = '\u0003';
export const DEFINITION_OPEN = '\u0004';
export const DEFINITION_CLOSE = '\u0005';
export const CODE_OPEN = '\u0006';
export const CODE_CLOSE = '\u0007';
const CODE_MARKS = [CODE_OPEN, CODE_CLOSE];
// eslint-disable-next-line no-control-regex -- the marks are control characters (see above)
const ANY_MARK = /[\u0002-\u0007]/g;
// eslint-disable-next-line no-control-regex -- as above; not global, so test() keeps no state
const HAS_MARK = /[\u0002-\u0007]/;

/** Longer than this, a `<dt>` holds prose, not a name (a signature of many parameters is ~400). */
const TERM_CHARS = 400;

/**
 * `raw` as normalizeText gives it, marks gone, and the definitions the marks enclosed: each
 * `<dd>` with the text of the `<dt>`s just before it in the same list ("-q, --quiet" for two, or
 * for one of two lines); and the code spans, each from its first character.
 * A definition still open at the end of `raw` (its list goes on in the next section) ends there;
 * a close without its open (the list began in an earlier section) is passed over.
 */
export function readDefinitionMarks(raw: string): { text: string; definitions: DefinitionSpan[]; code: TextSpan[] } {
  // Most sections hold no list and no code: their text is read as every other parser's is.
  if (!HAS_MARK.test(raw)) return { text: normalizeText(raw), definitions: [], code: [] };
  const { plain, marks } = withoutMarks(raw.replace(/\r\n?/g, '\n'));
  const text = normalizeText(plain);
  const at = offsetsIn(plain, text, marks.map((m) => m.at));

  const definitions: DefinitionSpan[] = [];
  // Per depth of open definitions (0: none open), the terms read since that list's last definition.
  const pending: { start: number; text: string }[][] = [[]];
  const open: { start: number; terms: { start: number; text: string }[] }[] = [];
  let termStart: number | null = null;
  const code: TextSpan[] = [];
  let codeStart: number | null = null;
  marks.forEach(({ mark }, i) => {
    const depth = open.length;
    if (mark === CODE_OPEN) codeStart ??= at[i]!;
    else if (mark === CODE_CLOSE && codeStart !== null) {
      // From its first character: a mark on a line of its own stood before the line break that follows.
      codeStart = firstCharacter(text, codeStart, at[i]!);
      if (at[i]! > codeStart) code.push({ start: codeStart, end: at[i]! });
      codeStart = null;
    } else if (mark === TERM_OPEN) termStart = at[i]!;
    else if (mark === TERM_CLOSE && termStart !== null) {
      // From its first character too, as chunking cuts before a term there (knowledge/chunk.ts).
      termStart = firstCharacter(text, termStart, at[i]!);
      const term = termText(text, termStart, at[i]!);
      if (term) pending[depth]!.push({ start: termStart, text: term });
      termStart = null;
    } else if (mark === DEFINITION_OPEN) {
      open.push({ start: at[i]!, terms: pending[depth]! });
      pending[depth] = [];
      pending[depth + 1] = [];
    } else if (mark === DEFINITION_CLOSE && depth > 0) {
      close(open.pop()!, at[i]!);
    }
  });
  while (open.length) close(open.pop()!, text.length);
  if (codeStart !== null && text.length > codeStart) code.push({ start: codeStart, end: text.length });
  definitions.sort((a, b) => a.start - b.start || b.end - a.end);
  return { text, definitions, code };

  function close(definition: { start: number; terms: { start: number; text: string }[] }, end: number): void {
    const term = definition.terms.map((t) => t.text).join(', ');
    // A table of contents set as a list (DocBook's `dl.toc`: "5.7. Privileges" over its subsections) defines nothing.
    if (!term || term.length > TERM_CHARS || end <= definition.start || SECTION_ENTRY.test(term)) return;
    definitions.push({ term, termStart: definition.terms[0]!.start, start: definition.start, end });
  }
}

/** The first offset of `text` in [from, end) that is not white space, else `end`. */
function firstCharacter(text: string, from: number, end: number): number {
  let at = from;
  while (at < end && /\s/.test(text[at]!)) at++;
  return at;
}

/**
 * A term's lines are its names, DocBook setting "-a<br>--echo-all" in one `<dt>`: "-a, --echo-all".
 * Its later lines are read without the prefix its first line has before it (a quote's "> ").
 */
function termText(text: string, start: number, end: number): string {
  const prefix = text.slice(text.lastIndexOf('\n', start - 1) + 1, start);
  return text
    .slice(start, end)
    .split('\n')
    .map((line, i) => (i > 0 && prefix && line.startsWith(prefix) ? line.slice(prefix.length) : line).replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(', ');
}

/** A line with nothing but a quote's or an indent's prefix: blank, as html-to-text writes it inside a block quote. */
const BLANKISH = /^[>\s]*$/;

/**
 * The text as html-to-text would have written it without the marks, and where each mark was in
 * it. A mark is a word to html-to-text: one after a block that closed (a definition ending with
 * a paragraph) gets a line of its own, which inside a block quote stays a "> " line that blank-line
 * clean-up cannot remove, and one before a word keeps the space the source had there (a `<dt>`
 * opening with a line break). Such lines go, with the blank lines around them that they doubled,
 * and such spaces go.
 */
function withoutMarks(text: string): { plain: string; marks: { mark: string; at: number }[] } {
  const marks: { mark: string; at: number }[] = [];
  const kept: string[] = [];
  let length = 0; // of kept.join('\n')
  let droppedSince = false;
  for (const line of text.split('\n')) {
    const separator = kept.length ? 1 : 0;
    let out = '';
    const here: { mark: string; at: number }[] = [];
    let from = 0;
    for (const m of line.matchAll(ANY_MARK)) {
      out += line.slice(from, m.index);
      here.push({ mark: m[0], at: out.length });
      from = m.index + 1;
      // The space html-to-text set between the mark and the next word, where no word was before it;
      // preformatted text's spaces are its own (a code line's indent).
      if (!CODE_MARKS.includes(m[0]) && (BLANKISH.test(out) || /[ \t]$/.test(out))) while (from < line.length && /[ \t]/.test(line[from]!)) from++;
    }
    out += line.slice(from);
    if (here.length && BLANKISH.test(out) && here.every((m) => CODE_MARKS.includes(m.mark))) {
      // A `<pre>` whose text starts or ends with a line break: the line of its mark goes alone, as
      // the break would have left an empty line that the blank lines around it absorb.
      for (const m of here) marks.push({ mark: m.mark, at: length });
      continue;
    }
    if (here.length && BLANKISH.test(out)) {
      // A line of marks only: gone, with the blank line set before it (a block quote's ">" would
      // stay), its marks at the end of the text kept so far.
      if (kept.length && BLANKISH.test(kept[kept.length - 1]!)) {
        length -= kept.pop()!.length + (kept.length ? 1 : 0);
        for (const m of marks) m.at = Math.min(m.at, length);
      }
      for (const m of here) marks.push({ mark: m.mark, at: length });
      droppedSince = true;
      continue;
    }
    if (droppedSince && BLANKISH.test(out) && kept.length && out === kept[kept.length - 1]) continue; // the blank line it doubled
    droppedSince = false;
    for (const m of here) marks.push({ mark: m.mark, at: length + separator + m.at });
    kept.push(out);
    length += separator + out.length;
  }
  return { plain: kept.join('\n'), marks };
}

/**
 * Where each of `offsets` of `plain` (in increasing order) falls in `text`, which normalizeText
 * made from it by deleting characters only (control characters, trailing spaces, blank lines
 * beyond one, the ends' whitespace). A deleted character never equals the next one kept — the
 * next kept after trailing spaces is a line break, after surplus line breaks or leading
 * whitespace a non-whitespace character — so matching greedily aligns the two exactly.
 */
function offsetsIn(plain: string, text: string, offsets: readonly number[]): number[] {
  const at: number[] = [];
  let j = 0;
  let i = 0;
  for (const offset of offsets) {
    for (; i < offset; i++) if (j < text.length && plain[i] === text[j]) j++;
    at.push(j);
  }
  return at;
}

/** `text` without definition or code marks: for text read apart from its section (a table's cell), or a source before marks are put in it. */
export function withoutDefinitionMarks(text: string): string {
  return text.replace(ANY_MARK, '');
}
