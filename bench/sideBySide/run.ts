/**
 * The one side-by-side benchmark: the same OpenAI-compatible model server (answering at once,
 * or with its first token after 100 ms for streams), called directly with the `openai` package
 * and through Askflow, in the same run. Prints both, and Askflow's overhead and ratio; beside
 * them, empty workflows on the same Temporal server (./floor.ts): the floor of a workflow per ask.
 * Run: `npm run bench`. BENCH_ASKS (asks per concurrency level, default 300), BENCH_LEVELS
 * (default 1,16,64), BENCH_STREAMS (default 60), BENCH_SOAK (asks before the RSS reading,
 * default 0: after the levels only).
 */
import OpenAI from 'openai';
import { startChatCompletionsServer } from '../../test/fakes/chatCompletionsServer.js';
import { startTestStack } from '../../infra/testStack.js';
import { createPool } from '../../store/pool.js';
import { askJson, askStreamed, benchProject } from '../askflow.js';
import { printTable, rssMb, summarize } from '../stats.js';
import { startWorkflowFloor } from './floor.js';
import { load } from './load.js';

const ASKS = Number(process.env.BENCH_ASKS ?? 300);
const LEVELS = (process.env.BENCH_LEVELS ?? '1,16,64').split(',').map(Number);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 60);
const SOAK = Number(process.env.BENCH_SOAK ?? 0);
const FIRST_TOKEN_MS = 100;

const llm = await startChatCompletionsServer();
const t = await startTestStack({ logLevel: 'info' });
const pool = createPool(t.info.databaseUrl, 2);
const floor = await startWorkflowFloor(t.info.temporalAddress, t.info.temporalNamespace);
const ms = (x: number) => x.toFixed(1);
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
try {
  const project = await benchProject(pool, t.info.baseUrl, 'bench side by side', { baseUrl: llm.baseUrl, apiKey: llm.apiKey, masterKey: t.info.masterKey });
  const openai = new OpenAI({ baseURL: llm.baseUrl, apiKey: llm.apiKey, maxRetries: 0 });

  const direct = async (i: number) => {
    await openai.chat.completions.create({ model: 'bench', messages: [{ role: 'user', content: `question ${i}` }] });
  };
  const askflow = async (i: number) => {
    await askJson(project, `question ${i}`);
  };
  // Streams: the model's first token comes after FIRST_TOKEN_MS; measured is the gap from the
  // moment the model server sent it (same process, same clock) to the client's first delta.
  const directGap = async () => {
    llm.script({ chunks: ['a ', 'b ', 'c'], firstTokenDelayMs: FIRST_TOKEN_MS });
    const stream = await openai.chat.completions.create({ model: 'bench', messages: [{ role: 'user', content: 'hi' }], stream: true });
    let gap = NaN;
    for await (const chunk of stream) if (Number.isNaN(gap) && chunk.choices[0]?.delta.content) gap = performance.now() - llm.requests.at(-1)!.firstContentAt!;
    return gap;
  };
  const askflowGap = async () => {
    llm.script({ chunks: ['a ', 'b ', 'c'], firstTokenDelayMs: FIRST_TOKEN_MS });
    const { firstDeltaAt } = await askStreamed(project, 'hi');
    return firstDeltaAt - llm.requests.at(-1)!.firstContentAt!;
  };

  await load(30, 4, askflow); // warm up: workflow cache, connections, JIT
  await load(30, 4, direct);
  await load(30, 4, floor.once);
  llm.reset();

  const rows: Record<string, string | number>[] = [];
  for (const c of LEVELS) {
    const d = await load(ASKS, c, direct);
    const f = await load(ASKS, c, floor.once);
    const a = await load(ASKS, c, askflow);
    llm.reset(); // recorded requests would otherwise grow with the run
    if (c === 1) {
      rows.push({ measure: 'JSON answer p50 ms', direct: ms(d.p50), 'empty workflow': ms(f.p50), askflow: ms(a.p50), 'askflow − direct': ms(a.p50 - d.p50), ratio: ratio(a.p50, d.p50) });
      rows.push({ measure: 'JSON answer p99 ms', direct: ms(d.p99), 'empty workflow': ms(f.p99), askflow: ms(a.p99), 'askflow − direct': ms(a.p99 - d.p99), ratio: ratio(a.p99, d.p99) });
    }
    rows.push({ measure: `asks/s at concurrency ${c} (errors)`, direct: `${d.perSecond.toFixed(0)} (${d.errors})`, 'empty workflow': `${f.perSecond.toFixed(1)} (${f.errors})`, askflow: `${a.perSecond.toFixed(1)} (${a.errors})`, 'askflow − direct': '', ratio: ratio(d.perSecond, a.perSecond) });
    rows.push({ measure: `p50 / p99 ms at concurrency ${c}`, direct: `${ms(d.p50)} / ${ms(d.p99)}`, 'empty workflow': `${ms(f.p50)} / ${ms(f.p99)}`, askflow: `${ms(a.p50)} / ${ms(a.p99)}`, 'askflow − direct': '', ratio: '' });
  }

  const dGaps: number[] = [];
  const aGaps: number[] = [];
  for (let i = 0; i < STREAMS; i++) {
    dGaps.push(await directGap());
    aGaps.push(await askflowGap());
    if (i % 20 === 19) llm.reset();
  }
  const dg = summarize(dGaps);
  const ag = summarize(aGaps);
  rows.push({ measure: "first delta after the model's first token p50 ms", direct: ms(dg.p50), askflow: ms(ag.p50), 'askflow − direct': ms(ag.p50 - dg.p50), ratio: '' });
  rows.push({ measure: "first delta after the model's first token p99 ms", direct: ms(dg.p99), askflow: ms(ag.p99), 'askflow − direct': ms(ag.p99 - dg.p99), ratio: '' });

  for (let done = 0; done < SOAK; done += 1_000) {
    await load(Math.min(1_000, SOAK - done), 16, askflow);
    llm.reset();
  }
  for (const p of t.stack.processes) rows.push({ measure: `${p.name} RSS MB after the run`, direct: '', askflow: rssMb(p.child.pid!), 'askflow − direct': '', ratio: '' });

  printTable(`Direct model call vs empty Temporal workflows vs Askflow, same model server, same run (${ASKS} asks per level; 2-core machine, everything local)`, rows);
} finally {
  await floor.close();
  await pool.end();
  await t.dispose();
  await llm.close();
}
