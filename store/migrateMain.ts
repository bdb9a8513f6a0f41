/**
 * Applies pending schema migrations and exits: `node dist/store/migrateMain.js`, with DATABASE_URL
 * (and LOG_LEVEL) from the environment. The Helm chart runs it as a pre-install/pre-upgrade Job,
 * so a release's pods start on a migrated schema; api and worker still migrate at start-up (a
 * no-op then), under the same advisory lock. Exit code 0 when the schema is current, 1 otherwise.
 */
import { z } from 'zod';
import { createLogger } from '../config/logger.js';
import { migrate } from './migrate.js';

const MigrateEnvSchema = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

const parsed = MigrateEnvSchema.safeParse(process.env);
const log = createLogger('migrate', parsed.success ? parsed.data.LOG_LEVEL : 'info');
if (!parsed.success) {
  log.fatal({ issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 'migrations not run: invalid environment');
  process.exit(1);
}

const started = Date.now();
try {
  const applied: string[] = [];
  await migrate(parsed.data.DATABASE_URL, (m) => {
    log.debug(m);
    // node-pg-migrate logs "### MIGRATION <name> (UP) ###" for each one it runs.
    const name = /MIGRATION (\S+) \(UP\)/.exec(m)?.[1];
    if (name) applied.push(name);
  });
  log.info({ applied, ms: Date.now() - started }, applied.length ? `migrations applied: ${applied.length}` : 'schema already current: no migration to apply');
  process.exit(0);
} catch (err) {
  log.fatal({ err, ms: Date.now() - started }, 'migrations failed');
  process.exit(1);
}
