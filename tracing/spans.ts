// Span helpers shared by the api, the activities and the outbound clients. They go through the
// OpenTelemetry API only: with tracing off (no SDK installed) every call is a cheap no-op.
import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

export { SpanKind };
export type { Attributes, Span };

const tracer = () => trace.getTracer('askflow');

/** Marks the span failed with the error, without ending it. */
export function recordFailure(span: Span, err: unknown): void {
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

/**
 * Runs `fn` in a child span of the current one, ended when `fn` settles; a thrown error marks
 * the span failed and is rethrown. `fn` gets the span to add what it learns (tokens, counts).
 */
export async function inSpan<T>(name: string, options: { kind?: SpanKind; attributes?: Attributes }, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, options, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      recordFailure(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** The span running now (the request's, the activity's), if tracing is on. */
export const activeSpan = (): Span | undefined => trace.getActiveSpan();

/** Sets attributes on the span running now (an activity's, the request's), if any. */
export function annotateActiveSpan(attributes: Attributes): void {
  trace.getActiveSpan()?.setAttributes(attributes);
}

/** The W3C `traceparent` (and `tracestate`) of the current span, for a request we send; empty with tracing off. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}
