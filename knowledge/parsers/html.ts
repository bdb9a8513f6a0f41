// HTML via html-to-text, with one change: headings are emitted behind a marker instead of
// upper-cased, so the text can be cut into sections at them afterwards.
import { convert, type FormatCallback, type HtmlToTextOptions } from 'html-to-text';
import { textContent } from 'domutils';
import { Parser } from 'htmlparser2';
import type { ParsedDocument } from '../types.js';
import { decodeText, headingText, normalizeText, PERMALINK_ONLY } from './text.js';
import { pageLinks } from './htmlLinks.js';
import { CHROME_SELECTORS, SKIPPED_TAGS } from './chrome.js';
import { CODE_CLOSE, CODE_OPEN, DEFINITION_CLOSE, DEFINITION_OPEN, readDefinitionMarks, TERM_CLOSE, TERM_OPEN, withoutDefinitionMarks } from './definitionMarks.js';

// Cannot occur in the text: control characters are removed from the input first.
const MARK = '\u0001';
const HEADING_LINE = new RegExp(`^${MARK}([1-6])${MARK}(.*)$`);

/**
 * DocBook titles its admonitions with a heading (`<div class="note"><h3 class="title">Note</h3>`):
 * a label of the box, not a section — as a heading it would cut the section in two and put the
 * text after the box under "Note". It stays a line of its own, which the answer reads as the
 * term the note's text is quoted under ("Note: …").
 */
const ADMONITION = /(?:^|\s)(?:note|tip|hint|warning|caution|important|danger|attention)(?:\s|$)/;

const heading: FormatCallback = (elem, walk, builder) => {
  if (ADMONITION.test(String((elem as { parent?: { attribs?: Record<string, string> } }).parent?.attribs?.class ?? ''))) {
    asBlock(elem.children, walk, builder);
    return;
  }
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addLiteral(`${MARK}${(elem.name ?? 'h6').slice(1)}${MARK}`);
  builder.pushWordTransform((word) => word.replace(/\n/g, ' ')); // the heading stays on its line
  walk(elem.children, builder);
  builder.popWordTransform();
  builder.closeBlock({ trailingLineBreaks: 2 });
};

/** A table row as `cell | cell` on one line: html-to-text's column layout pads with spaces and wraps long cells. */
const row: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 1 });
  let first = true;
  for (const cell of elem.children) {
    if (cell.name !== 'td' && cell.name !== 'th') continue;
    if (!first) builder.addLiteral(' | ');
    first = false;
    walk(cell.children, builder);
  }
  builder.closeBlock({ trailingLineBreaks: 1 });
};

type Node = Parameters<FormatCallback>[0];

/**
 * A table laid out for the page rather than holding data: a cell holds a heading or another
 * table, or a page's worth of text. Its cells are read as the blocks they are.
 */
function isLayoutTable(elem: Node): boolean {
  const LAYOUT = /^(?:h[1-6]|table)$/;
  const holdsLayout = (nodes: Node[] | undefined): boolean =>
    (nodes ?? []).some((n) => (n.type === 'tag' && LAYOUT.test(n.name ?? '')) || holdsLayout(n.children as Node[] | undefined));
  return holdsLayout(elem.children as Node[]) || textContent(elem as Parameters<typeof textContent>[0]).length > 20_000;
}

/**
 * A cell's paragraphs, list items and lines on one line. DocBook (a function's signature, its
 * description and an example as three paragraphs of one cell) and Sphinx (every cell's text in a
 * `<p>`) would otherwise set each cell apart as a paragraph of its own: "Cube root" alone, away
 * from the `cbrt(…)` it describes, and a lone "|" between cells.
 */
function cellLine(text: string): string {
  let line = '';
  // A definition list inside a cell is read as the cell's line, without its marks (see definitionPart).
  for (const part of withoutDefinitionMarks(text).split('\n').map((l) => l.trim().replace(/^- /, '')).filter(Boolean)) {
    line = !line ? part : /[.!?:;,]$/.test(line) ? `${line} ${part}` : `${line} — ${part}`;
  }
  return line;
}

/** Walks `nodes` as a block of their own, set apart by blank lines. */
function asBlock(nodes: Node['children'], walk: Parameters<FormatCallback>[1], builder: Parameters<FormatCallback>[2]): void {
  builder.openBlock({ leadingLineBreaks: 2 });
  walk(nodes, builder);
  builder.closeBlock({ trailingLineBreaks: 2 });
}

