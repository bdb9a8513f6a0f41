// A stack whose start fails part-way leaves nothing running. The dev server fails at once when
// its port is taken, while PostgreSQL beside it is still starting: the failed start used to stop
// what had started by then and return, and PostgreSQL, done a moment later, ran on supervised —
// the test stack's retry then deleted its folder under it, and its supervisor restarted it every
// 5 s for good, keeping the test run from ever exiting.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/ports.js';
import { startStack } from '../../infra/stack.js';

const dir = mkdtempSync(join(tmpdir(), 'askflow-failed-start-'));
const givenDatabase = process.env.DATABASE_URL;
const givenNodeOptions = process.env.NODE_OPTIONS;
const givenTemporal = process.env.TEMPORAL_ADDRESS;
let holder: Server | null = null;
const accepted: Socket[] = [];

afterAll(() => {
  if (givenDatabase !== undefined) process.env.DATABASE_URL = givenDatabase;
  else delete process.env.DATABASE_URL;
  if (givenTemporal !== undefined) process.env.TEMPORAL_ADDRESS = givenTemporal;
  if (givenNodeOptions !== undefined) process.env.NODE_OPTIONS = givenNodeOptions;
  else delete process.env.NODE_OPTIONS;
  for (const socket of accepted) socket.destroy();
  holder?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Whether anything accepts connections on the loopback port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

it('a start that fails while PostgreSQL is still starting stops PostgreSQL too, and nothing restarts it', async () => {
  // The stack's own PostgreSQL (embedded), not a given server's scratch database.
  delete process.env.DATABASE_URL;
  // Its host process (the only Node process the stack starts before the failure) waits 4 s
  // before it starts PostgreSQL: the dev server's failure surely comes first, as it can on a
  // loaded machine.
  process.env.NODE_OPTIONS = `${givenNodeOptions ?? ''} --import=data:text/javascript,await%20new%20Promise((r)%3D%3EsetTimeout(r,4000))`.trim();
  const temporal = await freePort();
  holder = createServer((socket) => void accepted.push(socket.on('error', () => undefined)));
  await new Promise<void>((resolve) => holder!.listen(temporal, '127.0.0.1', resolve));
  const postgres = await freePort();
  const logged: string[] = [];
  const start = startStack({
    dir,
    ports: { api: await freePort(), temporal, temporalUi: await freePort(), temporalHttp: await freePort(), temporalMetrics: await freePort(), postgres, codec: await freePort() },
    taskQueue: 'failed-start',
    scratchDatabase: true,
    logLevel: 'info',
    masterKey: randomBytes(32).toString('base64'),
    log: (m) => logged.push(m),
  });
  await expect(start).rejects.toThrow(/address already in use/);
  expect(await listening(postgres)).toBe(false);
  // Past the 4 s PostgreSQL's start was held back, its start and the supervisor's first
  // restarts (0.1, 0.2, 0.4, 0.8 s): still nothing, and none tried.
  await new Promise((r) => setTimeout(r, 9_000));
  expect(await listening(postgres)).toBe(false);
  expect(logged.filter((m) => /^postgres (exited|restarted|could not be restarted)/.test(m))).toEqual([]);
}, 120_000);

it('a start whose PostgreSQL cannot be had stops the dev server that started beside it', async () => {
  // A given server no one listens on: its scratch database fails at once, while the stack's own
  // dev server (no TEMPORAL_ADDRESS) is still starting. The failed start waits for it, and it
  // never joined the stack's list of processes: it ran on, and kept the run that started it open.
  process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
  delete process.env.TEMPORAL_ADDRESS;
  const temporal = await freePort();
  const start = startStack({
    dir: join(dir, 'second'),
    ports: { api: await freePort(), temporal, temporalUi: await freePort(), temporalHttp: await freePort(), temporalMetrics: await freePort(), postgres: await freePort(), codec: await freePort() },
    taskQueue: 'failed-start-postgres',
    scratchDatabase: true,
    logLevel: 'info',
    masterKey: randomBytes(32).toString('base64'),
    log: () => undefined,
  });
  await expect(start).rejects.toThrow(/ECONNREFUSED/);
  expect(await listening(temporal)).toBe(false);
}, 120_000);
