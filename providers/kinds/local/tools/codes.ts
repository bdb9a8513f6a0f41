// A code a tool's parameter takes ("ISO currency code, e.g. USD", "Ticker symbol, e.g. AAPL"),
// read off a question by the shape of the example its description gives: no place, no id with
// digits in it, and no word of the question's language, but written as the example is.
import { isStopword } from '../../../../text/terms.js';
import { stem } from '../../../../text/stem.js';
import type { Read } from './read.js';

/** The examples a description gives after "e.g.", "for example", "such as" or "like": the word after each. */
const EXAMPLE = /(?:\be\.g\.|\beg\b|\bfor example\b|\bsuch as\b|\blike\b|\bi\.e\.)[:,]?\s*["'`“]?(\S+)/gu;
/** A code: capitals (and digits, dots, dashes, slashes), no small letter, at least one capital. */
const CODE = /^(?=.*\p{Lu})[\p{Lu}\p{N}][\p{Lu}\p{N}._/-]{1,15}$/u;

/** Each example's word, quotes and closing marks left off. */
function examplesIn(description: unknown): string[] {
  if (typeof description !== 'string') return [];
  return [...description.matchAll(EXAMPLE)].map((m) => m[1]!.replace(/[.,;:!?)"'`”]+$/u, ''));
}

/** The first of the examples that is a code ("ISO currency code, e.g. USD"), if any. */
function codeExample(examples: readonly string[]): string | undefined {
  return examples.find((word) => CODE.test(word));
}

/** Whether a description shows a code by example. */
export function showsCode(description: unknown): boolean {
  return codeExample(examplesIn(description)) !== undefined;
}

/**
 * A word written as `example` is: each run of capitals, of digits and each other character in
 * turn, a run one shorter or longer ("USD" takes "EUR" and "CHF", "AAPL" takes "IBM" and "GOOGL"),
 * but never a single capital ("I", "A").
 */
function shapeOf(example: string): RegExp {
  const runs = example.match(/\p{Lu}+|\p{N}+|./gu) ?? [];
  const body = runs
    .map((run) => {
      const n = run.length;
      if (/^\p{Lu}/u.test(run)) return `\\p{Lu}{${Math.max(runs.length === 1 ? 2 : 1, n - 1)},${n + 1}}`;
      if (/^\p{N}/u.test(run)) return `\\p{N}{${Math.max(1, n - 1)},${n + 1}}`;
      return run.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${body}$`, 'u');
}

/** A word, with the dots, dashes and slashes inside it ("BRK.B", "EUR/USD"), not one ending a sentence. */
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}]|[._/'’-](?=[\p{L}\p{N}]))*/gu;

/** Whether a word of the tool's stands next to the one at `i`, stopwords between them skipped ("USD exchange rate", "the price of AAPL"). */
function besideToolWord(words: readonly string[], i: number, vocabulary: ReadonlySet<string>): boolean {
  for (const step of [-1, 1]) {
    for (let j = i + step; j >= 0 && j < words.length; j += step) {
      const word = words[j]!.toLowerCase();
      if (vocabulary.has(stem(word))) return true;
      if (!isStopword(word)) break;
    }
  }
  return false;
}

/** An e-mail address, and a web address: a value no other word is written as. */
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;
const WEB_ADDRESS = /\bhttps?:\/\/[^\s"'<>]*[^\s"'<>.,;:!?)]/u;

/**
 * The code the question gives for a parameter whose description shows one by example: the first
 * word written as the example is that is neither a stopword ("WHAT IS" shouted), nor one of the
 * tool's own words, nor a value another parameter already took (`taken`: "Convert 100 USD to
 * EUR" gives "from" USD and "to" EUR, in the order the schema lists them). Given when the question
 * gives no more of them than the parameters still to read take (`slots`, this one included) and
 * it stands beside a word of the tool's ("the USD exchange rate"); else guessed,
 * for the router to weigh ("What is the exchange rate function in SQL?" over a SQL manual). An
 * example that is an e-mail or web address takes the question's first one, given.
 */
export function codeAsExampled(question: string, description: unknown, vocabulary: ReadonlySet<string>, others: { taken: ReadonlySet<string>; slots: number }): Read<string> | undefined {
  const { taken, slots } = others;
  const examples = examplesIn(description);
  const first = examples[0] ?? '';
  for (const pattern of [EMAIL, WEB_ADDRESS]) {
    if (!pattern.test(first)) continue;
    const value = pattern.exec(question)?.[0];
    return value && !taken.has(value) ? { value } : undefined;
  }
  const example = codeExample(examples);
  if (!example) return undefined;
  const shape = shapeOf(example);
  const words = question.match(WORD) ?? [];
  const found = words.flatMap((word, i) => (shape.test(word) && !taken.has(word) && !isStopword(word.toLowerCase()) && !vocabulary.has(stem(word.toLowerCase())) ? [{ word, i }] : []));
  const [code] = found;
  if (!code) return undefined;
  return { value: code.word, guessed: new Set(found.map((f) => f.word)).size > slots || !besideToolWord(words, code.i, vocabulary) };
}
