// Fields every log line of the current request or activity carries (requestId, tenant, askId),
// without passing a logger around: an AsyncLocalStorage that the loggers mix into each line.
import { AsyncLocalStorage } from 'node:async_hooks';
import { trace } from '@opentelemetry/api';

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

/**
 * The trace and span ids of the span running now, so a log line and its trace find each other;
 * none with tracing off (the OpenTelemetry API is then a no-op and no span is ever active).
 */
export function traceFields(): LogFields {
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx && trace.isSpanContextValid(ctx) ? { traceId: ctx.traceId, spanId: ctx.spanId } : {};
}
