/**
 * Where one JSON ask's time goes, step by step: the api's own steps (its `Server-Timing`
 * header), then the run's workflow history — each workflow task's schedule-to-start (matching
 * dispatch) and run, each local activity's completion inside its task, each regular activity's
 * schedule-to-start and run — and finally the answer's way back to the api and the client. All
 * clocks are this host's, so the api's wall-clock arrival lines up with the history's event times.
 * Run: `npm run bench:timeline` (BENCH_ASKS asks after a warm-up, BENCH_CONCURRENCY at a time; the
 * median of each step; BENCH_MODEL=server for the side-by-side bench's model server).
 */
import { Client, Connection } from '@temporalio/client';
import { tsToMs } from '@temporalio/common/lib/time.js';
import proto from '@temporalio/proto';
import { ASK_ID_HEADER } from '@askflow/contract';
import { createPool } from '../store/pool.js';
import { startTestStack } from '../infra/testStack.js';
import { askJson, benchProject } from './askflow.js';
import { printTable, summarize } from './stats.js';
import { askflowDataConverter } from '../codec/dataConverter.js';
import { startChatCompletionsServer } from '../test/fakes/chatCompletionsServer.js';

const ASKS = Number(process.env.BENCH_ASKS ?? 30);
/** Asks in flight at once: 1 shows an ask alone, more shows where they queue. */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const { EventType } = proto.temporal.api.enums.v1;
type HistoryEvent = proto.temporal.api.history.v1.IHistoryEvent;

interface Milestone {
  at: number;
  label: string;
}

