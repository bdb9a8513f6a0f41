import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * BM25 and the offline router need, per project, how many chunks hold each stem and how many
 * chunks (and tokens) there are. Counting those per question read most of a large project's
 * chunks for a common stem (≈200 ms at 10k chunks); kept here instead, they are a lookup.
 *
 * Statement-level triggers with transition tables keep both tables in step with `chunks` inside
 * the writing transaction, so a reader never sees chunks without their statistics. Rows are
 * touched in stem order, so concurrent ingests of one project take their row locks in the same
 * order and cannot deadlock on them.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    CREATE TABLE chunk_terms (
      project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      lexeme     text NOT NULL,
      df         integer NOT NULL,
      PRIMARY KEY (project_id, lexeme)
    );
    CREATE TABLE chunk_totals (
      project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
      chunks     bigint NOT NULL,
      tokens     bigint NOT NULL
    );

    CREATE FUNCTION chunk_terms_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO chunk_terms (project_id, lexeme, df)
        SELECT a.project_id, u.lexeme, count(*) FROM added a, unnest(a.tsv) u
         GROUP BY a.project_id, u.lexeme ORDER BY a.project_id, u.lexeme
        ON CONFLICT (project_id, lexeme) DO UPDATE SET df = chunk_terms.df + excluded.df;
      INSERT INTO chunk_totals (project_id, chunks, tokens)
        SELECT project_id, count(*), coalesce(sum(token_count), 0) FROM added GROUP BY project_id ORDER BY project_id
        ON CONFLICT (project_id) DO UPDATE SET chunks = chunk_totals.chunks + excluded.chunks, tokens = chunk_totals.tokens + excluded.tokens;
      RETURN NULL;
    END $$;

    -- A project being deleted has already lost these rows (cascade): updates then find nothing.
    CREATE FUNCTION chunk_terms_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE chunk_terms t SET df = t.df - r.df
        FROM (SELECT project_id, u.lexeme, count(*) AS df FROM removed, unnest(tsv) u GROUP BY project_id, u.lexeme ORDER BY project_id, u.lexeme) r
       WHERE t.project_id = r.project_id AND t.lexeme = r.lexeme;
      DELETE FROM chunk_terms t USING (SELECT DISTINCT project_id FROM removed) r WHERE t.project_id = r.project_id AND t.df <= 0;
      UPDATE chunk_totals t SET chunks = t.chunks - r.chunks, tokens = t.tokens - r.tokens
        FROM (SELECT project_id, count(*) AS chunks, coalesce(sum(token_count), 0) AS tokens FROM removed GROUP BY project_id) r
       WHERE t.project_id = r.project_id;
      RETURN NULL;
    END $$;

    CREATE TRIGGER chunks_terms_insert AFTER INSERT ON chunks
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION chunk_terms_added();
    CREATE TRIGGER chunks_terms_delete AFTER DELETE ON chunks
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION chunk_terms_removed();

    -- Chunks are written and deleted, never changed; an update would have to be both.
    CREATE FUNCTION chunks_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'chunks are replaced, not updated';
    END $$;
    CREATE TRIGGER chunks_no_update BEFORE UPDATE ON chunks FOR EACH ROW EXECUTE FUNCTION chunks_are_immutable();

    INSERT INTO chunk_terms (project_id, lexeme, df)
      SELECT c.project_id, u.lexeme, count(*) FROM chunks c, unnest(c.tsv) u GROUP BY c.project_id, u.lexeme;
    INSERT INTO chunk_totals (project_id, chunks, tokens)
      SELECT project_id, count(*), coalesce(sum(token_count), 0) FROM chunks GROUP BY project_id;
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    DROP TRIGGER chunks_no_update ON chunks;
    DROP TRIGGER chunks_terms_delete ON chunks;
    DROP TRIGGER chunks_terms_insert ON chunks;
    DROP FUNCTION chunks_are_immutable();
    DROP FUNCTION chunk_terms_removed();
    DROP FUNCTION chunk_terms_added();
    DROP TABLE chunk_totals;
    DROP TABLE chunk_terms;
  `);
}
