// Chat with the project the way an app does: public streaming ask, a test key, thread continuity.
// Enter sends (Shift+Enter for a new line); the conversation outlives the tab (playgroundStore).
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError, messageOf } from '../api.js';
import type { ModelEntry, ModelMenu } from '@askflow/contract/browser';
import { newConversation, send, useConversation, withPlaygroundKey } from '../playgroundStore.js';
import { useConsoleConfig } from '../useConsoleConfig.js';
import { useProject } from '../projectContext.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { AnswerMeta } from './AnswerMeta.js';

export function PlaygroundPage() {
  const { project } = useProject();
  const config = useConsoleConfig();
  const conversation = useConversation(project.id);
  const [message, setMessage] = useState('');
  const [menu, setMenu] = useState<ModelEntry[]>([]);
  const [model, setModel] = useState('');
  const [menuError, setMenuError] = useState<string | null>(null);
  const last = useRef<HTMLElement>(null);

  useEffect(() => {
    withPlaygroundKey(project.id, async (key) => {
      const res = await fetch('/service/models', { headers: { 'X-API-Key': key, 'X-Tenant-Id': project.id } });
      if (!res.ok) throw new ApiError(res.status, 'Error', `models: HTTP ${res.status}`);
      return (await res.json()) as ModelMenu;
    }).then((m) => { setMenu(m.models); setMenuError(null); }, (e: unknown) => setMenuError(messageOf(e)));
  }, [project.id]);

  // The newest turn stays in view as its answer streams in.
  const turns = conversation.turns.length;
  useEffect(() => { last.current?.scrollIntoView({ block: 'nearest' }); }, [turns]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const sent = message.trim();
    if (!sent || conversation.sending) return;
    setMessage('');
    // Refused before it started: the message comes back to the box, to send again.
    if (!(await send(project.id, sent, model || undefined))) setMessage((m) => m || sent);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <section>
      <h2>Playground</h2>
      <p className="meta">Asks go through <code>/service/ask/stream</code> with a test key named “Playground”, so they count as test traffic (not billed).</p>
      {!project.ragEnabled && <p className="notice warn">RAG is off: answers do not use the project's documents.</p>}
      <div className="chat" aria-live="polite" aria-busy={conversation.sending}>
        {conversation.turns.length === 0 && <p className="empty">No messages yet. Ask something below — about one of your documents, for example.</p>}
        {conversation.turns.map((t, i) => (
          <article key={i} className="turn" data-testid="playground-turn" ref={i === conversation.turns.length - 1 ? last : undefined}>
            <p><strong>You:</strong> {t.message}</p>
            <p><strong>Answer:</strong> <span data-testid="answer" className="prewrap">{t.result.answer}</span>
              {!t.result.done && <em className="meta"> ({t.result.phase ?? 'starting'}…)</em>}</p>
            {t.result.error && <p className="error" role="alert">{t.result.error}</p>}
            {t.result.done && <AnswerMeta result={t.result} config={config} />}
          </article>
        ))}
      </div>
      <form onSubmit={(e) => void submit(e)} className="composer">
        <label><span>Message</span>
          <textarea rows={2} value={message} onChange={(e) => setMessage(e.target.value)} onKeyDown={onKey} aria-describedby="composer-hint" />
        </label>
        <p id="composer-hint" className="meta">Enter sends; Shift+Enter starts a new line.</p>
        <div className="row">
          <label><span>Model</span>
            <select value={model} onChange={(e) => setModel(e.target.value)}>
              <option value="">Project default</option>
              {menu.map((m) => <option key={m.id} value={m.id}>{m.id}{m.isDefault ? ' (default)' : ''}</option>)}
            </select>
          </label>
        </div>
        <ErrorMessage error={conversation.error ?? menuError} />
        <div className="row">
          <button type="submit" disabled={conversation.sending}>Send</button>
          <button type="button" disabled={conversation.sending} onClick={() => newConversation(project.id)}>New conversation</button>
          {conversation.threadId && <span className="meta">Thread <code>{conversation.threadId}</code></span>}
        </div>
      </form>
    </section>
  );
}
