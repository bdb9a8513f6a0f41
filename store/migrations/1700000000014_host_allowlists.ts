import type { MigrationBuilder } from 'node-pg-migrate';

/** The hosts a project's tools and knowledge URLs may reach; empty: any host the service's own rules allow. */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE projects ADD COLUMN allowed_hosts text[] NOT NULL DEFAULT '{}' CHECK (cardinality(allowed_hosts) <= 100);`);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE projects DROP COLUMN allowed_hosts;`);
}
