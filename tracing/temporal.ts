// Trace context across Temporal: the client puts the caller's span into the workflow's headers,
// the workflow's spans (made in its sandbox) leave through a sink, and each activity runs in a
// span parented by the workflow's. The official @temporalio/interceptors-opentelemetry does the
// work; this file only decides what a process registers.
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeWorkflowExporter, OpenTelemetryActivityInboundInterceptor, OpenTelemetryActivityOutboundInterceptor, OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import type { ActivityInterceptorsFactory, InjectedSinks } from '@temporalio/worker';
import type { Tracing } from './setup.js';

/** dist/tracing, also when this file runs from its TypeScript source (the tests): webpack bundles the built module. */
function builtTracingDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return basename(dirname(here)) === 'dist' ? here : join(dirname(here), 'dist', 'tracing');
}

/**
 * The workflow interceptors, bundled into the workflow code whether tracing is on or not: the
 * bundle (and so the worker's build id) must not depend on a process's environment. With tracing
 * off their spans go to a sink that drops them.
 */
export const WORKFLOW_INTERCEPTOR_MODULES: string[] = [join(builtTracingDir(), 'workflowInterceptors.js')];

/** The package whose version stands for the interceptors' code in the bundle's key. */
export const WORKFLOW_INTERCEPTOR_PACKAGE = '@temporalio/interceptors-opentelemetry';

/** Client interceptors: starting, updating, signalling or querying an ask carries the current span. */
export function tracingClientInterceptors(tracing: Tracing | null) {
  return tracing ? { workflow: [new OpenTelemetryWorkflowClientInterceptor()] } : {};
}

/** Activity interceptors that run each activity in its span (outermost, so ours see that span active). */
export function tracingActivityInterceptors(tracing: Tracing | null): ActivityInterceptorsFactory[] {
  return tracing ? [(ctx) => ({ inbound: new OpenTelemetryActivityInboundInterceptor(ctx), outbound: new OpenTelemetryActivityOutboundInterceptor(ctx) })] : [];
}

/** The sink the workflow interceptors export through: to the process's span processor, or nowhere. */
export function tracingSinks(tracing: Tracing | null): InjectedSinks<{ exporter: { export(spans: unknown[]): void } }> {
  if (tracing) return { exporter: makeWorkflowExporter(tracing.spanProcessor, tracing.resource) } as InjectedSinks<{ exporter: { export(spans: unknown[]): void } }>;
  return { exporter: { export: { fn: () => undefined, callDuringReplay: false } } };
}
