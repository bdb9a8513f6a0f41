// What kind of answer a question asks for, by its question words: "how long …" is answered by a
// duration, "how often …" by an interval, "how many …" by a number or a limit, "how much
// memory …" by a size, "where …" by a place (a file, a directory). Documentation states those
// with its own words (timeout, period, maximum, bytes, file) that the question need not share,
// so the extractive answer counts them as the question's. Retrieval does not: they say what the
// answer looks like, not what it is about.

// prettier-ignore
const ANSWER_TYPES: readonly { asks: RegExp; words: string }[] = [
  { asks: /\bhow long\b|\bhow soon\b|\bafter how\b/i, words: 'timeout seconds lifetime expire duration' },
  { asks: /\bhow often\b|\bhow frequently\b/i, words: 'interval period frequency every seconds' },
  { asks: /\bhow many\b/i, words: 'number maximum max count limit' },
  { asks: /\bhow (?:much|big|large)\b/i, words: 'size bytes amount maximum' },
  { asks: /\bwhere\b/i, words: 'file directory path location' },
];

/** The words documentation states the kind of answer `question` asks for with, once each. */
export function answerTypeWords(question: string): string[] {
  return [...new Set(ANSWER_TYPES.filter((t) => t.asks.test(question)).flatMap((t) => t.words.split(' ')))];
}
