import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';

/** The console's session: an owner token the page's scripts can never read. */
export const SESSION_COOKIE = 'askflow_session';
/** Readable by the page, which echoes it in X-CSRF-Token: a cross-site form cannot read it. */
export const CSRF_COOKIE = 'askflow_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

const THIRTY_DAYS_SECONDS = 30 * 24 * 3600;

/**
 * Written by hand rather than with ctx.cookies: `cookies` sets only Expires, and the contract
 * promises Max-Age; Secure follows the request so plain-http development still signs in.
 */
function cookie(ctx: Context, name: string, value: string, { httpOnly, maxAge }: { httpOnly: boolean; maxAge: number }): string {
  const parts = [`${name}=${value}`, 'Path=/', `Max-Age=${maxAge}`];
  if (maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (httpOnly) parts.push('HttpOnly');
  parts.push('SameSite=Strict');
  if (ctx.secure) parts.push('Secure');
  return parts.join('; ');
}

export function setSessionCookies(ctx: Context, token: string): void {
  ctx.append('Set-Cookie', [
    cookie(ctx, SESSION_COOKIE, token, { httpOnly: true, maxAge: THIRTY_DAYS_SECONDS }),
    // Lives as long as the session, so a session never outlasts the means to use it.
    cookie(ctx, CSRF_COOKIE, randomBytes(32).toString('base64url'), { httpOnly: false, maxAge: THIRTY_DAYS_SECONDS }),
  ]);
}

export function clearSessionCookies(ctx: Context): void {
  ctx.append('Set-Cookie', [
    cookie(ctx, SESSION_COOKIE, '', { httpOnly: true, maxAge: 0 }),
    cookie(ctx, CSRF_COOKIE, '', { httpOnly: false, maxAge: 0 }),
  ]);
}

/** Double-submit check: the header must equal the cookie, compared in constant time. */
export function csrfTokenMatches(ctx: Context): boolean {
  const cookieValue = ctx.cookies.get(CSRF_COOKIE) ?? '';
  const header = ctx.get(CSRF_HEADER);
  if (!cookieValue || !header) return false;
  const a = Buffer.from(cookieValue);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}
