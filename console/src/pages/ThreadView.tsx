// Every turn of one thread, with what it cost, a link to its run and the run's timeline.
import { useState } from 'react';
import { api, messageOf } from '../api.js';
import type { ThreadTurns } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { runUrl, useConsoleConfig } from '../useConsoleConfig.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { AskTimelineView } from './AskTimelineView.js';

export function ThreadView({ projectId, threadId, onErased }: { projectId: string; threadId: string; onErased: () => void }) {
  const config = useConsoleConfig();
  const { data, error } = useAsync(() => api<ThreadTurns>('GET', `/manage/projects/${projectId}/threads/${threadId}`), [projectId, threadId]);
  const [open, setOpen] = useState<string | null>(null);
  const [eraseError, setEraseError] = useState<string | null>(null);
  const erase = async () => {
    if (!window.confirm('Erase this thread? Its turns, feedback and the runs\' histories in Temporal are deleted for good.')) return;
    try {
      await api('DELETE', `/manage/projects/${projectId}/threads/${threadId}`);
      onErased();
    } catch (err) {
      setEraseError(messageOf(err));
    }
  };
  return (
    <section aria-label="Thread">
      <h2>Thread <code>{threadId}</code></h2>
      <ErrorMessage error={error ?? eraseError} />
      <button type="button" onClick={() => void erase()}>Erase thread</button>
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
