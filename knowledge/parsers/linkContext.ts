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

/**
 * A block's text split into sentences once, for all the links in it: a page with thousands of
 * links in one paragraph split it once per link before (5,000 links in 190 KB of Markdown took
 * 13 s; 20,000 ran the heap out).
 */
export class BlockSentences {
  private readonly text: string;
  private readonly sentences: string[];
  /** Where the last link's sentence was: links come in page order, so the next one is most likely there or after. */
  private at = 0;

  constructor(block: string) {
    this.text = squeeze(block);
    this.sentences = this.text.split(/(?<=[.!?])\s+/);
  }

  /** The sentence holding the link's text `anchor` (the block's whole text when none does), at most CONTEXT_CHARS. */
  of(anchor: string): string {
    const said = squeeze(anchor);
    const n = this.sentences.length;
    for (let k = 0; said && k < n; k++) {
      const i = (this.at + k) % n;
      if (this.sentences[i]!.includes(said)) {
        this.at = i;
        return this.sentences[i]!.slice(0, CONTEXT_CHARS);
      }
    }
    return this.text.slice(0, CONTEXT_CHARS);
  }
}
