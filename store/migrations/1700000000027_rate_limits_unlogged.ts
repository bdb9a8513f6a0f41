import type { MigrationBuilder } from 'node-pg-migrate';

/**
 * Rate-limit counters are written by every request (one upsert per key and one per project), and
 * a commit waits for its WAL to reach the disk: ~0.8 ms each on this machine, more when commits
 * queue under load. An unlogged table writes no WAL, so those commits do not wait (~0.2 ms).
 * What is given up is only the counters themselves after a database crash (PostgreSQL empties an
 * unlogged table then): every window starts afresh, which a rate limit can afford. Not
 * replicated to standbys either — after a failover, likewise, the windows restart.
 */
export async function up(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE rate_limits SET UNLOGGED;`);
}

export async function down(pgm: MigrationBuilder): Promise<void> {
  pgm.sql(`ALTER TABLE rate_limits SET LOGGED;`);
}
