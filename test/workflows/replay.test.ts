import { execFile } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { AskResponseSchema } from '@askflow/contract';
import { DIST_DIR } from '../../infra/paths.js';
import { ask, closeDb, db, expectJson, managedProject, manage, temporalClient } from '../stack/context.js';
import { collect, openStream } from '../stack/sse.js';
import { plainToolServer } from '../tools/endpoints.js';

const run = promisify(execFile);
const HISTORIES = fileURLToPath(new URL('./histories', import.meta.url));

/**
 * Recorded histories of each kind of ask, replayed against the current workflow code. After an
 * intended, compatible change, re-record with `ASKFLOW_RECORD_HISTORIES=1 npm run jest -- test/workflows`.
 */
async function record(): Promise<void> {
  const p = await managedProject({ ragEnabled: true, toolsEnabled: true });
  const tool = await plainToolServer(() => []);
  await expectJson(
    await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/tools`, {
      name: 'getWeather', description: 'Current weather for a city', url: tool.url,
      parameters: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } },
    }),
    201,
  );
  const doc = await expectJson<{ id: string }>(await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/knowledge`, { name: 'returns.md', text: '# Returns\nItems can be returned within 60 days.' }), 202);
  for (let i = 0; i < 100; i++) {
    if ((await expectJson<{ status: string }>(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/knowledge/${doc.id}`), 200)).status === 'ready') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const vanilla = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'hello' }), 200));
  const rag = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'How many days to return items?' }), 200));
  const streamed = await collect(await openStream('/service/ask/stream', { body: { tenantId: p.tenantId, message: 'How many days to return items?' }, headers: { 'X-API-Key': p.apiKey } }));
  const streamedDone = streamed.at(-1)!.event;
  const tools = AskResponseSchema.parse(await expectJson(await ask(p, { message: "What's the weather in Oslo today?" }), 200));
  await tool.close();
  const ids = await db().query<{ workflow_id: string; thread_id: string }>(`SELECT workflow_id, thread_id FROM turns WHERE project_id = $1`, [p.tenantId]);
  const byThread = (t: string) => ids.rows.find((r) => r.thread_id === t)!.workflow_id;
  const { client, close } = await temporalClient();
  try {
    const save = async (name: string, workflowId: string) =>
      writeFileSync(join(HISTORIES, `${name}.json`), historyToJSON(await client.workflow.getHandle(workflowId).fetchHistory()));
    await save('ask-vanilla', byThread(vanilla.threadId));
    await save('ask-rag', byThread(rag.threadId));
    if (streamedDone.type === 'done') await save('ask-rag-streamed', byThread(streamedDone.threadId));
    await save('ask-tools', byThread(tools.threadId));
    await save('ingest-document', `ingest-${doc.id}`);
  } finally {
    await close();
  }
}

afterAll(closeDb);

describe('workflow replay', () => {
  it('every recorded history replays deterministically against the current workflow code', async () => {
    if (process.env.ASKFLOW_RECORD_HISTORIES) await record();
    const files = readdirSync(HISTORIES).filter((f) => f.endsWith('.json')).map((f) => join(HISTORIES, f));
    expect(files.length).toBeGreaterThanOrEqual(5);
    const { stdout } = await run(process.execPath, [join(DIST_DIR, 'worker', 'replay.js'), ...files]).catch((err: { stdout: string }) => {
      throw new Error(`replay failed:\n${err.stdout}`);
    });
    expect(stdout.trim().split('\n').filter((l) => l.startsWith('ok '))).toHaveLength(files.length);
  }, 120_000);
});
