import { Client, Connection } from '@temporalio/client';
import { startChatCompletionsServer } from '../test/fakes/chatCompletionsServer.js';
import { startTestStack } from '../infra/testStack.js';
import { createPool } from '../store/pool.js';
import { askStreamed, benchProject } from './askflow.js';
const llm = await startChatCompletionsServer();
const t = await startTestStack({ logLevel: 'info' });
try {
const pool = createPool(t.info.databaseUrl, 2);
const project = await benchProject(pool, t.info.baseUrl, 'h', { baseUrl: llm.baseUrl, apiKey: llm.apiKey, masterKey: t.info.masterKey });
for (let i = 0; i < 2; i++) {
llm.script({ chunks: Array.from({ length: 50 }, (_, i) => `token${i} `), tokenIntervalMs: 20 });
await askStreamed(project, 'hello there ' + i);
}
await new Promise((r) => setTimeout(r, 500));
const { rows } = await pool.query(`SELECT workflow_id FROM turns ORDER BY created_at DESC LIMIT 1`);
const c = new Client({ connection: await Connection.connect({ address: t.info.temporalAddress }) });
const h = await c.workflow.getHandle(rows[0].workflow_id).fetchHistory();
const counts: Record<string, number> = {};
for (const e of h.events ?? []) { const k = Object.keys(e).filter((k) => k.endsWith('Attributes'))[0]!; counts[k.replace('EventAttributes','')] = (counts[k.replace('EventAttributes','')] ?? 0) + 1; }
console.log('EV total', h.events?.length, JSON.stringify(counts));
await pool.end();
} catch (e) { console.log('ERR', e); }
await t.dispose(); await llm.close(); process.exit(0);
