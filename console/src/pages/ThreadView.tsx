// Every turn of one thread, with what it cost, a link to its run and the run's timeline.
import { useState } from 'react';
import { api } from '../api.js';
import type { ThreadTurns } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { runUrl, useConsoleConfig } from '../useConsoleConfig.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { AskTimelineView } from './AskTimelineView.js';

export function ThreadView({ projectId, threadId }: { projectId: string; threadId: string }) {
  const config = useConsoleConfig();
  const { data, error } = useAsync(() => api<ThreadTurns>('GET', `/manage/projects/${projectId}/threads/${threadId}`), [projectId, threadId]);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-label="Thread">
      <h2>Thread <code>{threadId}</code></h2>
      <ErrorMessage error={error} />
      {data?.turns.map((t) => {
        const link = runUrl(config, t.workflowId);
        return (
          <article key={t.id} className="turn" data-testid="thread-turn">
            <p><strong>User:</strong> {t.userMessage}</p>
            <p style={{ whiteSpace: 'pre-wrap' }}><strong>Answer:</strong> {t.answer}</p>
            <p className="meta">
              {new Date(t.createdAt).toLocaleString()} · intent {t.intent} · model {t.model} · tool {t.toolUsed ?? 'none'} · chunks {t.ragChunksUsed} ·{' '}
              {t.usage.totalTokens} tokens · ${t.costUsd.toFixed(6)} · {t.latencyMs} ms · {t.isTest ? 'test' : 'live'}
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
            {open === t.id && <AskTimelineView projectId={projectId} askId={t.workflowId} />}
          </article>
        );
      })}
    </section>
  );
}
