import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * PostgreSQL's text-search parser reads letters joined by a slash as one file name: "failed/dead",
 * "read/write", "client/server", "TCP/IP" each index as one token, so a question saying "dead",
 * "write" or "server" never meets them. Documentation joins words so all the time ("the remote node
 * is marked as failed/dead", "SELECT/INSERT/UPDATE privileges").
 *
 * `search_text` writes such a slash as a hyphen before the parser reads it, and the parser then
 * indexes the joined form and each word, as it does any hyphenated word ("read-write": read-writ,
 * read, write). Paths and addresses keep their slashes: the rule takes words of two letters or
 * more, not after a slash, dot, colon, tilde, `$`, `@` or word character, and not before one of
 * those but a sentence's last dot ("/usr/local/bin", "etc/pgpool2", "conf/pgpool.conf",
 * "http://x.org/a/b"). A single letter is no word of its own: "I/O" stays one token, not "o".
 *
 * Most texts hold no such pair, and the lookbehind is costly where it runs: a plain test first. Over
 * PostgreSQL's manual in 9,170 pieces of 860 characters (1,406 hold a pair), the rule took 1.07 s
 * run on every piece and 0.34 s behind the test, against 0.8–1.3 s for to_tsvector itself.
 *
 * The chunks' vectors and the questions' stems all read text through it, so both sides split
 * alike; a question's text is read by `search_vector` alone (store/bm25.ts, store/termStats.ts,
 * knowledge/lexicalIndex/), so the reading and its configuration are said once.
 *
 * The parser also reads a dotted name as one host name: `pg_stat_statements.track`, `push.default`,
 * `itertools.groupby`, `pg_class.oid` index whole and nothing else, so "how do I track…" or "what
 * is the default for push" never meets the name that is the answer. `document_search_text`, which
 * only the chunks' column uses, adds each such name's parts after the text (positions only count
 * here: no query asks for adjacency), and the name stays whole where it was. A question keeps a name
 * it gives whole: "How does json.dumps use its indent argument?" looks for `json.dumps`, not for
 * every chunk saying "json" and "dump" (read through both functions, that question lost its answer's
 * key term over Python's labelled set). Versions, section numbers, "e.g.", paths, addresses and
 * e-mail addresses are no such name (each part two characters or more and starting with a letter,
 * not after a slash, dot, colon, tilde, `$` or `@`).
 *
 * The column is recomputed here, and with it the stems' chunk counts and each project's lexical
 * version, so a worker's cached postings reload.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    CREATE FUNCTION search_text(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $fn$
      SELECT CASE WHEN t !~ '[[:alpha:]]{2}/[[:alpha:]]{2}' THEN t ELSE regexp_replace(t,
        '(?<=(^|[^[:alnum:]_/.:~@$-])[[:alpha:]]{2,}(/[[:alpha:]]{2,})*)/(?=[[:alpha:]]{2,}(/[[:alpha:]]{2,})*[.]?($|[^[:alnum:]_/.@-]))',
        '-', 'g') END
    $fn$;
    CREATE FUNCTION search_vector(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $fn$
      SELECT to_tsvector('english', search_text(t))
    $fn$;
    -- Its own search_path: a restore (pg_dump sets an empty one) recomputes the column through it.
    CREATE FUNCTION document_search_text(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      SET search_path FROM CURRENT AS $fn$
      SELECT s || coalesce((SELECT ' ' || string_agg(translate(m[1], '.', ' '), ' ')
                              FROM regexp_matches(s, '(?:^|[^[:alnum:]_./@:~$-])([[:alpha:]][[:alnum:]_]+(?:[.][[:alpha:]][[:alnum:]_]+)+)', 'g') AS m), '')
        FROM (SELECT search_text(t) AS s) slashed
    $fn$;
    ${recompute("document_search_text(heading_text || ' ' || text)")}
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    ${recompute("heading_text || ' ' || text")}
    DROP FUNCTION document_search_text(text);
    DROP FUNCTION search_vector(text);
    DROP FUNCTION search_text(text);
  `);
}

/** The chunks' vectors from `source`, and what is counted from them. */
function recompute(source: string): string {
  return `
    DROP INDEX chunks_tsv_idx;
    ALTER TABLE chunks DROP COLUMN tsv;
    ALTER TABLE chunks ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', ${source})) STORED;
    CREATE INDEX chunks_tsv_idx ON chunks USING gin (tsv);
    DELETE FROM chunk_terms;
    INSERT INTO chunk_terms (project_id, lexeme, df)
      SELECT c.project_id, u.lexeme, count(*) FROM chunks c, unnest(c.tsv) u GROUP BY c.project_id, u.lexeme;
    UPDATE lexical_index_versions SET version = version + 1;
  `;
}
