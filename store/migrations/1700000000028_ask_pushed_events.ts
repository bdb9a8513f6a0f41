import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Events a streamed ask's generation pushed to readers before the workflow's log held them (the
 * fast path). A row is written in the statement that sends its NOTIFY, so whatever a reader was
 * shown survives the worker that showed it: a retried attempt puts these events into the log
 * first, under the ids readers already have, instead of numbering new ones there. Rows are only
 * needed while their ask's generation runs; the worker deletes them after it, and sweeps any left.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    CREATE TABLE ask_pushed_events (
      ask_id text NOT NULL,
      id integer NOT NULL,
      event jsonb NOT NULL,
      pushed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (ask_id, id)
    );
    CREATE INDEX ask_pushed_events_pushed_at ON ask_pushed_events (pushed_at);
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`DROP TABLE ask_pushed_events;`);
}
