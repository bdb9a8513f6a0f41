// A deploy with changed workflow code, on the cluster topology with Worker Versioning: asks
// started on v1 finish on v1 workers while v2 takes the new ones (pinned), with no
// non-determinism anywhere — and replaying a v1 ask on the v2 code shows that without pinning
// the same deploy would have broken it.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import pg from 'pg';
import { ASK_ID_HEADER } from '@askflow/contract';
import { askflowDataConverter } from '../../codec/dataConverter.js';
import { DIST_DIR } from '../../infra/paths.js';
import { startTestStack } from '../../infra/testStack.js';
import { createApiKey } from '../../store/apiKeys.js';
import { createProject, updateProject } from '../../store/projects.js';
import { upsertProvider } from '../../store/providers.js';
import { parseMasterKey } from '../../store/secrets.js';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { collect, openStream, rebuiltAnswer, type SseEvent } from '../stack/sse.js';

const EventType = temporal.api.enums.v1.EventType;
const DEPLOYMENT = 'askflow-versioned-test';

let cluster: Awaited<ReturnType<typeof startTestStack>>;
let pool: pg.Pool;
let llm: ChatCompletionsServer;
let project: { tenantId: string; apiKey: string };
let connection: Connection;
let client: Client;
const scratch = mkdtempSync(join(tmpdir(), 'askflow-v2-'));
const v2Bundle = join(scratch, 'workflows-v2.js');

beforeAll(async () => {
  // v2's workflow code, bundled the way the worker's own is (what a new image would carry).
  const { code } = await bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('../workflows/v2/index.ts', import.meta.url)), logger: quietBundler });
  writeFileSync(v2Bundle, code);
  llm = await startChatCompletionsServer();
  cluster = await startTestStack({
    logLevel: 'info',
    temporal: 'cluster',
    serviceEnv: { ASKFLOW_WORKER_VERSIONING: 'pinned', ASKFLOW_DEPLOYMENT_NAME: DEPLOYMENT, ASKFLOW_BUILD_ID: 'v1' },
  });
  pool = new pg.Pool({ connectionString: cluster.info.databaseUrl, max: 2 });
  const created = await createProject(pool, 'versioned deploys');
  await upsertProvider(pool, created.id, 'model', llm.baseUrl, llm.apiKey, parseMasterKey(cluster.info.masterKey));
  await updateProject(pool, created.id, { chatModel: 'model:slow', historyTokenBudget: 0 });
  project = { tenantId: created.id, apiKey: (await createApiKey(pool, created.id, 'test')).key };
  connection = await Connection.connect({ address: cluster.info.temporalAddress });
  client = new Client({ connection, namespace: cluster.info.temporalNamespace, dataConverter: askflowDataConverter({ ASKFLOW_MASTER_KEY: cluster.info.masterKey }) });
}, 600_000);

afterAll(async () => {
  await connection?.close();
  await pool?.end();
  await cluster?.dispose();
  await llm?.close();
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

const quietBundler = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} };

const streamAsk = (message: string) =>
  openStream('/service/ask/stream', { baseUrl: cluster.info.baseUrl, body: { tenantId: project.tenantId, message }, headers: { 'X-API-Key': project.apiKey } });

async function jsonAsk(message: string): Promise<string> {
  const res = await fetch(`${cluster.info.baseUrl}/service/ask`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': project.apiKey },
    body: JSON.stringify({ tenantId: project.tenantId, message }),
  });
  expect(res.status).toBe(200);
  return res.headers.get(ASK_ID_HEADER)!;
}

/**
 * The build id the run is pinned to, and what its code wrote in its memo — once the run has
 * ended: the caller's answer is announced as soon as the turn is stored, which can be before
 * the workflow task that ran it (and recorded the version and the memo) has completed.
 */
async function runOf(askId: string) {
  const handle = client.workflow.getHandle(askId);
  await handle.result();
  const d = await handle.describe();
  const info = d.raw.workflowExecutionInfo?.versioningInfo;
  return { buildId: info?.deploymentVersion?.buildId, behavior: info?.behavior, memo: d.memo ?? {} };
}

async function failedTasks(askId: string): Promise<number> {
  const history = await client.workflow.getHandle(askId).fetchHistory();
  return (history.events ?? []).filter((e) => e.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED).length;
}

