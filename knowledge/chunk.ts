// Parsed sections to retrievable chunks. Every chunk is an exact slice of one section's text
// (nothing added, nothing reflowed), so a quoted chunk is always something the source says.
//
// Rules:
// - A chunk never spans sections, with one exception: a tiny section (under `tinyTokens`, e.g.
//   a one-line intro under "Billing") is put in front of the next section when that one sits
//   under it (["Billing"] before ["Billing", "Refunds"]), and the chunk takes the deeper path.
//   Alone, it would be a chunk too small to ever rank well; its text stays under its own
//   heading, which is still in the path. Any other tiny section stays a chunk of its own.
// - A section longer than chunkTokens is split at blank lines, a paragraph still too long at
//   sentence ends (and line breaks), a sentence still too long at spaces, a word still too
//   long (a URL, base64) by characters, and the pieces are packed greedily up to chunkTokens.
// - Each chunk after the first of a section starts with up to overlapTokens from the end of the
//   previous one, from a word start (a sentence start when that keeps at least half of it) —
//   except a chunk that starts at a definition's term (a setting's, an option's): the words before
//   it end another definition, and carried over they made the chunk about two things at once.
// - tokenCount is exact (o200k) and never above chunkTokens, overlap included.
// - A chunk that starts inside a definition (a setting's description running on past the chunk
//   before) takes the definition's term as the last part of its heading path
//   (["5.7. Load Balancing", "disable_load_balance_on_write (string)"]): its text says "this
//   parameter", and without the term it is found by no question naming the setting and quoted
//   under no name. Where the parser read the page's definition lists (HTML), their spans decide:
//   the innermost definition the chunk starts in, and none once a list has ended. Otherwise the
//   text's shape does (text/definitionLines.ts).
import { tokenCount } from '../text/tokens.js';
import type { Chunk } from '../store/chunks.js';
import type { ChunkingOptions, DefinitionSpan, ParsedDocument, TextSpan } from './types.js';
import { headsDefinition } from '../text/definitionLines.js';

type Section = ParsedDocument['sections'][number];

/** A piece of a section's text, [start, end), that may end a chunk. */
interface Unit {
  start: number;
  end: number;
  tokens: number;
}

export function chunkDocument(doc: ParsedDocument, opts: ChunkingOptions): Chunk[] {
  validate(opts);
  const chunks: Chunk[] = [];
  for (const section of mergeTinySections(doc.sections, tinyTokens(opts))) {
    const { termAt, termStarts } = definitionTerms(section.text, section.definitions, section.code);
    for (const { start, text } of chunkText(section.text, opts, termStarts)) {
      const term = termAt(start);
      chunks.push({ index: chunks.length, text, headings: term ? [...section.headings, term] : [...section.headings], tokenCount: tokenCount(text) });
    }
  }
  return chunks;
}

/**
 * `termAt`: the term of the definition `text` is inside of at an offset, or null, for offsets
 * asked in increasing order; `termStarts`: where the section's terms start (the first character
 * of a term's paragraph). With the markup's definitions, the innermost one the offset is inside of; when
 * it is inside none, a term read from the text counts only if it is none of theirs (its list has
 * ended). From the text: the last paragraph before the offset that heads a definition
 * (text/definitionLines.ts), unless the offset is at such a paragraph itself. One pass over the
 * section's paragraphs for all its chunks, so a long section costs no more than its length.
 */
function definitionTerms(text: string, definitions?: readonly DefinitionSpan[], code: readonly TextSpan[] = []): { termAt: (offset: number) => string | null; termStarts: Set<number> } {
  const { termAt: fromText, termStarts } = textDefinitionTerms(text, code);
  if (!definitions) return { termAt: (offset) => fromText(offset)?.term ?? null, termStarts };
  const termAt = (offset: number) => {
    let inside: DefinitionSpan | undefined;
    // Sorted by start: the last one that holds the offset is the innermost.
    for (const d of definitions) {
      if (d.start > offset) break;
      if (offset < d.end) inside = d;
    }
    if (inside) return inside.term;
    const read = fromText(offset);
    return read && !definitions.some((d) => d.termStart <= read.at && read.at < d.start) ? read.term : null;
  };
  // The markup's terms alone: where it sets out definitions, a line merely shaped like a term is none.
  return { termAt, termStarts: new Set(definitions.map((d) => d.termStart)) };
}

