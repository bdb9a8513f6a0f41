/**
 * The Helm chart (infra/k8s/askflow), checked without a cluster: `helm lint`, `helm template` with
 * the default values and each example, every rendered object validated by kubeconform (strict)
 * against schemas made offline from Kubernetes' and KEDA's own API definitions, and what an
 * operator would notice: how workers scale, that migrations run first, what the pods may reach,
 * and that the environment the chart sets is what Askflow's config reads.
 */
import { execFile, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readCodecServerEnv, readEnv, readTemporalEnv } from '../../config/env.js';
import { temporalConnectionOptions } from '../../config/temporalConnection.js';
import { KUBERNETES_VERSION, kubernetesSchemas, schemaLocation } from '../../infra/k8sSchemas.js';
import { helmBinary, kubeconformBinary, yamlDocuments } from '../../infra/k8sTools.js';
import { REPO_ROOT } from '../../infra/paths.js';

const run = promisify(execFile);
const CHART = join(REPO_ROOT, 'infra', 'k8s', 'askflow');
const EXAMPLES_DIR = join(REPO_ROOT, 'infra', 'k8s', 'examples');
const EXAMPLES = readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.yaml')).sort();
const KUBE_VERSION = KUBERNETES_VERSION.replace(/^v/, '');

// Rendered objects are read field by field, as an operator reads them: loosely typed on purpose.
type K8sObject = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let helm: string;
let kubeconform: string;
let schemas: string;

beforeAll(async () => {
  const log = (m: string) => console.log(`[k8s] ${m}`);
  // Cold machine: Helm builds in ~6 min on 2 cores, kubeconform in seconds, the schemas in ~10 s.
  helm = await helmBinary(log);
  kubeconform = await kubeconformBinary(log);
  schemas = await kubernetesSchemas(log);
}, 15 * 60_000);

/** `helm template` of the chart with these values files and --set-json pairs: its text and objects. */
async function render(valuesFiles: string[] = [], setJson: string[] = []): Promise<{ text: string; objects: K8sObject[] }> {
  const args = ['template', 'askflow', CHART, '--namespace', 'askflow', '--kube-version', KUBE_VERSION];
  for (const f of valuesFiles) args.push('-f', join(EXAMPLES_DIR, f));
  for (const s of setJson) args.push('--set-json', s);
  const { stdout } = await run(helm, args, { maxBuffer: 64 * 1024 * 1024 });
  return { text: stdout, objects: yamlDocuments(stdout) as K8sObject[] };
}

interface Validation {
  code: number;
  resources: { kind: string; name: string; status: string; msg: string }[];
  summary: { valid: number; invalid: number; errors: number; skipped: number };
}

/** kubeconform -strict over a YAML stream on stdin, offline (the schema folder only). */
function validate(yaml: string): Promise<Validation> {
  return new Promise((resolve, reject) => {
    const child = spawn(kubeconform, ['-strict', '-summary', '-verbose', '-output', 'json', '-schema-location', schemaLocation(schemas), '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve({ code: code ?? -1, ...(JSON.parse(out) as Omit<Validation, 'code'>) });
      } catch {
        reject(new Error(`kubeconform printed no JSON (exit ${code}): ${out}${err}`));
      }
    });
    child.stdin.end(yaml);
  });
}

