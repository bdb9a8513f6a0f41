// What every parser's links share: which addresses are another page's, and the sentence of a
// block that a link's text sits in. Read by htmlLinks.ts and markdownLinks.ts.

/** A link's sentence, at most this long: a long paragraph's other sentences are about other things. */
export const CONTEXT_CHARS = 400;
/** Links read from one page at most, in page order (a generated index links to every page). */
export const LINKS_PER_PAGE = 1_000;

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();

/** An address of another page: not a place on this one, nor `mailto:`, `javascript:`, `data:` or `tel:`. */
export function isPageHref(href: string): boolean {
  return href !== '' && !href.startsWith('#') && !/^(?:mailto|javascript|data|tel):/i.test(href);
}

/** The sentence of `block` (its whole text when none) that holds the link's text `anchor`. */
export function linkSentence(block: string, anchor: string): string {
  const text = squeeze(block);
  const said = squeeze(anchor);
  const sentence = (said && text.split(/(?<=[.!?])\s+/).find((s) => s.includes(said))) || text;
  return sentence.slice(0, CONTEXT_CHARS);
}
