/**
 * The chart's migrations Job runs `node dist/store/migrateMain.js`: here the same command against
 * a fresh database on the suite's real PostgreSQL, as the Job would on an install, an upgrade with
 * nothing new, and with a database it cannot reach.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { DIST_DIR } from '../../infra/paths.js';
import { freePort } from '../../infra/ports.js';
import { stackInfo } from '../stack/context.js';

const MAIN = join(DIST_DIR, 'store', 'migrateMain.js');
const database = `askflow_migrate_${process.pid}`;
let admin: pg.Client;
let databaseUrl: string;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: stackInfo().databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(stackInfo().databaseUrl);
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
});

afterAll(async () => {
  await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin?.end();
});

/** The Job's container: its exit code and its log lines (pino JSON). */
function migrateJob(env: Record<string, string>): Promise<{ code: number; lines: { level: number; msg: string; applied?: string[] }[] }> {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN], { env: { ...inherited, ...env }, timeout: 60_000 }, (err, stdout) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, lines: stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { level: number; msg: string; applied?: string[] }) });
    });
  });
}

test('a fresh database: every migration applied, exit 0', async () => {
  const { code, lines } = await migrateJob({ DATABASE_URL: databaseUrl });
  expect(code).toBe(0);
  const done = lines.at(-1)!;
  expect(done.msg).toMatch(/^migrations applied: \d+$/);
  expect(done.applied!.length).toBeGreaterThan(5);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const applied = await client.query('SELECT name FROM pgmigrations ORDER BY id');
    expect(applied.rows.map((r: { name: string }) => r.name)).toEqual(done.applied);
  } finally {
    await client.end();
  }
});

test('run again (an upgrade with no new migration): nothing to do, exit 0', async () => {
  const { code, lines } = await migrateJob({ DATABASE_URL: databaseUrl });
  expect(code).toBe(0);
  expect(lines.at(-1)).toMatchObject({ msg: 'schema already current: no migration to apply', applied: [] });
});

test('an unreachable database or no DATABASE_URL: exit 1 with a clear line', async () => {
  const url = new URL(databaseUrl);
  url.port = String(await freePort());
  const unreachable = await migrateJob({ DATABASE_URL: url.toString() });
  expect(unreachable.code).toBe(1);
  expect(unreachable.lines.at(-1)).toMatchObject({ level: 60, msg: 'migrations failed' });

  const missing = await migrateJob({});
  expect(missing.code).toBe(1);
  expect(missing.lines.at(-1)).toMatchObject({ level: 60, msg: 'migrations not run: invalid environment' });
}, 60_000);