const kindOf = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: K8sObject[], kind: string, name: string): K8sObject => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} among ${objects.map((o) => `${o.kind}/${o.metadata.name}`).join(', ')}`);
  return found;
};

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
const containerEnv = (deployment: K8sObject): EnvVar[] => deployment.spec.template.spec.containers[0].env as EnvVar[];

/** The container's environment as the process would see it, with each secret replaced by a stand-in. */
function processEnv(env: EnvVar[], secrets: Record<string, string>): NodeJS.ProcessEnv {
  return Object.fromEntries(
    env.map((v) => {
      const ref = v.valueFrom?.secretKeyRef;
      return [v.name, ref ? (secrets[ref.key] ?? `secret:${ref.name}/${ref.key}`) : v.value];
    }),
  );
}
const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');

/** Worker Versioning mid rainbow deploy: v2 is this release's version, v1 (image 0.0.9) still finishes the runs pinned to it. */
const RAINBOW = ['worker.versioning={"mode":"pinned","deploymentName":"askflow","buildId":"v2","draining":[{"buildId":"v1","imageTag":"0.0.9"}]}'];

type Selector = { matchLabels?: Record<string, string>; matchExpressions?: unknown[] };
/** Whether a label selector (matchLabels only, as the chart writes them) selects a pod with these labels. */
const selects = (selector: Selector, labels: Record<string, string>) => !selector.matchExpressions && Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
const podLabels = (workload: K8sObject) => workload.spec.template.metadata.labels as Record<string, string>;
const workerDeployments = (objects: K8sObject[]) => kindOf(objects, 'Deployment').filter((d) => d.metadata.labels['app.kubernetes.io/component'] === 'worker');

describe('helm lint', () => {
  test('the chart with its default values', async () => {
    const { stdout } = await run(helm, ['lint', '--strict', CHART, '--kube-version', KUBE_VERSION]);
    expect(stdout).toContain('0 chart(s) failed');
  });

  test.each(EXAMPLES)('with %s', async (file) => {
    const { stdout } = await run(helm, ['lint', '--strict', CHART, '--kube-version', KUBE_VERSION, '-f', join(EXAMPLES_DIR, file)]);
    expect(stdout).toContain('0 chart(s) failed');
  });

  test('with Worker Versioning: v2 current, v1 draining', async () => {
    const { stdout } = await run(helm, ['lint', '--strict', CHART, '--kube-version', KUBE_VERSION, ...RAINBOW.flatMap((s) => ['--set-json', s])]);
    expect(stdout).toContain('0 chart(s) failed');
  });
});

describe('rendered objects are valid Kubernetes (kubeconform -strict, offline schemas)', () => {
  test.each([
    ['default values', [], []],
    ...EXAMPLES.map((f) => [f, [f], []]),
    ['Worker Versioning: v2 current, v1 draining (KEDA)', [], RAINBOW],
    ['Worker Versioning with mTLS and a CPU HPA', ['temporal-cloud-mtls.yaml'], [...RAINBOW, 'worker.autoscaling.keda.enabled=false']],
  ] as [string, string[], string[]][])('%s', async (_label, files, setJson) => {
    const { text, objects } = await render(files, setJson);
    const result = await validate(text);
    const failures = result.resources.filter((r) => r.status !== 'statusValid').map((r) => `${r.kind}/${r.name}: ${r.status} ${r.msg}`);
    expect(failures).toEqual([]);
    expect(result.code).toBe(0);
    // Every object was checked against a schema: none skipped, none missing.
    expect(objects.length).toBeGreaterThan(8);
    expect(result.summary).toEqual({ valid: objects.length, invalid: 0, errors: 0, skipped: 0 });
    expect(result.resources.map((r) => r.kind).sort()).toEqual(objects.map((o) => o.kind as string).sort());
  });

  test('a broken manifest is rejected: validation can fail', async () => {
    const deployment = (spec: string) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: broken}
spec:
${spec}
  selector: {matchLabels: {app: x}}
  template:
    metadata: {labels: {app: x}}
    spec:
      containers: [{name: x, image: x}]
`;
    const wrongType = await validate(deployment('  replicas: "two"'));
    expect(wrongType.code).not.toBe(0);
    expect(wrongType.summary.invalid).toBe(1);
    expect(wrongType.resources[0]!.msg).toMatch(/replicas/);

    const unknownField = await validate(deployment('  replicaz: 2'));
    expect(unknownField.summary.invalid).toBe(1);
    expect(unknownField.resources[0]!.msg).toMatch(/replicaz/);

    const unknownKind = await validate('apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: x}\n');
    expect(unknownKind.code).not.toBe(0);
    expect(unknownKind.summary.errors).toBe(1);
    expect(unknownKind.resources[0]!.msg).toMatch(/could not find schema/);

    // The chart's own output with a misspelt field (from a values typo) fails too.
    const typo = await render([], ['worker.resources={"requests":{"cpu":"1"},"limitz":{"memory":"1Gi"}}']);
    const result = await validate(typo.text);
    expect(result.code).not.toBe(0);
    expect(result.resources.filter((r) => r.status === 'statusInvalid').map((r) => `${r.kind}/${r.name}`)).toEqual(['Deployment/askflow-worker']);
  });
});

