// What of an HTML page is not its content, for both readings of a page: its text (html.ts) and its
// links (htmlLinks.ts).

/** Elements whose text is never a page's words. */
export const SKIPPED_TAGS = ['script', 'style', 'noscript', 'template', 'nav', 'svg', 'iframe', 'object', 'title', 'img'];

/**
 * A documentation site's chrome, repeated on every page: the site's header and footer, its
 * navigation by ARIA landmark (Sphinx's sidebar and "related" bars, Javadoc's top bar), search
 * boxes, "copy" buttons, and DocBook's Prev/Up/Next bars (`div.navheader`, `div.navfooter`; in
 * capitals from the older DSSSL stylesheets, hence the case-blind match) — which would index the
 * neighbouring pages' titles as this page's words. Asides stay: in an article they are often its
 * notes.
 */
export const CHROME = {
  tags: ['footer', 'button'],
  roles: ['navigation', 'banner', 'contentinfo', 'search'],
  /** Classes of a `div`, matched whatever their case. */
  divClasses: ['navheader', 'navfooter'],
};

/** CHROME as CSS selectors (html-to-text's). */
export const CHROME_SELECTORS = [...CHROME.tags, ...CHROME.roles.map((r) => `[role=${r}]`), ...CHROME.divClasses.map((c) => `div[class~=${c} i]`)];

/** An element of a parsed page (htmlparser2's DOM), as far as CHROME reads it. */
export interface Element {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
}

/**
 * Whether an element is chrome or skipped, with `also` chrome besides: more tags, and classes of
 * any element.
 */
export function isChrome(e: Element, also: { tags?: readonly string[]; classes?: readonly string[] } = {}): boolean {
  if (e.type !== 'tag' && e.type !== 'script' && e.type !== 'style') return false;
  const name = e.name ?? '';
  if (SKIPPED_TAGS.includes(name) || CHROME.tags.includes(name) || also.tags?.includes(name)) return true;
  if (CHROME.roles.includes(e.attribs?.role ?? '')) return true;
  const classes = (e.attribs?.class ?? '').toLowerCase().split(/\s+/);
  return (name === 'div' && CHROME.divClasses.some((c) => classes.includes(c))) || (also.classes ?? []).some((c) => classes.includes(c));
}
