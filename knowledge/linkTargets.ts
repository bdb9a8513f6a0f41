// Which document a link points at, as a key the project's documents can be found by: an uploaded
// page's links are read against its name ("library/csv.html" + "re.html#re.sub" → "library/re.html"),
// a fetched page's against its address. Kept as written, so a page ingested later is found too.
import { posix } from 'node:path';
import type { PageLink } from './types.js';
import type { DocumentLink } from '../store/chunks.js';

/** A page's links to other pages, each target and sentence once; none to the page itself or off a fetched page's site. */
export function linkTargets(links: readonly PageLink[], doc: { name: string; sourceUrl: string | null }): DocumentLink[] {
  const out = new Map<string, DocumentLink>();
  for (const { href, context } of links) {
    const target = doc.sourceUrl ? fromAddress(href, doc.sourceUrl) : fromName(href, doc.name);
    if (!target || target === (doc.sourceUrl ?? doc.name)) continue;
    out.set(`${target}\n${context}`, { target, context });
  }
  return [...out.values()];
}

function fromAddress(href: string, base: string): string | null {
  try {
    const url = new URL(href, base);
    if (url.origin !== new URL(base).origin) return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

function fromName(href: string, name: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) return null; // an address elsewhere: no uploaded page's name
  const path = decodeURIComponentSafe(href.replace(/[#?].*$/s, ''));
  if (!path) return null;
  return posix.normalize(path.startsWith('/') ? path.slice(1) : posix.join(posix.dirname(name), path)).replace(/^(?:\.\.\/)+/, '');
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