/** definitionTerms from the text's shape alone: the term and where its paragraph starts. */
function textDefinitionTerms(text: string, code: readonly TextSpan[]): { termAt: (offset: number) => { term: string; at: number } | null; termStarts: Set<number> } {
  const paragraphs: { start: number; text: string }[] = [];
  let at = 0;
  text.split(/(\n\s*\n)/).forEach((part, i) => {
    const trimmed = part.trim();
    if (i % 2 === 0 && trimmed) paragraphs.push({ start: at + part.length - part.trimStart().length, text: trimmed });
    at += part.length;
  });
  // A line of preformatted text is code or a synopsis, and a line that code follows introduces it
  // ("where lock_strength can be one of"): neither is a term, however it is shaped.
  // Both in text order: one pass, not every span for every paragraph (a long page holds thousands of each).
  let c = 0;
  const inCode = paragraphs.map((p) => {
    while (c < code.length && code[c]!.end <= p.start) c++;
    return c < code.length && code[c]!.start <= p.start;
  });
  const heads = headsDefinition(paragraphs.map((p) => p.text)).map((h, k) => h && !inCode[k] && !inCode[k + 1]);
  const term = (k: number) => ({ term: paragraphs[k]!.text, at: paragraphs[k]!.start });
  const termStarts = new Set(paragraphs.filter((_, i) => heads[i]).map((p) => p.start));
  // The paragraph the last offset fell in, and the term in force before it.
  let k = -1;
  let before: { term: string; at: number } | null = null;
  const termAt = (offset: number) => {
    while (k + 1 < paragraphs.length && paragraphs[k + 1]!.start <= offset) {
      if (k >= 0 && heads[k]) before = term(k);
      k++;
    }
    if (k < 0) return null;
    // At a paragraph's start, that paragraph is the chunk's own: a term there heads nothing yet.
    if (paragraphs[k]!.start === offset) return heads[k] ? null : before;
    return heads[k] ? term(k) : before;
  };
  return { termAt, termStarts };
}

/** What to embed and index for full-text search: the heading path, then the text, so a chunk matches on the headings it sits under. */
export function chunkSearchText(c: Pick<Chunk, 'headings' | 'text'>): string {
  return c.headings.length ? `${c.headings.join(' > ')}\n\n${c.text}` : c.text;
}

function validate({ chunkTokens, overlapTokens }: ChunkingOptions): void {
  if (!Number.isInteger(chunkTokens) || chunkTokens < 50 || chunkTokens > 4000) {
    throw new RangeError(`chunkTokens must be an integer from 50 to 4000, not ${chunkTokens}`);
  }
  if (!Number.isInteger(overlapTokens) || overlapTokens < 0 || overlapTokens >= chunkTokens / 2) {
    throw new RangeError(`overlapTokens must be an integer from 0 to below half of chunkTokens (${chunkTokens / 2}), not ${overlapTokens}`);
  }
}

/** Sections under this many tokens may join the next one (see the rules above). */
function tinyTokens({ chunkTokens }: ChunkingOptions): number {
  return Math.min(32, Math.floor(chunkTokens / 4));
}

