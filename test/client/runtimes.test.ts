// The client everywhere JavaScript runs: the packed tarball, installed as a user installs it, on
// Node 18, 22 and 24 (ESM and CommonJS), Bun, Deno (through `npm:`), Vercel's Edge Runtime,
// Cloudflare's workerd and Chromium, each running the same checks (runtimes/scenario.mjs) against
// the real api: ask with its response and request id, streams left with `break` and aborted,
// a retry and a timeout through the fault-injecting proxy, typed errors, signature helpers.
// The runtimes are installed from the npm registry at pinned versions (runtimes/provision.ts); one
// that cannot be installed or started fails its test, naming it.
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { computeSignature, signWebhook } from '@askflow/contract';
import { REPO_ROOT } from '../../infra/paths.js';
import { launchChromium } from '../browser/chromium.js';
import { closeDb, managedProject, stackInfo } from '../stack/context.js';
import { startFaultyProxy, type FaultyProxy } from './faultyProxy.js';
import { installPacked } from './packedApp.js';
import { provisionRuntimes, type RuntimeBinaries } from './runtimes/provision.js';

const RUNTIME_DIR = join(REPO_ROOT, 'test/client/runtimes');
/** Longest one runtime's checks may take: a hung runtime fails its test instead of the suite's. */
const RUN_LIMIT_MS = 90_000;

let dir: string;
let app: string;
let bins: RuntimeBinaries;
let proxy: FaultyProxy;
let project: { apiKey: string; tenantId: string };
const webhookSecret = `whsec_${Buffer.from('runtime matrix webhook key').toString('base64')}`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'askflow-runtimes-'));
  [{ app }, bins] = await Promise.all([installPacked(dir), provisionRuntimes()]);
  await copyFile(join(RUNTIME_DIR, 'scenario.mjs'), join(app, 'scenario.mjs'));
  proxy = await startFaultyProxy(stackInfo().baseUrl);
  project = await managedProject();
}, 600_000);

afterAll(async () => {
  await proxy?.close();
  await rm(dir, { recursive: true, force: true });
  await closeDb();
});

/** The scenario's settings for one runtime, `key` naming its requests at the proxy. */
function configFor(key: string, baseUrl: string, browser = false) {
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ tool: 'weather', arguments: { city: 'Oslo' } });
  const secret = 'runtime-matrix-secret';
  const webhookBody = JSON.stringify({ type: 'ask.completed', timestamp: new Date().toISOString(), data: { askId: 'ask-1' } });
  const id = `msg_${key}`;
  return {
    key,
    baseUrl,
    proxyUrl: proxy.baseUrl,
    apiKey: project.apiKey,
    tenantId: project.tenantId,
    browser,
    signed: { secret, timestamp: String(timestamp), body, signature: computeSignature(secret, timestamp, body) },
    webhook: {
      secret: webhookSecret,
      body: webhookBody,
      headers: { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(webhookSecret, id, timestamp, webhookBody) },
    },
  };
}

/** Runs `command` in the installed app and parses the JSON report it prints; fails with its output otherwise. */
function runReport(command: string, args: string[], env: Record<string, string> = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: app, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
    child.on('error', (e) => reject(new Error(`${command} could not be started here: ${e.message}`)));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const last = out.trim().split('\n').pop() ?? '';
      try {
        if (code !== 0) throw new Error(`exit ${code ?? signal}`);
        resolve(JSON.parse(last));
      } catch (e) {
        reject(new Error(`${command} ${args.join(' ')} failed (${(e as Error).message}):\n${out}\n${err}`));
      }
    });
  });
}

/** The client and the scenario as one file, for runtimes that load no node_modules: `entry` ends by reporting. */
async function bundle(name: string, entry: string, conditions: string[], format: 'esm' | 'iife'): Promise<string> {
  const outfile = join(app, `${name}.bundle.js`);
  await build({ stdin: { contents: entry, resolveDir: app, loader: 'js' }, bundle: true, format, platform: 'neutral', conditions, mainFields: ['module', 'main'], outfile, logLevel: 'silent' });
  return outfile;
}

const entryEsm = (from: string, config: unknown) => `import * as A from '${from}';
import { run } from './scenario.mjs';
console.log(JSON.stringify(await run(${JSON.stringify(config)}, A)));
`;

