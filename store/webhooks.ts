import { randomBytes } from 'node:crypto';
import type { WebhookDeliveryListQuery, WebhookDeliveryStatus, WebhookDeliveryView, WebhookEvent, WebhookInput, WebhookPatch, WebhookPayload, WebhookView } from '@askflow/contract';
import { inTransaction, type Pool } from './pool.js';
import { decryptSecret, encryptSecret } from './secrets.js';

/** Standard Webhooks secrets: `whsec_` and 24 random bytes in base64 (the part receivers decode). */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface WebhookRow {
  id: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const WEBHOOK = `id, url, events, enabled, disabled_reason AS "disabledReason", created_at AS "createdAt", updated_at AS "updatedAt"`;
const view = (r: WebhookRow): WebhookView => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() });

export async function listWebhooks(pool: Pool, projectId: string): Promise<WebhookView[]> {
  const { rows } = await pool.query<WebhookRow>(`SELECT ${WEBHOOK} FROM webhooks WHERE project_id = $1 ORDER BY created_at, id`, [projectId]);
  return rows.map(view);
}

export async function getWebhook(pool: Pool, projectId: string, id: string): Promise<WebhookView | null> {
  const { rows } = await pool.query<WebhookRow>(`SELECT ${WEBHOOK} FROM webhooks WHERE project_id = $1 AND id = $2`, [projectId, id]);
  return rows[0] ? view(rows[0]) : null;
}

/**
 * A new webhook and its secret (shown this once); null when the project already has `max`. The
 * project's row is locked for the count and the insert, so concurrent creates cannot both slip under it.
 */
export async function createWebhook(pool: Pool, projectId: string, input: WebhookInput, masterKey: Buffer, max: number): Promise<(WebhookView & { secret: string }) | null> {
  const secret = newSecret();
  return inTransaction(pool, async (tx) => {
    await tx.query(`SELECT 1 FROM projects WHERE id = $1 FOR UPDATE`, [projectId]);
    const { rows } = await tx.query<WebhookRow>(
      `INSERT INTO webhooks (project_id, url, events, enabled, secret_encrypted)
       SELECT $1, $2, $3, $4, $5 WHERE (SELECT count(*) FROM webhooks WHERE project_id = $1) < $6
       RETURNING ${WEBHOOK}`,
      [projectId, input.url, input.events, input.enabled, encryptSecret(secret, masterKey), max],
    );
    return rows[0] ? { ...view(rows[0]), secret } : null;
  });
}

/** Turning a webhook back on clears why it was turned off. */
export async function updateWebhook(pool: Pool, projectId: string, id: string, patch: WebhookPatch): Promise<WebhookView | null> {
  const { rows } = await pool.query<WebhookRow>(
    `UPDATE webhooks SET url = coalesce($3, url), events = coalesce($4, events), enabled = coalesce($5, enabled),
            disabled_reason = CASE WHEN $5 IS NULL THEN disabled_reason ELSE NULL END, updated_at = now()
      WHERE project_id = $1 AND id = $2 RETURNING ${WEBHOOK}`,
    [projectId, id, patch.url ?? null, patch.events ?? null, patch.enabled ?? null],
  );
  return rows[0] ? view(rows[0]) : null;
}

/** A new secret, at once: deliveries still being retried are signed with it from their next attempt. */
export async function rotateWebhookSecret(pool: Pool, projectId: string, id: string, masterKey: Buffer): Promise<(WebhookView & { secret: string }) | null> {
  const secret = newSecret();
  const { rows } = await pool.query<WebhookRow>(
    `UPDATE webhooks SET secret_encrypted = $3, updated_at = now() WHERE project_id = $1 AND id = $2 RETURNING ${WEBHOOK}`,
    [projectId, id, encryptSecret(secret, masterKey)],
  );
  return rows[0] ? { ...view(rows[0]), secret } : null;
}

export async function deleteWebhook(pool: Pool, projectId: string, id: string): Promise<boolean> {
  const { rowCount } = await pool.query(`DELETE FROM webhooks WHERE project_id = $1 AND id = $2`, [projectId, id]);
  return rowCount === 1;
}

/** Turned off by Askflow (the receiver said 410 Gone): no more deliveries until the owner turns it on. */
export async function disableWebhook(pool: Pool, id: string, reason: string): Promise<void> {
  await pool.query(`UPDATE webhooks SET enabled = false, disabled_reason = $2, updated_at = now() WHERE id = $1`, [id, reason]);
}

