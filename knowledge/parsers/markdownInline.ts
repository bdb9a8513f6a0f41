// Markdown's inline text as plain text, shared by the section text (markdown.ts) and the links'
// sentences (markdownLinks.ts): marked's token tree without its markup.
import type { MarkedToken, Token } from 'marked';

/** No marked extensions are registered, so every token is one of marked's own kinds. */
export function known(tokens: Token[] | undefined): MarkedToken[] {
  return (tokens ?? []) as MarkedToken[];
}

export function inlineText(tokens: Token[] | undefined): string {
  let out = '';
  for (const token of known(tokens)) {
    switch (token.type) {
      case 'text':
        out += token.tokens ? inlineText(token.tokens) : decodeEntities(token.text);
        break;
      case 'escape':
      case 'codespan':
        out += decodeEntities(token.text);
        break;
      case 'strong':
      case 'em':
      case 'del':
      case 'link':
        out += inlineText(token.tokens);
        break;
      case 'image':
        out += token.text; // the alt text
        break;
      case 'br':
        out += '\n';
        break;
      default:
        break; // inline HTML tags: markup, not text
    }
  }
  return out;
}

// A Map: "&constructor;" must stay as written, not become Object's constructor.
const NAMED = new Map(Object.entries({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }));

/** The entities people write in Markdown; marked's lexer leaves them for its renderer. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED.get(ref.toLowerCase()) ?? whole;
  });
}
