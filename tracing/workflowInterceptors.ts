// Workflow interceptors bundled into the workflow code (they run in its sandbox): the official
// OpenTelemetry ones, for the run's span and the trace context handed to each activity — but
// only in runs that started with them. Their awaits move when a run's commands are issued, so a
// run recorded before they existed would no longer replay (a streamed ask's update and search
// attributes swap places); `patched` tells the two apart and old runs replay untouched.
// Updates, signals and queries are not traced: streamed asks poll by update many times a second.
import { OpenTelemetryInboundInterceptor, OpenTelemetryInternalsInterceptor, OpenTelemetryOutboundInterceptor } from '@temporalio/interceptors-opentelemetry/lib/workflow/index.js';
import { patched, type ActivityInput, type LocalActivityInput, type Next, type WorkflowExecuteInput, type WorkflowInboundCallsInterceptor, type WorkflowInterceptorsFactory, type WorkflowOutboundCallsInterceptor } from '@temporalio/workflow';

/** The patch that marks runs traced from their start. */
export const TRACING_PATCH = 'otel-tracing';

export const interceptors: WorkflowInterceptorsFactory = () => {
  let traced = false;
  const inbound = new OpenTelemetryInboundInterceptor();
  const outbound = new OpenTelemetryOutboundInterceptor();
  const run: WorkflowInboundCallsInterceptor = {
    execute(input: WorkflowExecuteInput, next: Next<WorkflowInboundCallsInterceptor, 'execute'>) {
      traced = patched(TRACING_PATCH);
      return traced ? inbound.execute(input, next) : next(input);
    },
  };
  const activities: WorkflowOutboundCallsInterceptor = {
    scheduleActivity: (input: ActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleActivity'>) => (traced ? outbound.scheduleActivity(input, next) : next(input)),
    scheduleLocalActivity: (input: LocalActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleLocalActivity'>) => (traced ? outbound.scheduleLocalActivity(input, next) : next(input)),
  };
  return { inbound: [run], outbound: [activities], internals: [new OpenTelemetryInternalsInterceptor()] };
};
