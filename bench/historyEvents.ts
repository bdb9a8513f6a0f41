/**
 * What one ask leaves in Temporal: the events of a JSON ask's run and of a streamed ask's run
 * (BENCH_TOKENS tokens, default 50, BENCH_TOKEN_MS apart, default 20), counted by kind. Each
 * event is written by the server and each workflow task is a round trip to the worker, so the
 * counts are where a change to the workflow's shape shows first. Run: `npm run bench:history`.
 */
import { Client, Connection } from '@temporalio/client';
import { startChatCompletionsServer } from '../test/fakes/chatCompletionsServer.js';
import { startTestStack } from '../infra/testStack.js';
import { createPool } from '../store/pool.js';
import { askJson, askStreamed, benchProject, tokens } from './askflow.js';
import { printTable } from './stats.js';

const TOKENS = Number(process.env.BENCH_TOKENS ?? 50);
const TOKEN_MS = Number(process.env.BENCH_TOKEN_MS ?? 20);

const llm = await startChatCompletionsServer();
const t = await startTestStack({ logLevel: 'info' });
const pool = createPool(t.info.databaseUrl, 2);
const connection = await Connection.connect({ address: t.info.temporalAddress });
try {
  const client = new Client({ connection });
  const project = await benchProject(pool, t.info.baseUrl, 'bench history', { baseUrl: llm.baseUrl, apiKey: llm.apiKey, masterKey: t.info.masterKey });
  /** Event counts by kind (the history event's attributes' name) of the run of the project's latest stored turn, once closed. */
  const latestRunEvents = async (): Promise<Map<string, number>> => {
    const { rows } = await pool.query<{ workflow_id: string }>(`SELECT workflow_id FROM turns WHERE project_id = $1 ORDER BY created_at DESC LIMIT 1`, [project.id]);
    const run = client.workflow.getHandle(rows[0]!.workflow_id);
    // The answer reaches the caller before the run has closed (its result is encrypted: wait by status).
    while ((await run.describe()).status.name === 'RUNNING') await new Promise((r) => setTimeout(r, 20));
    const history = await run.fetchHistory();
    const counts = new Map<string, number>([['all', history.events?.length ?? 0]]);
    for (const event of history.events ?? []) {
      const kind = Object.keys(event).find((k) => k.endsWith('EventAttributes'))?.replace('EventAttributes', '') ?? 'unknown';
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    return counts;
  };
  await askJson(project, 'How are JSON asks recorded?');
  const json = await latestRunEvents();
  llm.script({ chunks: tokens(TOKENS), tokenIntervalMs: TOKEN_MS });
  await askStreamed(project, 'How are streamed asks recorded?');
  const streamed = await latestRunEvents();
  const kinds = [...new Set([...json.keys(), ...streamed.keys()])].sort((a, b) => (a === 'all' ? 1 : b === 'all' ? -1 : a.localeCompare(b)));
  printTable(`History events of one ask (streamed: ${TOKENS} tokens ${TOKEN_MS} ms apart)`, kinds.map((kind) => ({ event: kind, JSON: json.get(kind) ?? 0, streamed: streamed.get(kind) ?? 0 })));
} finally {
  await connection.close();
  await pool.end();
  await t.dispose();
  await llm.close();
}