describe('what an operator gets', () => {
  test('workers scale on the Temporal backlog with KEDA, on CPU without it, never both', async () => {
    const keda = (await render()).objects;
    const scaled = named(keda, 'ScaledObject', 'askflow-worker');
    expect(scaled.spec.scaleTargetRef.name).toBe('askflow-worker');
    const temporal = scaled.spec.triggers.find((t: { type: string }) => t.type === 'temporal');
    // KEDA's temporal scaler reads these names (pkg/scalers/temporal_scaler.go); metadata values are strings.
    expect(temporal.metadata).toMatchObject({ endpoint: 'temporal-frontend.temporal:7233', namespace: 'default', taskQueue: 'askflow', targetQueueSize: '5', enableTLS: 'false' });
    expect(kindOf(keda, 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name as string)).toEqual(['askflow-api']);
    // KEDA owns the worker's replica count: the Deployment does not reset it at each upgrade.
    expect(named(keda, 'Deployment', 'askflow-worker').spec.replicas).toBeUndefined();

    // Versioned workers: KEDA watches the backlog of the version the pods run, not the unversioned queue.
    const versioned = (await render([], ['worker.versioning={"mode":"pinned","deploymentName":"askflow","buildId":"b42"}'])).objects;
    expect(named(versioned, 'ScaledObject', 'askflow-worker-b42').spec.triggers[0].metadata).toMatchObject({ workerDeploymentName: 'askflow', workerDeploymentBuildId: 'b42' });
    expect(containerEnv(named(versioned, 'Deployment', 'askflow-worker-b42')).filter((e) => /^ASKFLOW_(WORKER_VERSIONING|DEPLOYMENT_NAME|BUILD_ID)$/.test(e.name))).toEqual([
      { name: 'ASKFLOW_WORKER_VERSIONING', value: 'pinned' },
      { name: 'ASKFLOW_DEPLOYMENT_NAME', value: 'askflow' },
      { name: 'ASKFLOW_BUILD_ID', value: 'b42' },
    ]);
    await expect(render([], ['worker.versioning.mode="pinned"'])).rejects.toThrow(/worker.versioning.buildId is required/);

    const cpu = (await render([], ['worker.autoscaling.keda.enabled=false'])).objects;
    expect(kindOf(cpu, 'ScaledObject')).toEqual([]);
    const hpa = named(cpu, 'HorizontalPodAutoscaler', 'askflow-worker');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'askflow-worker' });
    expect(hpa.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }]);

    const fixed = (await render([], ['worker.autoscaling.keda.enabled=false', 'worker.autoscaling.cpu.enabled=false', 'worker.replicas=3'])).objects;
    expect([...kindOf(fixed, 'ScaledObject'), ...kindOf(fixed, 'HorizontalPodAutoscaler').filter((h) => h.metadata.name === 'askflow-worker')]).toEqual([]);
    expect(named(fixed, 'Deployment', 'askflow-worker').spec.replicas).toBe(3);

    for (const files of [[], ...EXAMPLES.map((f) => [f])]) {
      const objects = (await render(files)).objects;
      const scalers = [...kindOf(objects, 'ScaledObject'), ...kindOf(objects, 'HorizontalPodAutoscaler')].map((s) => s.spec.scaleTargetRef.name as string);
      expect(scalers.filter((n) => n === 'askflow-worker')).toHaveLength(1);
    }
  });

  test('versioned workers deploy rainbow-style: a Deployment per version, the draining one kept, the new one promoted by a hook', async () => {
    const { objects } = await render([], RAINBOW);
    const workers = workerDeployments(objects);
    expect(workers.map((d) => d.metadata.name as string).sort()).toEqual(['askflow-worker-v1', 'askflow-worker-v2']);
    const [v1, v2] = [named(objects, 'Deployment', 'askflow-worker-v1'), named(objects, 'Deployment', 'askflow-worker-v2')];
    const versionEnv = (d: K8sObject) => containerEnv(d).filter((e) => /^ASKFLOW_(WORKER_VERSIONING|DEPLOYMENT_NAME|BUILD_ID)$/.test(e.name));
    for (const [deployment, buildId, image] of [
      [v2, 'v2', 'localhost/askflow:0.1.0'],
      [v1, 'v1', 'localhost/askflow:0.0.9'],
    ] as [K8sObject, string, string][]) {
      expect(deployment.spec.template.spec.containers[0].image).toBe(image);
      expect(versionEnv(deployment)).toEqual([
        { name: 'ASKFLOW_WORKER_VERSIONING', value: 'pinned' },
        { name: 'ASKFLOW_DEPLOYMENT_NAME', value: 'askflow' },
        { name: 'ASKFLOW_BUILD_ID', value: buildId },
      ]);
      expect(deployment.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'askflow', 'app.kubernetes.io/instance': 'askflow', 'app.kubernetes.io/component': 'worker', 'askflow.dev/build-id': buildId });
      expect(selects(deployment.spec.selector, podLabels(deployment))).toBe(true);
    }
    // Apart from the image and the build id, the draining version runs the same pod as the current one.
    const comparable = (d: K8sObject) => {
      const pod = structuredClone(d.spec.template.spec);
      delete pod.containers[0].image;
      pod.containers[0].env = containerEnv(d).filter((e) => e.name !== 'ASKFLOW_BUILD_ID');
      return pod;
    };
    expect(comparable(v1)).toEqual(comparable(v2));
    // No Deployment's selector takes another's pods (a ReplicaSet would fight over them), api and codec included.
    const deployments = kindOf(objects, 'Deployment');
    for (const a of deployments) for (const b of deployments) if (a !== b) expect([a.metadata.name, b.metadata.name, selects(a.spec.selector, podLabels(b))]).toEqual([a.metadata.name, b.metadata.name, false]);
    // Each worker PDB covers exactly its own version's pods.
    for (const version of ['v1', 'v2']) {
      const pdb = named(objects, 'PodDisruptionBudget', `askflow-worker-${version}`);
      expect(deployments.filter((d) => selects(pdb.spec.selector, podLabels(d))).map((d) => d.metadata.name as string)).toEqual([`askflow-worker-${version}`]);
    }

    // KEDA scales the current version on its own backlog; the draining one keeps a fixed count.
    const scalers = [...kindOf(objects, 'ScaledObject'), ...kindOf(objects, 'HorizontalPodAutoscaler')].filter((s) => s.spec.scaleTargetRef.name !== 'askflow-api');
    expect(scalers.map((s) => `${s.kind}/${s.metadata.name}->${s.spec.scaleTargetRef.name}`)).toEqual(['ScaledObject/askflow-worker-v2->askflow-worker-v2']);
    expect(scalers[0]!.spec.triggers[0].metadata).toMatchObject({ taskQueue: 'askflow', workerDeploymentName: 'askflow', workerDeploymentBuildId: 'v2' });
    expect(v2.spec.replicas).toBeUndefined();
    expect(v1.spec.replicas).toBe(1);
    const withReplicas = (await render([], ['worker.versioning={"mode":"pinned","buildId":"v3","draining":[{"buildId":"v2","imageTag":"0.1.0","replicas":4},{"buildId":"v1","imageTag":"0.0.9","replicas":0}]}'])).objects;
    expect(workerDeployments(withReplicas).map((d) => [d.metadata.name, d.spec.replicas])).toEqual([
      ['askflow-worker-v3', undefined],
      ['askflow-worker-v2', 4],
      ['askflow-worker-v1', 0],
    ]);

    // After install and upgrade, a hook makes v2 the Current Version, with the workers' connection to Temporal.
    const jobs = kindOf(objects, 'Job').filter((j) => j.metadata.name !== 'askflow-migrations');
    expect(jobs.map((j) => j.metadata.name as string)).toEqual(['askflow-promote']);
    const promote = jobs[0]!;
    expect(promote.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'post-install,post-upgrade', 'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded' });
    expect(promote.spec).toMatchObject({ backoffLimit: 3, activeDeadlineSeconds: 600 });
    const job = promote.spec.template.spec;
    expect(job.restartPolicy).toBe('Never');
    expect(job.containers[0].command).toEqual(['node', 'dist/worker/promoteMain.js', 'v2']);
    expect(job.containers[0].image).toBe('localhost/askflow:0.1.0');
    const tuned = (await render([], [...RAINBOW, 'worker.versioning.promote={"backoffLimit":1,"activeDeadlineSeconds":900,"timeoutMs":300000,"resources":{}}'])).objects;
    const tunedJob = named(tuned, 'Job', 'askflow-promote');
    expect(tunedJob.spec).toMatchObject({ backoffLimit: 1, activeDeadlineSeconds: 900 });
    expect(containerEnv(tunedJob).find((e) => e.name === 'ASKFLOW_PROMOTE_TIMEOUT_MS')?.value).toBe('300000');
  });

  test('the promote hook connects to Temporal as the workers do: TLS, API key or client certificate, same security context', async () => {
    for (const [example, extra] of [
      ['temporal-cloud-apikey.yaml', []],
      ['temporal-cloud-mtls.yaml', ['temporal.tls.caSecret="temporal-ca"']],
      ['self-hosted.yaml', []],
    ] as [string, string[]][]) {
      const objects = (await render([example], [...RAINBOW, ...extra])).objects;
      const worker = named(objects, 'Deployment', 'askflow-worker-v2');
      const promote = named(objects, 'Job', 'askflow-promote');
      const [pod, workerPod] = [promote.spec.template.spec, worker.spec.template.spec];
      expect([example, pod.securityContext, pod.serviceAccountName, pod.automountServiceAccountToken]).toEqual([example, workerPod.securityContext, workerPod.serviceAccountName, false]);
      expect(pod.containers[0].securityContext).toEqual(workerPod.containers[0].securityContext);
      expect(pod.volumes).toEqual(workerPod.volumes);
      expect(pod.containers[0].volumeMounts).toEqual(workerPod.containers[0].volumeMounts);
      const temporalVars = (env: EnvVar[]) => env.filter((e) => e.name.startsWith('TEMPORAL_'));
      expect(temporalVars(containerEnv(promote))).toEqual(temporalVars(containerEnv(worker)));
      // promoteMain reads them with config/env.ts (the certificate files exist only in the pod).
      const promoteEnv = readTemporalEnv(processEnv(containerEnv(promote), { TEMPORAL_API_KEY: 'cloud-key' }));
      expect(promoteEnv).toMatchObject({ ASKFLOW_WORKER_VERSIONING: 'pinned', ASKFLOW_DEPLOYMENT_NAME: 'askflow' });
      if (example === 'temporal-cloud-apikey.yaml') {
        expect(temporalConnectionOptions(promoteEnv)).toEqual({ address: 'askflow-prod.a1b2c.tmprl.cloud:7233', tls: {}, apiKey: 'cloud-key' });
      }
      if (example === 'temporal-cloud-mtls.yaml') {
        expect(pod.containers[0].volumeMounts.map((m: { mountPath: string }) => m.mountPath)).toEqual(['/tmp', '/etc/askflow/temporal-tls', '/etc/askflow/temporal-ca']);
        expect(promoteEnv).toMatchObject({ TEMPORAL_TLS: true, TEMPORAL_TLS_CERT_PATH: '/etc/askflow/temporal-tls/tls.crt', TEMPORAL_TLS_CA_PATH: '/etc/askflow/temporal-ca/ca.crt' });
      }
    }
  });

  test('Worker Versioning needs a build id, and unversioned workers render as they always did', async () => {
    for (const keda of ['true', 'false']) {
      await expect(render([], ['worker.versioning.mode="pinned"', `worker.autoscaling.keda.enabled=${keda}`])).rejects.toThrow(/worker.versioning.buildId is required/);
    }
    await expect(render([], ['worker.versioning={"mode":"auto-upgrade","buildId":""}'])).rejects.toThrow(/worker.versioning.buildId is required/);
    await expect(render([], ['worker.versioning={"mode":"pinned","buildId":"v2","draining":[{"buildId":"v1"}]}'])).rejects.toThrow(/draining\[0\].imageTag is required/);
    await expect(render([], ['worker.versioning={"mode":"pinned","buildId":"v2","draining":[{"buildId":"v2","imageTag":"0.0.9"}]}'])).rejects.toThrow(/draining\[0\].buildId v2 is the current buildId/);
    await expect(render([], ['worker.versioning.draining=[{"buildId":"v1","imageTag":"0.0.9"}]'])).rejects.toThrow(/draining needs worker.versioning.mode pinned or auto-upgrade/);

    // Off: one worker Deployment, named and selected as before, no promote Job; a build id set anyway changes nothing.
    const off = await render();
    expect(workerDeployments(off.objects).map((d) => d.metadata.name as string)).toEqual(['askflow-worker']);
    expect(named(off.objects, 'Deployment', 'askflow-worker').spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'askflow', 'app.kubernetes.io/instance': 'askflow', 'app.kubernetes.io/component': 'worker' });
    expect(kindOf(off.objects, 'Job').map((j) => j.metadata.name as string)).toEqual(['askflow-migrations']);
    expect(off.text).not.toMatch(/build-id|promote|ASKFLOW_WORKER_VERSIONING/);
    expect((await render([], ['worker.versioning={"mode":"off","deploymentName":"askflow","buildId":"ignored","draining":[]}'])).text).toBe(off.text);

    // A build id that is no DNS label still gives valid, distinct names and label values.
    const odd = (await render([], ['worker.versioning={"mode":"pinned","buildId":"Release_2.0+abc","draining":[{"buildId":"release-2-0-abc","imageTag":"2.0.0"}]}'])).objects;
    const names = workerDeployments(odd).map((d) => d.metadata.name as string);
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
    for (const name of names) expect(name).toMatch(/^askflow-worker-[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    expect(workerDeployments(odd).map((d) => containerEnv(d).find((e) => e.name === 'ASKFLOW_BUILD_ID')?.value).sort()).toEqual(['Release_2.0+abc', 'release-2-0-abc']);
    for (const d of workerDeployments(odd)) expect(d.spec.selector.matchLabels['askflow.dev/build-id']).toBe(d.metadata.name.slice('askflow-worker-'.length));
  });

  test('the api drains: readiness on /ready, liveness on /health, preStop before SIGTERM, a PDB', async () => {
    const objects = (await render()).objects;
    const api = named(objects, 'Deployment', 'askflow-api');
    const pod = api.spec.template.spec;
    const container = pod.containers[0];
    expect(container.command).toEqual(['node', 'dist/api/main.js']);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/ready', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(container.ports).toEqual([
      { name: 'http', containerPort: 8787, protocol: 'TCP' },
      { name: 'metrics', containerPort: 9464, protocol: 'TCP' },
    ]);
    expect(container.lifecycle.preStop.sleep.seconds).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(120 + container.lifecycle.preStop.sleep.seconds);
    expect(named(objects, 'Service', 'askflow-api').spec.ports[0].targetPort).toBe('http');
    expect(named(objects, 'PodDisruptionBudget', 'askflow-api').spec.selector.matchLabels).toEqual(api.spec.selector.matchLabels);
    const worker = named(objects, 'Deployment', 'askflow-worker').spec.template.spec;
    expect(worker.containers[0].command).toEqual(['node', 'dist/worker/main.js']);
    expect(worker.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(150);
    // One image for every role.
    const images = new Set([...kindOf(objects, 'Deployment'), ...kindOf(objects, 'Job')].map((d) => d.spec.template.spec.containers[0].image as string));
    expect([...images]).toEqual(['localhost/askflow:0.1.0']);
  });

  test('migrations run as a pre-install/pre-upgrade hook Job, before the pods', async () => {
    for (const [files, secret] of [
      [[], 'askflow'],
      [['temporal-cloud-mtls.yaml'], 'askflow-migrations'],
    ] as [string[], string][]) {
      const objects = (await render(files)).objects;
      const job = named(objects, 'Job', 'askflow-migrations');
      expect(job.metadata.annotations['helm.sh/hook']).toBe('pre-install,pre-upgrade');
      expect(job.metadata.annotations['helm.sh/hook-delete-policy']).toContain('before-hook-creation');
      const container = job.spec.template.spec.containers[0];
      expect(container.command).toEqual(['node', 'dist/store/migrateMain.js']);
      expect(container.env.find((e: EnvVar) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef.name).toBe(secret);
      if (secret !== 'askflow') {
        // A chart-made database URL reaches the hook through a hook Secret made just before it.
        const hookSecret = named(objects, 'Secret', secret);
        expect(hookSecret.metadata.annotations['helm.sh/hook']).toBe('pre-install,pre-upgrade');
        expect(Number(hookSecret.metadata.annotations['helm.sh/hook-weight'])).toBeLessThan(Number(job.metadata.annotations['helm.sh/hook-weight']));
      }
    }
  });

  test('api and worker pods serve Prometheus metrics on a port of their own, scrapeable through the policies', async () => {
    const { objects } = await render();
    for (const name of ['askflow-api', 'askflow-worker']) {
      const d = named(objects, 'Deployment', name);
      const container = d.spec.template.spec.containers[0];
      expect(container.ports).toContainEqual({ name: 'metrics', containerPort: 9464, protocol: 'TCP' });
      expect(d.spec.template.metadata.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9464', 'prometheus.io/path': '/metrics' });
      const parsed = readEnv(processEnv(containerEnv(d), { ASKFLOW_MASTER_KEY: MASTER_KEY, DATABASE_URL: 'postgres://db/askflow' }));
      expect(parsed).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '0.0.0.0', METRICS_TENANT_LABELS: false });
      // Not the api's own port: /metrics is never public.
      expect(parsed.METRICS_PORT).not.toBe(parsed.PORT);
      const policy = named(objects, 'NetworkPolicy', name);
      expect(policy.spec.ingress.some((rule: { ports: { port: number }[] }) => rule.ports.some((p) => p.port === 9464))).toBe(true);
    }
    const off = (await render([], ['metrics={"enabled":false}'])).objects;
    for (const name of ['askflow-api', 'askflow-worker']) {
      const container = named(off, 'Deployment', name).spec.template.spec.containers[0];
      expect((container.ports ?? []).map((p: { name: string }) => p.name)).not.toContain('metrics');
      expect(containerEnv(named(off, 'Deployment', name)).map((e) => e.name)).not.toContain('METRICS_PORT');
    }
    expect(named(off, 'NetworkPolicy', 'askflow-worker').spec.ingress).toBeUndefined();
  });

  test('the environment is what config/env.ts reads, and Temporal Cloud gets TLS and the API key from a Secret', async () => {
    const cloud = (await render(['temporal-cloud-apikey.yaml'])).objects;
    for (const name of ['askflow-api', 'askflow-worker']) {
      const env = containerEnv(named(cloud, 'Deployment', name));
      expect(env.find((e) => e.name === 'TEMPORAL_TLS')?.value).toBe('true');
      expect(env.find((e) => e.name === 'TEMPORAL_API_KEY')?.valueFrom?.secretKeyRef).toEqual({ name: 'askflow', key: 'TEMPORAL_API_KEY' });
      expect(env.find((e) => e.name === 'ASKFLOW_MASTER_KEY')?.valueFrom?.secretKeyRef).toEqual({ name: 'askflow', key: 'ASKFLOW_MASTER_KEY' });
      expect(env.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({ name: 'askflow', key: 'DATABASE_URL' });
      // Askflow's own config code reads every variable the chart sets, and connects with TLS and the key.
      const processEnvironment = processEnv(env, { ASKFLOW_MASTER_KEY: MASTER_KEY, DATABASE_URL: 'postgres://db/askflow', TEMPORAL_API_KEY: 'cloud-key', ASKFLOW_PAYLOAD_KEYS: `k1:${MASTER_KEY}` });
      const parsed = readEnv(processEnvironment);
      expect(Object.keys(processEnvironment).filter((k) => !(k in parsed))).toEqual([]);
      expect(parsed).toMatchObject({ TEMPORAL_ADDRESS: 'askflow-prod.a1b2c.tmprl.cloud:7233', TEMPORAL_NAMESPACE: 'askflow-prod.a1b2c', TEMPORAL_TLS: true });
      expect(temporalConnectionOptions(parsed)).toEqual({ address: 'askflow-prod.a1b2c.tmprl.cloud:7233', tls: {}, apiKey: 'cloud-key' });
    }
    // KEDA authenticates to Temporal Cloud with the same key, over TLS.
    const trigger = named(cloud, 'ScaledObject', 'askflow-worker').spec.triggers[0];
    expect(trigger.metadata).toMatchObject({ endpoint: 'askflow-prod.a1b2c.tmprl.cloud:7233', namespace: 'askflow-prod.a1b2c', enableTLS: 'true' });
    const auth = named(cloud, 'TriggerAuthentication', trigger.authenticationRef.name);
    expect(auth.spec.secretTargetRef).toEqual([{ parameter: 'apiKey', name: 'askflow', key: 'TEMPORAL_API_KEY' }]);
    // No Secret is made by the chart when the operator brings one.
    expect(kindOf(cloud, 'Secret')).toEqual([]);
    // Running activities drain within the pod's grace period, with 10 s to spare for the exit.
    const cloudWorker = named(cloud, 'Deployment', 'askflow-worker');
    expect(readEnv(processEnv(containerEnv(cloudWorker), { ASKFLOW_MASTER_KEY: MASTER_KEY, DATABASE_URL: 'postgres://db/askflow' })).WORKER_SHUTDOWN_GRACE_SECONDS).toBe(cloudWorker.spec.template.spec.terminationGracePeriodSeconds - 10);

    const mtls = (await render(['temporal-cloud-mtls.yaml'])).objects;
    const worker = named(mtls, 'Deployment', 'askflow-worker');
    const env = containerEnv(worker);
    expect(env.filter((e) => e.name.startsWith('TEMPORAL_TLS'))).toEqual([
      { name: 'TEMPORAL_TLS', value: 'true' },
      { name: 'TEMPORAL_TLS_CERT_PATH', value: '/etc/askflow/temporal-tls/tls.crt' },
      { name: 'TEMPORAL_TLS_KEY_PATH', value: '/etc/askflow/temporal-tls/tls.key' },
    ]);
    expect(worker.spec.template.spec.volumes.find((v: { name: string }) => v.name === 'temporal-tls').secret.secretName).toBe('askflow-temporal-client');
    expect(worker.spec.template.spec.containers[0].volumeMounts).toContainEqual({ name: 'temporal-tls', mountPath: '/etc/askflow/temporal-tls', readOnly: true });
    const mtlsAuth = named(mtls, 'TriggerAuthentication', 'askflow-temporal');
    expect(mtlsAuth.spec.secretTargetRef.map((r: { parameter: string }) => r.parameter)).toEqual(['cert', 'key']);
    // Its own secrets come from the chart-made Secret.
    expect(Object.keys(named(mtls, 'Secret', 'askflow').stringData).sort()).toEqual(['ASKFLOW_MASTER_KEY', 'DATABASE_URL']);
    const codec = containerEnv(named(mtls, 'Deployment', 'askflow-codec'));
    const codecEnv = processEnv(codec, { ASKFLOW_MASTER_KEY: MASTER_KEY, ASKFLOW_CODEC_TOKEN: 'a-codec-token-of-16+' });
    const parsedCodec = readCodecServerEnv(codecEnv);
    expect(Object.keys(codecEnv).filter((k) => !(k in parsedCodec))).toEqual([]);
    expect(parsedCodec).toMatchObject({ ASKFLOW_CODEC_HOST: '0.0.0.0', ASKFLOW_CODEC_ORIGINS: 'https://cloud.temporal.io' });
  });

  test('a missing secret fails at render time, not in a crash-looping pod', async () => {
    await expect(render([], ['secrets.existingSecret=""'])).rejects.toThrow(/secrets.masterKey is required/);
    await expect(render([], ['secrets.existingSecret=""', `secrets.masterKey="${MASTER_KEY}"`])).rejects.toThrow(/database.url is required/);
    await expect(render([], ['temporal.mtls.enabled=true'])).rejects.toThrow(/temporal.mtls.cert/);
  });
});

