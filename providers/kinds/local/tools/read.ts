// What reading a tool's arguments off a question works with: the shape of what is read, and the
// words of a question or a tool's text.
import { TOOL_NAME_STOPWORDS } from '../../../../text/stopwords.js';
import { terms } from '../../../../text/terms.js';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An identifier's words set apart: "searchProducts" → "search Products", "getURLStatus" → "get URL Status". */
export function spacedName(text: string): string {
  return text.replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2');
}

/** The subject words of an identifier or description: camelCase, snake_case and kebab-case split. */
export function subjectTerms(text: string): Set<string> {
  return new Set(terms(spacedName(text)).filter((t) => !TOOL_NAME_STOPWORDS.has(t)));
}

/** A word of a message as the router reads it: letters and digits, with apostrophes, underscores and hyphens inside ("it's", "order_id"). */
export const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;

/** A word as a contraction's first part: "it" of "It's", "I" of "I'm"; any other word as it is. */
export function contractionHead(word: string): string {
  return word.split(/['’]/u)[0] ?? word;
}

/** An argument read off the question; `guessed` when nothing in the question marks it as one (see ToolMatch, match.ts). */
export interface Read<T = unknown> {
  value: T;
  guessed?: boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where `word` first occurs in `text` as a whole word, case-insensitively; -1 if it does not. */
export function wordAt(text: string, word: string): number {
  return text.search(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'iu'));
}

/** A word of a text and where it stands there. */
export interface Word {
  word: string;
  start: number;
  end: number;
}

/** The words `pattern` (global) finds in `text`, each with where it stands. */
export function wordsIn(text: string, pattern: RegExp): Word[] {
  return [...text.matchAll(pattern)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
}

/** What stands between `words[i]` and the word before it (the text's start for the first). */
export function gapBefore(text: string, words: readonly Word[], i: number): string {
  return text.slice(words[i - 1]?.end ?? 0, words[i]?.start);
}

/**
 * Whether `words[i]` starts a sentence: the text's first word, or the first after a sentence's end
 * mark. Read off the gap, not all the text before the word (a word ends in no sentence mark, so a
 * blank gap after one starts nothing): every word of a long message is read.
 */
export function startsSentence(text: string, words: readonly Word[], i: number): boolean {
  const before = gapBefore(text, words, i).trimEnd();
  return before === '' ? i === 0 : /[.!?]$/.test(before);
}
