import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AskResponseSchema } from '@askflow/contract';
import { freePort } from '../../infra/ports.js';
import { isAlive } from '../../infra/processes.js';
import { stackInfo } from '../stack/context.js';
import { DIST_DIR } from '../../infra/paths.js';
import { DEMO_DOCUMENT, DEMO_QUESTIONS } from '../../infra/demoContent.js';

// `npm start`'s launcher, as a user runs it: its own stack, its own data folder.
const stateDir = mkdtempSync(join(tmpdir(), 'askflow-start-'));
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  const rest = { ...process.env };
  delete rest.DATABASE_URL;
  delete rest.TEMPORAL_ADDRESS;
  env = {
    ...rest,
    ASKFLOW_STATE_DIR: stateDir,
    PORT: String(await freePort()),
    ASKFLOW_TEMPORAL_PORT: String(await freePort()),
    ASKFLOW_TEMPORAL_UI_PORT: String(await freePort()),
    ASKFLOW_POSTGRES_PORT: String(await freePort()),
    ASKFLOW_TEMPORAL_HTTP_PORT: String(await freePort()),
    ASKFLOW_TEMPORAL_METRICS_PORT: String(await freePort()),
    ASKFLOW_CODEC_PORT: String(await freePort()),
  };
});
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

function descendants(pid: number): number[] {
  let out: string;
  try {
    out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when there are none
  }
  const kids = out.split('\n').map((s) => Number(s.trim())).filter((n) => n > 0);
  return kids.flatMap((k) => [k, ...descendants(k)]);
}

