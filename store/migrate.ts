import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

/** Migrations live beside this file and are compiled with it, so `dist/` carries its own. */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies pending migrations. node-pg-migrate holds an advisory lock while it runs, so api and
 * worker replicas starting together apply each migration exactly once.
 */
export async function migrate(databaseUrl: string, log: (msg: string) => void = () => undefined): Promise<void> {
  await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    count: Infinity,
    // Compiled migrations sit next to their .d.ts and .map files.
    ignorePattern: '.*\\.(d\\.ts|map)$',
    log,
    advisoryLockMode: 'wait',
  });
}
