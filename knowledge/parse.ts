// From a source's bytes to its sections: the one entry point ingestion uses, whatever the kind.
// The parsers are loaded on first use: their libraries (html-to-text, marked, unpdf) would
// otherwise sit in the memory of every api and worker process, most of which never parse.
import { parseText } from './parsers/plain.js';
import type { SourceKind } from '../store/documents.js';
import type { ParsedDocument } from './types.js';

/** Throws an Error saying why when `data` cannot be read as `kind` (e.g. "not a PDF"). */
export async function parseDocument(kind: SourceKind, data: Uint8Array, name: string): Promise<ParsedDocument> {
  switch (kind) {
    case 'text':
      return parseText(data, name);
    case 'markdown':
      return (await import('./parsers/markdown.js')).parseMarkdown(data, name);
    case 'html':
      return (await import('./parsers/html.js')).parseHtml(data, name);
    case 'pdf':
      return (await import('./parsers/pdf.js')).parsePdf(data, name);
  }
}

// Maps, not objects: a file named "notes.constructor" must not find Object's constructor as its kind.
const BY_MIME = new Map<string, SourceKind>(Object.entries<SourceKind>({
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
}));

const BY_EXTENSION = new Map<string, SourceKind>(Object.entries<SourceKind>({
  txt: 'text',
  text: 'text',
  log: 'text',
  csv: 'text',
  tsv: 'text',
  md: 'markdown',
  markdown: 'markdown',
  mdown: 'markdown',
  mkd: 'markdown',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  pdf: 'pdf',
}));

/**
 * The kind from a file name (or URL) and Content-Type; null when neither says. A specific
 * Content-Type wins; a generic one (text/plain, application/octet-stream) loses to the
 * extension, since servers send .md files as text/plain and browsers upload as octet-stream.
 */
export function detectKind(name: string, contentType?: string): SourceKind | null {
  const mime = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const byMime = BY_MIME.get(mime);
  if (byMime) return byMime;
  const byExtension = BY_EXTENSION.get(extensionOf(name));
  if (byExtension) return byExtension;
  return mime === 'text/plain' ? 'text' : null;
}

function extensionOf(name: string): string {
  // For a URL, only the path counts: not `?format=pdf`, not the host's `.com`.
  let path: string;
  try {
    path = new URL(name).pathname;
  } catch {
    path = name.split(/[?#]/)[0]!;
  }
  const file = path.slice(path.lastIndexOf('/') + 1);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
}