function mergeTinySections(sections: Section[], tiny: number): Section[] {
  const out: Section[] = [];
  let carry: Section | null = null;
  for (const section of sections) {
    if (!section.text.trim()) continue;
    let current = section;
    if (carry && startsWith(section.headings, carry.headings)) {
      current = { headings: section.headings, text: `${carry.text}\n\n${section.text}`, ...joinedSpans(carry, section) };
    } else if (carry) {
      out.push(carry);
    }
    carry = null;
    if (tokenCount(current.text) < tiny) carry = current;
    else out.push(current);
  }
  if (carry) out.push(carry);
  return out;
}

/** The definitions and code spans of `a` and `b` when `b`'s text is put after `a`'s and a blank line; none of either when neither has any. */
function joinedSpans(a: Section, b: Section): Pick<Section, 'definitions' | 'code'> {
  const shift = a.text.length + 2;
  const definitions = a.definitions || b.definitions ? { definitions: [...(a.definitions ?? []), ...(b.definitions ?? []).map((d) => ({ ...d, termStart: d.termStart + shift, start: d.start + shift, end: d.end + shift }))] } : {};
  const code = a.code || b.code ? { code: [...(a.code ?? []), ...(b.code ?? []).map((c) => ({ start: c.start + shift, end: c.end + shift }))] } : {};
  return { ...definitions, ...code };
}

function startsWith(path: string[], prefix: string[]): boolean {
  return path.length >= prefix.length && prefix.every((h, i) => path[i] === h);
}

/** The chunks of one section's text, each with where it starts in it. */
function chunkText(text: string, { chunkTokens, overlapTokens }: ChunkingOptions, termStarts: ReadonlySet<number>): { start: number; text: string }[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  if (tokenCount(trimmed) <= chunkTokens) return [{ start: text.length - text.trimStart().length, text: trimmed }];

  // Room for overlap in every chunk: no unit may need more than what is left beside it.
  const units = splitUnits(text, chunkTokens - overlapTokens);
  const chunks: { start: number; text: string }[] = [];
  let overlapFrom: number | null = null;
  for (let i = 0; i < units.length; ) {
    const first = units[i]!;
    let start: number = overlapFrom ?? first.start;
    // Estimate by adding up units and the line breaks between them (spaces merge into the next
    // word's token), then settle on the exact count.
    let estimate = (overlapFrom === null ? 0 : tokenCount(text.slice(overlapFrom, first.start))) + first.tokens;
    let j = i + 1;
    for (; j < units.length; j++) {
      const add = gapTokens(text, units[j - 1]!.end, units[j]!.start) + units[j]!.tokens;
      if (estimate + add > chunkTokens) break;
      estimate += add;
    }
    j = lastFitting(text, start, units, i, j, chunkTokens);
    if (j === i + 1 && tokenCount(text.slice(start, first.end)) > chunkTokens) start = first.start; // overlap did not fit beside this unit
    const end = units[j - 1]!.end;
    chunks.push({ start, text: text.slice(start, end) });
    overlapFrom = overlapTokens > 0 && j < units.length && !termStarts.has(units[j]!.start) ? overlapStart(text, start, end, overlapTokens) : null;
    i = j;
  }
  return chunks;
}

function gapTokens(text: string, from: number, to: number): number {
  const gap = text.slice(from, to);
  return gap.includes('\n') ? tokenCount(gap) : 0;
}

