// The dev server runs one partition per task queue (infra/temporal.ts), where earlier Askflow
// left the dev server's four: a data folder kept from then may hold waiting tasks in partitions
// 1–3, which must still reach a worker. Here a folder is made as earlier Askflow made it, with
// workflow tasks left waiting (no worker), then started the way `npm start` starts it now.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { freePort } from '../../infra/ports.js';
import { spawnProgram, type ManagedProcess } from '../../infra/processes.js';
import { startTemporalDevServer, temporalCli, waitForFrontend } from '../../infra/temporal.js';
import type { echo } from './fixtures/echoWorkflow.js';

const dir = mkdtempSync(join(tmpdir(), 'askflow-partitions-'));
const dbFile = join(dir, 'temporal.sqlite');
const TASK_QUEUE = 'partitions-test';
const RUNS = 12;
let server: ManagedProcess | null = null;

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function ports() {
  return { port: await freePort(), uiPort: await freePort(), httpPort: await freePort(), metricsPort: await freePort() };
}

it('a data folder made with four partitions still hands every task waiting in them to a worker', async () => {
  const log = (m: string) => void m;
  // As earlier Askflow started it: the dev server's four partitions per task queue.
  const before = await ports();
  const address = `127.0.0.1:${before.port}`;
  const cli = await temporalCli(log);
  server = spawnProgram('temporal', cli, ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(before.port), '--ui-port', String(before.uiPort), '--http-port', String(before.httpPort), '--metrics-port', String(before.metricsPort), '--db-filename', dbFile, '--headless', '--log-level', 'error'], join(dir, 'before.log'));
  await waitForFrontend(address, server, 60_000);
  let connection = await Connection.connect({ address });
  // Started with no worker polling: each first workflow task waits in one of the four partitions.
  const ids = Array.from({ length: RUNS }, (_, i) => `waiting-${i}`);
  await Promise.all(ids.map((workflowId, i) => new Client({ connection }).workflow.start<typeof echo>('echo', { taskQueue: TASK_QUEUE, workflowId, args: [i] })));
  await connection.close();
  await server.stop();
  server = null;

  // As `npm start` starts it now, on the same folder.
  const now = await ports();
  const info = await startTemporalDevServer({ ...now, dbFile, logFile: join(dir, 'after.log'), log });
  server = info.process;
  connection = await Connection.connect({ address: info.address });
  const nativeConnection = await NativeConnection.connect({ address: info.address });
  const worker = await Worker.create({ connection: nativeConnection, taskQueue: TASK_QUEUE, workflowsPath: fileURLToPath(new URL('./fixtures/echoWorkflow.ts', import.meta.url)) });
  try {
    const results = await worker.runUntil(Promise.all(ids.map((id) => new Client({ connection }).workflow.getHandle<typeof echo>(id).result())));
    expect(results).toEqual(ids.map((_, i) => i));
  } finally {
    await connection.close();
    await nativeConnection.close();
  }
}, 180_000);
