// API keys: the full key is in the create answer only, so it is shown once with a copy button.
import { useState, type FormEvent } from 'react';
import { api, messageOf } from '../api.js';
import type { ApiKeyCreate, ApiKeyList, ApiKeyView, CreatedApiKey } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { CopyButton } from '../components/CopyButton.js';
import { BudgetSection } from './BudgetSection.js';

export function KeysPage({ projectId }: { projectId: string }) {
  const base = `/manage/projects/${projectId}/keys`;
  const { data, error, reload } = useAsync(() => api<ApiKeyList>('GET', base), [base]);
  const [mode, setMode] = useState<'live' | 'test'>('live');
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setActionError(null);
    try {
      const res = await api<CreatedApiKey>('POST', base, { mode, ...(name ? { name } : {}) } satisfies ApiKeyCreate);
      setCreated(res.key);
      setName('');
      reload();
    } catch (err) { setActionError(messageOf(err)); }
  };
  const revoke = async (k: ApiKeyView) => {
    if (!window.confirm(`Revoke ${k.prefix}…? Apps using it stop working at once.`)) return;
    try { await api('DELETE', `${base}/${k.id}`); reload(); } catch (err) { setActionError(messageOf(err)); }
  };

  return (
    <section>
      <h2>API keys</h2>
      <form onSubmit={(e) => void create(e)}>
        <label><span>Mode</span>
          <select value={mode} onChange={(e) => setMode(e.target.value === 'test' ? 'test' : 'live')}>
            <option value="live">live</option><option value="test">test</option>
          </select>
        </label>
        <label><span>Name (optional)</span><input type="text" value={name} onChange={(e) => setName(e.target.value)} /></label>
        <button type="submit">Generate key</button>
      </form>
      {created && (
        <div className="notice" role="status">
          <p>Your new key. Copy it now: it is not shown again.</p>
          <p className="secret" data-testid="new-key">{created}</p>
          <CopyButton value={created} label="Copy key" />
        </div>
      )}
      <ErrorMessage error={error ?? actionError} />
      {data && data.keys.length === 0 && <p className="empty">No keys yet: generate one for your app.</p>}
      {data && data.keys.length > 0 && (
        <table>
          <thead><tr><th>Prefix</th><th>Name</th><th>Mode</th><th>Created</th><th>Last used</th><th>Status</th></tr></thead>
          <tbody>{data.keys.map((k) => (
            <tr key={k.id}>
              <td><code>{k.prefix}…</code></td><td>{k.name ?? '—'}</td><td>{k.mode}</td>
              <td>{new Date(k.createdAt).toLocaleString()}</td>
              <td>{k.lastUsedAt ? new Date(k.lastUsedAt).toLocaleString() : 'never'}</td>
              <td>{k.revokedAt ? 'revoked' : <button type="button" onClick={() => void revoke(k)}>Revoke {k.prefix}</button>}</td>
            </tr>
          ))}</tbody>
        </table>
      )}
      {data?.keys.filter((k) => !k.revokedAt).map((k) => (
        <details key={k.id}>
          <summary>Budget of {k.prefix}…{k.name ? ` (${k.name})` : ''}</summary>
          <BudgetSection path={`${base}/${k.id}/budget`} title={`Caps and usage of ${k.prefix}…`} intro="Caps on this key's tokens and cost." />
        </details>
      ))}
    </section>
  );
}
