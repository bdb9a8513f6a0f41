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
import { ask, closeDb, db, expectJson, manage, stackInfo, temporalClient } from '../stack/context.js';
import { decodedHistory } from '../stack/historyPayloads.js';
import { collect, openStream } from '../stack/sse.js';
import { weatherProject } from '../stack/weatherProject.js';

const run = promisify(execFile);
const HISTORIES = fileURLToPath(new URL('./histories', import.meta.url));

/**
 * Recorded histories of each kind of ask, replayed against the current workflow code. After an
 * intended, compatible change, re-record with `ASKFLOW_RECORD_HISTORIES=1 npm run jest -- test/workflows`.
 */
async function record(): Promise<void> {
  const p = await weatherProject();
  const { tool } = p;
  const vanilla = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'hello' }), 200));
  const rag = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'How many days to return items?' }), 200));
  const streamed = await collect(await openStream('/service/ask/stream', { body: { tenantId: p.tenantId, message: 'How many days to return items?' }, headers: { 'X-API-Key': p.apiKey } }));
  const streamedDone = streamed.at(-1)!.event;
  const tools = AskResponseSchema.parse(await expectJson(await ask(p, { message: "What's the weather in Oslo today?" }), 200));
  const batch = IngestBatchCreatedSchema.parse(await expectJson(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/knowledge/batches`, {
    documents: [{ name: 'warranty.md', text: '# Warranty\nTents carry a lifetime warranty.' }, { name: 'shipping.txt', text: 'Shipping takes 3 to 5 days.' }],
  }), 202));
  for (let i = 0; i < 100; i++) {
    const view = IngestBatchViewSchema.parse(await expectJson(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/knowledge/batches/${batch.batch.id}`), 200));
    if (view.batch.status !== 'running') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await tool.close();
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
    await save('ingest-document', `ingest-${p.documentId}`);
    await save('ingest-batch', `ingest-batch-${batch.batch.id}`);
  } finally {
    await close();
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

afterAll(closeDb);

describe('workflow replay', () => {
  it('every recorded history replays deterministically against the current workflow code', async () => {
    if (process.env.ASKFLOW_RECORD_HISTORIES) await record();
    const names = readdirSync(HISTORIES).filter((f) => f.endsWith('.json'));
    const files = names.map((f) => join(HISTORIES, f));
    // Runs of every path of askWorkflow replay: before plan-once (v1-*), between plan-once and
    // routing (v2-*), routed (v3-*); each history carries the patches of its path. Asks of today's
    // type, routedAskWorkflow: from before tracing (v4-*, none) and traced from their start (ask-*).
    const byPrefix = (prefix: string) => names.filter((f) => f.startsWith(prefix));
    for (const [prefix, patches] of [['v1-ask-', []], ['v2-ask-', [PLAN_ONCE_PATCH]], ['v3-ask-', [PLAN_ONCE_PATCH, ROUTER_PATCH]], ['v4-ask-', []], ['ask-', [TRACING_PATCH]]] as const) {
      expect(byPrefix(prefix)).toHaveLength(4);
      for (const f of byPrefix(prefix)) expect(patchesIn(join(HISTORIES, f))).toEqual(patches);
    }
    // Ingestion of one document (runs started before batches still finish) and of a batch, before tracing and traced.
    expect(names).toEqual(expect.arrayContaining(['v1-ingest-document.json', 'v1-ingest-batch.json', 'ingest-document.json', 'ingest-batch.json']));
    for (const f of ['v1-ingest-document.json', 'v1-ingest-batch.json']) expect(patchesIn(join(HISTORIES, f))).toEqual([]);
    for (const f of ['ingest-document.json', 'ingest-batch.json']) expect(patchesIn(join(HISTORIES, f))).toEqual([TRACING_PATCH]);
    const { stdout } = await run(process.execPath, [join(DIST_DIR, 'worker', 'replay.js'), ...files]).catch((err: { stdout: string }) => {
      throw new Error(`replay failed:\n${err.stdout}`);
    });
    expect(stdout.trim().split('\n').filter((l) => l.startsWith('ok '))).toHaveLength(files.length);
  }, 120_000);
});
