// An ask's run as owners debug it: its steps (plan, route, retrieve, tool calls, generation,
// persist) on a timeline, with queue waits, durations, attempts and errors — read from the
// workflow's history, the durable record of what ran, so it needs no tracing backend.
import type { AskTimeline, TimelineStep } from '@askflow/contract';
import proto from '@temporalio/proto';
import type { temporal } from '@temporalio/proto';

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;
type Payload = temporal.api.common.v1.IPayload;
type Failure = temporal.api.failure.v1.IFailure | null | undefined;

/** Decodes payloads (through the payload codec) into values; undefined where one cannot be read. */
export type DecodePayloads = (payloads: Payload[]) => Promise<unknown[]>;

/** Timestamp → ms since the epoch (protobuf Long seconds, or JSON-decoded numbers and strings). */
function msOf(t: { seconds?: unknown; nanos?: number | null } | null | undefined): number | null {
  if (!t) return null;
  const seconds = typeof t.seconds === 'object' && t.seconds !== null ? Number(String(t.seconds)) : Number(t.seconds ?? 0);
  return seconds * 1000 + (t.nanos ?? 0) / 1e6;
}

/** The deepest cause's message: the activity's own error, not the SDK's wrapper around it. */
function messageOf(failure: Failure): string | null {
  if (!failure) return null;
  let f = failure;
  while (f.cause) f = f.cause;
  return f.message || failure.message || null;
}

interface Step extends Omit<TimelineStep, 'label' | 'kind' | 'scheduledMs' | 'startedMs' | 'endedMs'> {
  scheduledAt: number;
  startedAt: number;
  endedAt: number | null;
  /** The activity's arguments and result, decoded only where the label needs them. */
  input?: Payload[];
  result?: Payload[];
}

type Labelled = Pick<TimelineStep, 'label' | 'kind'>;

/** Steps whose label needs nothing but the activity's name (the first ask workflow's steps too, which runs in flight at a deploy may replay). */
const FIXED: Record<string, Labelled> = {
  classifyIntent: { label: 'Classify the intent', kind: 'route' },
  planAsk: { label: 'Plan the ask', kind: 'plan' },
  chooseTool: { label: 'Choose a tool', kind: 'route' },
  selectTool: { label: 'Choose a tool', kind: 'route' },
  retrieveChunks: { label: 'Search knowledge', kind: 'retrieve' },
  searchKnowledge: { label: 'Search knowledge', kind: 'retrieve' },
  generateAnswer: { label: 'Generate the answer', kind: 'generate' },
  composeAnswer: { label: 'Generate the answer', kind: 'generate' },
  persistTurn: { label: 'Save the turn', kind: 'persist' },
  saveTurn: { label: 'Save the turn', kind: 'persist' },
};

/** Tool calls: which argument names the tool (the first workflow's callTool, today's invokeTool). */
const TOOL_NAME_ARG: Record<string, number> = { callTool: 1, invokeTool: 2 };

/** What an ask's activity did, in owners' words; a model round says whether it answered or called tools. */
async function labelOf(step: Step, decode: DecodePayloads): Promise<Labelled> {
  const fixed = FIXED[step.activity];
  if (fixed) return fixed;
  const nameAt = TOOL_NAME_ARG[step.activity];
  if (nameAt !== undefined) {
    const name = step.input ? (await decode(step.input))[nameAt] : undefined;
    return { label: typeof name === 'string' ? `Tool ${name}` : 'Tool call', kind: 'tool' };
  }
  if (step.activity !== 'respondTurn' && step.activity !== 'firstRound') return { label: step.activity, kind: 'other' };
  // A model round: its result says whether it answered or called tools (firstRound's under `turn`).
  const result = step.result ? ((await decode(step.result))[0] as Record<string, unknown> | undefined) : undefined;
  const turn = (step.activity === 'firstRound' ? result?.turn : result) as { kind?: string; calls?: { name: string }[] } | undefined;
  const first = step.activity === 'firstRound';
  if (turn?.kind === 'tool_calls') return { label: `${first ? 'Plan and route' : 'Route'}: call ${(turn.calls ?? []).map((c) => c.name).join(', ')}`, kind: 'route' };
  return { label: first ? 'Plan, route, answer and save' : 'Generate the answer', kind: 'generate' };
}

/** How a scheduled activity ended, by its closing event. */
const ENDED: Record<string, TimelineStep['status']> = {
  EVENT_TYPE_ACTIVITY_TASK_COMPLETED: 'completed',
  EVENT_TYPE_ACTIVITY_TASK_FAILED: 'failed',
  EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT: 'timed_out',
  EVENT_TYPE_ACTIVITY_TASK_CANCELED: 'cancelled',
};

const CLOSED: Record<string, AskTimeline['status']> = {
  EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED: 'completed',
  EVENT_TYPE_WORKFLOW_EXECUTION_FAILED: 'failed',
  EVENT_TYPE_WORKFLOW_EXECUTION_TIMED_OUT: 'timed_out',
  EVENT_TYPE_WORKFLOW_EXECUTION_CANCELED: 'cancelled',
  EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED: 'terminated',
  EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW: 'continued_as_new',
};