/** A destination a pod may try to reach. */
interface Destination {
  ip: string;
  port: number;
  protocol?: 'TCP' | 'UDP';
  namespace?: string;
  namespaceLabels?: Record<string, string>;
  podLabels?: Record<string, string>;
}

/** Whether the egress rules of the NetworkPolicies selecting a pod let it reach `to` (NetworkPolicy semantics). */
function egressAllowed(policies: K8sObject[], podLabels: Record<string, string>, to: Destination): boolean {
  const matches = (selector: { matchLabels?: Record<string, string> } | undefined, labels: Record<string, string> = {}) =>
    Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const selecting = policies.filter((p) => p.spec.policyTypes.includes('Egress') && matches(p.spec.podSelector, podLabels));
  if (selecting.length === 0) return true;
  const ipNumber = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const inCidr = (ip: string, cidr: string) => {
    const [base, bits] = cidr.split('/');
    const size = 2 ** (32 - Number(bits));
    return Math.floor(ipNumber(ip) / size) === Math.floor(ipNumber(base!) / size);
  };
  const namespaceLabels = { 'kubernetes.io/metadata.name': to.namespace ?? 'askflow', ...to.namespaceLabels };
  const peerMatches = (peer: K8sObject) => {
    if (peer.ipBlock) return inCidr(to.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c: string) => inCidr(to.ip, c));
    // A podSelector alone means the policy's own namespace.
    const namespaceOk = peer.namespaceSelector ? matches(peer.namespaceSelector, namespaceLabels) : (to.namespace ?? 'askflow') === 'askflow';
    return namespaceOk && (peer.podSelector ? to.podLabels !== undefined && matches(peer.podSelector, to.podLabels) : true);
  };
  return selecting.some((p) =>
    (p.spec.egress ?? []).some(
      (rule: { to?: K8sObject[]; ports?: { port: number; protocol?: string }[] }) =>
        (!rule.to || rule.to.some(peerMatches)) && (!rule.ports || rule.ports.some((r) => r.port === to.port && (r.protocol ?? 'TCP') === (to.protocol ?? 'TCP'))),
    ),
  );
}

