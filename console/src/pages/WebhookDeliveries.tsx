// A webhook's recent deliveries: status, attempts, the last answer, and a Redeliver button each.
import { useState } from 'react';
import { api, messageOf } from '../api.js';
import type { WebhookDeliveryList, WebhookDeliveryView } from '@askflow/contract/browser';
import { useAsync } from '../useAsync.js';
import { when } from '../format.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { Skeleton } from '../components/Skeleton.js';


export function WebhookDeliveries({ base, enabled }: { base: string; enabled: boolean }) {
  const { data, error, reload } = useAsync(() => api<WebhookDeliveryList>('GET', `${base}/deliveries?limit=20`), [base]);
  const [actionError, setActionError] = useState<string | null>(null);
  const redeliver = async (d: WebhookDeliveryView) => {
    setActionError(null);
    try { await api('POST', `${base}/deliveries/${d.id}/redeliver`); reload(); } catch (err) { setActionError(messageOf(err)); }
  };
  return (
    <div data-testid="webhook-deliveries">
      <ErrorMessage error={error ?? actionError} />
      <button type="button" onClick={reload}>Refresh deliveries</button>
      {!data && !error && <Skeleton label="Loading deliveries" lines={2} />}
      {data && data.deliveries.length === 0 && <p className="empty">No deliveries yet.</p>}
      {data && data.deliveries.length > 0 && (
        <table className="stack">
          <thead><tr><th>Event</th><th>Status</th><th>Attempts</th><th>Last answer</th><th>Created</th><th>Actions</th></tr></thead>
          <tbody>{data.deliveries.map((d) => (
            <tr key={d.id}>
              <td data-label="Event">{d.event}<div className="meta"><code>{d.id}</code></div></td>
              <td data-label="Status" data-testid="delivery-status">{d.status}{d.nextAttemptAt && <div className="meta">next attempt {when(d.nextAttemptAt)}</div>}</td>
              <td data-label="Attempts">{d.attempts}</td>
              <td data-label="Last answer">{d.lastStatusCode ?? '—'}{d.lastError && <div className="meta">{d.lastError}</div>}</td>
              <td data-label="Created">{when(d.createdAt)}{d.deliveredAt && <div className="meta">delivered {when(d.deliveredAt)}</div>}</td>
              <td data-label="Actions"><button type="button" disabled={!enabled} aria-label={`Redeliver ${d.event} ${d.id}`} onClick={() => void redeliver(d)}>Redeliver</button></td>
            </tr>
          ))}</tbody>
        </table>
      )}
    </div>
  );
}
