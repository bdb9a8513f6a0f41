// Every turn of one thread, with what it cost, a link to its run and the run's timeline.
import { useEffect, useRef, useState } from 'react';
import { api } from '../api.js';
import type { ThreadTurns } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { useAction } from '../useAction.js';
import { useProject } from '../projectContext.js';
import { runsUrl, runUrl, useConsoleConfig } from '../useConsoleConfig.js';
import { duration, usd, when } from '../format.js';
import { TRAFFIC_LABEL } from '../analyticsSeries.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { Skeleton } from '../components/Skeleton.js';
import { AskTimelineView } from './AskTimelineView.js';

export function ThreadView({ threadId, onErased }: { threadId: string; onErased: () => void }) {
  const { project } = useProject();
  const config = useConsoleConfig();
  const { data, error } = useAsync(() => api<ThreadTurns>('GET', `/manage/projects/${project.id}/threads/${encodeURIComponent(threadId)}`), [project.id, threadId]);
  const [open, setOpen] = useState<string | null>(null);
  const erase = useAction();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the list: the thread is read from its top, and keyboard focus starts there.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [threadId]);

  const eraseThread = async () => {
    if (!window.confirm('Erase this thread? Its turns, feedback and the runs\' histories in Temporal are deleted for good.')) return;
    if (await erase.run(async () => { await api('DELETE', `/manage/projects/${project.id}/threads/${encodeURIComponent(threadId)}`); return true; })) onErased();
  };
  const runs = runsUrl(config, project.id, threadId);
  return (
    <section aria-labelledby="thread-title">
      <p><a href={`#/projects/${project.id}/conversations`}>← All conversations</a></p>
      <h2 id="thread-title" ref={heading} tabIndex={-1}>Thread <code className="wrap-anywhere">{threadId}</code></h2>
      <ErrorMessage error={error ?? erase.error} />
      <div className="row">
        <button type="button" onClick={() => void eraseThread()} disabled={erase.busy}>Erase thread</button>
        {runs && <a href={runs} target="_blank" rel="noreferrer">This thread's runs in Temporal UI</a>}
      </div>
      {!data && !error && <Skeleton label="Loading the thread" lines={4} />}
      {data?.turns.map((t) => {
        const link = runUrl(config, t.workflowId);
        return (
          <article key={t.id} className="turn" data-testid="thread-turn">
            <p><strong>User:</strong> {t.userMessage}</p>
            <p className="prewrap"><strong>Answer:</strong> {t.answer}</p>
            <p className="meta">
              {when(t.createdAt)} · intent {t.intent} · model {t.model} · tool {t.toolUsed ?? 'none'} · chunks {t.ragChunksUsed} ·{' '}
              {t.usage.totalTokens} tokens · {usd(t.costUsd)} · {duration(t.latencyMs)} · {TRAFFIC_LABEL[t.isTest ? 'test' : 'live']}
              {link && <> · <a href={link} target="_blank" rel="noreferrer">run in Temporal UI</a></>}
            </p>
            {t.feedback && (
              <p className="meta" data-testid="turn-feedback">
                Feedback: {t.feedback.rating === 1 ? 'good' : 'bad'}{t.feedback.comment ? ` — “${t.feedback.comment}”` : ''}
              </p>
            )}
            <button type="button" aria-expanded={open === t.id} onClick={() => setOpen(open === t.id ? null : t.id)}>
              {open === t.id ? 'Hide timeline' : 'Show timeline'}
            </button>
            {open === t.id && <AskTimelineView projectId={project.id} askId={t.workflowId} />}
          </article>
        );
      })}
    </section>
  );
}
