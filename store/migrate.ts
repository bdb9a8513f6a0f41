import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

/** Migrations live beside this file and are compiled with it, so `dist/` carries its own. */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Which way to go and how far; `dir` is another build's migrations (a test of `dist/`'s own). */
export interface MigrateOptions {
  direction?: 'up' | 'down';
  count?: number;
  dir?: string;
}

/**
 * Applies pending migrations (or, given `direction: 'down'`, reverts the last `count`).
 * node-pg-migrate holds an advisory lock while it runs, so api and worker replicas starting
 * together apply each migration exactly once.
 */
export async function migrate(databaseUrl: string, log: (msg: string) => void = () => undefined, options: MigrateOptions = {}): Promise<void> {
  await runner({
    databaseUrl,
    dir: options.dir ?? MIGRATIONS_DIR,
    direction: options.direction ?? 'up',
    migrationsTable: 'pgmigrations',
    count: options.count ?? Infinity,
    // Compiled migrations sit next to their .d.ts and .map files.
    ignorePattern: '.*\\.(d\\.ts|map)$',
    log,
    advisoryLockMode: 'wait',
  });
}