/** A table's rows, each as its cells (`td`, `th`), through its `thead`, `tbody` and `tfoot`. */
function tableRows(elem: Node): Node[][] {
  const rows: Node[][] = [];
  const visit = (nodes: Node[]): void => {
    for (const n of nodes) {
      if (n.name === 'tr') rows.push(((n.children ?? []) as Node[]).filter((c) => c.name === 'td' || c.name === 'th'));
      else if (n.name === 'thead' || n.name === 'tbody' || n.name === 'tfoot') visit((n.children ?? []) as Node[]);
    }
  };
  visit((elem.children ?? []) as Node[]);
  return rows;
}

/**
 * A data table one row to a line, `cell | cell`, each cell on that line whatever blocks it holds
 * (see cellLine); a layout table's cells (see isLayoutTable) as the blocks of a page. A caption
 * says what the table holds: it comes first, as a line of its own.
 */
const table: FormatCallback = (elem, walk, builder) => {
  for (const caption of (elem.children ?? []) as Node[]) if (caption.name === 'caption') asBlock(caption.children, walk, builder);
  const rows = tableRows(elem);
  if (isLayoutTable(elem)) {
    for (const cell of rows.flat()) asBlock(cell.children, walk, builder);
    return;
  }
  builder.openTable();
  for (const cells of rows) {
    builder.openTableRow();
    for (const cell of cells) {
      builder.openTableCell();
      walk(cell.children, builder);
      builder.closeTableCell();
    }
    builder.closeTableRow();
  }
  builder.closeTable({
    tableToString: (cells) =>
      cells
        .map((r) => r.map((c) => cellLine(c.text)).filter(Boolean).join(' | '))
        .filter(Boolean)
        .join('\n'),
  });
};

/**
 * A link's text, without its address; a link to a place on its own page that shows only a
 * permalink mark — DocBook's `#` after a definition's term, Sphinx's `¶` after a function's
 * signature — is dropped: "work_mem (integer) #" would otherwise be the term a definition is
 * quoted under. Headings' marks are taken off in headingText.
 */
const link: FormatCallback = (elem, walk, builder) => {
  if (String(elem.attribs?.href ?? '').startsWith('#') && PERMALINK_ONLY.test(textContent(elem as Parameters<typeof textContent>[0]))) return;
  walk(elem.children, builder);
};

/**
 * A definition list's term on a line of its own, or its definition set apart as a paragraph, with
 * marks around it that readDefinitionMarks turns into the section's definition spans.
 */
const definitionPart = (open: string, close: string, lineBreaks: number): FormatCallback => (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: lineBreaks });
  builder.addLiteral(open);
  walk(elem.children, builder);
  builder.addLiteral(close);
  builder.closeBlock({ trailingLineBreaks: lineBreaks });
};

/**
 * Preformatted text, as html-to-text sets it (its lines and spaces kept), between marks that
 * readDefinitionMarks turns into the section's code spans: a line of code or of a synopsis is
 * shaped like a definition's term ("git rebase -i <after-this-commit>", "GROUP BY [ ALL | DISTINCT ]
 * grouping_element [, ...]"), and read from the text alone it headed the passages after it.
 */
const preformatted: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ isPre: true, leadingLineBreaks: 2 });
  builder.addLiteral(CODE_OPEN);
  walk(elem.children, builder);
  builder.addLiteral(CODE_CLOSE);
  builder.closeBlock({ trailingLineBreaks: 2 });
};

const BODY_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  // Only the page's main content when it marks it (`<main>`, or `role="main"` as Sphinx does);
  // the whole document otherwise.
  baseElements: { selectors: ['main', '[role=main]'], returnDomByDefault: true },
  formatters: { heading, row, table, link, preformatted, term: definitionPart(TERM_OPEN, TERM_CLOSE, 1), definition: definitionPart(DEFINITION_OPEN, DEFINITION_CLOSE, 2) },
  selectors: [
    ...[1, 2, 3, 4, 5, 6].map((n) => ({ selector: `h${n}`, format: 'heading' })),
    ...[...SKIPPED_TAGS, ...CHROME_SELECTORS].map((selector) => ({ selector, format: 'skip' })),
    { selector: 'a', format: 'link' },
    { selector: 'ul', options: { itemPrefix: '- ' } }, // as Markdown lists come out
    // A definition list's terms one to a line and each definition a paragraph of its own: inline,
    // as html-to-text leaves them, a list whose definitions are bare text ("<dt>nproc</dt><dd>maximum
    // number of processes</dd>") ran term into definition, and a table of contents (DocBook's
    // `dl.toc`) ran every entry into the next ("…limit resources6.14.1. DESCRIPTION").
    { selector: 'pre', format: 'preformatted' },
    { selector: 'dt', format: 'term' },
    { selector: 'dd', format: 'definition' },
    { selector: 'table', format: 'table' },
    { selector: 'tr', format: 'row' },
  ],
};

