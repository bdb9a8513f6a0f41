// What a Markdown page says where it links to another page — `[text](other.md)`, a reference
// link, an autolink, or an `<a>` in raw HTML — with the sentence of the block it sits in, as
// htmlLinks.ts reads an HTML page's. Code is never read for links.
import type { MarkedToken, Token } from 'marked';
import type { PageLink } from '../types.js';
import { inlineText, known } from './markdownInline.js';
import { BlockSentences, isPageHref, LINKS_PER_PAGE } from './linkContext.js';
import { pageLinks } from './htmlLinks.js';

/** Each link to another page in the page's blocks, in page order, at most LINKS_PER_PAGE. */
export function markdownLinks(tokens: MarkedToken[]): PageLink[] {
  const links: PageLink[] = [];
  // Blocks depth first in page order, without recursion: lists and quotes may nest deeply.
  const stack = [...tokens].reverse();
  while (stack.length && links.length < LINKS_PER_PAGE) {
    const token = stack.pop()!;
    const inner = innerBlocks(token);
    if (inner) {
      for (let i = inner.length - 1; i >= 0; i--) stack.push(inner[i]!);
      continue;
    }
    if (token.type === 'html') links.push(...pageLinks(token.text));
    for (const run of inlineRuns(token)) {
      const found = run.flatMap(linksIn).slice(0, Math.max(0, LINKS_PER_PAGE - links.length));
      if (!found.length) continue;
      const block = new BlockSentences(run.map(inlineText).join(' | '));
      for (const link of found) links.push({ href: link.href, context: block.of(inlineText(link.tokens)) });
    }
  }
  return links.slice(0, LINKS_PER_PAGE);
}

/** The blocks a container holds: a quote's, or each list item's. */
function innerBlocks(token: MarkedToken): MarkedToken[] | null {
  if (token.type === 'blockquote') return known(token.tokens);
  if (token.type === 'list') return token.items.flatMap((item) => known(item.tokens));
  return null;
}

/**
 * The blocks of inline tokens in `token`, each as its parts: a paragraph or heading as one part,
 * a table's rows as their cells — a row is what says what its linked cell is ("pcp_detach_node |
 * detaches a node").
 */
function inlineRuns(token: MarkedToken): Token[][][] {
  switch (token.type) {
    case 'paragraph':
    case 'heading':
      return [[token.tokens]];
    case 'text':
      return token.tokens ? [[token.tokens]] : [];
    case 'table':
      return [token.header, ...token.rows].map((row) => row.map((cell) => cell.tokens));
    default:
      return []; // code, rules, link definitions: no links of the page's text
  }
}

/** The links among `tokens` (inside emphasis too) whose address is another page's. */
function linksIn(tokens: Token[]): { href: string; tokens: Token[] }[] {
  const found: { href: string; tokens: Token[] }[] = [];
  const stack = [...known(tokens)].reverse();
  while (stack.length) {
    const t = stack.pop()!;
    if (t.type === 'link') {
      if (isPageHref(t.href.trim())) found.push({ href: t.href.trim(), tokens: t.tokens });
    } else if ((t.type === 'strong' || t.type === 'em' || t.type === 'del' || t.type === 'text') && t.tokens) {
      for (let i = t.tokens.length - 1; i >= 0; i--) stack.push(known(t.tokens)[i]!);
    }
  }
  return found;
}
