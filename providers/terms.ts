// The offline provider's notion of "what a text is about", shared by its extractive answering
// and its tool choice so both read a question the same way.

const STOPWORDS = new Set(
  'a an and are as at be but by can do does for from has have how i in is it its me my of on or our so that the their them then there these this to was what when where which who why will with you your'.split(' '),
);

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

/** The meaningful words of `text`, lower-cased: no stopwords, no single characters. */
export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 1 && !STOPWORDS.has(t));
}

export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
