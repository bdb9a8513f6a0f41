// The project's webhooks: add one (its secret shown once), turn on and off, delete, see deliveries.
import { useState, type FormEvent } from 'react';
import { api, messageOf } from '../api.js';
import type { WebhookEvent, WebhookInput, WebhookList, WebhookPatch, WebhookView, WebhookWithSecret } from '@askflow/contract/browser';
import { WEBHOOK_EVENTS } from '@askflow/contract/names';
import { useAsync } from '../useAsync.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { CopyButton } from '../components/CopyButton.js';
import { Skeleton } from '../components/Skeleton.js';
import { WebhookDeliveries } from './WebhookDeliveries.js';

function AddWebhookForm({ base, onAdded }: { base: string; onAdded: (w: WebhookWithSecret) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['ask.completed']);
  const [error, setError] = useState<string | null>(null);
  const toggle = (e: WebhookEvent) => setEvents(events.includes(e) ? events.filter((x) => x !== e) : [...events, e]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      onAdded(await api<WebhookWithSecret>('POST', base, { url: url.trim(), events, enabled: true } satisfies WebhookInput));
      setUrl('');
    } catch (err) { setError(messageOf(err)); }
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <ErrorMessage error={error} />
      <label><span>Webhook endpoint</span><input type="url" required value={url} onChange={(e) => { setUrl(e.target.value); setError(null); }} placeholder="https://example.com/askflow/events" /></label>
      <fieldset>
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((ev) => (
          <label key={ev}><input type="checkbox" checked={events.includes(ev)} onChange={() => toggle(ev)} /> {ev}</label>
        ))}
      </fieldset>
      <button type="submit">Add webhook</button>
    </form>
  );
}

export function WebhooksSection({ projectId }: { projectId: string }) {
  const base = `/manage/projects/${projectId}/webhooks`;
  const { data, error, reload } = useAsync(() => api<WebhookList>('GET', base), [base]);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const act = async (work: () => Promise<unknown>) => {
    setActionError(null);
    try { await work(); reload(); } catch (err) { setActionError(messageOf(err)); }
  };
  const setEnabled = (w: WebhookView, enabled: boolean) => act(() => api('PATCH', `${base}/${w.id}`, { enabled } satisfies WebhookPatch));
  const remove = (w: WebhookView) => { if (window.confirm(`Delete the webhook to ${w.url}?`)) void act(() => api('DELETE', `${base}/${w.id}`)); };
  const rotate = (w: WebhookView) => {
    if (!window.confirm(`Rotate the secret of ${w.url}? The old one stops working at once.`)) return;
    void act(async () => setSecret({ url: w.url, secret: (await api<WebhookWithSecret>('POST', `${base}/${w.id}/rotate-secret`)).secret }));
  };

  return (
    <section>
      <h2>Webhooks</h2>
      <p className="meta">Askflow posts events to these URLs, signed the Standard Webhooks way (<code>webhook-signature</code>); failed deliveries are retried for 72 hours. Verify them with <code>verifyWebhook()</code> from <code>@askflow/client</code>.</p>
      <ErrorMessage error={error ?? actionError} />
      {!data && !error && <Skeleton label="Loading webhooks" lines={2} />}
      {secret && (
        <div className="notice" role="status">
          <p>Secret of {secret.url} — copy it now, it is not shown again:</p>
          <p className="secret" data-testid="webhook-secret">{secret.secret}</p>
          <CopyButton value={secret.secret} label="Copy webhook secret" />{' '}
          <button type="button" onClick={() => setSecret(null)}>Done</button>
        </div>
      )}
      {data && data.webhooks.length === 0 && <p className="empty">No webhooks yet.</p>}
      {data && data.webhooks.length > 0 && (
        <table className="stack">
          <thead><tr><th>URL</th><th>Events</th><th>State</th><th>Actions</th></tr></thead>
          <tbody>{data.webhooks.map((w) => (
            <tr key={w.id}>
              <td data-label="URL"><code>{w.url}</code></td>
              <td data-label="Events">{w.events.join(', ')}</td>
              <td data-label="State">{w.enabled ? 'on' : 'off'}{w.disabledReason && <div className="meta">{w.disabledReason}</div>}</td>
              <td data-label="Actions" className="actions">
                <button type="button" aria-expanded={open === w.id} onClick={() => setOpen(open === w.id ? null : w.id)}>{open === w.id ? 'Hide deliveries' : 'Show deliveries'}</button>
                <button type="button" onClick={() => void setEnabled(w, !w.enabled)}>{w.enabled ? 'Disable webhook' : 'Enable webhook'}</button>
                <button type="button" onClick={() => rotate(w)}>Rotate webhook secret</button>
                <button type="button" onClick={() => remove(w)}>Delete webhook</button>
              </td>
            </tr>
          ))}</tbody>
        </table>
      )}
      {data?.webhooks.filter((w) => w.id === open).map((w) => (
        <div key={w.id} className="deliveries">
          <h3>Deliveries to <code>{w.url}</code></h3>
          <WebhookDeliveries base={`${base}/${w.id}`} enabled={w.enabled} />
        </div>
      ))}
      <AddWebhookForm base={base} onAdded={(w) => { setSecret({ url: w.url, secret: w.secret }); reload(); }} />
    </section>
  );
}
