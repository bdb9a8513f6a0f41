import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Webhooks: a project's subscriptions (each with a secret of its own, sealed with the master key)
 * and the outbox of their deliveries. A delivery's id is the Standard Webhooks message id
 * (`msg_…`), the same on every attempt and redelivery, so receivers de-duplicate on it; the
 * unique (webhook, event, subject) makes announcing the same event twice (a retried activity, a
 * second refused ask in one budget window) one delivery, not two.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    CREATE TABLE webhooks (
      id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id       uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      url              text NOT NULL,
      events           text[] NOT NULL,
      enabled          boolean NOT NULL DEFAULT true,
      secret_encrypted bytea NOT NULL,
      disabled_reason  text,
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now()
    );
    -- What every announcement asks first: does this project have an enabled webhook for the event?
    CREATE INDEX webhooks_project ON webhooks (project_id) WHERE enabled;

    CREATE TABLE webhook_deliveries (
      id               text PRIMARY KEY,
      webhook_id       uuid NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
      event_type       text NOT NULL,
      subject_id       text NOT NULL,
      payload          jsonb NOT NULL,
      status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivering', 'delivered', 'failed')),
      attempts         integer NOT NULL DEFAULT 0,
      last_status_code integer,
      last_error       text,
      next_attempt_at  timestamptz,
      created_at       timestamptz NOT NULL DEFAULT now(),
      last_attempt_at  timestamptz,
      delivered_at     timestamptz,
      UNIQUE (webhook_id, event_type, subject_id)
    );
    CREATE INDEX webhook_deliveries_newest ON webhook_deliveries (webhook_id, created_at DESC);
    -- Deliveries never attempted (the sweeper looks for ones whose workflow was never started).
    CREATE INDEX webhook_deliveries_unattempted ON webhook_deliveries (created_at) WHERE status = 'pending' AND attempts = 0;
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`DROP TABLE webhook_deliveries; DROP TABLE webhooks;`);
}
