/**
 * How fast the console paints in Chromium, side by side in one run: the console as it was
 * before code splitting (one bundle, built from `BENCH_CONSOLE_BASE`, default c095221) and as it
 * is now, each sent compressed (br/gzip) and as is (`Accept-Encoding: identity`, what the api sent
 * before koa-compress). Every load is a fresh browser context (cold cache) on loopback; figures are
 * first contentful paint and largest contentful paint from the page's Performance API, and the
 * bytes that crossed the wire. Run: `npm run bench:console` (BENCH_RUNS loads per row, default 20).
 */
import { execFileSync, fork } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { DIST_DIR, REPO_ROOT, STATE_DIR } from '../infra/paths.js';
import { startTestStack, type TestStackInfo } from '../infra/testStack.js';
import { printTable, summarize } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BASE = process.env.BENCH_CONSOLE_BASE ?? 'c095221';

/** The console of `rev`, built with its own Vite config into a folder of its own (inside the clone, so its imports resolve). */
function buildBaseline(rev: string): string {
  const dir = join(STATE_DIR, 'bench-console-base');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = execFileSync('git', ['archive', rev, 'console', 'client/src/sseParser.ts', 'client/tsconfig.json', 'contract/tsconfig.json', 'tsconfig.base.json'], { cwd: REPO_ROOT, maxBuffer: 64 << 20 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', join(dir, 'console/vite.config.ts'), '--logLevel', 'warn'], { cwd: REPO_ROOT, stdio: 'inherit' });
  return join(dir, 'console/dist');
}

/** A second api on the stack's services, serving the console from `dist`. */
async function apiServing(info: TestStackInfo, dist: string): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const child = fork(join(DIST_DIR, 'api', 'main.js'), [], {
    env: {
      ...process.env, DATABASE_URL: info.databaseUrl, TEMPORAL_ADDRESS: info.temporalAddress, TEMPORAL_NAMESPACE: info.temporalNamespace,
      TEMPORAL_TASK_QUEUE: info.taskQueue, ASKFLOW_MASTER_KEY: info.masterKey, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', CONSOLE_DIST_DIR: dist,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.on('message', (m: { ready?: boolean; port?: number }) => { if (m.ready && m.port) resolve({ port: m.port }); });
    child.once('exit', (code) => reject(new Error(`the baseline api exited (${code})`)));
  });
  const exited = new Promise((r) => child.once('exit', r));
  return { baseUrl: `http://127.0.0.1:${port}`, stop: async () => { child.kill('SIGTERM'); await exited; } };
}

interface Load { fcp: number; lcp: number; bytes: number; encodings: string[] }

// Run in the page (as source text: this file is compiled without the DOM's types).
const WATCH_LCP = `window.__lcp = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });`;
const MEASURE = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource').filter((r) => r.name.includes('/console/'));
  return {
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    lcp: window.__lcp,
    bytes: nav.transferSize + resources.reduce((n, r) => n + r.transferSize, 0),
  };
})()`;

/** One cold load of `url` until `ready` is on screen. */
async function load(browser: Browser, url: string, ready: string, identity: boolean, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...(identity ? { extraHTTPHeaders: { 'Accept-Encoding': 'identity' } } : {}), ...(storageState ? { storageState } : {}) });
  const page = await context.newPage();
  const encodings = new Set<string>();
  page.on('response', (r) => { if (r.url().includes('/console/assets/')) encodings.add(r.headers()['content-encoding'] ?? 'identity'); });
  // Registered before any script of the page runs, so the first paints are seen.
  await page.addInitScript(WATCH_LCP);
  await page.goto(url);
  await page.getByRole('heading', { name: ready }).first().waitFor();
  await page.waitForTimeout(100);
  const m = (await page.evaluate(MEASURE)) as Omit<Load, 'encodings'>;
  await context.close();
  return { ...m, encodings: [...encodings] };
}

const baselineDist = buildBaseline(BASE);
const t = await startTestStack({ logLevel: 'info' });
const before = await apiServing(t.info, baselineDist);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
try {
  // A signed-in owner with a project, for the page an owner lands on.
  const email = `bench-${Date.now()}@example.test`;
  const login = await browser.newContext();
  const res = await login.request.post(`${t.info.baseUrl}/manage/session/signup`, { data: { email, password: 'correct horse battery staple' } });
  if (!res.ok()) throw new Error(await res.text());
  const csrf = (await login.cookies()).find((c) => c.name === 'askflow_csrf')!.value;
  const project = (await (await login.request.post(`${t.info.baseUrl}/manage/projects`, { data: { name: 'Bench' }, headers: { 'X-CSRF-Token': csrf } })).json()) as { id: string };
  const signedIn = await login.storageState();
  await login.close();

  const variants = [
    { build: `before (${BASE}, one bundle)`, base: before.baseUrl, identity: true },
    { build: `before (${BASE}, one bundle)`, base: before.baseUrl, identity: false },
    { build: 'after (split)', base: t.info.baseUrl, identity: true },
    { build: 'after (split)', base: t.info.baseUrl, identity: false },
  ];
  const pages = [
    { page: 'sign-in (signed out)', path: '/console/#/signin', ready: 'Sign in', state: undefined },
    { page: 'project settings (signed in)', path: `/console/#/projects/${project.id}/settings`, ready: 'Model and behaviour', state: signedIn },
  ];
  const rows: Record<string, string | number>[] = [];
  for (const p of pages) {
    let baseline = NaN;
    for (const v of variants) {
      // One warm-up load (the server's and the browser's own first-time costs), then the runs.
      await load(browser, `${v.base}${p.path}`, p.ready, v.identity, p.state);
      const loads: Load[] = [];
      for (let i = 0; i < RUNS; i++) loads.push(await load(browser, `${v.base}${p.path}`, p.ready, v.identity, p.state));
      const fcp = summarize(loads.map((l) => l.fcp));
      const lcp = summarize(loads.map((l) => l.lcp));
      if (Number.isNaN(baseline)) baseline = fcp.p50;
      rows.push({
        page: p.page, console: v.build, sent: [...new Set(loads.flatMap((l) => l.encodings))].join('/'),
        'FCP p50 ms': fcp.p50.toFixed(0), 'FCP p90 ms': fcp.p90.toFixed(0), 'LCP p50 ms': lcp.p50.toFixed(0),
        'kB on the wire': (summarize(loads.map((l) => l.bytes)).p50 / 1024).toFixed(1),
        'FCP ratio': `${(fcp.p50 / baseline).toFixed(2)}×`,
      });
    }
  }
  printTable(`Console paint in Chromium, ${RUNS} cold loads per row (ratio: against the first row of each page)`, rows);
} finally {
  await browser.close();
  await before.stop();
  await t.dispose();
}
