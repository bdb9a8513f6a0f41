// Databases for the vector tests: in-process PGlite (with or without pgvector) and a scratch
// schema in the suite's real PostgreSQL, each with the tables the indexes expect. The DDL here
// is what the migration must create (see knowledge/vectors/exact.ts).
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import pg from 'pg';
import type { SqlClient } from '../../../knowledge/types.js';
import { stackInfo } from '../../stack/context.js';

export interface TestDatabase {
  sql: SqlClient;
  close(): Promise<void>;
}

export const EXACT_TABLES_DDL = [
  // Only their keys: a write takes its project's and documents' rows first (see exact.ts's UPSERT_SQL).
  'CREATE TABLE projects (id uuid PRIMARY KEY)',
  'CREATE TABLE documents (id uuid PRIMARY KEY)',
  `CREATE TABLE chunk_vectors (
    chunk_id uuid PRIMARY KEY,
    project_id uuid NOT NULL,
    document_id uuid NOT NULL,
    dims int NOT NULL,
    embedding bytea NOT NULL
  )`,
  'CREATE INDEX chunk_vectors_project_document_idx ON chunk_vectors (project_id, document_id)',
  `CREATE TABLE vector_index_versions (
    project_id uuid PRIMARY KEY,
    version bigint NOT NULL
  )`,
];

export async function createExactTables(sql: SqlClient): Promise<void> {
  for (const ddl of EXACT_TABLES_DDL) await sql.query(ddl);
}

export async function openPglite(opts: { pgvector?: boolean } = {}): Promise<TestDatabase & { db: PGlite }> {
  const db = await PGlite.create(opts.pgvector ? { extensions: { vector } } : {});
  return { db, sql: db, close: () => db.close() };
}

/** A pool on the test stack's PostgreSQL whose every connection works in a new, private schema (dropped on close). */
export async function openScratchSchema(): Promise<TestDatabase> {
  const schema = `vectors_test_${randomUUID().replaceAll('-', '')}`;
  const { databaseUrl } = stackInfo();
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, options: `-c search_path=${schema}` });
  return {
    sql: pool,
    close: async () => {
      await pool.query(`DROP SCHEMA ${schema} CASCADE`);
      await pool.end();
    },
  };
}
