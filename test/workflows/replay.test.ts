import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { AskResponseSchema, IngestBatchCreatedSchema, IngestBatchViewSchema } from '@askflow/contract';
import { DIST_DIR } from '../../infra/paths.js';
import { PLAN_ONCE_PATCH, ROUTER_PATCH } from '../../workflows/ask.js';
import { TRACING_PATCH } from '../../tracing/workflowInterceptors.js';
import { askflowDataConverter } from '../../codec/dataConverter.js';
import { closeDb, db, expectJson, stackInfo, temporalClient } from '../stack/context.js';
import { startReplica } from '../stack/replicas.js';
import { startOtlpReceiver } from '../fakes/otlpReceiver.js';
import { decodedHistory } from '../stack/historyPayloads.js';
import { collect, openStream } from '../stack/sse.js';
import { weatherProject } from '../stack/weatherProject.js';
import { webhookDeliveryRun } from './recordWebhookDelivery.js';
import { threadRuns } from './recordThreadRuns.js';

const run = promisify(execFile);
const HISTORIES = fileURLToPath(new URL('./histories', import.meta.url));

/**
 * Recorded histories of each kind of ask, replayed against the current workflow code. After an
 * intended, compatible change, re-record with `ASKFLOW_RECORD_HISTORIES=1 npm run jest -- test/workflows`.
 */
async function record(): Promise<void> {
  // Today's runs are traced (a tracing api starts them, so their start headers carry a trace):
  // they are recorded through an api and a worker of this test's own that export to a receiver.
  const receiver = await startOtlpReceiver();
  const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, TEMPORAL_TASK_QUEUE: `askflow-record-${process.pid}` };
  const worker = await startReplica('worker', otel);
  const api = await startReplica('api', otel);
  const base = api.baseUrl!;
  const p = await weatherProject();
  const { tool } = p;
  try {
    const send = (path: string, init: { method: string; headers: Record<string, string>; body?: unknown }) =>
      fetch(`${base}${path}`, { method: init.method, headers: { 'Content-Type': 'application/json', ...init.headers }, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}) });
    const askTraced = async (message: string) => AskResponseSchema.parse(await expectJson(await send('/service/ask', { method: 'POST', headers: { 'X-API-Key': p.apiKey }, body: { tenantId: p.tenantId, message } }), 200));
    const manageTraced = (method: string, path: string, body?: unknown) => send(`/manage${path}`, { method, headers: { Authorization: `Bearer ${p.owner.token}` }, body });
    const vanilla = await askTraced('hello');
    const rag = await askTraced('How many days to return items?');
    const streamed = await collect(await openStream('/service/ask/stream', { baseUrl: base, body: { tenantId: p.tenantId, message: 'How many days to return items?' }, headers: { 'X-API-Key': p.apiKey } }));
    const streamedDone = streamed.at(-1)!.event;
    const tools = await askTraced("What's the weather in Oslo today?");
    const doc = await expectJson<{ id: string }>(await manageTraced('POST', `/projects/${p.tenantId}/knowledge`, { name: 'care.md', text: '# Care\nDry the tent before storing it.' }), 202);
    const batch = IngestBatchCreatedSchema.parse(await expectJson(await manageTraced('POST', `/projects/${p.tenantId}/knowledge/batches`, {
      documents: [{ name: 'warranty.md', text: '# Warranty\nTents carry a lifetime warranty.' }, { name: 'shipping.txt', text: 'Shipping takes 3 to 5 days.' }],
    }), 202));
    for (let i = 0; i < 100; i++) {
      const view = IngestBatchViewSchema.parse(await expectJson(await manageTraced('GET', `/projects/${p.tenantId}/knowledge/batches/${batch.batch.id}`), 200));
      const one = await expectJson<{ status: string }>(await manageTraced('GET', `/projects/${p.tenantId}/knowledge/${doc.id}`), 200);
      if (view.batch.status !== 'running' && (one.status === 'ready' || one.status === 'failed')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const ids = await db().query<{ workflow_id: string; thread_id: string }>(`SELECT workflow_id, thread_id FROM turns WHERE project_id = $1`, [p.tenantId]);
    const byThread = (t: string) => ids.rows.find((r) => r.thread_id === t)!.workflow_id;
    const { client, close } = await temporalClient();
    try {
      // Saved decoded: the stack's payload keys are random per run, and replay needs no key.
      const codec = askflowDataConverter({ ASKFLOW_MASTER_KEY: stackInfo().masterKey }).payloadCodecs![0]!;
      const save = async (name: string, workflowId: string) =>
        writeFileSync(join(HISTORIES, `${name}.json`), historyToJSON(await decodedHistory(await client.workflow.getHandle(workflowId).fetchHistory(), codec)));
      await save('ask-vanilla', byThread(vanilla.threadId));
      await save('ask-rag', byThread(rag.threadId));
      if (streamedDone.type === 'done') await save('ask-rag-streamed', byThread(streamedDone.threadId));
      await save('ask-tools', byThread(tools.threadId));
      await save('ingest-document', `ingest-${doc.id}`);
      await save('ingest-batch', `ingest-batch-${batch.batch.id}`);
      await save('webhook-delivery', await webhookDeliveryRun(client, p.tenantId, manageTraced, askTraced));
      // Last: these move the project onto a slow model server.
      const queue = await threadRuns(client, p.tenantId, manageTraced, (method, path, body, headers = {}) =>
        send(path, { method, headers: { 'X-API-Key': p.apiKey, ...headers }, body: { tenantId: p.tenantId, ...(body as object) } }));
      await save('thread-queued', queue.queued);
      await save('thread-interrupted', queue.interrupted);
    } finally {
      await close();
    }
  } finally {
    await tool.close();
    await api.stop();
    await worker.stop();
    await receiver.close();
  }
}

