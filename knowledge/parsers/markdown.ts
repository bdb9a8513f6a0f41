// Markdown via marked's lexer (not its HTML renderer): the token tree gives the heading
// structure, and the text comes out plain, without markup the embedder would mistake for words.
import { convert, type HtmlToTextOptions } from 'html-to-text';
import { lexer, type MarkedToken, type Tokens } from 'marked';
import type { ParsedDocument } from '../types.js';
import { parseText } from './plain.js';
import { decodeEntities, inlineText, known } from './markdownInline.js';
import { markdownLinks } from './markdownLinks.js';
import { decodeText, headingText } from './text.js';
import { CODE_CLOSE, CODE_OPEN, readDefinitionMarks, withoutDefinitionMarks } from './definitionMarks.js';

// YAML front matter would otherwise lex as a rule plus a setext heading made of its last key.
const FRONT_MATTER = /^---[ \t]*\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/** One section per heading, under the path of its enclosing headings; title = first h1, else `name`. */
export function parseMarkdown(data: Uint8Array, name: string): ParsedDocument {
  try {
    return parseMarkdownTokens(data, name);
  } catch (err) {
    // Nested deeper than marked's recursive lexer (or this walk) can go — thousands of ">" or
    // "*" in a row: the source is read as the plain text it also is, so its words are indexed.
    if (err instanceof RangeError) return parseText(data, name);
    throw err;
  }
}

function parseMarkdownTokens(data: Uint8Array, name: string): ParsedDocument {
  // The characters readDefinitionMarks reads as marks are ours alone.
  const source = withoutDefinitionMarks(decodeText(data).replace(FRONT_MATTER, ''));
  const tokens = known(lexer(source));
  const sections: ParsedDocument['sections'] = [];
  const path: { depth: number; text: string }[] = [];
  let title: string | undefined;
  let blocks: string[] = [];

  const flush = () => {
    const { text, code } = readDefinitionMarks(blocks.join('\n\n'));
    if (text) sections.push({ headings: path.map((h) => h.text), text, ...(code.length ? { code } : {}) });
    blocks = [];
  };

  for (const token of tokens) {
    if (token.type !== 'heading') {
      const text = blockText(token);
      if (text) blocks.push(text);
      continue;
    }
    const text = headingText(inlineText(token.tokens));
    if (!text) continue; // an empty `#` is no boundary worth having
    flush();
    while (path.length && path[path.length - 1]!.depth >= token.depth) path.pop();
    path.push({ depth: token.depth, text });
    if (token.depth === 1 && title === undefined) title = text;
  }
  flush();
  return { title: title ?? name, sections, links: markdownLinks(tokens) };
}

/** A block token as plain text; headings nested in quotes or lists are text there. */
function blockText(token: MarkedToken, indent = ''): string {
  switch (token.type) {
    case 'paragraph':
    case 'heading':
      return inlineText(token.tokens);
    case 'text':
      return token.tokens ? inlineText(token.tokens) : decodeEntities(token.text);
    case 'code':
      // Marked, so that chunking takes none of its lines for a term ("npm install askflow" above the prose).
      return `${CODE_OPEN}${token.text}${CODE_CLOSE}`;
    case 'blockquote':
      return blocksText(known(token.tokens));
    case 'list':
      return listText(token, indent);
    case 'table':
      return [token.header, ...token.rows].map((row) => row.map((cell) => inlineText(cell.tokens)).join(' | ')).join('\n');
    case 'html':
      return htmlText(token.text);
    default:
      return ''; // space, hr, def (link reference definitions): no text
  }
}

function blocksText(tokens: MarkedToken[], indent = ''): string {
  return tokens
    .map((t) => blockText(t, indent))
    .filter(Boolean)
    .join('\n\n');
}

/** Items one per line, `- ` or `N. ` first, nested lists indented, so the list still reads as one. */
function listText(list: Tokens.List, indent: string): string {
  const start = typeof list.start === 'number' ? list.start : 1;
  return list.items
    .map((item, i) => {
      const marker = list.ordered ? `${start + i}. ` : '- ';
      const parts = known(item.tokens).map((t) => (t.type === 'list' ? listText(t, `${indent}  `) : blockText(t, indent))).filter(Boolean);
      return `${indent}${marker}${parts.join('\n')}`;
    })
    .join('\n');
}

/** Raw HTML in Markdown as its text: no markup, no scripts, headings not upper-cased (html-to-text's default). */
const HTML_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, format: 'block' })),
    ...['script', 'style', 'img'].map((selector) => ({ selector, format: 'skip' })),
    { selector: 'a', options: { ignoreHref: true } },
  ],
};

function htmlText(html: string): string {
  return convert(html, HTML_OPTIONS);
}
