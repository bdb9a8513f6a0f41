// What a page says where it links to another page: the sentence around each link. Another page's
// words for a page ("re-attach the quarantined node by using pcp_attach_node") are often the words
// a question uses and the page itself does not — as search engines read the text of links to a
// page. Retrieval ranks pages by them (knowledge/mentions.ts).
import { parseDocument } from 'htmlparser2';
import { textContent } from 'domutils';
import type { PageLink } from '../types.js';
import { isChrome, type Element } from './chrome.js';
import { BlockSentences, isPageHref, LINKS_PER_PAGE } from './linkContext.js';

interface Node extends Element {
  children?: Node[];
  parent?: Node | null;
}

/** Elements whose text is the context of a link inside them; the nearest one counts. */
const BLOCKS = new Set(['p', 'li', 'dd', 'dt', 'td', 'th', 'blockquote', 'figcaption', 'caption', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'div', 'section', 'article']);

/**
 * Chrome for links besides the page's (chrome.ts): headers, and Sphinx's sidebar and related bars
 * by class — links there say nothing of their page but its place in the book.
 */
const LINK_CHROME = { tags: ['header'], classes: ['sphinxsidebar', 'related'] };

/**
 * Each link to another page (not to a place on this one, not `mailto:` or `javascript:`) outside the
 * page's chrome, with the sentence of its nearest block that holds the link's text.
 */
export function pageLinks(html: string): PageLink[] {
  const links: PageLink[] = [];
  const blocks = new Map<Node, BlockSentences>();
  // Depth first in page order, without recursion: a page may nest thousands of unclosed tags.
  const stack: Node[] = [parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true }) as unknown as Node];
  while (stack.length && links.length < LINKS_PER_PAGE) {
    const n = stack.pop()!;
    if (isChrome(n, LINK_CHROME)) continue;
    const href = n.type === 'tag' && n.name === 'a' ? (n.attribs?.href ?? '').trim() : '';
    if (isPageHref(href)) {
      const context = linkContext(n, blocks);
      if (context) links.push({ href, context });
    }
    for (let i = (n.children?.length ?? 0) - 1; i >= 0; i--) stack.push(n.children![i]!);
  }
  return links;
}

/** The sentence of the link's nearest block (or table row) that holds its text; each block is split once (`blocks`). */
function linkContext(link: Node, blocks: Map<Node, BlockSentences>): string {
  const anchor = textContent(link as never);
  let block = link.parent;
  while (block && !(block.type === 'tag' && BLOCKS.has(block.name ?? ''))) block = block.parent;
  if (!block) return new BlockSentences(anchor).of(anchor);
  // A table cell's row is what says what its link is ("os | Miscellaneous operating system interfaces").
  const row = (block.name === 'td' || block.name === 'th') && block.parent?.name === 'tr' ? block.parent : null;
  const key = row ?? block;
  let sentences = blocks.get(key);
  if (!sentences) {
    const text = row ? (row.children ?? []).filter((c) => c.type === 'tag').map((c) => textContent(c as never)).join(' | ') : textContent(block as never);
    sentences = new BlockSentences(text);
    blocks.set(key, sentences);
  }
  return sentences.of(anchor);
}
