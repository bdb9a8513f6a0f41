import type { MigrationBuilder } from 'node-pg-migrate';

/** How many rounds of tool calls (knowledge search included) an ask's model may make before it must answer. */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE projects ADD COLUMN max_tool_rounds integer NOT NULL DEFAULT 3 CHECK (max_tool_rounds BETWEEN 1 AND 8);`);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE projects DROP COLUMN max_tool_rounds;`);
}
