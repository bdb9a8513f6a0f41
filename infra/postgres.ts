import { join } from 'node:path';
import pg from 'pg';
import { DIST_DIR } from './paths.js';
import { forkService, type ManagedProcess } from './processes.js';

export interface PostgresInfo {
  url: string;
  process: ManagedProcess | null;
  /** Drops what `scratch` created; no-op otherwise. */
  dispose(): Promise<void>;
}

export interface PostgresOptions {
  /** Restarts the embedded server's process when it dies (the launcher's supervisor). */
  supervise: (name: string, start: () => Promise<ManagedProcess>) => Promise<ManagedProcess>;
  dataDir: string;
  port: number;
  logFile: string;
  /** Tests: on a server given by DATABASE_URL, work in a fresh database that is dropped afterwards. */
  scratch: boolean;
}

/** A database a server named by `DATABASE_URL` holds for this run only. */
async function scratchDatabase(baseUrl: string): Promise<PostgresInfo> {
  const name = `askflow_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    process: null,
    async dispose() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** `DATABASE_URL` when set; otherwise an embedded PostgreSQL with its data in `dataDir`. */
export async function provisionPostgres(opts: PostgresOptions): Promise<PostgresInfo> {
  const given = process.env.DATABASE_URL;
  if (given) return opts.scratch ? scratchDatabase(given) : { url: given, process: null, dispose: async () => undefined };
  let url = '';
  const proc = await opts.supervise('postgres', async () => {
    const started = await forkService(
      'postgres',
      join(DIST_DIR, 'infra', 'postgresHost.js'),
      { ...process.env, PGHOST_DATA_DIR: opts.dataDir, PGHOST_PORT: String(opts.port) },
      opts.logFile,
    );
    url = String(started.message.url);
    return started.proc;
  });
  return { url, process: proc, dispose: async () => undefined };
}
