import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * End users' feedback on answers: one per turn (an ask), replaceable, removed with its turn. The
 * project id is kept beside it so analytics read a project's feedback without a join to find it.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`
    CREATE TABLE feedback (
      turn_id     uuid PRIMARY KEY REFERENCES turns(id) ON DELETE CASCADE,
      project_id  uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      rating      smallint NOT NULL CHECK (rating IN (-1, 1)),
      comment     text,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX feedback_project ON feedback (project_id);
  `);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`DROP TABLE feedback;`);
}
