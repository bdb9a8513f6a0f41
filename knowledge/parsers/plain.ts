import type { ParsedDocument } from '../types.js';
import { decodeText, normalizeText } from './text.js';

/** Plain text: one section, paragraphs (blank-line separated) kept for the chunker. */
export function parseText(data: Uint8Array, name: string): ParsedDocument {
  const text = normalizeText(decodeText(data));
  return { title: name, sections: text ? [{ headings: [], text }] : [] };
}
