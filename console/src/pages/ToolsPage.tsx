// Tools list with create/edit/delete and test calls, the signing secret, and the project's webhooks.
import { useState } from 'react';
import { api } from '../api.js';
import type { ToolList, ToolTestInput, ToolTestResult, ToolView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { useAction } from '../useAction.js';
import { useProject } from '../projectContext.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { Skeleton } from '../components/Skeleton.js';
import { ToolForm } from './ToolForm.js';
import { SigningSecretSection } from './SigningSecretSection.js';
import { WebhooksSection } from './WebhooksSection.js';

/** What the tool answered to one signed test call, its body shown as the tool sent it. */
function TestCallResult({ result }: { result: ToolTestResult }) {
  return (
    <div role="status" className={result.ok ? 'notice' : 'error'} data-testid="tool-test-result">
      {result.ok ? `OK ${result.status}` : `Failed: ${result.error}`} in {result.durationMs} ms
      {result.ok && <pre className="prewrap">{result.body}</pre>}
    </div>
  );
}

export function ToolsPage() {
  const { project } = useProject();
  const projectId = project.id;
  const base = `/manage/projects/${projectId}/tools`;
  const { data, error, reload } = useAsync(() => api<ToolList>('GET', base), [base]);
  const [editing, setEditing] = useState<ToolView | 'new' | null>(null);
  const action = useAction();
  const [results, setResults] = useState<Record<string, ToolTestResult>>({});

  const remove = async (t: ToolView) => {
    if (!window.confirm(`Delete tool ${t.name}?`)) return;
    if (await action.run(async () => { await api('DELETE', `${base}/${t.id}`); return true; })) reload();
  };
  const test = async (t: ToolView) => {
    const r = await action.run(() => api<ToolTestResult>('POST', `${base}/${t.id}/test`, {} satisfies ToolTestInput));
    if (r) setResults((all) => ({ ...all, [t.id]: r }));
  };

  return (
    <>
      <section>
        <h2>Tools</h2>
        <ErrorMessage error={error ?? action.error} />
        {!data && !error && <Skeleton label="Loading tools" />}
        {!project.toolsEnabled && (data?.tools.length ?? 0) > 0 && <p className="notice warn" role="status">Tools are off: answers do not call them. Switch them on in <a href={`#/projects/${projectId}/settings`}>Settings</a>.</p>}
        {data && data.tools.length === 0 && <p className="empty">No tools yet. Add an HTTP endpoint the model may call.</p>}
        {data && data.tools.length > 0 && (
          <table className="stack">
            <thead><tr><th>Name</th><th>Method and URL</th><th>Forwarded headers</th><th>Actions</th></tr></thead>
            <tbody>{data.tools.map((t) => (
              <tr key={t.id}>
                <td data-label="Name"><span className="wrap-anywhere">{t.name}</span><div className="meta">{t.description}</div></td>
                <td data-label="Method and URL"><code>{t.method} {t.url}</code><div className="meta">timeout {t.timeoutMs} ms</div></td>
                <td data-label="Forwarded headers">{t.forwardHeaders.join(', ') || '—'}</td>
                <td data-label="Actions" className="actions">
                  <button type="button" onClick={() => setEditing(t)}>Edit {t.name}</button>
                  <button type="button" onClick={() => void test(t)}>Send test call to {t.name}</button>
                  <button type="button" onClick={() => void remove(t)}>Delete {t.name}</button>
                  {results[t.id] && <TestCallResult result={results[t.id]!} />}
                </td>
              </tr>
            ))}</tbody>
          </table>
        )}
        {editing === null && <button type="button" onClick={() => setEditing('new')}>Add tool</button>}
        {editing !== null && (
          <ToolForm key={editing === 'new' ? 'new' : editing.id} base={base} tool={editing === 'new' ? null : editing}
            onDone={() => { setEditing(null); reload(); }} onCancel={() => setEditing(null)} />
        )}
      </section>
      <SigningSecretSection projectId={projectId} />
      <WebhooksSection projectId={projectId} />
    </>
  );
}
