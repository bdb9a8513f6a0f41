// Threads with search, and every turn of the one selected.
import { useState, type FormEvent } from 'react';
import { api } from '../api.js';
import type { ThreadList } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { ThreadView } from './ThreadView.js';

export function ConversationsPage({ projectId }: { projectId: string }) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const { data, error, reload } = useAsync(() => {
    const q = new URLSearchParams({ limit: '50', ...(search ? { search } : {}) });
    return api<ThreadList>('GET', `/manage/projects/${projectId}/threads?${q.toString()}`);
  }, [projectId, search]);

  const submit = (e: FormEvent) => { e.preventDefault(); setSearch(draft.trim()); };

  return (
    <>
      <section>
        <h2>Conversations</h2>
        <form role="search" onSubmit={submit}>
          <label><span>Search threads</span><input type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="external id, message or answer" /></label>
          <button type="submit">Search</button>
        </form>
        <ErrorMessage error={error} />
        {data && data.threads.length === 0 && <p className="empty">{search ? `No threads match “${search}”.` : 'No conversations yet.'}</p>}
        {data && data.threads.length > 0 && (
          <table>
            <thead><tr><th>Last message</th><th>External id</th><th>Turns</th><th>Updated</th></tr></thead>
            <tbody>{data.threads.map((t) => (
              <tr key={t.id} data-testid="thread-row">
                <td><button type="button" onClick={() => setOpen(t.id)}>{t.lastMessage ?? '(empty)'}</button></td>
                <td>{t.externalThreadId ?? '—'}</td><td>{t.turns}</td><td>{new Date(t.updatedAt).toLocaleString()}</td>
              </tr>
            ))}</tbody>
          </table>
        )}
      </section>
      {open && <ThreadView projectId={projectId} threadId={open} onErased={() => { setOpen(null); reload(); }} />}
    </>
  );
}
