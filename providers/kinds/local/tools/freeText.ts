// The text a tool's free-text parameter takes ("query", "summary", "message"): what the question
// says after the tool's word and a word that introduces it ("Search the catalogue for red running
// shoes", "Open a ticket: the checkout page is blank", "…a support ticket saying my invoice is wrong").
import { stem } from '../../../../text/stem.js';
import { WORD, type Read } from './read.js';

/** What introduces the text after a word of the tool's, then the text. */
const INTRODUCED = /^\s*(?::\s*|[-–—]\s+|\s(?:for|about|saying|that says|which says|reading|titled|called|named|on|with)\s+)(["“']?)(.*?)\1?\s*[.?!]*\s*$/isu;
/** Courtesies that close a request, not the text's own. */
const CLOSING = /[,\s]+(?:please|pls|thanks|thank you|thx)\s*[.!?]*$/iu;

/**
 * The free text the question gives after the last word of the tool's that introduces some, or
 * undefined: a request that names the tool and says nothing after it gives none.
 */
export function freeTextAfterToolWord(question: string, vocabulary: ReadonlySet<string>): Read<string> | undefined {
  const words = [...question.matchAll(WORD)].filter((m) => vocabulary.has(stem(m[0].toLowerCase())));
  for (const word of words.reverse()) {
    const after = INTRODUCED.exec(question.slice(word.index + word[0].length));
    const text = after?.[2]?.replace(CLOSING, '').trim();
    if (text && /\p{L}/u.test(text)) return { value: text };
  }
  return undefined;
}
