import { stackInfo } from '../stack/context.js';

export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names in lower case → value ('' for flags such as HttpOnly). */
  attributes: Map<string, string>;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair, ...attrs] = header.split(';').map((s) => s.trim());
  const eq = pair!.indexOf('=');
  const attributes = new Map<string, string>();
  for (const attr of attrs) {
    const i = attr.indexOf('=');
    attributes.set((i < 0 ? attr : attr.slice(0, i)).toLowerCase(), i < 0 ? '' : attr.slice(i + 1));
  }
  return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), attributes };
}

/**
 * A minimal browser for the console's session: keeps the cookies the api sets (dropping those
 * it expires) and sends them back, the way Chromium would on same-site requests.
 */
export class BrowserSession {
  readonly cookies = new Map<string, string>();
  constructor(private readonly baseUrl = stackInfo().baseUrl) {}

  /** `csrf: true` echoes the askflow_csrf cookie in X-CSRF-Token, as the console does. */
  async fetch(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string>; csrf?: boolean } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (opts.csrf) headers['X-CSRF-Token'] = this.cookies.get('askflow_csrf') ?? '';
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      redirect: 'manual',
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    for (const c of res.headers.getSetCookie().map(parseSetCookie)) {
      if (c.attributes.get('max-age') === '0') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
}