const TITLE_OPTIONS: HtmlToTextOptions = { wordwrap: false, baseElements: { selectors: ['title'], returnDomByDefault: false } };

/** Elements whose text the one-pass reading (flatText) sets on lines of their own. */
const FLAT_BLOCKS = new Set(['address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'ol', 'p', 'pre', 'section', 'table', 'td', 'th', 'tr', 'ul']);

/**
 * A page read in one pass of the tokenizer, without a tree: its title and its text, each block
 * on a line of its own, scripts and styles left out. For a page nested deeper than html-to-text
 * can walk — its walk recurses, and a thousand unclosed `<div>` or `<font>` tags overflow the
 * stack — so that such a page is indexed by its words rather than failed. Its headings are lost.
 */
function flatText(html: string): { title: string; text: string } {
  const text: string[] = [];
  const title: string[] = [];
  const skipped = (tag: string) => SKIPPED_TAGS.includes(tag) && tag !== 'title' && tag !== 'img';
  let skipping = 0;
  let preformatted = 0;
  let inTitle = false;
  const parser = new Parser(
    {
      onopentagname(tag) {
        if (skipped(tag)) skipping++;
        if (tag === 'pre') preformatted++;
        if (tag === 'title') inTitle = true;
        if (FLAT_BLOCKS.has(tag)) text.push('\n\n');
      },
      onclosetag(tag) {
        if (skipped(tag)) skipping = Math.max(0, skipping - 1);
        if (tag === 'pre') preformatted = Math.max(0, preformatted - 1);
        if (tag === 'title') inTitle = false;
        if (FLAT_BLOCKS.has(tag)) text.push('\n\n');
      },
      ontext(chunk) {
        if (inTitle) title.push(chunk);
        // The source's own line breaks are spaces, but in a block of code.
        else if (!skipping) text.push(preformatted ? chunk : chunk.replace(/\s+/g, ' '));
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return { title: title.join('').replace(/\s+/g, ' ').trim(), text: normalizeText(text.join('').replace(/ *\n\n(?:\s*\n\n)* */g, '\n\n')) };
}

/** Sections at h1–h6 under their heading paths; title = `<title>`, else the first h1, else `name`. */
export function parseHtml(data: Uint8Array, name: string): ParsedDocument {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point (see MARK)
  const html = decodeText(data).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
  let body: string;
  let title: string;
  try {
    body = convert(html, BODY_OPTIONS);
    title = headingText(convert(html, TITLE_OPTIONS));
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    const flat = flatText(html);
    return { title: flat.title || name, sections: flat.text ? [{ headings: [], text: flat.text }] : [] };
  }
  const sections: ParsedDocument['sections'] = [];
  const path: { level: number; text: string }[] = [];
  let firstH1: string | undefined;
  let headed = false;
  let lines: string[] = [];

  const flush = () => {
    const { text, definitions, code } = readDefinitionMarks(lines.join('\n'));
    if (text) sections.push({ headings: path.map((h) => h.text), text, ...(definitions.length ? { definitions } : {}), ...(code.length ? { code } : {}) });
    lines = [];
  };

  for (const line of body.split('\n')) {
    const match = HEADING_LINE.exec(line);
    const text = match ? headingText(match[2]!) : '';
    if (!match || !text) {
      if (!match) lines.push(line);
      continue; // an empty heading is no boundary worth having
    }
    const level = Number(match[1]);
    flush();
    while (path.length && path[path.length - 1]!.level >= level) path.pop();
    // A page whose first heading is its title, with the sections after it at that same level —
    // a DocBook reference page: "CREATE INDEX", then "Synopsis", "Description", "Parameters", all
    // h2 — keeps the title at the root of every path. Otherwise its "Parameters" chunk would be
    // headed "Parameters" alone, and neither search nor citation would know it is CREATE INDEX's.
    const root = !headed && text === title;
    headed = true;
    path.push({ level: root ? level - 0.5 : level, text });
    if (level === 1 && firstH1 === undefined) firstH1 = text;
  }
  flush();
  return { title: title || firstH1 || name, sections, links: pageLinks(html) };
}