const entryCjs = (config: unknown) => `const A = require('@askflow/client');
import('./scenario.mjs').then(({ run }) => run(${JSON.stringify(config)}, A)).then((r) => console.log(JSON.stringify(r)), (e) => { console.error(e); process.exit(1); });
`;

/** A free port on 127.0.0.1, for workerd's socket. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Runner = (key: string) => Promise<unknown>;

const nodeEsm = (bin: () => string): Runner => async (key) => {
  await writeFile(join(app, `${key}.mjs`), entryEsm('@askflow/client', configFor(key, stackInfo().baseUrl)));
  return runReport(bin(), [`${key}.mjs`]);
};

const nodeCjs = (bin: () => string): Runner => async (key) => {
  await writeFile(join(app, `${key}.cjs`), entryCjs(configFor(key, stackInfo().baseUrl)));
  return runReport(bin(), [`${key}.cjs`]);
};

const deno: Runner = async (key) => {
  await writeFile(join(app, `${key}.mjs`), entryEsm('npm:@askflow/client', configFor(key, stackInfo().baseUrl)));
  const denoDir = join(dir, 'deno-cache');
  // `npm:` resolved from the app's node_modules (the tarballs installed there), not downloaded.
  return runReport(bins.deno, ['run', '--allow-net', '--allow-env', '--allow-read', '--node-modules-dir=manual', `${key}.mjs`], { DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' });
};

const edge: Runner = async (key) => {
  const config = configFor(key, stackInfo().baseUrl);
  const file = await bundle(key, `import * as A from '@askflow/client';\nimport { run } from './scenario.mjs';\nglobalThis.__askflowReport = run(${JSON.stringify(config)}, A);\n`, ['edge-light', 'worker', 'browser'], 'iife');
  return runReport(process.execPath, [join(RUNTIME_DIR, 'edgeRunner.mjs'), bins.modules, file]);
};

const workerd: Runner = async (key) => {
  const config = configFor(key, stackInfo().baseUrl);
  const worker = `import * as A from '@askflow/client';
import { run } from './scenario.mjs';
export default {
  async fetch(request, env) {
    try { return Response.json(await run(JSON.parse(env.CONFIG), A)); }
    catch (e) { return new Response(String(e && e.stack || e), { status: 500 }); }
  },
};
`;
  await bundle(key, worker, ['workerd', 'worker', 'browser'], 'esm');
  const port = await freePort();
  // No nodejs_compat flag: the plain Workers platform, where node:crypto is absent.
  const capnp = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "net", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "${key}.bundle.js") ],
  compatibilityDate = "2025-09-01",
  bindings = [ (name = "CONFIG", text = ${JSON.stringify(JSON.stringify(config))}) ],
  globalOutbound = "net",
);
`;
  await writeFile(join(app, `${key}.capnp`), capnp);
  const child = spawn(bins.workerd, ['serve', `${key}.capnp`], { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] });
  let logs = '';
  child.stdout.on('data', (c: Buffer) => (logs += c.toString()));
  child.stderr.on('data', (c: Buffer) => (logs += c.toString()));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  try {
    for (let i = 0; ; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(RUN_LIMIT_MS) }).catch((e: Error) => e);
      if (res instanceof Response) {
        const text = await res.text();
        if (res.status !== 200) throw new Error(`workerd answered ${res.status}: ${text}\n${logs}`);
        return JSON.parse(text);
      }
      if (child.exitCode !== null || i >= 100) throw new Error(`workerd did not serve on ${port}: ${res.message}\n${logs}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
};

const chromium: Runner = async (key) => {
  // The page and the api share an origin (the proxy serves both), as behind a site's own reverse proxy.
  const config = configFor(key, proxy.baseUrl, true);
  const file = await bundle(key, `import * as A from '@askflow/client';\nimport { run } from './scenario.mjs';\nwindow.__askflowReport = run(${JSON.stringify(config)}, A);\n`, ['browser'], 'esm');
  proxy.serve({
    [`/__${key}/index.html`]: { body: `<!doctype html><script type="module" src="/__${key}/bundle.js"></script>`, type: 'text/html' },
    [`/__${key}/bundle.js`]: { body: await readFile(file), type: 'text/javascript' },
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${proxy.baseUrl}/__${key}/index.html`);
    await page.waitForFunction(() => (window as unknown as { __askflowReport?: unknown }).__askflowReport !== undefined, undefined, { timeout: 30_000 });
    return await page.evaluate(() => (window as unknown as { __askflowReport: Promise<unknown> }).__askflowReport).catch((e: Error) => {
      throw new Error(`${e.message}\n${errors.join('\n')}`);
    });
  } finally {
    await browser.close();
  }
};

/** What each runtime must report; `syncCrypto`: whether node:crypto (and so the synchronous helpers) is there. */
function expected(syncCrypto: boolean, browser = false) {
  const error = (name: string, is: string[], code: string, status: number) => ({ name, is: ['EgoZError', ...is], code, status, hasRequestId: true, headerRequestId: true });
  return {
    ...(browser ? { refusedWithoutOptIn: 'TypeError' } : {}),
    ping: true,
    defaultModel: 'local:extractive',
    ask: { answered: true, status: 200, requestIdOnResult: true, requestIdIsHeader: true, requestIdHidden: true },
    streamBreak: { firstEvent: 'thinking', askId: true, events: 1 },
    askStream: { answered: true, model: 'local:extractive', noType: true },
    streamAbort: { name: 'EgoZError', code: 'Aborted' },
    retried: true,
    timeout: { name: 'TimeoutError', is: ['EgoZError', 'TimeoutError'], code: 'Timeout', status: null, hasRequestId: false, headerRequestId: false },
    errors: {
      badKey: error('AuthenticationError', ['AuthenticationError'], 'Unauthorized', 401),
      unknownThread: error('NotFoundError', ['NotFoundError'], 'NotFound', 404),
      modelNotAllowed: error('ModelNotAllowedError', ['ValidationError', 'ModelNotAllowedError'], 'MODEL_NOT_ALLOWED', 400),
    },
    signatures: {
      asyncValid: true,
      asyncTampered: false,
      asyncComputed: true,
      asyncStale: 'SignatureVerificationError',
      webhookAsync: 'ask.completed',
      webhookAsyncTampered: false,
      sync: syncCrypto ? { valid: true, tampered: false } : { unavailable: true },
    },
  };
}

