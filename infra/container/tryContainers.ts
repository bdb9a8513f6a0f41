/**
 * `npm run containers`: Askflow's image run for real with podman against the cluster topology.
 * Builds the images (images.ts), starts the Temporal server on PostgreSQL as `npm test` does, then
 * runs an api and a worker *container* on a task queue of their own (so only they can answer),
 * asks through the containerised api, and stops them; then renders the Helm chart for this
 * machine and runs it with `podman kube play` as far as podman supports its kinds, and asks
 * through that api. Loopback only; bounded in time.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ASK_ID_HEADER } from '@askflow/contract';
import { helmBinary, yamlDocuments, type Manifest } from '../k8sTools.js';
import { REPO_ROOT } from '../paths.js';
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

/** A project and key in the stack's database, and one JSON ask through the api at `base`. */
async function askThrough(base: string, databaseUrl: string, what: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const project = await createProject(pool, `containers: ${what}`);
  const { key } = await createApiKey(pool, project.id, 'test');
  await pool.end();
  const started = performance.now();
  const res = await fetch(`${base}/service/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
    body: JSON.stringify({ tenantId: project.id, message: 'What is 6 times 7?' }),
  });
  const body = (await res.json()) as { answer?: string; intent?: string };
  say(`ask through ${what}: ${res.status} in ${(performance.now() - started).toFixed(0)} ms, intent ${body.intent}, answer ${JSON.stringify(body.answer)}, ask ${res.headers.get(ASK_ID_HEADER)}`);
  if (res.status !== 200) throw new Error(`${what} did not answer`);
}

/** The kinds `podman kube play` runs; the rest of the chart (Services, autoscalers, policies, hooks) needs a cluster. */
const PLAYABLE = new Set(['Pod', 'Deployment', 'Secret', 'ConfigMap', 'PersistentVolumeClaim']);

/**
 * On the host's network a container's `ports` would be port mappings, which podman refuses there,
 * and podman runs httpGet probes with curl inside the container, which the image does not carry:
 * both are left out locally (a cluster uses them as written).
 */
function forHostNetwork(doc: Manifest): Manifest {
  if (doc.kind !== 'Deployment') return doc;
  const copy = structuredClone(doc) as { spec: { template: { spec: { containers: Record<string, unknown>[] } } } };
  for (const c of copy.spec.template.spec.containers) for (const k of ['ports', 'readinessProbe', 'livenessProbe', 'startupProbe']) delete c[k];
  return copy as unknown as Manifest;
}

/** The chart rendered for this machine (host network, the stack's PostgreSQL and Temporal, one replica each) and played by podman. */
async function kubePlay(image: string, env: { databaseUrl: string; temporalAddress: string; namespace: string; masterKey: string }): Promise<void> {
  const helm = await helmBinary(say);
  const port = await freePort();
  const [repository, tag] = image.split(':') as [string, string];
  const values = {
    image: { repository, tag, pullPolicy: 'Never' },
    secrets: { existingSecret: '', masterKey: env.masterKey },
    database: { url: env.databaseUrl },
    temporal: { address: env.temporalAddress, namespace: env.namespace, taskQueue: `askflow-kube-${process.pid}` },
    api: { port, replicas: 1, autoscaling: { enabled: false }, podDisruptionBudget: { enabled: false } },
    worker: { replicas: 1, autoscaling: { keda: { enabled: false }, cpu: { enabled: false } }, podDisruptionBudget: { enabled: false } },
    networkPolicy: { enabled: false },
  };
  const dir = mkdtempSync(join(tmpdir(), 'askflow-kube-'));
  const file = join(dir, 'askflow.yaml');
  const secrets: string[] = [];
  try {
    writeFileSync(join(dir, 'values.json'), JSON.stringify(values));
    const rendered = execFileSync(helm, ['template', 'askflow', join(REPO_ROOT, 'infra/k8s/askflow'), '--kube-version', '1.35.4', '-f', join(dir, 'values.json')], { encoding: 'utf8' });
    const docs = yamlDocuments(rendered);
    const played = docs.filter((d: Manifest) => PLAYABLE.has(String(d.kind))).map(forHostNetwork);
    const left = docs.filter((d: Manifest) => !PLAYABLE.has(String(d.kind))).map((d) => String(d.kind));
    say(`kube play: ${played.map((d) => `${String(d.kind)}/${String((d.metadata as { name: string }).name)}`).join(', ')}; left to a cluster: ${[...new Set(left)].join(', ')}`);
    // podman 4.3 stores a played Secret as YAML, then reads it back for secretKeyRef as a JSON map of
    // key → base64 value, and fails: each Secret is stored as a podman secret in that form instead.
    for (const secret of played.filter((d) => d.kind === 'Secret')) {
      const name = String((secret.metadata as { name: string }).name);
      spawnSync('podman', ['secret', 'rm', name], { stdio: 'ignore' });
      const { stringData = {}, data = {} } = secret as { stringData?: Record<string, string>; data?: Record<string, string> };
      const encoded = { ...data, ...Object.fromEntries(Object.entries(stringData).map(([k, v]) => [k, Buffer.from(v).toString('base64')])) };
      writeFileSync(join(dir, `${name}.secret.json`), JSON.stringify(encoded), { mode: 0o600 });
      podman(['secret', 'create', name, join(dir, `${name}.secret.json`)]);
      secrets.push(name);
    }
    // YAML is a superset of JSON: each object is written as a JSON document.
    writeFileSync(file, played.filter((d) => d.kind !== 'Secret').map((d) => JSON.stringify(d)).join('\n---\n'));
    podman(['kube', 'play', '--network', 'host', '--replace', file]);
    const base = `http://127.0.0.1:${port}`;
    await waitReady(`${base}/ready`, 120_000);
    say(`kube-played api ready: ${JSON.stringify(await (await fetch(`${base}/ready`)).json())}`);
    await askThrough(base, env.databaseUrl, 'the kube-played api');
    say(podman(['pod', 'ps', '--format', '{{.Name}} {{.Status}} {{.NumberOfContainers}} containers']));
  } finally {
    spawnSync('podman', ['kube', 'down', file], { stdio: 'ignore' });
    for (const name of secrets) spawnSync('podman', ['secret', 'rm', name], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
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

  await askThrough(base, t.info.databaseUrl, 'the api container');
  for (const name of names) say(`${name}: ${podman(['ps', '--filter', `name=${name}`, '--format', '{{.Status}}'])}`);
  for (const name of names) spawnSync('podman', ['stop', '-t', '10', name], { stdio: 'ignore' });
  await kubePlay(image, { databaseUrl: t.info.databaseUrl, temporalAddress: t.info.temporalAddress, namespace: t.info.temporalNamespace, masterKey: t.info.masterKey });
} finally {
  for (const name of names) spawnSync('podman', ['stop', '-t', '10', name], { stdio: 'ignore' });
  await t.dispose();
}