/** The largest j in (i, upTo] whose slice start..units[j-1].end fits, by binary search on the exact count; at least i + 1. */
function lastFitting(text: string, start: number, units: Unit[], i: number, upTo: number, limit: number): number {
  const fits = (j: number) => tokenCount(text.slice(start, units[j - 1]!.end)) <= limit;
  if (fits(upTo)) return upTo;
  let lo = i + 1; // the first unit always goes in (alone it is within budget)
  let hi = upTo - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Where the next chunk's overlap starts in [start, end): a word start, at most `overlap` tokens from the end; null when no word fits. */
function overlapStart(text: string, start: number, end: number, overlap: number): number | null {
  // Every word is at least one token, so only the last `overlap` words can start the overlap,
  // and never the chunk's first word (the overlap would be the whole previous chunk).
  const starts: number[] = [];
  const words = /\S+/g;
  words.lastIndex = start;
  for (let m = words.exec(text); m && m.index < end; m = words.exec(text)) if (m.index > start) starts.push(m.index);
  const candidates = starts.slice(-overlap);
  const fits = (k: number) => tokenCount(text.slice(candidates[k]!, end)) <= overlap;
  let lo = 0;
  let hi = candidates.length;
  // Earliest fitting candidate; the count only grows as the start moves back.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fits(mid)) hi = mid;
    else lo = mid + 1;
  }
  if (lo >= candidates.length) return null;
  for (let k = lo; k < candidates.length; k++) {
    if (!startsSentence(text, candidates[k]!)) continue;
    if (tokenCount(text.slice(candidates[k]!, end)) * 2 >= overlap) return candidates[k]!;
    break;
  }
  return candidates[lo]!;
}

function startsSentence(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 4), at);
  return /\n\s*$/.test(before) || /[.!?…。！？]["'”’)\]]*\s+$/.test(before);
}

const PARAGRAPH_BREAK = /\n[ \t]*\n\s*/g;
const SENTENCE_BREAK = /(?<=[.!?…]["'”’)\]]*)\s+|(?<=[。！？])|\s*\n\s*/g;
const WORD_BREAK = /\s+/g;

/** The section's text as units of at most `budget` tokens each, in order, whitespace between them left out. */
function splitUnits(text: string, budget: number): Unit[] {
  const units: Unit[] = [];
  for (const [ps, pe] of spans(text, 0, text.length, PARAGRAPH_BREAK)) {
    const tokens = tokenCount(text.slice(ps, pe));
    if (tokens <= budget) {
      units.push({ start: ps, end: pe, tokens });
      continue;
    }
    for (const [ss, se] of spans(text, ps, pe, SENTENCE_BREAK)) {
      const sentenceTokens = tokenCount(text.slice(ss, se));
      if (sentenceTokens <= budget) {
        units.push({ start: ss, end: se, tokens: sentenceTokens });
        continue;
      }
      for (const [ws, we] of spans(text, ss, se, WORD_BREAK)) splitWord(text, ws, we, budget, units);
    }
  }
  return units;
}

/** A word as one unit, or, when even it is over budget, as pieces cut where the token count allows. */
function splitWord(text: string, start: number, end: number, budget: number, units: Unit[]): void {
  for (let from = start; from < end; ) {
    let lo = from + 1;
    let hi = end;
    // The longest piece from `from` within budget (at least one character).
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (tokenCount(text.slice(from, mid)) <= budget) lo = mid;
      else hi = mid - 1;
    }
    // Never cut a surrogate pair in two.
    if (lo < end && lo - 1 > from && /[\ud800-\udbff]/.test(text[lo - 1]!)) lo -= 1;
    units.push({ start: from, end: lo, tokens: tokenCount(text.slice(from, lo)) });
    from = lo;
  }
}

/** The non-blank pieces of text[from, to) between matches of `separator` (a global regex), trimmed, as [start, end). */
function spans(text: string, from: number, to: number, separator: RegExp): [number, number][] {
  const part = text.slice(from, to);
  const out: [number, number][] = [];
  let last = 0;
  const push = (s: number, e: number) => {
    while (s < e && /\s/.test(part[s]!)) s++;
    while (e > s && /\s/.test(part[e - 1]!)) e--;
    if (e > s) out.push([from + s, from + e]);
  };
  separator.lastIndex = 0;
  for (let m = separator.exec(part); m; m = separator.exec(part)) {
    if (m[0].length === 0) {
      // A zero-width break (after 。): split there, and step past it so exec moves on.
      if (m.index > last) push(last, m.index);
      last = m.index;
      separator.lastIndex++;
      continue;
    }
    push(last, m.index);
    last = m.index + m[0].length;
  }
  push(last, part.length);
  return out;
}
