// Workflow interceptors bundled into the workflow code (they run in its sandbox): the run's span,
// and its context handed to each activity, for runs a tracing client started (its span is in the
// start headers, under the header the official @temporalio/interceptors-opentelemetry client and
// activity interceptors write and read).
//
// Hand-written rather than the official workflow interceptors, for two reasons seen here: those
// bring the OpenTelemetry SDK into the sandbox (the workflow bundle grew from 1.85 to 3.75 MB, and
// every run, traced or not, made spans), and their awaits move when a run's commands are issued
// (a streamed ask recorded without them no longer replayed). Here nothing awaits: the span is built from the run's own
// deterministic time and ids and leaves through a sink, which is not called on replay; runs not
// traced are untouched, and traced ones carry the `otel-tracing` marker.
import { defaultPayloadConverter, patched, proxySinks, uuid4, workflowInfo, type ActivityInput, type LocalActivityInput, type Next, type WorkflowExecuteInput, type WorkflowInboundCallsInterceptor, type WorkflowInterceptorsFactory, type WorkflowOutboundCallsInterceptor } from '@temporalio/workflow';

/** The patch that marks runs traced from their start. */
export const TRACING_PATCH = 'otel-tracing';

/** The header the official client and activity interceptors carry the W3C trace context in. */
export const TRACE_HEADER = '_tracer-data';

/** The W3C carrier in that header. */
interface Carrier {
  traceparent?: string;
  tracestate?: string;
}

interface RunTrace {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  flags: number;
  tracestate?: string | undefined;
}

/** What the worker's sink turns into a ReadableSpan (the official exporter sink's serialized shape). */
export interface SerializedSpan {
  name: string;
  kind: number;
  spanContext: { traceId: string; spanId: string; traceFlags: number; traceState?: string | undefined };
  parentSpanId: string;
  startTime: [number, number];
  endTime: [number, number];
  duration: [number, number];
  status: { code: number; message?: string };
  attributes: Record<string, string>;
  links: never[];
  events: never[];
  ended: true;
  droppedAttributesCount: 0;
  droppedEventsCount: 0;
  droppedLinksCount: 0;
  instrumentationLibrary: { name: string };
}

const { exporter } = proxySinks<{ exporter: { export(spans: SerializedSpan[]): void } }>();

/** The caller's span from the start headers, when it is a valid W3C traceparent. */
function callerOf(input: WorkflowExecuteInput): Omit<RunTrace, 'spanId'> | null {
  const header = input.headers[TRACE_HEADER];
  if (!header) return null;
  const carrier = defaultPayloadConverter.fromPayload<Carrier>(header);
  const m = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/.exec(carrier?.traceparent ?? '');
  return m ? { traceId: m[1]!, parentSpanId: m[2]!, flags: parseInt(m[3]!, 16), tracestate: carrier.tracestate } : null;
}

const hrTime = (ms: number): [number, number] => [Math.floor(ms / 1000), Math.round((ms % 1000) * 1e6)];

function runSpan(run: RunTrace, startMs: number, endMs: number, error: unknown): SerializedSpan {
  const failed = error !== undefined && (error as { name?: string }).name !== 'ContinueAsNew';
  return {
    name: `RunWorkflow:${workflowInfo().workflowType}`,
    kind: 0,
    spanContext: { traceId: run.traceId, spanId: run.spanId, traceFlags: run.flags, ...(run.tracestate ? { traceState: run.tracestate } : {}) },
    parentSpanId: run.parentSpanId,
    startTime: hrTime(startMs),
    endTime: hrTime(endMs),
    duration: hrTime(Math.max(0, endMs - startMs)),
    status: failed ? { code: 2, message: (error as Error).message ?? String(error) } : { code: 0 },
    attributes: { 'askflow.ask.id': workflowInfo().workflowId },
    links: [],
    events: [],
    ended: true,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
    instrumentationLibrary: { name: 'askflow-workflow' },
  };
}

export const interceptors: WorkflowInterceptorsFactory = () => {
  let run: RunTrace | null = null;
  const inbound: WorkflowInboundCallsInterceptor = {
    execute(input: WorkflowExecuteInput, next: Next<WorkflowInboundCallsInterceptor, 'execute'>) {
      const caller = callerOf(input);
      // The start headers are in the history: replay decides the same way.
      if (!caller || !patched(TRACING_PATCH)) return next(input);
      // uuid4 is the run's seeded random: the same span id on every replay.
      run = { ...caller, spanId: uuid4().replace(/-/g, '').slice(0, 16) };
      const traced = run;
      const startMs = workflowInfo().runStartTime.getTime();
      const result = next(input);
      // A side branch: the promise handed back is the workflow's own, so nothing moves.
      result.then(
        () => exporter.export([runSpan(traced, startMs, Date.now(), undefined)]),
        (err: unknown) => exporter.export([runSpan(traced, startMs, Date.now(), err)]),
      );
      return result;
    },
  };
  /** The activity's headers with the run's span as its parent. */
  const withContext = <I extends ActivityInput | LocalActivityInput>(input: I): I => {
    if (!run) return input;
    const traceparent = `00-${run.traceId}-${run.spanId}-${run.flags.toString(16).padStart(2, '0')}`;
    const carrier: Carrier = { traceparent, ...(run.tracestate ? { tracestate: run.tracestate } : {}) };
    return { ...input, headers: { ...input.headers, [TRACE_HEADER]: defaultPayloadConverter.toPayload(carrier) } };
  };
  const outbound: WorkflowOutboundCallsInterceptor = {
    scheduleActivity: (input: ActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleActivity'>) => next(withContext(input)),
    scheduleLocalActivity: (input: LocalActivityInput, next: Next<WorkflowOutboundCallsInterceptor, 'scheduleLocalActivity'>) => next(withContext(input)),
  };
  return { inbound: [inbound], outbound: [outbound] };
};
