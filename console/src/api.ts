// Every console call goes through the public management API with the session cookie; the
// console has no private back door. Cookie auth needs the CSRF double-submit header on writes.
import type { ErrorBody } from '@askflow/contract/browser';

export const SIGNED_OUT = 'askflow:signed-out';

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

function csrfToken(): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith('askflow_csrf='));
  return match ? decodeURIComponent(match.slice('askflow_csrf='.length)) : undefined;
}

/** Headers a write needs under cookie auth. */
export function writeHeaders(method: string): Record<string, string> {
  const token = csrfToken();
  return method !== 'GET' && token ? { 'X-CSRF-Token': token } : {};
}

/** Turns an error answer into an ApiError carrying the API's own message. */
export async function errorFrom(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    return new ApiError(res.status, body.error?.code ?? 'Error', body.error?.message ?? `HTTP ${res.status}`);
  } catch {
    return new ApiError(res.status, 'Error', text || `HTTP ${res.status}`);
  }
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...writeHeaders(method) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) {
    // A session that expired or was signed out elsewhere: the shell goes back to sign-in
    // instead of every page showing "Unauthorized".
    if (res.status === 401 && path !== '/manage/session' && !path.startsWith('/manage/session/')) {
      window.dispatchEvent(new Event(SIGNED_OUT));
    }
    throw await errorFrom(res);
  }
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** A readable message for anything thrown, preferring the API's error.message. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
