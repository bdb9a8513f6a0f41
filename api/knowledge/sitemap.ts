import { XMLParser } from 'fast-xml-parser';
import { fetchBounded } from '../../net/fetchBounded.js';
import { urlPolicyFromEnv } from '../../net/addressGuard.js';
import { ApiError } from '../errors.js';
import { BATCH_LIMITS } from './limits.js';

type Loc = { loc?: unknown };
type SitemapXml = { urlset?: { url?: Loc[] }; sitemapindex?: { sitemap?: Loc[] } };

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, isArray: (name) => name === 'url' || name === 'sitemap' });

/** A sitemap as sent: fetched through the same private-address guard as knowledge URLs. */
async function fetchSitemap(url: string, allowedHosts: readonly string[]): Promise<string> {
  let res;
  try {
    res = await fetchBounded(url, { policy: urlPolicyFromEnv(process.env, allowedHosts), timeoutMs: 15_000, maxBytes: BATCH_LIMITS.sitemapBytes });
  } catch (err) {
    throw new ApiError('ValidationError', `could not fetch the sitemap ${url}: ${(err as Error).message}`);
  }
  if (res.status >= 400) throw new ApiError('ValidationError', `fetching the sitemap ${url} answered HTTP ${res.status}`);
  return Buffer.from(res.body).toString('utf8');
}

const locs = (items: Loc[] | undefined) => (items ?? []).map((i) => (typeof i.loc === 'string' ? i.loc.trim() : '')).filter(Boolean);

/** A sitemap's URLs, or the sitemaps a sitemap index lists; a text sitemap is one URL a line. */
function readSitemap(url: string, body: string): { pages: string[]; children: string[] } {
  if (!body.trimStart().startsWith('<')) return { pages: body.split(/\r?\n/).map((l) => l.trim()).filter(Boolean), children: [] };
  let xml: SitemapXml;
  try {
    xml = parser.parse(body) as SitemapXml;
  } catch (err) {
    throw new ApiError('ValidationError', `the sitemap ${url} is not valid XML: ${(err as Error).message}`);
  }
  if (xml.urlset) return { pages: locs(xml.urlset.url), children: [] };
  if (xml.sitemapindex) return { pages: [], children: locs(xml.sitemapindex.sitemap) };
  throw new ApiError('ValidationError', `${url} is not a sitemap (no <urlset> or <sitemapindex>)`);
}

function isWebUrl(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol) && url.length <= 2000;
  } catch {
    return false;
  }
}

/**
 * The page URLs a sitemap lists (sitemaps.org XML, a sitemap index one level deep, or text),
 * deduplicated, in order. More than a batch can take is refused rather than cut short.
 */
export async function sitemapUrls(url: string, allowedHosts: readonly string[]): Promise<string[]> {
  const top = readSitemap(url, await fetchSitemap(url, allowedHosts));
  const pages = [...top.pages];
  if (top.children.length > BATCH_LIMITS.sitemapChildren) {
    throw new ApiError('ValidationError', `the sitemap index ${url} lists ${top.children.length} sitemaps; at most ${BATCH_LIMITS.sitemapChildren} are read`);
  }
  for (const child of top.children) {
    const nested = readSitemap(child, await fetchSitemap(child, allowedHosts));
    if (nested.children.length) throw new ApiError('ValidationError', `the sitemap ${child} is itself an index: only one level of sitemap index is read`);
    pages.push(...nested.pages);
    if (new Set(pages).size > BATCH_LIMITS.documents) break;
  }
  const unique = [...new Set(pages)];
  for (const page of unique) {
    if (!isWebUrl(page)) throw new ApiError('ValidationError', `the sitemap lists "${page.slice(0, 200)}", which is no http(s) URL of at most 2000 characters`);
  }
  if (unique.length > BATCH_LIMITS.documents) throw new ApiError('ValidationError', `the sitemap lists more than ${BATCH_LIMITS.documents} URLs (a batch's most)`);
  if (!unique.length) throw new ApiError('ValidationError', `the sitemap ${url} lists no URL`);
  return unique;
}
