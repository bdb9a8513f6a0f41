// "What a text is about": the offline provider's extractive answering and its tool choice
// both read a question through these, so they read it the same way.
import { QUESTION_STOPWORDS } from './stopwords.js';

export function isStopword(word: string): boolean {
  return QUESTION_STOPWORDS.has(word.toLowerCase());
}

/** The words of `text` in order, lower-cased, stopwords and all; hyphens, apostrophes and underscores break them. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The meaningful words of `text`, lower-cased: no stopwords, no single characters. */
export function terms(text: string): string[] {
  return words(text).filter((t) => t.length > 1 && !QUESTION_STOPWORDS.has(t));
}

export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
