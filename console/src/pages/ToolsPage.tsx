// Tools list with create/edit/delete and test calls, the signing secret, and the project's webhooks.
import { useState } from 'react';
import { api, messageOf } from '../api.js';
import type { ToolList, ToolTestInput, ToolTestResult, ToolView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { ToolForm } from './ToolForm.js';
import { SigningSecretSection } from './SigningSecretSection.js';
import { WebhooksSection } from './WebhooksSection.js';

/** What the tool answered to one signed test call, its body shown as the tool sent it. */
function TestCallResult({ result }: { result: ToolTestResult }) {
  return (
    <div role="status" className={result.ok ? 'notice' : 'error'} data-testid="tool-test-result">
      {result.ok ? `OK ${result.status}` : `Failed: ${result.error}`} in {result.durationMs} ms
      {result.ok && <pre style={{ whiteSpace: 'pre-wrap' }}>{result.body}</pre>}
    </div>
  );
}

export function ToolsPage({ projectId }: { projectId: string }) {
  const base = `/manage/projects/${projectId}/tools`;
  const { data, error, reload } = useAsync(() => api<ToolList>('GET', base), [base]);
  const [editing, setEditing] = useState<ToolView | 'new' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [results, setResults] = useState<Record<string, ToolTestResult>>({});

  const remove = async (t: ToolView) => {
    if (!window.confirm(`Delete tool ${t.name}?`)) return;
    try { await api('DELETE', `${base}/${t.id}`); reload(); } catch (err) { setActionError(messageOf(err)); }
  };
  const test = async (t: ToolView) => {
    setActionError(null);
    try {
      const r = await api<ToolTestResult>('POST', `${base}/${t.id}/test`, {} satisfies ToolTestInput);
      setResults({ ...results, [t.id]: r });
    } catch (err) { setActionError(messageOf(err)); }
  };

  return (
    <>
      <section>
        <h2>Tools</h2>
        <ErrorMessage error={error ?? actionError} />
        {data && data.tools.length === 0 && <p className="empty">No tools yet. Add an HTTP endpoint the model may call.</p>}
        {data && data.tools.length > 0 && (
          <table>
            <thead><tr><th>Name</th><th>Method and URL</th><th>Forwarded headers</th><th>Actions</th></tr></thead>
            <tbody>{data.tools.map((t) => (
              <tr key={t.id}>
                <td>{t.name}<div className="meta">{t.description}</div></td>
                <td><code>{t.method} {t.url}</code><div className="meta">timeout {t.timeoutMs} ms</div></td>
                <td>{t.forwardHeaders.join(', ') || '—'}</td>
                <td>
                  <button type="button" onClick={() => setEditing(t)}>Edit {t.name}</button>{' '}
                  <button type="button" onClick={() => void test(t)}>Send test call to {t.name}</button>{' '}
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