/** The event's type as its enum name (`EVENT_TYPE_…`). */
const typeName = (event: HistoryEvent): string => proto.temporal.api.enums.v1.EventType[event.eventType ?? 0] ?? '';

/**
 * The steps of an ask's run from its history. Scheduled activities have a schedule, start (after
 * the task queue) and end event each, and retries show as the started event's attempt. Local
 * activities leave one marker when they finish: they ran inside the workflow task that recorded
 * it, so each starts when that task (or the local activity before it in the same task) did.
 */
export async function askTimeline(askId: string, events: HistoryEvent[], decode: DecodePayloads): Promise<AskTimeline> {
  let workflowType = '';
  let startedAt: number | null = null;
  let closedAt: number | null = null;
  let status: AskTimeline['status'] = 'running';
  let taskCursor: number | null = null;
  const scheduled = new Map<string, Step>();
  const steps: Step[] = [];
  for (const event of events) {
    const at = msOf(event.eventTime) ?? 0;
    const type = typeName(event);
    const id = String(event.eventId);
    if (type === 'EVENT_TYPE_WORKFLOW_EXECUTION_STARTED') {
      workflowType = event.workflowExecutionStartedEventAttributes?.workflowType?.name ?? '';
      startedAt = at;
    } else if (type === 'EVENT_TYPE_WORKFLOW_TASK_STARTED') {
      taskCursor = at;
    } else if (type === 'EVENT_TYPE_ACTIVITY_TASK_SCHEDULED') {
      const a = event.activityTaskScheduledEventAttributes!;
      const step: Step = { activity: a.activityType?.name ?? '', local: false, scheduledAt: at, startedAt: at, endedAt: null, attempts: 1, status: 'running', error: null, ...(a.input?.payloads ? { input: a.input.payloads } : {}) };
      scheduled.set(id, step);
      steps.push(step);
    } else if (type === 'EVENT_TYPE_ACTIVITY_TASK_STARTED') {
      const a = event.activityTaskStartedEventAttributes!;
      const step = scheduled.get(String(a.scheduledEventId));
      if (step) Object.assign(step, { startedAt: at, attempts: a.attempt ?? 1, error: messageOf(a.lastFailure) });
    } else if (ENDED[type]) {
      const ended = event.activityTaskCompletedEventAttributes ?? event.activityTaskFailedEventAttributes ?? event.activityTaskTimedOutEventAttributes ?? event.activityTaskCanceledEventAttributes;
      const step = scheduled.get(String(ended?.scheduledEventId));
      const result = event.activityTaskCompletedEventAttributes?.result?.payloads;
      // A failure replaces the error of the attempt before; completion and cancellation keep it.
      const failure = event.activityTaskFailedEventAttributes?.failure ?? event.activityTaskTimedOutEventAttributes?.failure;
      const error = ENDED[type] === 'failed' ? { error: messageOf(failure) } : ENDED[type] === 'timed_out' ? { error: messageOf(failure) ?? 'timed out' } : {};
      if (step) Object.assign(step, { endedAt: at, status: ENDED[type], ...error, ...(result ? { result } : {}) });
    } else if (type === 'EVENT_TYPE_MARKER_RECORDED' && event.markerRecordedEventAttributes?.markerName === 'core_local_activity') {
      const m = event.markerRecordedEventAttributes;
      const [data] = await decode(m.details?.data?.payloads ?? []);
      const d = (data ?? {}) as { activity_type?: string; attempt?: number; complete_time?: { seconds?: number; nanos?: number } };
      const ended = msOf(d.complete_time) ?? at;
      const began = Math.min(ended, taskCursor ?? ended);
      const failed = messageOf(m.failure);
      steps.push({ activity: d.activity_type ?? 'local activity', local: true, scheduledAt: began, startedAt: began, endedAt: ended, attempts: d.attempt ?? 1, status: failed ? 'failed' : 'completed', error: failed, ...(m.details?.result?.payloads ? { result: m.details.result.payloads } : {}) });
      taskCursor = ended;
    } else if (CLOSED[type]) {
      status = CLOSED[type]!;
      closedAt = at;
    }
  }
  const t0 = startedAt ?? steps[0]?.scheduledAt ?? 0;
  const rel = (t: number) => Math.max(0, Math.round((t - t0) * 10) / 10);
  const out: TimelineStep[] = [];
  // In the order they started: steps that ran side by side (a tool call beside a knowledge search) are recorded as they ended.
  steps.sort((a, b) => a.startedAt - b.startedAt);
  for (const s of steps) {
    out.push({ ...(await labelOf(s, decode)), activity: s.activity, local: s.local, scheduledMs: rel(s.scheduledAt), startedMs: rel(s.startedAt), endedMs: s.endedAt === null ? null : rel(s.endedAt), attempts: s.attempts, status: s.status, error: s.error });
  }
  const durationMs = closedAt === null ? null : rel(closedAt);
  const inSteps = out.reduce((n, s) => n + (s.endedMs === null ? 0 : s.endedMs - s.startedMs), 0);
  return {
    askId,
    workflowType,
    status,
    startedAt: new Date(t0).toISOString(),
    durationMs,
    orchestrationMs: durationMs === null ? null : Math.max(0, Math.round((durationMs - inSteps) * 10) / 10),
    steps: out,
  };
}
