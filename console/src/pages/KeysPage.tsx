// API keys: the full key is in the create answer only, so it is shown once, with a copy button
// and code to call it; every key has the same snippets with the key as an environment variable.
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../api.js';
import type { ApiKeyCreate, ApiKeyList, ApiKeyView, CreatedApiKey } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { useAction } from '../useAction.js';
import { useProject } from '../projectContext.js';
import { createdKey, forgetCreatedKey, markSnippetCopied, progressChanged } from '../progress.js';
import { when } from '../format.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { CopyButton } from '../components/CopyButton.js';
import { Skeleton } from '../components/Skeleton.js';
import { Snippets } from '../components/Snippets.js';
import { Dialog } from '../components/Dialog.js';
import { BudgetSection } from './BudgetSection.js';

export function KeysPage() {
  const { project } = useProject();
  const base = `/manage/projects/${project.id}/keys`;
  const { data, error, reload } = useAsync(() => api<ApiKeyList>('GET', base), [base]);
  const [mode, setMode] = useState<'live' | 'test'>('live');
  const [name, setName] = useState('');
  // A key the first-run checklist just made is shown here, once, like one made on this page.
  const [created, setCreated] = useState<string | null>(() => createdKey(project.id));
  useEffect(() => { forgetCreatedKey(project.id); }, [project.id]);
  const action = useAction();
  const [budgetOf, setBudgetOf] = useState<ApiKeyView | null>(null);
  const [snippetKeyId, setSnippetKeyId] = useState('');
  // Apps' keys first: the playground's own test keys are the console's.
  const active = (data?.keys ?? []).filter((k) => !k.revokedAt).sort((a, b) => Number(a.name === 'Playground') - Number(b.name === 'Playground'));
  const snippetKey = active.find((k) => k.id === snippetKeyId) ?? active[0];
  const target = (key: string | null, of?: ApiKeyView) => ({ origin: window.location.origin, tenantId: project.id, key, keyHint: of ? `${of.prefix}…${of.name ? ` (${of.name})` : ''}` : null });
  const copied = () => markSnippetCopied(project.id);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const res = await action.run(() => api<CreatedApiKey>('POST', base, { mode, ...(name.trim() ? { name: name.trim() } : {}) } satisfies ApiKeyCreate));
    if (!res) return;
    setCreated(res.key);
    setName('');
    reload();
    progressChanged();
  };
  const revoke = async (k: ApiKeyView) => {
    if (!window.confirm(`Revoke ${k.prefix}…? Apps using it stop working at once.`)) return;
    if (await action.run(async () => { await api('DELETE', `${base}/${k.id}`); return true; })) { reload(); progressChanged(); }
  };

  return (
    <>
      {created && (
        <section className="new-key" aria-labelledby="new-key-title" data-testid="new-key-section">
          <h2 id="new-key-title">Your new key</h2>
          <p>Copy it now: it is not shown again.</p>
          <p className="secret" data-testid="new-key">{created}</p>
          <div className="row">
            <CopyButton value={created} label="Copy key" />
            <button type="button" onClick={() => setCreated(null)}>Done, I saved it</button>
          </div>
          <h3>Call it from your app</h3>
          <Snippets target={target(created)} onCopied={copied} />
        </section>
      )}
      <section>
        <h2>API keys</h2>
        <form onSubmit={(e) => void create(e)} className="row">
          <label><span>Mode</span>
            <select value={mode} onChange={(e) => setMode(e.target.value === 'test' ? 'test' : 'live')}>
              <option value="live">live</option><option value="test">test (not billed)</option>
            </select>
          </label>
          <label><span>Name (optional)</span><input type="text" value={name} onChange={(e) => { setName(e.target.value); action.clearError(); }} /></label>
          <button type="submit" disabled={action.busy}>Generate key</button>
        </form>
        <ErrorMessage error={error ?? action.error} />
        {!data && !error && <Skeleton label="Loading keys" />}
        {data && data.keys.length === 0 && <p className="empty">No keys yet: generate one for your app.</p>}
        {data && data.keys.length > 0 && (
          <table className="stack">
            <thead><tr><th>Prefix</th><th>Name</th><th>Mode</th><th>Created</th><th>Last used</th><th>Actions</th></tr></thead>
            <tbody>{data.keys.map((k) => (
              <tr key={k.id}>
                <td data-label="Prefix"><code>{k.prefix}…</code></td><td data-label="Name" className="wrap-anywhere">{k.name || '—'}</td><td data-label="Mode">{k.mode}</td>
                <td data-label="Created">{when(k.createdAt)}</td>
                <td data-label="Last used">{k.lastUsedAt ? when(k.lastUsedAt) : 'never'}</td>
                <td data-label="Actions" className="actions">
                  {k.revokedAt ? 'revoked' : (
                    <>
                      <button type="button" aria-label={`Budget of ${k.prefix}`} onClick={() => setBudgetOf(k)}>Budget</button>
                      <button type="button" aria-label={`Revoke ${k.prefix}`} onClick={() => void revoke(k)}>Revoke</button>
                    </>
                  )}
                </td>
              </tr>
            ))}</tbody>
          </table>
        )}
      </section>
      {/* While a new key is on screen, its own snippets are the ones to copy. */}
      {active.length > 0 && !created && (
        <section aria-labelledby="snippets-title">
          <h2 id="snippets-title">Call Askflow from your app</h2>
          <label><span>With the key</span>
            <select value={snippetKey?.id ?? ''} onChange={(e) => setSnippetKeyId(e.target.value)}>
              {active.map((k) => <option key={k.id} value={k.id}>{k.prefix}…{k.name ? ` (${k.name})` : ''}</option>)}
            </select>
          </label>
          <Snippets target={target(null, snippetKey)} onCopied={copied} />
        </section>
      )}
      {budgetOf && (
        <Dialog title={`Budget of ${budgetOf.prefix}…`} onClose={() => setBudgetOf(null)}>
          <BudgetSection path={`${base}/${budgetOf.id}/budget`} title={`Caps and usage of ${budgetOf.prefix}…`} intro="Caps on this key's tokens and cost." />
        </Dialog>
      )}
    </>
  );
}
