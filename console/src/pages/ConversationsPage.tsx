// Threads with search; a thread opens as a page of its own (#/projects/{id}/conversations/{thread}),
// at the top of the screen, with a way back to the list.
import { useState, type FormEvent } from 'react';
import { api } from '../api.js';
import type { ThreadList } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { useProject } from '../projectContext.js';
import { go } from '../router.js';
import { when } from '../format.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { Skeleton } from '../components/Skeleton.js';
import { ThreadView } from './ThreadView.js';

// The search survives opening a thread and coming back.
let lastSearch = '';

export function ConversationsPage({ rest }: { rest: string[] }) {
  const { project } = useProject();
  const [threadId] = rest;
  if (threadId) return <ThreadView threadId={threadId} onErased={() => go(`projects/${project.id}/conversations`)} />;
  return <ThreadListSection />;
}

function ThreadListSection() {
  const { project } = useProject();
  const [search, setSearch] = useState(lastSearch);
  const [draft, setDraft] = useState(lastSearch);
  const { data, error } = useAsync(() => {
    const q = new URLSearchParams({ limit: '50', ...(search ? { search } : {}) });
    return api<ThreadList>('GET', `/manage/projects/${project.id}/threads?${q.toString()}`);
  }, [project.id, search]);

  const submit = (e: FormEvent) => { e.preventDefault(); lastSearch = draft.trim(); setSearch(lastSearch); };

  return (
    <section>
      <h2>Conversations</h2>
      <form role="search" onSubmit={submit} className="row">
        <label><span>Search threads</span><input type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="external id, message or answer" /></label>
        <button type="submit">Search</button>
      </form>
      <ErrorMessage error={error} />
      {!data && !error && <Skeleton label="Loading conversations" />}
      {data && data.threads.length === 0 && <p className="empty">{search ? `No threads match “${search}”.` : 'No conversations yet. Ask something in the playground.'}</p>}
      {data && data.threads.length > 0 && (
        <table className="stack">
          <thead><tr><th>Last message</th><th>External id</th><th>Turns</th><th>Updated</th></tr></thead>
          <tbody>{data.threads.map((t) => (
            <tr key={t.id} data-testid="thread-row">
              <td data-label="Last message" className="wrap-anywhere"><a href={`#/projects/${project.id}/conversations/${encodeURIComponent(t.id)}`}>{t.lastMessage ?? '(empty)'}</a></td>
              <td data-label="External id" className="wrap-anywhere">{t.externalThreadId ?? '—'}</td>
              <td data-label="Turns">{t.turns}</td>
              <td data-label="Updated">{when(t.updatedAt)}</td>
            </tr>
          ))}</tbody>
        </table>
      )}
    </section>
  );
}