/** One occurrence of an event: what it is about (an ask, a document's ingestion, a budget window) and its body. */
export interface Announcement {
  subjectId: string;
  payload: WebhookPayload;
}

/**
 * One delivery per enabled webhook of the project subscribed to `event`, per subject: announcing
 * a subject again adds nothing. Returns the deliveries nobody has attempted yet, new or left by an
 * announcement that stopped before starting them. One indexed query; nothing at all is written
 * when the project has no such webhook.
 */
export async function addDeliveries(pool: Pool, projectId: string, event: WebhookEvent, items: Announcement[]): Promise<string[]> {
  if (!items.length) return [];
  const sql = deliveriesSql({ projectId: '$1', event: '$2', subjectIds: '$3', payloads: '$4' });
  const { rows } = await pool.query<{ id: string }>(`WITH ${sql.ctes} ${sql.unattempted}`, [projectId, event, ...deliveryParams(items)]);
  return rows.map((r) => r.id);
}

/** The subject ids and the JSON bodies of `items`, as the two array parameters `deliveriesSql` reads. */
export function deliveryParams(items: Announcement[]): [string[], string[]] {
  return [items.map((i) => i.subjectId), items.map((i) => JSON.stringify(i.payload))];
}

/**
 * The SQL of `addDeliveries`, to embed in a statement of another table's (a turn is stored with
 * its `ask.completed` deliveries: one commit, so nobody sees the one without the other). `ctes`
 * are WITH items (named subscribed, items, added_deliveries); `unattempted` is a SELECT of the ids
 * nobody has attempted yet. Arguments are the placeholders of the project id (text), the event
 * (text; NULL writes nothing), the subject ids (text[]) and the payloads (JSON text[]).
 */
export function deliveriesSql(p: { projectId: string; event: string; subjectIds: string; payloads: string }): { ctes: string; unattempted: string } {
  return {
    ctes: `subscribed AS (SELECT id FROM webhooks WHERE project_id = ${p.projectId} AND enabled AND ${p.event}::text = ANY(events)),
          items AS (SELECT * FROM unnest(${p.subjectIds}::text[], ${p.payloads}::jsonb[]) AS i(subject_id, payload)),
          added_deliveries AS (
            INSERT INTO webhook_deliveries (id, webhook_id, event_type, subject_id, payload)
            SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), s.id, ${p.event}, i.subject_id, i.payload FROM subscribed s CROSS JOIN items i
            ON CONFLICT (webhook_id, event_type, subject_id) DO NOTHING RETURNING id)`,
    // The rows added here are not in the statement's snapshot of webhook_deliveries: hence the union.
    unattempted: `SELECT id FROM added_deliveries
     UNION
     SELECT d.id FROM webhook_deliveries d JOIN subscribed s ON s.id = d.webhook_id
      WHERE d.event_type = ${p.event} AND d.subject_id = ANY(${p.subjectIds}::text[]) AND d.status = 'pending' AND d.attempts = 0`,
  };
}

/**
 * Deliveries written but never attempted for `olderThanSeconds`: their announcer stopped (or
 * Temporal was unreachable) between writing them and starting their workflows.
 */
export async function stalledDeliveries(pool: Pool, olderThanSeconds: number, limit = 100): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM webhook_deliveries WHERE status = 'pending' AND attempts = 0 AND created_at < now() - make_interval(secs => $1)
      ORDER BY created_at LIMIT $2`,
    [olderThanSeconds, limit],
  );
  return rows.map((r) => r.id);
}

/** What an attempt needs: the body, where it goes, its secret and the project's allowed hosts. */
export interface DeliveryTarget {
  id: string;
  webhookId: string;
  status: WebhookDeliveryStatus;
  payload: WebhookPayload;
  url: string;
  enabled: boolean;
  secret: string;
  allowedHosts: string[];
}

export async function deliveryTarget(pool: Pool, deliveryId: string, masterKey: Buffer): Promise<DeliveryTarget | null> {
  const { rows } = await pool.query<Omit<DeliveryTarget, 'secret'> & { sealed: Buffer }>(
    `SELECT d.id, d.webhook_id AS "webhookId", d.status, d.payload, w.url, w.enabled, w.secret_encrypted AS sealed, p.allowed_hosts AS "allowedHosts"
       FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN projects p ON p.id = w.project_id WHERE d.id = $1`,
    [deliveryId],
  );
  const row = rows[0];
  if (!row) return null;
  const { sealed, ...rest } = row;
  return { ...rest, secret: decryptSecret(sealed, masterKey) };
}

export interface AttemptOutcome {
  status: 'delivering' | 'delivered' | 'failed';
  statusCode: number | null;
  error: string | null;
  /** When the next attempt is due, if one will be made. */
  nextAttemptAt: Date | null;
}

/** One attempt made, counted with what came of it. */
export async function recordAttempt(pool: Pool, deliveryId: string, o: AttemptOutcome): Promise<void> {
  await pool.query(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, status = $2, last_status_code = $3, last_error = $4, next_attempt_at = $5,
            last_attempt_at = now(), delivered_at = CASE WHEN $2 = 'delivered' THEN now() ELSE delivered_at END
      WHERE id = $1`,
    [deliveryId, o.status, o.statusCode, o.error, o.nextAttemptAt],
  );
}

