// Chat with the project the way an app does: public streaming ask, a test key, thread continuity.
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, messageOf } from '../api.js';
import type { ModelEntry, ModelMenu, ProjectView } from '@askflow/contract/browser';
import { askStream, type AskResult } from '../askStream.js';
import { playgroundKey } from '../playgroundKey.js';
import { useConsoleConfig } from '../useConsoleConfig.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { AnswerMeta } from './AnswerMeta.js';

interface ChatTurn { message: string; result: AskResult }

export function PlaygroundPage({ project }: { project: ProjectView }) {
  const config = useConsoleConfig();
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [message, setMessage] = useState('');
  const [threadId, setThreadId] = useState<string | undefined>();
  const [menu, setMenu] = useState<ModelEntry[]>([]);
  const [model, setModel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  // A revoked or deleted stored key answers 401: make a fresh one once and retry.
  async function withKey<T>(fn: (key: string) => Promise<T>): Promise<T> {
    try { return await fn(await playgroundKey(project.id)); } catch (err) {
      if (err instanceof ApiError && err.status === 401) return fn(await playgroundKey(project.id, true));
      throw err;
    }
  }

  useEffect(() => {
    withKey(async (key) => {
      const res = await fetch('/service/models', { headers: { 'X-API-Key': key, 'X-Tenant-Id': project.id } });
      if (!res.ok) throw new ApiError(res.status, 'Error', `models: HTTP ${res.status}`);
      return (await res.json()) as ModelMenu;
    }).then((m) => setMenu(m.models), (e: unknown) => setError(messageOf(e)));
  }, [project.id]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!message.trim()) return;
    setError(null);
    setSending(true);
    const index = turns.length;
    const sent = message;
    setTurns((t) => [...t, { message: sent, result: { askId: null, answer: '', done: false } }]);
    setMessage('');
    const update = (result: AskResult) => setTurns((t) => t.map((turn, i) => (i === index ? { ...turn, result } : turn)));
    try {
      const result = await withKey((key) => askStream({ apiKey: key, tenantId: project.id, message: sent, threadId, model: model || undefined }, update));
      if (result.threadId) setThreadId(result.threadId);
    } catch (err) {
      setError(messageOf(err));
      setTurns((t) => t.filter((_, i) => i !== index));
    } finally { setSending(false); }
  };

  return (
    <section>
      <h2>Playground</h2>
      <p className="meta">Asks go through <code>/service/ask/stream</code> with a test key named “Playground”, so they count as test traffic.</p>
      <div className="chat" aria-live="polite">
        {turns.length === 0 && <p className="empty">No messages yet. Ask something below.</p>}
        {turns.map((t, i) => (
          <article key={i} className="turn" data-testid="playground-turn">
            <p><strong>You:</strong> {t.message}</p>
            <p><strong>Answer:</strong> <span data-testid="answer" style={{ whiteSpace: 'pre-wrap' }}>{t.result.answer}</span>{!t.result.done && <em> ({t.result.phase ?? 'starting'}…)</em>}</p>
            {t.result.error && <p className="error" role="alert">{t.result.error}</p>}
            {t.result.done && <AnswerMeta result={t.result} config={config} />}
          </article>
        ))}
      </div>
      <form onSubmit={(e) => void send(e)}>
        <label><span>Model</span>
          <select value={model} onChange={(e) => setModel(e.target.value)}>
            <option value="">Project default</option>
            {menu.map((m) => <option key={m.id} value={m.id}>{m.id}{m.isDefault ? ' (default)' : ''}</option>)}
          </select>
        </label>
        <label><span>Message</span><textarea rows={2} value={message} onChange={(e) => setMessage(e.target.value)} /></label>
        <ErrorMessage error={error} />
        <button type="submit" disabled={sending}>Send</button>{' '}
        <button type="button" onClick={() => { setTurns([]); setThreadId(undefined); }}>New conversation</button>
        {threadId && <span className="meta"> Thread <code>{threadId}</code></span>}
      </form>
    </section>
  );
}
