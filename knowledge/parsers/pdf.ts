// PDF via unpdf (pdf.js built for servers): one section per page, since a PDF's text carries
// no reliable heading structure, and a page number is what a reader can look up.
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import type { ParsedDocument } from '../types.js';
import { headingText, normalizeText } from './text.js';

const PDF_MAGIC = '%PDF-';

/** Sections `Page N` with that page's text (pages without text left out); title = the PDF's Title, else `name`. */
export async function parsePdf(data: Uint8Array, name: string): Promise<ParsedDocument> {
  // The header may follow some junk, but within the first KiB (as readers accept it).
  if (!Buffer.from(data.subarray(0, 1024)).toString('latin1').includes(PDF_MAGIC)) throw new Error('not a PDF (no %PDF- header)');
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js takes ownership of (detaches) the buffer it is given. Verbosity 0: errors
    // only, no "Warning: …" lines from a slightly damaged file on the worker's stdout.
    doc = await getDocumentProxy(new Uint8Array(data), { verbosity: 0 });
  } catch (err) {
    throw new Error(`could not read the PDF: ${pdfError(err)}`, { cause: err });
  }
  try {
    const { text } = await extractText(doc, { mergePages: false });
    const sections = text.map((page, i) => ({ headings: [`Page ${i + 1}`], text: normalizeText(page) })).filter((s) => s.text);
    if (!sections.length && text.length) throw new Error('the PDF has no extractable text (scanned pages need OCR first)');
    const info: Record<string, unknown> = (await getMeta(doc)).info;
    const title = typeof info.Title === 'string' ? headingText(info.Title) : '';
    return { title: title || name, sections };
  } finally {
    await doc.destroy();
  }
}

function pdfError(err: unknown): string {
  const { name, message } = (err ?? {}) as { name?: unknown; message?: unknown };
  if (name === 'PasswordException') return 'it is password-protected';
  return typeof message === 'string' ? message : String(err);
}