/** Given up on (attempts ran out, or the webhook was turned off): the last attempt's error, if any, stays as why. */
export async function markDeliveryFailed(pool: Pool, deliveryId: string, error: string): Promise<void> {
  await pool.query(`UPDATE webhook_deliveries SET status = 'failed', last_error = coalesce(last_error, $2), next_attempt_at = NULL WHERE id = $1 AND status <> 'delivered'`, [deliveryId, error]);
}

/** Queued again for a redelivery: same message id and body, attempts counting on. */
export async function requeueDelivery(pool: Pool, deliveryId: string): Promise<void> {
  await pool.query(`UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = NULL WHERE id = $1`, [deliveryId]);
}

interface DeliveryRow {
  id: string;
  event: WebhookEvent;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
  payload: WebhookPayload;
}

const DELIVERY = `id, event_type AS event, status, attempts, last_status_code AS "lastStatusCode", last_error AS "lastError", next_attempt_at AS "nextAttemptAt",
  created_at AS "createdAt", last_attempt_at AS "lastAttemptAt", delivered_at AS "deliveredAt", payload`;

const deliveryView = (r: DeliveryRow): WebhookDeliveryView => ({
  ...r,
  nextAttemptAt: iso(r.nextAttemptAt),
  createdAt: r.createdAt.toISOString(),
  lastAttemptAt: iso(r.lastAttemptAt),
  deliveredAt: iso(r.deliveredAt),
});

/** A webhook's deliveries, newest first, a page at a time. */
export async function listDeliveries(pool: Pool, webhookId: string, q: WebhookDeliveryListQuery): Promise<WebhookDeliveryView[]> {
  const { rows } = await pool.query<DeliveryRow>(
    `SELECT ${DELIVERY} FROM webhook_deliveries
      WHERE webhook_id = $1 AND ($2::timestamptz IS NULL OR created_at < $2) AND ($3::text IS NULL OR status = $3)
      ORDER BY created_at DESC, id DESC LIMIT $4`,
    [webhookId, q.before ?? null, q.status ?? null, q.limit],
  );
  return rows.map(deliveryView);
}

export async function getDelivery(pool: Pool, webhookId: string, deliveryId: string): Promise<WebhookDeliveryView | null> {
  const { rows } = await pool.query<DeliveryRow>(`SELECT ${DELIVERY} FROM webhook_deliveries WHERE webhook_id = $1 AND id = $2`, [webhookId, deliveryId]);
  return rows[0] ? deliveryView(rows[0]) : null;
}

/** How long a webhook's delivery history is kept. */
export const DELIVERY_RETENTION_DAYS = 30;

/**
 * Drops a webhook's deliveries older than the retention, a bounded batch at a time (each
 * successful delivery takes one batch along, so the history of a busy webhook stays bounded).
 * Deliveries still under way are kept whatever their age.
 */
export async function pruneDeliveries(pool: Pool, webhookId: string, batch = 100): Promise<void> {
  await pool.query(
    `DELETE FROM webhook_deliveries WHERE id IN (
       SELECT id FROM webhook_deliveries WHERE webhook_id = $1 AND created_at < now() - make_interval(days => $2) AND status IN ('delivered', 'failed')
        ORDER BY created_at LIMIT $3)`,
    [webhookId, DELIVERY_RETENTION_DAYS, batch],
  );
}
