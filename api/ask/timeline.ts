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

/** What an ask's activity did, in owners' words; a model round says whether it answered or called tools. */
async function labelOf(step: Step, decode: DecodePayloads): Promise<Labelled> {
  const decoded = async (payloads: Payload[] | undefined, at: number) => (payloads ? ((await decode(payloads))[at] as Record<string, unknown> | undefined) : undefined);
  const calls = (turn: Record<string, unknown> | undefined) => ((turn?.calls as { name: string }[] | undefined) ?? []).map((c) => c.name).join(', ');
  const toolName = async (at: number) => {
    const name = step.input ? (await decode(step.input))[at] : undefined;
    return { label: typeof name === 'string' ? `Tool ${name}` : 'Tool call', kind: 'tool' as const };
  };
  switch (step.activity) {
    // Steps of the first ask workflow, which runs still in flight at a deploy may replay.
    case 'classifyIntent':
      return { label: 'Classify the intent', kind: 'route' };
    case 'retrieveChunks':
      return { label: 'Search knowledge', kind: 'retrieve' };
    case 'chooseTool':
      return { label: 'Choose a tool', kind: 'route' };
    case 'callTool':
      return toolName(1);
    case 'generateAnswer':
      return { label: 'Generate the answer', kind: 'generate' };
    case 'persistTurn':
      return { label: 'Save the turn', kind: 'persist' };
    case 'planAsk':
      return { label: 'Plan the ask', kind: 'plan' };
    case 'selectTool':
      return { label: 'Choose a tool', kind: 'route' };
    case 'searchKnowledge':
      return { label: 'Search knowledge', kind: 'retrieve' };
    case 'invokeTool':
      return toolName(2);
    case 'composeAnswer':
      return { label: 'Generate the answer', kind: 'generate' };
    case 'saveTurn':
      return { label: 'Save the turn', kind: 'persist' };
    case 'respondTurn': {
      const turn = await decoded(step.result, 0);
      if (turn?.kind === 'tool_calls') return { label: `Route: call ${calls(turn)}`, kind: 'route' };
      return { label: 'Generate the answer', kind: 'generate' };
    }
    case 'firstRound': {
      const out = await decoded(step.result, 0);
      const turn = out?.turn as Record<string, unknown> | undefined;
      if (turn?.kind === 'tool_calls') return { label: `Plan and route: call ${calls(turn)}`, kind: 'route' };
      return { label: 'Plan, route, answer and save', kind: 'generate' };
    }
    default:
      return { label: step.activity, kind: 'other' };
  }
}

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
    } else if (type === 'EVENT_TYPE_ACTIVITY_TASK_COMPLETED') {
      const a = event.activityTaskCompletedEventAttributes!;
      const step = scheduled.get(String(a.scheduledEventId));
      if (step) Object.assign(step, { endedAt: at, status: 'completed', ...(a.result?.payloads ? { result: a.result.payloads } : {}) });
    } else if (type === 'EVENT_TYPE_ACTIVITY_TASK_FAILED') {
      const a = event.activityTaskFailedEventAttributes!;
      const step = scheduled.get(String(a.scheduledEventId));
      if (step) Object.assign(step, { endedAt: at, status: 'failed', error: messageOf(a.failure) });
    } else if (type === 'EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT') {
      const a = event.activityTaskTimedOutEventAttributes!;
      const step = scheduled.get(String(a.scheduledEventId));
      if (step) Object.assign(step, { endedAt: at, status: 'timed_out', error: messageOf(a.failure) ?? 'timed out' });
    } else if (type === 'EVENT_TYPE_ACTIVITY_TASK_CANCELED') {
      const a = event.activityTaskCanceledEventAttributes!;
      const step = scheduled.get(String(a.scheduledEventId));
      if (step) Object.assign(step, { endedAt: at, status: 'cancelled' });
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
