import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * A per-project version of the chunks, bumped inside every statement that adds or removes a
 * project's chunks: the in-memory BM25 index (knowledge/lexicalIndex/) caches a project's
 * postings and compares this version on every query, so a chunk written or deleted through any
 * process is seen by the very next query everywhere. Chunks are never updated (see
 * 1700000000013) and documents never renamed, so inserts and deletes are all that change what
 * BM25 ranks.
 *
 * Deletes only UPDATE: a project being deleted has already lost its row by cascade, and an
 * INSERT would then break the foreign key. Every project that has chunks is given a row here and
 * every insert keeps one, so a project's chunks never exist without a version to bump.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    CREATE TABLE lexical_index_versions (
      project_id uuid PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
      version    bigint NOT NULL
    );

    CREATE FUNCTION lexical_index_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO lexical_index_versions (project_id, version)
        SELECT DISTINCT project_id, 1 FROM added ORDER BY project_id
        ON CONFLICT (project_id) DO UPDATE SET version = lexical_index_versions.version + 1;
      RETURN NULL;
    END $$;

    CREATE FUNCTION lexical_index_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE lexical_index_versions v SET version = v.version + 1
        FROM (SELECT DISTINCT project_id FROM removed ORDER BY project_id) r
       WHERE v.project_id = r.project_id;
      RETURN NULL;
    END $$;

    CREATE TRIGGER chunks_lexical_insert AFTER INSERT ON chunks
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION lexical_index_added();
    CREATE TRIGGER chunks_lexical_delete AFTER DELETE ON chunks
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION lexical_index_removed();

    INSERT INTO lexical_index_versions (project_id, version) SELECT DISTINCT project_id, 1 FROM chunks;
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    DROP TRIGGER chunks_lexical_delete ON chunks;
    DROP TRIGGER chunks_lexical_insert ON chunks;
    DROP FUNCTION lexical_index_removed();
    DROP FUNCTION lexical_index_added();
    DROP TABLE lexical_index_versions;
  `);
}