describe('NetworkPolicies', () => {
  const temporalPod = (component: string, port: number): Destination => ({
    ip: '10.42.3.17',
    port,
    namespace: 'temporal',
    podLabels: { 'app.kubernetes.io/name': 'temporal', 'app.kubernetes.io/instance': 'temporal', 'app.kubernetes.io/component': component },
  });
  const postgresPod: Destination = { ip: '10.42.5.9', port: 5432, namespace: 'postgres', podLabels: { 'app.kubernetes.io/name': 'postgresql' } };
  const dns: Destination = { ip: '10.42.0.10', port: 53, protocol: 'UDP', namespace: 'kube-system', podLabels: { 'k8s-app': 'kube-dns' } };
  const INTERNAL_TEMPORAL_PORTS = [6933, 6934, 6935, 6939, 7234, 7235, 7239];

  test('a self-hosted cluster: workers reach the Temporal frontend on 7233 only, PostgreSQL, DNS and the internet, nothing else inside', async () => {
    const objects = (await render(['self-hosted.yaml'])).objects;
    const policies = kindOf(objects, 'NetworkPolicy');
    const workerLabels = named(objects, 'Deployment', 'askflow-worker').spec.template.metadata.labels as Record<string, string>;
    const apiLabels = named(objects, 'Deployment', 'askflow-api').spec.template.metadata.labels as Record<string, string>;

    for (const labels of [workerLabels, apiLabels]) {
      expect(egressAllowed(policies, labels, temporalPod('frontend', 7233))).toBe(true);
      for (const port of INTERNAL_TEMPORAL_PORTS) {
        expect([port, egressAllowed(policies, labels, temporalPod('frontend', port))]).toEqual([port, false]);
        for (const component of ['history', 'matching', 'worker', 'internal-frontend']) expect([component, port, egressAllowed(policies, labels, temporalPod(component, port))]).toEqual([component, port, false]);
      }
      expect(egressAllowed(policies, labels, temporalPod('history', 7233))).toBe(false);
      expect(egressAllowed(policies, labels, postgresPod)).toBe(true);
      expect(egressAllowed(policies, labels, { ...postgresPod, port: 5433 })).toBe(false);
      expect(egressAllowed(policies, labels, dns)).toBe(true);
      // Another service in the cluster, and the cloud metadata endpoint: never.
      expect(egressAllowed(policies, labels, { ip: '10.42.9.9', port: 80, namespace: 'default', podLabels: { app: 'internal' } })).toBe(false);
      expect(egressAllowed(policies, labels, { ip: '169.254.169.254', port: 80 })).toBe(false);
    }
    // Model providers and tools on the internet: workers yes, the api no.
    expect(egressAllowed(policies, workerLabels, { ip: '203.0.113.10', port: 443 })).toBe(true);
    expect(egressAllowed(policies, workerLabels, { ip: '203.0.113.10', port: 8443 })).toBe(true);
    expect(egressAllowed(policies, apiLabels, { ip: '203.0.113.10', port: 443 })).toBe(false);
    // No rule names a Temporal internal port at all.
    const ports = policies.flatMap((p) => (p.spec.egress ?? []).flatMap((r: { ports?: { port: number }[] }) => (r.ports ?? []).map((x) => x.port)));
    expect(ports.filter((p) => INTERNAL_TEMPORAL_PORTS.includes(p))).toEqual([]);
    // The api takes connections on its port from anyone; workers only scrapes of their metrics.
    const apiPolicy = named(objects, 'NetworkPolicy', 'askflow-api');
    expect(apiPolicy.spec.ingress).toEqual([{ ports: [{ protocol: 'TCP', port: 8787 }] }, { ports: [{ protocol: 'TCP', port: 9464 }] }]);
    const workerPolicy = named(objects, 'NetworkPolicy', 'askflow-worker');
    expect(workerPolicy.spec.policyTypes).toContain('Ingress');
    expect(workerPolicy.spec.ingress).toEqual([{ ports: [{ protocol: 'TCP', port: 9464 }] }]);
  });

  test('versioned: every worker version gets the workers\' policy; the promote hook reaches the Temporal frontend and DNS only', async () => {
    const objects = (await render(['self-hosted.yaml'], RAINBOW)).objects;
    const policies = kindOf(objects, 'NetworkPolicy');
    for (const version of ['v1', 'v2']) {
      const labels = podLabels(named(objects, 'Deployment', `askflow-worker-${version}`));
      expect(policies.filter((p) => selects(p.spec.podSelector, labels)).map((p) => p.metadata.name as string)).toEqual(['askflow-worker']);
      expect(egressAllowed(policies, labels, { ip: '203.0.113.10', port: 443 })).toBe(true);
    }
    const promote = podLabels(named(objects, 'Job', 'askflow-promote'));
    expect(policies.filter((p) => selects(p.spec.podSelector, promote)).map((p) => p.metadata.name as string)).toEqual(['askflow-promote']);
    expect(egressAllowed(policies, promote, temporalPod('frontend', 7233))).toBe(true);
    expect(egressAllowed(policies, promote, dns)).toBe(true);
    for (const port of INTERNAL_TEMPORAL_PORTS) expect([port, egressAllowed(policies, promote, temporalPod('frontend', port))]).toEqual([port, false]);
    expect(egressAllowed(policies, promote, temporalPod('history', 7233))).toBe(false);
    expect(egressAllowed(policies, promote, postgresPod)).toBe(false);
    expect(egressAllowed(policies, promote, { ip: '203.0.113.10', port: 443 })).toBe(false);
    expect(named(objects, 'NetworkPolicy', 'askflow-promote').spec.ingress).toBeUndefined();
  });

  test('Temporal Cloud: the frontend port to any address, the database in the VPC', async () => {
    const objects = (await render(['temporal-cloud-apikey.yaml'])).objects;
    const policies = kindOf(objects, 'NetworkPolicy');
    const workerLabels = named(objects, 'Deployment', 'askflow-worker').spec.template.metadata.labels as Record<string, string>;
    const apiLabels = named(objects, 'Deployment', 'askflow-api').spec.template.metadata.labels as Record<string, string>;
    for (const labels of [workerLabels, apiLabels]) {
      expect(egressAllowed(policies, labels, { ip: '198.51.100.7', port: 7233 })).toBe(true);
      expect(egressAllowed(policies, labels, { ip: '10.20.4.4', port: 5432 })).toBe(true);
      expect(egressAllowed(policies, labels, { ip: '10.30.4.4', port: 5432 })).toBe(false);
    }
    expect(egressAllowed(policies, apiLabels, { ip: '198.51.100.7', port: 7234 })).toBe(false);
  });
});
