// The steps of one ask's run on a timeline (plan, route, retrieve, tool calls, generation,
// persist), read from its workflow history through the management API: what took the time, what
// was retried and what failed — without opening another tool. The Temporal UI link stays.
import type { AskTimeline, TimelineStep } from '@askflow/contract/browser';
import { api } from '../api.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useAsync } from '../useAsync.js';
import { duration as ms } from '../format.js';
import { runUrl, useConsoleConfig } from '../useConsoleConfig.js';

function StepRow({ step, total }: { step: TimelineStep; total: number }) {
  const end = step.endedMs ?? total;
  const pct = (n: number) => `${Math.min(100, (n / total) * 100).toFixed(2)}%`;
  const queued = step.startedMs - step.scheduledMs;
  const summary = `${step.label}: ${ms(end - step.startedMs)}${queued >= 1 ? `, waited ${ms(queued)} in the queue` : ''}${step.attempts > 1 ? `, ${step.attempts} attempts` : ''}, ${step.status}`;
  return (
    <li className={`timeline-step kind-${step.kind} status-${step.status}`} data-testid="timeline-step" aria-label={summary}>
      <span className="timeline-label">
        {step.label}
        {step.local && <span className="meta"> · local</span>}
      </span>
      <span className="timeline-track" aria-hidden="true">
        {queued > 0 && <span className="timeline-queue" style={{ left: pct(step.scheduledMs), width: pct(queued) }} />}
        <span className="timeline-bar" style={{ left: pct(step.startedMs), width: `max(2px, ${pct(end - step.startedMs)})` }} />
      </span>
      <span className="timeline-figures">
        {ms(end - step.startedMs)}
        {step.attempts > 1 && <strong data-testid="step-attempts"> · {step.attempts} attempts</strong>}
        {step.status !== 'completed' && <> · {step.status}</>}
      </span>
      {step.error && <span className="timeline-error" data-testid="step-error">{step.error}</span>}
    </li>
  );
}

export function AskTimelineView({ projectId, askId }: { projectId: string; askId: string }) {
  const config = useConsoleConfig();
  const { data, error } = useAsync(() => api<AskTimeline>('GET', `/manage/projects/${projectId}/asks/${encodeURIComponent(askId)}/timeline`), [projectId, askId]);
  const link = runUrl(config, askId);
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <p className="meta" aria-busy="true">Reading the run's history…</p>;
  const total = Math.max(1, data.durationMs ?? Math.max(...data.steps.map((s) => s.endedMs ?? s.startedMs), 1));
  return (
    <figure className="timeline" aria-label={`Timeline of ${askId}`} data-testid="ask-timeline">
      <figcaption className="meta">
        {data.status} in {data.durationMs === null ? '…' : ms(data.durationMs)} · {data.steps.length} steps
        {data.orchestrationMs !== null && <> · {ms(data.orchestrationMs)} between steps (workflow tasks and queues)</>}
        {link && <> · <a href={link} target="_blank" rel="noreferrer">run in Temporal UI</a></>}
      </figcaption>
      <ol className="timeline-steps">
        {data.steps.map((s, i) => <StepRow key={i} step={s} total={total} />)}
      </ol>
    </figure>
  );
}
