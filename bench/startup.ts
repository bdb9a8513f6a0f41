/**
 * Time from launching `npm start`'s launcher to the first answered ask, on a warm machine
 * (dependencies installed, Temporal CLI cached, code built). Run: `npm run bench:startup`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST_DIR } from '../infra/paths.js';
import { freePort } from '../infra/ports.js';
import { printTable } from './stats.js';

async function once(stateDir: string, ports: Record<string, string>): Promise<{ ready: number; firstAnswer: number; stop: number }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ASKFLOW_STATE_DIR: stateDir, ...ports };
  delete env.DATABASE_URL;
  delete env.TEMPORAL_ADDRESS;
  const started = performance.now();
  const child = spawn(process.execPath, [join(DIST_DIR, 'infra', 'start.js')], { env, detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  while (!out.includes('Ctrl-C stops everything')) {
    if (child.exitCode !== null) throw new Error(out);
    await new Promise((r) => setTimeout(r, 20));
  }
  const ready = performance.now() - started;
  const dev = JSON.parse(readFileSync(join(stateDir, 'dev.json'), 'utf8')) as Record<string, string>;
  const res = await fetch(`${dev.baseUrl}/service/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': dev.apiKey! },
    body: JSON.stringify({ tenantId: dev.tenantId, message: 'hello' }),
  });
  if (res.status !== 200) throw new Error(await res.text());
  const firstAnswer = performance.now() - started;
  const stopping = performance.now();
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGINT');
  await exited;
  return { ready, firstAnswer, stop: performance.now() - stopping };
}

const stateDir = mkdtempSync(join(tmpdir(), 'askflow-bench-start-'));
const ports = {
  PORT: String(await freePort()),
  ASKFLOW_TEMPORAL_PORT: String(await freePort()),
  ASKFLOW_TEMPORAL_UI_PORT: String(await freePort()),
  ASKFLOW_POSTGRES_PORT: String(await freePort()),
};
try {
  const rows = [];
  for (const run of ['first (empty data folder)', 'restart (data kept)', 'restart (data kept)']) {
    const r = await once(stateDir, ports);
    rows.push({ run, 'stack ready s': (r.ready / 1000).toFixed(2), 'first answer s': (r.firstAnswer / 1000).toFixed(2), 'Ctrl-C to exit s': (r.stop / 1000).toFixed(2) });
  }
  printTable('npm start launcher → first answer (warm machine, excludes install and tsc build)', rows);
} finally {
  rmSync(stateDir, { recursive: true, force: true });
}
