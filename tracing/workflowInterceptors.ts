// Workflow interceptors bundled into the workflow code (they run in its sandbox): the official
// OpenTelemetry ones, for the run's span and the trace context handed to each activity — only
// in runs started by a client that was tracing (its context is in the start headers), and only
// for runs that began with these interceptors. Their awaits move when a run's commands are
// issued, so a run recorded before them would no longer replay (a streamed ask's update and
// search attributes swap places); `patched` marks traced runs, and untraced runs are left exactly
// as they were, at no cost. Updates, signals and queries are not traced: streamed asks poll by
// update many times a second.
import { TRACE_HEADER } from '@temporalio/interceptors-opentelemetry/lib/instrumentation.js';
import { OpenTelemetryInboundInterceptor, OpenTelemetryInternalsInterceptor, OpenTelemetryOutboundInterceptor } from '@temporalio/interceptors-opentelemetry/lib/workflow/index.js';
import { patched, type ActivityInput, type LocalActivityInput, type Next, type WorkflowExecuteInput, type WorkflowInboundCallsInterceptor, type WorkflowInterceptorsFactory, type WorkflowInternalsInterceptor, type WorkflowOutboundCallsInterceptor } from '@temporalio/workflow';

/** The patch that marks runs traced from their start. */
export const TRACING_PATCH = 'otel-tracing';

export const interceptors: WorkflowInterceptorsFactory = () => {
  // Made only for a traced run: an untraced one creates no tracer and no span.
  let otel: { inbound: OpenTelemetryInboundInterceptor; outbound: OpenTelemetryOutboundInterceptor; internals: OpenTelemetryInternalsInterceptor } | null = null;
  const run: WorkflowInboundCallsInterceptor = {
    execute(input: WorkflowExecuteInput, next: Next<WorkflowInboundCallsInterceptor, 'execute'>) {
      // The start headers are in the history: replay decides the same way.
      if (input.headers[TRACE_HEADER] && patched(TRACING_PATCH)) {
        otel = { inbound: new OpenTelemetryInboundInterceptor(), outbound: new OpenTelemetryOutboundInterceptor(), internals: new OpenTelemetryInternalsInterceptor() };
        return otel.inbound.execute(input, next);
      }
      return next(input);
    },
  };
  const activities: WorkflowOutboundCallsInterceptor = {
    scheduleActivity: (input: ActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleActivity'>) => (otel ? otel.outbound.scheduleActivity(input, next) : next(input)),
    scheduleLocalActivity: (input: LocalActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleLocalActivity'>) => (otel ? otel.outbound.scheduleLocalActivity(input, next) : next(input)),
  };
  const internals: WorkflowInternalsInterceptor = {
    dispose: (input, next) => (otel ? otel.internals.dispose(input, next) : next(input)),
  };
  return { inbound: [run], outbound: [activities], internals: [internals] };
};
