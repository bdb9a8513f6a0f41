import { context, propagation, trace } from '@opentelemetry/api';
import type { Middleware } from 'koa';
import { logContext } from '../../config/logContext.js';
import { ASKFLOW } from '../../tracing/attributes.js';
import { recordFailure, SpanKind } from '../../tracing/spans.js';
import { routeLabel } from './routeLabel.js';

/** Log-context fields that also describe the request's span once known (set by auth and the ask routes). */
const SPAN_FIELDS: Record<string, string> = { tenant: ASKFLOW.tenant, askId: ASKFLOW.askId, threadId: ASKFLOW.threadId, requestId: ASKFLOW.requestId };

/**
 * The request's server span, child of the caller's `traceparent` when it sent one: everything the
 * request does — the Temporal client's calls, and through them the ask's workflow and
 * activities — is in its trace. It ends when the response does (a stream: when it closes), named
 * by the route template, never the raw path. A no-op with tracing off.
 */
export function traceRequest(): Middleware {
  const tracer = trace.getTracer('askflow');
  return async (ctx, next) => {
    const parent = propagation.extract(context.active(), ctx.headers);
    const span = tracer.startSpan(ctx.method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path, 'url.scheme': ctx.protocol, 'client.address': ctx.ip } }, parent);
    if (!span.isRecording()) return next();
    // The same object the log lines read: tenant and ask id are added to it as they become known.
    const fields = logContext();
    ctx.res.once('close', () => {
      const route = routeLabel(ctx);
      span.updateName(`${ctx.method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', ctx.status);
      for (const [field, attribute] of Object.entries(SPAN_FIELDS)) if (fields[field]) span.setAttribute(attribute, fields[field]);
      if (ctx.status >= 500) recordFailure(span, new Error(`HTTP ${ctx.status}`));
      span.end();
    });
    await context.with(trace.setSpan(parent, span), next);
  };
}
