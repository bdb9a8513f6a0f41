// An id read off a question for an id-like parameter ("order_id", "tracking number"): one written
// with "#", one after the tool's word ("order 48213"), or one stated in a sentence of its own.
import { isStopword } from '../../../../text/terms.js';
import { stem } from '../../../../text/stem.js';
import { contractionHead, gapBefore, subjectTerms, wordAt, wordsIn, type Read } from './read.js';

const ID_LIKE = new Set(['id', 'number', 'no', 'code', 'reference', 'ref', 'sku', 'tracking', 'key']);

export function isIdLike(property: string): boolean {
  return [...subjectTerms(property)].some((t) => ID_LIKE.has(t));
}

/** Words after which an identifier follows: "order 48213", "order number is 30017", "#A-1042". */
const ID_INTRODUCERS = new Set(['number', 'no', 'id', 'is', 'code', 'ref', 'reference', '#']);
/** Those of them that name an id themselves ("number 90210"), not only lead to one ("is"). */
const ID_WORDS = new Set([...ID_INTRODUCERS].filter((w) => w !== 'is' && w !== '#'));

/** What stands between a column and a value compared with it in a query: "=", "<>", ">=", "IN (". */
const COMPARED = /^\s*(?:[=<>!]=?|<>|in\s*\()\s*['"]?$/iu;

/**
 * A reference code: letters and four digits or more, in parts joined by "-", "_" or "/", with a run
 * of four digits or a part of letters alone ("ORD-5521", "A7-19920", "9183-B", "INV/0042",
 * "ORD_77-301"). Quantities and versions are not written so ("64MB", "v2", "SHA-256", "x86-64"),
 * so beside the tool's word it is the id, whatever introduces it.
 */
const REFERENCE_CODE = /^(?=.*\p{L})(?=(?:\P{N}*\p{N}){4})(?=.*\p{N}{4}|(?:.*[-_/])?\p{L}+(?:[-_/]|$))[\p{L}\p{N}]+(?:[-_/][\p{L}\p{N}]+)+$/u;

/** Whether `id` is written as a reference code (REFERENCE_CODE), which nothing but a reference is. */
export function isReferenceCode(id: string): boolean {
  return REFERENCE_CODE.test(id);
}

const DIGIT_NAMES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
/** Three digits or more said one by one ("eight four four two one", "four-oh-one-two"): "oh" only after the first. */
const SPELLED_DIGITS = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${DIGIT_NAMES.join('|')})(?:[\s-]+(?:oh|${DIGIT_NAMES.join('|')})){2,}(?![\p{L}\p{N}])`, 'giu');

/** `text` with each run of digits said one by one as the number they spell: an id dictated, or typed as it is read out. */
function withSpelledDigits(text: string): string {
  return text.replace(SPELLED_DIGITS, (run) =>
    run
      .toLowerCase()
      .split(/[\s-]+/u)
      .map((w) => (w === 'oh' ? '0' : String(DIGIT_NAMES.indexOf(w))))
      .join(''),
  );
}

/**
 * An identifier in the question (a word with a digit in it, or digits said one by one): one
 * written with `#`, else one right after a word of the tool's ("order 48213", "order number is
 * 30017"), else the first with three characters or more: given when stated in a sentence of its
 * own, else guessed. Single digits alone are quantities, not ids.
 */
export function identifier(question: string, vocabulary: ReadonlySet<string>): Read<string> | undefined {
  const text = withSpelledDigits(question);
  // A reference may be written with slashes inside it ("2024/08/5561", "INV/0042").
  const placed = wordsIn(text, /#?[\p{L}\p{N}](?:[\p{L}\p{N}_-]|\/(?=[\p{L}\p{N}]))*/gu);
  const words = placed.map((w) => w.word);
  const hasDigit = (w: string) => /\p{N}/u.test(w);
  const hashed = words.find((w) => w.startsWith('#') && hasDigit(w));
  if (hashed) return { value: hashed.slice(1) };
  // "I ordered something last week, number 90210": a word that says an id, in a message that says the tool's.
  const saysTool = words.some((x) => vocabulary.has(stem(x.toLowerCase())));
  for (const [i, w] of words.entries()) {
    if (!hasDigit(w) || /^\p{L}+$/u.test(w)) continue;
    // "WHERE id = 12345", "order_id IN (48213)": a value compared in a statement is the statement's, not one given.
    if (COMPARED.test(gapBefore(text, placed, i))) {
      if (w.length >= 3) return { value: w, guessed: true };
      continue;
    }
    // Up to two introducing words back ("order number is"), ending at a word of the tool's.
    for (let back = 1; back <= 3 && i - back >= 0; back++) {
      const prev = words[i - back]!.toLowerCase();
      if (vocabulary.has(stem(prev)) || (back === 1 && saysTool && ID_WORDS.has(prev))) return { value: w };
      if (!ID_INTRODUCERS.has(prev)) break;
    }
  }
  const first = words.find((w) => hasDigit(w) && w.length >= 3);
  if (first === undefined) return undefined;
  // "What's the status of my order? It's 48213.": a sentence of nothing but the id, beside one saying the tool's word, gives it;
  // so does a reference code ("ORD-5521 still hasn't arrived") beside the tool's word.
  return { value: first, guessed: !(saysTool && (isReferenceCode(first) || aloneInItsSentence(text, first))) };
}

/** Whether `id`'s sentence in `text` states nothing but it and stopwords ("It's 48213.", "Number: 48213"), beside other sentences. */
function aloneInItsSentence(text: string, id: string): boolean {
  // Sentences as their end marks part them only: a line break alone does not ("…my order\nIt's 48213" is one).
  const sentence = text.split(/(?<=[.!?])\s+/u).find((s) => wordAt(s, id) >= 0) ?? '';
  // "It's" as "it".
  const others = (sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu) ?? []).filter((w) => w !== id).map((w) => contractionHead(w.toLowerCase()));
  // Stated, not asked: "Is it 100?" asks about a value.
  return sentence !== text && !sentence.trimEnd().endsWith('?') && others.every((w) => isStopword(w) || ID_INTRODUCERS.has(w));
}