/** `arrival;desc="<epoch ms>"` and `<step>;dur=<ms>` entries of a Server-Timing header. */
function parseServerTiming(header: string): { arrival: number; steps: [string, number][] } {
  let arrival = NaN;
  const steps: [string, number][] = [];
  for (const entry of header.split(',')) {
    const [name, ...params] = entry.trim().split(';');
    const desc = params.find((p) => p.startsWith('desc='))?.slice(5).replace(/"/g, '');
    const dur = params.find((p) => p.startsWith('dur='))?.slice(4);
    if (name === 'arrival' && desc) arrival = Number(desc);
    else if (name && dur) steps.push([name, Number(dur)]);
  }
  return { arrival, steps };
}

/** What core records of a local activity in its marker: its type and when it finished. */
function localActivityOf(e: HistoryEvent): { type: string; completedAt: number } | null {
  const attrs = e.markerRecordedEventAttributes;
  if (attrs?.markerName !== 'core_local_activity') return null;
  const raw = attrs.details?.data?.payloads?.[0]?.data;
  if (!raw) return null;
  const data = JSON.parse(Buffer.from(raw).toString('utf8')) as { activity_type: string; complete_time: { seconds: number; nanos: number } };
  return { type: data.activity_type, completedAt: data.complete_time.seconds * 1000 + data.complete_time.nanos / 1e6 };
}

/** The run's history as labelled moments in time order; a step is the span between two of them. */
function historyMilestones(events: HistoryEvent[]): Milestone[] {
  const out: Milestone[] = [];
  const activityTypes = new Map<string, string>();
  let task = 0;
  for (const e of events) {
    const at = tsToMs(e.eventTime);
    switch (e.eventType) {
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED:
        out.push({ at, label: 'workflow started' });
        break;
      case EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED:
        task++;
        out.push({ at, label: `wft${task} scheduled` });
        break;
      case EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED:
        out.push({ at, label: `wft${task} started` });
        break;
      case EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED:
        out.push({ at, label: `wft${task} completed` });
        break;
      case EventType.EVENT_TYPE_MARKER_RECORDED: {
        const la = localActivityOf(e);
        // Recorded with the task's completion, but it finished inside the task: place it there.
        // Core stamps it as the task's start plus the activity's own run time, so the worker's
        // time to take the task and reach the activity shows up after it, not before.
        if (la) out.push({ at: la.completedAt, label: `local ${la.type} done` });
        break;
      }
      case EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED: {
        const type = e.activityTaskScheduledEventAttributes?.activityType?.name ?? '?';
        activityTypes.set(String(e.eventId), type);
        out.push({ at, label: `${type} scheduled` });
        break;
      }
      case EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED:
        out.push({ at, label: `${activityTypes.get(String(e.activityTaskStartedEventAttributes?.scheduledEventId)) ?? '?'} started` });
        break;
      case EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED:
        out.push({ at, label: `${activityTypes.get(String(e.activityTaskCompletedEventAttributes?.scheduledEventId)) ?? '?'} completed` });
        break;
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED:
        out.push({ at, label: 'workflow completed' });
        break;
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

/** `server`: the project's model is the side-by-side bench's OpenAI-compatible server (answers at once), not `local`. */
const MODEL = process.env.BENCH_MODEL === 'server' ? 'server' : 'local';
const llm = MODEL === 'server' ? await startChatCompletionsServer() : null;
const t = await startTestStack({ logLevel: 'info' });
const pool = createPool(t.info.databaseUrl, 2);
const connection = await Connection.connect({ address: t.info.temporalAddress });
const client = new Client({ connection, namespace: t.info.temporalNamespace, dataConverter: askflowDataConverter({ ASKFLOW_MASTER_KEY: t.info.masterKey }) });
try {
  const project = await benchProject(pool, t.info.baseUrl, 'bench', llm ? { baseUrl: llm.baseUrl, apiKey: llm.apiKey, masterKey: t.info.masterKey } : undefined);

  /** One ask, as the steps of its timeline: [label, ms] in order. */
  const timeline = async (message: string): Promise<[string, number][]> => {
    const sentAt = Date.now();
    const res = await askJson(project, message);
    const receivedAt = Date.now();

    const { arrival, steps } = parseServerTiming(res.headers.get('Server-Timing') ?? '');
    const milestones: Milestone[] = [{ at: sentAt, label: 'client sent' }];
    let at = arrival;
    for (const [step, ms] of steps) {
      at += ms;
      // The start RPC and the wait for the result overlap the history: placed by their ends.
      milestones.push({ at, label: step === 'start' ? 'api: start RPC returned' : step === 'result' ? 'api: result in hand' : `api: ${step} done` });
    }
    // The api answers once the worker announces the stored turn, before the run records its
    // end: the whole history is there once the run's result is.
    const handle = client.workflow.getHandle(res.headers.get(ASK_ID_HEADER)!);
    await handle.result();
    const history = await handle.fetchHistory();
    milestones.push(...historyMilestones(history.events ?? []), { at: receivedAt, label: 'client received' });
    milestones.sort((a, b) => a.at - b.at);
    return milestones.slice(1).map((m, i) => [`${milestones[i]!.label} → ${m.label}`, m.at - milestones[i]!.at]);
  };

  for (let i = 0; i < 20; i++) await timeline(`warm-up ${i}`);
  const runs: [string, number][][] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ASKS) runs.push(await timeline(`question number ${next++}`));
    }),
  );

  // Steps keyed by label, in the order of the run that shows the most common shape.
  const shapes = new Map<string, number>();
  for (const r of runs) shapes.set(r.map(([l]) => l).join('|'), (shapes.get(r.map(([l]) => l).join('|')) ?? 0) + 1);
  const [commonShape, count] = [...shapes.entries()].sort((a, b) => b[1] - a[1])[0]!;
  const common = runs.filter((r) => r.map(([l]) => l).join('|') === commonShape);
  const one = common.at(-1)!;
  const rows = one.map(([label], i) => {
    const s = summarize(common.map((r) => r[i]![1]));
    return { step: label, 'one ask ms': one[i]![1].toFixed(1), 'median ms': s.p50.toFixed(1), 'p90 ms': s.p90.toFixed(1) };
  });
  // What the client waited: the steps up to its receipt (the run records its end after that).
  const waited = (r: [string, number][]) => {
    const last = r.findIndex(([l]) => l.endsWith('→ client received'));
    return r.slice(0, last + 1).reduce((sum, [, ms]) => sum + ms, 0);
  };
  const totals = summarize(common.map(waited));
  rows.push({ step: 'total (client sent → client received)', 'one ask ms': waited(one).toFixed(1), 'median ms': totals.p50.toFixed(1), 'p90 ms': totals.p90.toFixed(1) });
  printTable(`JSON ask timeline, ${MODEL === 'server' ? 'OpenAI-compatible model server' : 'local model'}: ${count} of ${runs.length} asks (${CONCURRENCY} at a time) had this shape (2-core machine, everything local)`, rows);
} finally {
  await connection.close();
  await pool.end();
  await t.dispose();
  await llm?.close();
}
