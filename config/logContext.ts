// Fields every log line of the current request or activity carries (requestId, tenant, askId),
// without passing a logger around: an AsyncLocalStorage that the loggers mix into each line.
import { AsyncLocalStorage } from 'node:async_hooks';

export type LogFields = Record<string, string>;

const store = new AsyncLocalStorage<LogFields>();

/** The fields of the request or activity running now (none outside one). */
export const logContext = (): LogFields => store.getStore() ?? {};

/** Runs `fn` with `fields` added to every log line it (and whatever it awaits) writes. */
export function withLogContext<T>(fields: LogFields, fn: () => T): T {
  return store.run({ ...logContext(), ...fields }, fn);
}

/** Adds fields to the current context once they are known (the tenant after the key is checked). */
export function addLogContext(fields: LogFields): void {
  const current = store.getStore();
  if (current) Object.assign(current, fields);
}
