/**
 * The Temporal Web UI for the cluster topology (the dev server has its own): the official UI
 * server, built from its pinned Go module and cached like the Temporal CLI, pointed at the
 * cluster's frontend and at Askflow's codec endpoint. In production, run the `temporalio/ui` image
 * with `TEMPORAL_ADDRESS` and `TEMPORAL_CODEC_ENDPOINT` (README, "Running at scale").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { goBinaries } from './goBinaries.js';
import { spawnProgram, type ManagedProcess } from './processes.js';

export const TEMPORAL_UI_SERVER_VERSION = 'v2.42.1';

export interface UiOptions {
  frontend: string;
  port: number;
  codecEndpoint: string;
  dir: string;
  logFile: string;
  log: (m: string) => void;
  supervise?: (name: string, start: () => Promise<ManagedProcess>) => Promise<ManagedProcess>;
}

async function answers(url: string, proc: ManagedProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`The Temporal UI server exited (${proc.child.exitCode}); see ${proc.logFile}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`The Temporal UI server did not answer on ${url} within ${timeoutMs} ms; see ${proc.logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The UI server: from the machine cache, else built once from its module into it. */
export async function temporalUiBinary(log: (m: string) => void): Promise<string> {
  const { server } = await goBinaries({ what: 'the Temporal UI server', cacheName: 'temporal-ui-server', version: TEMPORAL_UI_SERVER_VERSION, packages: ['github.com/temporalio/ui-server/v2/cmd/server'] }, log);
  return server!;
}

/** Starts the UI server on 127.0.0.1:`port`; resolves with its URL once it serves. */
export async function startTemporalUi(o: UiOptions): Promise<{ url: string; process: ManagedProcess }> {
  const server = await temporalUiBinary(o.log);
  const configDir = join(o.dir, 'config');
  mkdirSync(configDir, { recursive: true });
  const url = `http://127.0.0.1:${o.port}`;
  writeFileSync(
    join(configDir, 'askflow.yaml'),
    `# Written by the Askflow launcher (infra/temporalUi.ts) on each start.
temporalGrpcAddress: ${o.frontend}
host: 127.0.0.1
port: ${o.port}
enableUi: true
defaultNamespace: default
notifyOnNewVersion: false
refreshInterval: 1m
cors:
  allowOrigins:
    - ${url}
codec:
  endpoint: ${o.codecEndpoint}
  passAccessToken: false
  includeCredentials: false
`,
  );
  const start = async () => {
    const proc = spawnProgram('temporal-ui', server!, ['--root', o.dir, '--config', 'config', '--env', 'askflow', 'start'], o.logFile);
    await answers(`${url}/api/v1/settings`, proc, 30_000);
    return proc;
  };
  const proc = o.supervise ? await o.supervise('temporal-ui', start) : await start();
  return { url, process: proc };
}