async function launch(extraEnv: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; output: () => string; exited: Promise<number | null> }> {
  rmSync(join(stateDir, 'dev.json.ready'), { force: true });
  // Own process group, so "Ctrl-C" below reaches the launcher and all it started, like a terminal's.
  const child = spawn(process.execPath, [join(DIST_DIR, 'infra', 'start.js')], { env: { ...env, ...extraEnv }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  while (!out.includes('Ctrl-C stops everything')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => out, exited };
}

async function ctrlC(run: Awaited<ReturnType<typeof launch>>): Promise<void> {
  const tree = descendants(run.child.pid!);
  expect(tree.length).toBeGreaterThanOrEqual(4); // postgres host, temporal, worker, api (and postgres itself)
  process.kill(-run.child.pid!, 'SIGINT');
  expect(await run.exited).toBe(0);
  await new Promise((r) => setTimeout(r, 200));
  expect(tree.filter(isAlive)).toEqual([]);
}

describe('npm start', () => {
  it('comes up, answers an ask, stops cleanly on Ctrl-C and reuses its data on the next start', async () => {
    const first = await launch();
    const { metricsUrls, ...devJson } = JSON.parse(readFileSync(join(stateDir, 'dev.json'), 'utf8')) as Record<string, string> & { metricsUrls: string[] };
    expect(Object.keys(devJson).sort()).toEqual(['apiKey', 'baseUrl', 'codecUrl', 'temporalUiUrl', 'tenantId']);
    // The demo handbook is searchable as soon as the launcher says it is ready: the banner's questions may be asked at once.
    const { token } = JSON.parse(readFileSync(join(stateDir, 'owner.json'), 'utf8')) as { token: string };
    const demo = (path: string) => fetch(`${devJson.baseUrl}/manage/projects/${devJson.tenantId}${path}`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.json());
    const documents = async () => ((await demo('/knowledge')) as { documents: { name: string; status: string }[] }).documents;
    expect((await documents()).map((d) => [d.name, d.status])).toEqual([[DEMO_DOCUMENT.name, 'ready']]);
    expect(devJson.apiKey).toMatch(/^askflow_test_/);
    expect(first.output()).toContain(devJson.apiKey);
    expect(first.output()).toContain(devJson.temporalUiUrl);
    // Prometheus metrics: the api's, then the worker's, printed and scrapeable.
    expect(metricsUrls).toHaveLength(2);
    for (const [i, url] of metricsUrls.entries()) {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(first.output()).toContain(url);
      expect(await (await fetch(url)).text()).toContain(`process="${i === 0 ? 'api' : 'worker'}"`);
    }

    const ask = (body: object) =>
      fetch(`${devJson.baseUrl}/service/ask`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': devJson.apiKey! },
        body: JSON.stringify({ tenantId: devJson.tenantId, ...body }),
      });
    const answer = AskResponseSchema.parse(await (await ask({ message: 'hello' })).json());
    const ui = await fetch(devJson.temporalUiUrl!);
    expect(ui.status).toBe(200);
    // The Web UI is pointed at the codec endpoint, which serves the UI's origin.
    expect(first.output()).toContain(devJson.codecUrl);
    const uiOrigin = new URL(devJson.temporalUiUrl!).origin;
    const preflight = await fetch(`${devJson.codecUrl}/decode`, { method: 'OPTIONS', headers: { Origin: uiOrigin } });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(uiOrigin);
    const settings = (await (await fetch(`${devJson.temporalUiUrl}/api/v1/settings`)).json()) as { Codec?: { Endpoint?: string } };
    expect(settings.Codec?.Endpoint).toBe(devJson.codecUrl);

    // The demo project answers each way out of the box: plainly, from its handbook, with its
    // order-status tool, and with both — and the launcher says how to ask.
    for (const [intent, message] of Object.entries(DEMO_QUESTIONS)) {
      const demoAnswer = AskResponseSchema.parse(await (await ask({ message })).json());
      expect({ message, intent: demoAnswer.intent }).toEqual({ message, intent });
      if (intent.includes('tools')) expect(demoAnswer.toolUsed).toBe('orderStatus');
      if (intent.startsWith('rag')) expect(demoAnswer.sources?.map((x) => x.document)).toContain(DEMO_DOCUMENT.name);
      expect(first.output()).toContain(message);
    }
    // The handbook never says "policy"; it is small, so sharing "return" is enough to search it.
    const policy = AskResponseSchema.parse(await (await ask({ message: 'What is your return policy?' })).json());
    expect({ intent: policy.intent, sources: policy.sources?.map((x) => x.document) }).toEqual({ intent: 'rag', sources: [DEMO_DOCUMENT.name] });
    expect(policy.answer).toContain('within 30 days');
    expect(AskResponseSchema.parse(await (await ask({ message: 'What payment methods do you accept?' })).json()).intent).toBe('vanilla');

    await ctrlC(first);

    const second = await launch();
    // The same handbook and tool (pointed at this run's tool server), not a second copy.
    expect((await documents()).map((d) => d.name)).toEqual([DEMO_DOCUMENT.name]);
    const { tools } = (await demo('/tools')) as { tools: { name: string; url: string }[] };
    expect(tools.map((t) => t.name)).toEqual(['orderStatus']);
    expect(second.output()).toContain(tools[0]!.url);
    expect(AskResponseSchema.parse(await (await ask({ message: DEMO_QUESTIONS.tools })).json()).toolUsed).toBe('orderStatus');
    expect(JSON.parse(readFileSync(join(stateDir, 'dev.json'), 'utf8'))).toEqual({ ...devJson, metricsUrls: [expect.stringMatching(/\/metrics$/), expect.stringMatching(/\/metrics$/)] });
    // The thread made before the restart is still there to continue.
    const again = AskResponseSchema.parse(await (await ask({ message: 'again', threadId: answer.threadId })).json());
    expect(again.threadId).toBe(answer.threadId);
    await ctrlC(second);
    expect(existsSync(join(stateDir, 'dev', 'postgres', 'PG_VERSION'))).toBe(true);
  }, 240_000);
});

describe('npm start with TEMPORAL_ADDRESS and DATABASE_URL set', () => {
  it('uses that cluster and database, starting neither itself', async () => {
    const info = stackInfo();
    const run = await launch({ TEMPORAL_ADDRESS: info.temporalAddress, DATABASE_URL: info.databaseUrl, TEMPORAL_TASK_QUEUE: `external-${process.pid}` });
    const commands = descendants(run.child.pid!).map((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        return '';
      }
    });
    expect(commands.filter((c) => /temporal server|postgresHost|bin\/postgres/.test(c))).toEqual([]);
    expect(commands.filter((c) => /worker\/main|api\/main/.test(c))).toHaveLength(2);
    expect(run.output()).toContain('(external cluster)');

    const dev = JSON.parse(readFileSync(join(stateDir, 'dev.json'), 'utf8')) as Record<string, string>;
    const res = await fetch(`${dev.baseUrl}/service/ask`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': dev.apiKey! },
      body: JSON.stringify({ tenantId: dev.tenantId, message: 'hello' }),
    });
    expect(res.status).toBe(200);
    process.kill(-run.child.pid!, 'SIGINT');
    expect(await run.exited).toBe(0);
  }, 120_000);
});
