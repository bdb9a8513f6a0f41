import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * What each page says where it links to another (knowledge/parsers/htmlLinks.ts): the target as
 * a document's name or address, and the link's sentence. Retrieval ranks the target documents by
 * these sentences (knowledge/mentions.ts). Written in the transaction that writes the document's
 * chunks, so the project's lexical version (1700000000026) is bumped with them; a target is
 * joined by name at query time, so a page ingested after the pages linking to it is found too.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    CREATE TABLE document_links (
      document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      project_id  uuid NOT NULL,
      target      text NOT NULL,
      context     text NOT NULL
    );
    CREATE INDEX document_links_document ON document_links (document_id);
    CREATE INDEX document_links_project ON document_links (project_id);
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`DROP TABLE document_links;`);
}
