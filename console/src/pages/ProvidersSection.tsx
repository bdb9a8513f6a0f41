// Provider connections. A key is write-only: the API only ever says whether one is stored.
import { useState, type FormEvent } from 'react';
import { api } from '../api.js';
import type { ProviderConnectionInput, ProviderConnectionList } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { useAction } from '../useAction.js';
import { useProject } from '../projectContext.js';
import { useUnsavedChanges } from '../router.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { Skeleton } from '../components/Skeleton.js';

export function ProvidersSection() {
  const { project, reload: reloadProject } = useProject();
  const base = `/manage/projects/${project.id}/providers`;
  const { data, error, reload } = useAsync(() => api<ProviderConnectionList>('GET', base), [base]);
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const action = useAction();
  useUnsavedChanges(Boolean(name || baseUrl || apiKey), 'a provider connection');
  const edit = (setter: (v: string) => void) => (e: { target: { value: string } }) => { setter(e.target.value); action.clearError(); };

  // The model pickers list the project's connections: the project is read again after a change.
  const done = () => { reload(); reloadProject(); };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    // Omitting apiKey keeps the stored one: an empty field never erases a key.
    const ok = await action.run(async () => { await api('PUT', `${base}/${encodeURIComponent(name)}`, { baseUrl, ...(apiKey ? { apiKey } : {}) } satisfies ProviderConnectionInput); return true; });
    if (!ok) return;
    setName(''); setBaseUrl(''); setApiKey('');
    done();
  };
  const remove = async (p: string) => {
    if (!window.confirm(`Remove the connection ${p}? Models on it stop answering.`)) return;
    if (await action.run(async () => { await api('DELETE', `${base}/${encodeURIComponent(p)}`); return true; })) done();
  };

  return (
    <section>
      <h2>Provider connections</h2>
      <ErrorMessage error={error ?? action.error} />
      {!data && !error && <Skeleton label="Loading connections" lines={2} />}
      {data && data.providers.length === 0 && <p className="empty">No connections: the offline local model answers.</p>}
      {data && data.providers.length > 0 && (
        <table className="stack">
          <thead><tr><th>Name</th><th>Base URL</th><th>Key</th><th>Actions</th></tr></thead>
          <tbody>{data.providers.map((p) => (
            <tr key={p.name}>
              <td data-label="Name" className="wrap-anywhere">{p.name}</td><td data-label="Base URL"><code>{p.baseUrl}</code></td><td data-label="Key">{p.hasApiKey ? 'stored' : 'none'}</td>
              <td data-label="Actions"><button type="button" onClick={() => void remove(p.name)}>Remove {p.name}</button></td>
            </tr>
          ))}</tbody>
        </table>
      )}
      <form onSubmit={(e) => void save(e)}>
        <h3>Add or update a connection</h3>
        <label><span>Name (provider part of model ids)</span><input type="text" required pattern="[A-Za-z0-9_\-]+" value={name} onChange={edit(setName)} /></label>
        <label><span>Base URL</span><input type="url" required value={baseUrl} onChange={edit(setBaseUrl)} placeholder="https://api.openai.com/v1" /></label>
        <label><span>API key (stored encrypted, never shown again)</span><input type="password" autoComplete="off" value={apiKey} onChange={edit(setApiKey)} /></label>
        <button type="submit" disabled={action.busy}>Save connection</button>
      </form>
    </section>
  );
}
