// Trace context across Temporal: the client puts the caller's span into the workflow's headers
// and each activity runs in a span parented by the workflow's (the official
// @temporalio/interceptors-opentelemetry client and activity interceptors); the workflow's own
// span is made by our workflow interceptors (workflowInterceptors.ts) and leaves its sandbox
// through a sink. The package is loaded only when tracing is on.
import { createTraceState, type SpanContext } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { ActivityInterceptorsFactory, InjectedSinks } from '@temporalio/worker';
import type { WorkflowInfo } from '@temporalio/workflow';
import type { Tracing } from './setup.js';
import type { SerializedSpan } from './workflowInterceptors.js';

/** Client interceptors: starting, updating, signalling or querying an ask carries the current span. */
export async function tracingClientInterceptors(tracing: Tracing | null) {
  if (!tracing) return {};
  const { OpenTelemetryWorkflowClientInterceptor } = await import('@temporalio/interceptors-opentelemetry');
  return { workflow: [new OpenTelemetryWorkflowClientInterceptor()] };
}

type ExporterSink = InjectedSinks<{ exporter: { export(spans: SerializedSpan[]): void } }>;

/** A workflow's span from its sandbox, as the span processor takes finished spans, with the run's ids. */
function readableSpan(span: SerializedSpan, info: WorkflowInfo, resource: Tracing['resource']): ReadableSpan {
  const { spanContext, ...rest } = span;
  const context: SpanContext = { traceId: spanContext.traceId, spanId: spanContext.spanId, traceFlags: spanContext.traceFlags, ...(spanContext.traceState ? { traceState: createTraceState(spanContext.traceState) } : {}) };
  return {
    ...rest,
    attributes: { ...rest.attributes, 'temporal.workflow.id': info.workflowId, 'temporal.run.id': info.runId, 'temporal.workflow.type': info.workflowType, 'temporal.task.queue': info.taskQueue },
    spanContext: () => context,
    resource,
  };
}

/** The sink of a worker that does not trace: a traced run it executes drops its workflow spans. */
export const NO_TRACING_SINKS: ExporterSink = { exporter: { export: { fn: () => undefined, callDuringReplay: false } } };

/**
 * What a worker registers: activity interceptors that run each activity in its span (listed
 * first, so ours see that span active), and the sink the workflow interceptors export through.
 */
export async function workerTracing(tracing: Tracing | null): Promise<{ activity: ActivityInterceptorsFactory[]; sinks: ExporterSink }> {
  if (!tracing) return { activity: [], sinks: NO_TRACING_SINKS };
  const otel = await import('@temporalio/interceptors-opentelemetry');
  return {
    activity: [(ctx) => ({ inbound: new otel.OpenTelemetryActivityInboundInterceptor(ctx), outbound: new otel.OpenTelemetryActivityOutboundInterceptor(ctx) })],
    sinks: { exporter: { export: { fn: (info, spans) => spans.forEach((s) => tracing.spanProcessor.onEnd(readableSpan(s, info, tracing.resource))), callDuringReplay: false } } },
  };
}