describe('a versioned deploy on the cluster topology', () => {
  it('finishes v1 asks on v1 while v2 takes new asks, with no non-determinism', async () => {
    // Three slow streamed answers (15 tokens, 250 ms apart), started on v1 and still running at the deploy.
    const slow = { chunks: Array.from({ length: 15 }, (_, i) => `word${i} `), tokenIntervalMs: 250 };
    llm.script(slow, slow, slow);
    const inFlight = await Promise.all(['first', 'second', 'third'].map((m) => streamAsk(`${m} v1 question`)));
    const inFlightIds = inFlight.map((s) => s.response.headers.get(ASK_ID_HEADER)!);
    // Each has its first token: running, its first workflow tasks done on v1.
    const firstParts = await Promise.all(inFlight.map((s) => collect(s, (e) => e.type === 'delta')));
    expect(firstParts.every((events) => events.at(-1)!.type === 'delta')).toBe(true);

    // Deploy v2: new workers with the changed code, then make v2 current as the Helm hook would.
    await cluster.stack.startWorker({ ASKFLOW_BUILD_ID: 'v2', ASKFLOW_WORKFLOW_BUNDLE: v2Bundle });
    const promote = execFileSync(process.execPath, [join(DIST_DIR, 'worker', 'promoteMain.js'), 'v2'], { env: { ...cluster.stack.serviceEnv, LOG_LEVEL: 'info' }, encoding: 'utf8' });
    expect(promote).toContain('current version set');

    // New asks start on v2 and run its code (the memo it writes).
    const newIds = [await jsonAsk('a question after the deploy'), await jsonAsk('another one')];
    for (const id of newIds) expect(await runOf(id)).toMatchObject({ buildId: 'v2', memo: { workflowCode: 'v2' } });

    // The asks in flight end normally, every token once, on v1 — the v2 code never saw them.
    const rests = await Promise.all(inFlight.map((s) => collect(s)));
    for (const [i, rest] of rests.entries()) {
      const events: SseEvent[] = [...firstParts[i]!, ...rest];
      expect(events.at(-1)!.type).toBe('done');
      expect(rebuiltAnswer(events)).toBe(slow.chunks.join(''));
      const run = await runOf(inFlightIds[i]!);
      expect(run.buildId).toBe('v1');
      expect(run.memo).not.toHaveProperty('workflowCode');
    }
    const pinned = temporal.api.enums.v1.VersioningBehavior.VERSIONING_BEHAVIOR_PINNED;
    for (const id of [...inFlightIds, ...newIds]) {
      expect((await runOf(id)).behavior).toBe(pinned);
      expect(await failedTasks(id)).toBe(0);
    }

    // v1 retired (its workers stopped): a late reader of a finished v1 ask, which no worker can
    // replay any more, still gets its outcome — whole, from the run's history. On an api that
    // holds no copy of the ask's log (it kept the ones it streamed): this one restarted.
    await cluster.stack.supervised.worker!.stop();
    const api = cluster.stack.supervised.api!;
    const restarted = once(api.events, 'restarted');
    api.child.kill('SIGKILL');
    await restarted;
    const lateStream = await openStream(`/service/ask/${inFlightIds[1]}/events`, { method: 'GET', baseUrl: cluster.info.baseUrl, headers: { 'X-API-Key': project.apiKey, 'Last-Event-ID': '2' } });
    expect(lateStream.response.status).toBe(200);
    const late = await collect(lateStream);
    expect(late.map((e) => e.type)).toEqual(['reset', 'done']);
    expect((late[1]!.event as { answer: string }).answer).toBe(slow.chunks.join(''));
    expect(late.every((e) => e.id !== null && e.id > 2)).toBe(true);

    // Without pinning, a v1 ask picked up by a v2 worker would have failed: its history does not replay on v2.
    const v1History = await client.workflow.getHandle(inFlightIds[0]!).fetchHistory();
    await expect(
      Worker.runReplayHistory({ workflowBundle: { code: readFileSync(v2Bundle, 'utf8') }, dataConverter: askflowDataConverter({ ASKFLOW_MASTER_KEY: cluster.info.masterKey }) }, v1History, inFlightIds[0]),
    ).rejects.toThrow(/[Nn]ondeterminism|DeterminismViolation/);
  }, 240_000);
});
