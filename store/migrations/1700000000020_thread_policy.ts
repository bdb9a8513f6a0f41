import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Thread policy ("double texting"): what an ask on a busy thread does, per project; and the asks
 * each thread has under way, in the order they came — each one after the one before it — so an
 * ask can wait its turn, be refused, or interrupt the one running. A row lives while its ask
 * runs; the ask removes it when it ends.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    ALTER TABLE projects ADD COLUMN thread_concurrency text NOT NULL DEFAULT 'enqueue'
      CHECK (thread_concurrency IN ('enqueue', 'reject', 'interrupt'));
    CREATE TABLE thread_asks (
      ask_id       text PRIMARY KEY,
      project_id   uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      -- No reference to threads: a new thread's row is written with its first answer.
      thread_id    uuid NOT NULL,
      -- The ask this one runs after (null: the thread was free when it came).
      after_ask_id text,
      created_at   timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE INDEX thread_asks_thread ON thread_asks (thread_id, created_at);
    CREATE INDEX thread_asks_after ON thread_asks (after_ask_id) WHERE after_ask_id IS NOT NULL;

    -- Joining and leaving are one statement each (one round trip on every ask), each holding the
    -- thread's advisory lock so two asks arriving together cannot both find the thread free.

    -- Puts the ask at the end of its thread's queue; returns the asks already there, oldest first.
    CREATE FUNCTION join_thread_queue(p_ask text, p_project uuid, p_thread uuid) RETURNS text[] LANGUAGE plpgsql AS $$
    DECLARE ahead text[];
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended('thread:' || p_thread::text, 0));
      SELECT coalesce(array_agg(ask_id ORDER BY created_at, ask_id), '{}') INTO ahead
        FROM thread_asks WHERE thread_id = p_thread AND ask_id <> p_ask;
      INSERT INTO thread_asks (ask_id, project_id, thread_id, after_ask_id)
        VALUES (p_ask, p_project, p_thread, ahead[cardinality(ahead)]) ON CONFLICT (ask_id) DO NOTHING;
      RETURN ahead;
    END $$;

    -- Takes the ask off its queue; the ask after it now runs after what this one ran after (if
    -- still there). Returns that next ask when it is now free to run, else null.
    CREATE FUNCTION leave_thread_queue(p_ask text) RETURNS text LANGUAGE plpgsql AS $$
    DECLARE t uuid; prev text; nxt text;
    BEGIN
      SELECT thread_id INTO t FROM thread_asks WHERE ask_id = p_ask;
      IF t IS NULL THEN RETURN NULL; END IF;
      PERFORM pg_advisory_xact_lock(hashtextextended('thread:' || t::text, 0));
      DELETE FROM thread_asks WHERE ask_id = p_ask RETURNING after_ask_id INTO prev;
      IF NOT FOUND THEN RETURN NULL; END IF;
      IF prev IS NOT NULL AND NOT EXISTS (SELECT 1 FROM thread_asks WHERE ask_id = prev) THEN prev := NULL; END IF;
      UPDATE thread_asks SET after_ask_id = prev WHERE after_ask_id = p_ask RETURNING ask_id INTO nxt;
      RETURN CASE WHEN prev IS NULL THEN nxt END;
    END $$;
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`DROP FUNCTION leave_thread_queue(text); DROP FUNCTION join_thread_queue(text, uuid, uuid); DROP TABLE thread_asks; ALTER TABLE projects DROP COLUMN thread_concurrency;`);
}
