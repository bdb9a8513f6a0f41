import { AskflowPromise, withRequestId, type WithRequestId, type WithResponse } from '../apiPromise.js';
import { callJson, invalidResponse, type JsonCall, type Transport } from '../transport.js';

/** The part of a contract schema the management client uses to check an answer. */
export interface Schema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: Error };
}

export interface CallOptions {
  /** Aborting it stops the call (and its retries) with an `EgoZError` of code `Aborted`. */
  signal?: AbortSignal;
}

/**
 * One management call: the answer checked against its contract schema (the management client,
 * unlike the ask client, carries zod: it is for scripts, where a wrong shape should stop at once).
 */
export function manageCall<T>(t: Transport, call: Omit<JsonCall, 'repeatable'> & { repeatable?: boolean }, schema: Schema<T>, what: string): AskflowPromise<WithRequestId<T>> {
  // Reads, replacements (PUT) and settings (PATCH) give the same outcome when repeated; creations and deletions do not.
  const repeatable = call.repeatable ?? (call.method === 'GET' || call.method === 'PUT' || call.method === 'PATCH');
  const checked = callJson(t, { ...call, repeatable }).then(({ data, response, requestId }): WithResponse<WithRequestId<T>> => {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw invalidResponse(`The service's ${what} does not match the contract: ${parsed.error.message}`, response, parsed.error);
    return { data: withRequestId(parsed.data, requestId), response, requestId };
  });
  return new AskflowPromise(checked);
}

/** A call answered `204 No Content`. */
export function manageDelete(t: Transport, path: string, options: CallOptions = {}): AskflowPromise<void> {
  const done = callJson(t, { method: 'DELETE', path, repeatable: false, signal: options.signal }).then(({ response, requestId }) => ({ data: undefined, response, requestId }));
  return new AskflowPromise(done);
}

/** `/manage/projects/{id}…`, with each segment escaped. */
export function projectPath(projectId: string, ...rest: string[]): string {
  return ['/manage/projects', projectId, ...rest].map((s, i) => (i === 0 ? s : encodeURIComponent(s))).join('/');
}
