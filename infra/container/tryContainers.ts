/**
 * `npm run containers`: Askflow's image run for real with podman against the cluster topology.
 * Builds the images (images.ts), starts the Temporal server on PostgreSQL as `npm test` does, then
 * runs an api and a worker *container* on a task queue of their own (so only they can answer),
 * asks through the containerised api, and stops them. Loopback only; bounded in time.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import pg from 'pg';
import { ASK_ID_HEADER } from '@askflow/contract';
import { freePort } from '../ports.js';
import { startTestStack } from '../testStack.js';
import { createApiKey } from '../../store/apiKeys.js';
import { createProject } from '../../store/projects.js';
import { buildImages } from './images.js';

const say = (m: string) => console.log(`[containers] ${m}`);
const podman = (args: string[]) => execFileSync('podman', args, { encoding: 'utf8' }).trim();

async function waitReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const image = buildImages({ rebuild: process.argv.includes('--rebuild') });
const t = await startTestStack({ logLevel: 'info', temporal: 'cluster' });
const names: string[] = [];
try {
  const port = await freePort();
  const taskQueue = `askflow-containers-${process.pid}`;
  const env = {
    DATABASE_URL: t.info.databaseUrl,
    TEMPORAL_ADDRESS: t.info.temporalAddress,
    TEMPORAL_NAMESPACE: t.info.temporalNamespace,
    TEMPORAL_TASK_QUEUE: taskQueue,
    ASKFLOW_MASTER_KEY: t.info.masterKey,
    HOST: '127.0.0.1',
    PORT: String(port),
  };
  const run = (role: string, script: string) => {
    const name = `askflow-${role}-${process.pid}`;
    names.push(name);
    podman(['run', '-d', '--rm', '--name', name, '--network', 'host', '--ulimit', 'host', ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]), image, 'node', script]);
    say(`started ${role} container ${name}`);
  };
  run('worker', 'dist/worker/main.js');
  run('api', 'dist/api/main.js');
  const base = `http://127.0.0.1:${port}`;
  await waitReady(`${base}/ready`, 120_000);
  const ready = (await (await fetch(`${base}/ready`)).json()) as Record<string, unknown>;
  say(`api container ready: ${JSON.stringify(ready)}`);

  const pool = new pg.Pool({ connectionString: t.info.databaseUrl, max: 1 });
  const project = await createProject(pool, 'containers');
  const { key } = await createApiKey(pool, project.id, 'test');
  await pool.end();
  const started = performance.now();
  const res = await fetch(`${base}/service/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
    body: JSON.stringify({ tenantId: project.id, message: 'What is 6 times 7?' }),
  });
  const body = (await res.json()) as { answer?: string; intent?: string };
  say(`ask through the api container: ${res.status} in ${(performance.now() - started).toFixed(0)} ms, intent ${body.intent}, answer ${JSON.stringify(body.answer)}, ask ${res.headers.get(ASK_ID_HEADER)}`);
  if (res.status !== 200) throw new Error('the containerised api did not answer');
  for (const name of names) say(`${name}: ${podman(['ps', '--filter', `name=${name}`, '--format', '{{.Status}}'])}`);
} finally {
  for (const name of names) spawnSync('podman', ['stop', '-t', '10', name], { stdio: 'ignore' });
  await t.dispose();
}
