// Bytes to text, and the whitespace clean-up every parser's sections get.

/**
 * Decodes bytes as UTF-8 (BOM dropped), or UTF-16 when a UTF-16 BOM says so. Bytes that are not
 * valid UTF-8 are most likely Windows-1252 (legacy Windows and web pages), which, unlike a
 * lenient UTF-8 decode, keeps every character instead of turning accents into U+FFFD.
 */
export function decodeText(data: Uint8Array): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data);
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/**
 * Unix newlines, no trailing spaces, at most one blank line in a row, no control characters,
 * trimmed: paragraphs stay apart (a blank line is what the chunker splits on), noise goes.
 */
export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[ \t\u00a0]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The symbols generators mark a permalink with (Sphinx's and MkDocs' ¶, §, a link, an anchor); `#` is apart, as it is also C#'s. */
const MARK = '[¶§\\u{1F517}\\u2693]';

/** A link's whole text when it is only a permalink mark (DocBook's `#`, Sphinx's `¶`, a link symbol). */
export const PERMALINK_ONLY = new RegExp(`^[\\s\\u200b]*(?:(?:#|${MARK})[\\s\\u200b]*)?$`, 'u');

/** Permalink marks at a heading's start or end (see headingText). */
const PERMALINK_MARKS = new RegExp(`^(?:${MARK}\\s*|#\\s+)|(?:\\s*${MARK}|\\s+#)$`, 'gu');

/**
 * Heading text on one line, without the permalink mark documentation generators put at its end
 * or start (Sphinx's and MkDocs' ¶, §, a link symbol, a `#` standing apart — not C#'s) nor the
 * zero-width spaces some put in the link instead: they are no words of the heading.
 */
export function headingText(text: string): string {
  return text.replace(/\u200b/g, '').replace(/\s+/g, ' ').trim().replace(PERMALINK_MARKS, '');
}