/** The patch ids a recorded history carries (its `core_patch` markers). */
function patchesIn(file: string): string[] {
  const history = JSON.parse(readFileSync(file, 'utf8')) as { events: { markerRecordedEventAttributes?: { markerName: string; details: Record<string, { payloads: { data: string }[] }> } }[] };
  return history.events.flatMap((e) => {
    const marker = e.markerRecordedEventAttributes;
    if (marker?.markerName !== 'core_patch') return [];
    return Object.values(marker.details).flatMap((d) => d.payloads.map((p) => (JSON.parse(Buffer.from(p.data, 'base64').toString('utf8')) as { id: string }).id));
  });
}

/** The types of the local activities a recorded history ran (its `core_local_activity` markers). */
function localActivitiesIn(file: string): string[] {
  const history = JSON.parse(readFileSync(file, 'utf8')) as { events: { markerRecordedEventAttributes?: { markerName: string; details: Record<string, { payloads: { data: string }[] }> } }[] };
  return history.events.flatMap((e) => {
    const marker = e.markerRecordedEventAttributes;
    if (marker?.markerName !== 'core_local_activity') return [];
    return (marker.details.data?.payloads ?? []).map((p) => (JSON.parse(Buffer.from(p.data, 'base64').toString('utf8')) as { activity_type: string }).activity_type);
  });
}

afterAll(closeDb);

describe('workflow replay', () => {
  it('every recorded history replays deterministically against the current workflow code', async () => {
    if (process.env.ASKFLOW_RECORD_HISTORIES) await record();
    const names = readdirSync(HISTORIES).filter((f) => f.endsWith('.json'));
    const files = names.map((f) => join(HISTORIES, f));
    // Runs of every path of askWorkflow replay: before plan-once (v1-*), between plan-once and
    // routing (v2-*), routed (v3-*); each history carries the patches of its path. Asks of today's
    // type, routedAskWorkflow: from before tracing (v4-*, none), traced from their start before
    // thread policy (v5-*), and today's (ask-*: each holds a place on its thread's queue).
    const byPrefix = (prefix: string) => names.filter((f) => f.startsWith(prefix));
    for (const [prefix, patches] of [['v1-ask-', []], ['v2-ask-', [PLAN_ONCE_PATCH]], ['v3-ask-', [PLAN_ONCE_PATCH, ROUTER_PATCH]], ['v4-ask-', []], ['v5-ask-', [TRACING_PATCH]], ['ask-', [TRACING_PATCH]]] as const) {
      expect(byPrefix(prefix)).toHaveLength(4);
      for (const f of byPrefix(prefix)) expect(patchesIn(join(HISTORIES, f))).toEqual(patches);
    }
    // Ingestion of one document (runs started before batches still finish) and of a batch, before tracing and traced.
    expect(names).toEqual(expect.arrayContaining(['v1-ingest-document.json', 'v1-ingest-batch.json', 'ingest-document.json', 'ingest-batch.json']));
    for (const f of ['v1-ingest-document.json', 'v1-ingest-batch.json']) expect(patchesIn(join(HISTORIES, f))).toEqual([]);
    for (const f of ['ingest-document.json', 'ingest-batch.json']) expect(patchesIn(join(HISTORIES, f))).toEqual([TRACING_PATCH]);
    // A webhook delivery whose first attempt failed (runs go on for up to 72 hours: they must keep replaying).
    expect(names).toContain('webhook-delivery.json');
    // Thread policy: an ask that waited its turn (queue check, timer, the signal), and one an
    // interrupt cancelled (its failure step under cancellation).
    expect(names).toEqual(expect.arrayContaining(['thread-queued.json', 'thread-interrupted.json']));
    expect(localActivitiesIn(join(HISTORIES, 'thread-queued.json'))).toContain('askAhead');
    expect(localActivitiesIn(join(HISTORIES, 'thread-interrupted.json'))).toContain('askFailed');
    const { stdout } = await run(process.execPath, [join(DIST_DIR, 'worker', 'replay.js'), ...files]).catch((err: { stdout: string }) => {
      throw new Error(`replay failed:\n${err.stdout}`);
    });
    expect(stdout.trim().split('\n').filter((l) => l.startsWith('ok '))).toHaveLength(files.length);
  }, 120_000);
});
