// Provider connections. A key is write-only: the API only ever says whether one is stored.
import { useState, type FormEvent } from 'react';
import { api, messageOf } from '../api.js';
import type { ProviderConnectionInput, ProviderConnectionList } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { ErrorMessage } from '../components/ErrorMessage.js';

export function ProvidersSection({ projectId }: { projectId: string }) {
  const base = `/manage/projects/${projectId}/providers`;
  const { data, error, reload } = useAsync(() => api<ProviderConnectionList>('GET', base), [base]);
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setActionError(null);
    try {
      // Omitting apiKey keeps the stored one: an empty field never erases a key.
      await api('PUT', `${base}/${encodeURIComponent(name)}`, { baseUrl, ...(apiKey ? { apiKey } : {}) } satisfies ProviderConnectionInput);
      setName(''); setBaseUrl(''); setApiKey('');
      reload();
    } catch (err) { setActionError(messageOf(err)); }
  };
  const remove = async (p: string) => {
    setActionError(null);
    try { await api('DELETE', `${base}/${encodeURIComponent(p)}`); reload(); } catch (err) { setActionError(messageOf(err)); }
  };

  return (
    <section>
      <h2>Provider connections</h2>
      <ErrorMessage error={error ?? actionError} />
      {data && data.providers.length === 0 && <p className="empty">No connections: the offline local model answers.</p>}
      {data && data.providers.length > 0 && (
        <table>
          <thead><tr><th>Name</th><th>Base URL</th><th>Key</th><th /></tr></thead>
          <tbody>{data.providers.map((p) => (
            <tr key={p.name}><td>{p.name}</td><td>{p.baseUrl}</td><td>{p.hasApiKey ? 'stored' : 'none'}</td>
              <td><button type="button" onClick={() => void remove(p.name)}>Remove {p.name}</button></td></tr>
          ))}</tbody>
        </table>
      )}
      <form onSubmit={(e) => void save(e)}>
        <h3>Add or update a connection</h3>
        <label><span>Name (provider part of model ids)</span><input type="text" required pattern="[A-Za-z0-9_\-]+" value={name} onChange={(e) => setName(e.target.value)} /></label>
        <label><span>Base URL</span><input type="url" required value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} /></label>
        <label><span>API key (stored encrypted, never shown again)</span><input type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} /></label>
        <button type="submit">Save connection</button>
      </form>
    </section>
  );
}