const matrix: [string, Runner, ReturnType<typeof expected>][] = [
  ['node18', nodeEsm(() => bins.node18), expected(true)],
  ['node18-cjs', nodeCjs(() => bins.node18), expected(true)],
  ['node22', nodeEsm(() => bins.node22), expected(true)],
  ['node24', nodeEsm(() => bins.node24), expected(true)],
  ['node24-cjs', nodeCjs(() => bins.node24), expected(true)],
  ['bun', nodeEsm(() => bins.bun), expected(true)],
  ['deno', deno, expected(true)],
  ['edge-runtime', edge, expected(false)],
  ['workerd', workerd, expected(false)],
  ['chromium', chromium, expected(false, true)],
];

describe('the packed client on every runtime', () => {
  it.each(matrix)('%s: asks, streams, retries, times out, types its errors and checks signatures against the real api', async (key, runner, want) => {
    proxy.injectFor(`${key}-retry`, { kind: 'status', status: 503, code: 'Unavailable' });
    proxy.injectFor(`${key}-hang`, { kind: 'hang' });
    // The stream stops after its first event and stays open, so only the client's `break` can
    // close it (a fast local answer could otherwise end before the hang-up reaches the proxy).
    proxy.injectFor(`${key}-break`, { kind: 'hold', after: 'event: thinking' });
    expect(await runner(key)).toEqual(want);

    // The retry: the 503, then the same ask (same Idempotency-Key) answered by the api.
    const retried = proxy.requests.filter((r) => r.key === `${key}-retry`);
    expect(retried.map((r) => [r.fault, r.upstreamStatus])).toEqual([['status', null], ['pass', 200]]);
    expect(retried[0]!.headers['idempotency-key']).toEqual(retried[1]!.headers['idempotency-key']);
    // `break` closed the stream's connection.
    const broken = proxy.requests.filter((r) => r.key === `${key}-break`);
    expect(broken).toHaveLength(1);
    await broken[0]!.closed;
    expect(broken[0]!.clientHungUp).toBe(true);
  }, 180_000);
});
