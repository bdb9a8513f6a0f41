#!/usr/bin/env node
// Entry of `npm start` and `npm test` on a fresh clone: plain Node, no dependencies, because it
// runs before anything is installed. It installs (only when package files changed), builds, and
// then hands over to the compiled launcher or to the test suite.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const command = process.argv[2];
const say = (m) => console.log(`[askflow] ${m}`);

function sh(cmd, args, what) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`[askflow] ${what} failed (${r.signal ?? `exit ${r.status}`}).`);
    process.exit(r.status || 1);
  }
  return Date.now() - started;
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`[askflow] Node ${process.versions.node} found; Askflow needs Node 20.19 or later.`);
  process.exit(1);
}

// Install when node_modules is missing or the package files changed since the last install.
const manifests = ['package.json', 'package-lock.json', 'contract/package.json', 'client/package.json'];
const digest = createHash('sha256');
for (const f of manifests) if (existsSync(join(root, f))) digest.update(readFileSync(join(root, f)));
const stampFile = join(root, 'node_modules', '.askflow-install-stamp');
const stamp = digest.digest('hex');
if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp) {
  // `npm install` rather than `npm ci`: lock files written without registry addresses
  // (omit-lockfile-registry-resolved) leave out other platforms' optional packages, which
  // `npm ci` then refuses as "out of sync". `npm install` still installs what the lock pins.
  say('installing dependencies (npm install)…');
  sh('npm', ['install', '--no-audit', '--no-fund'], 'npm install');
  writeFileSync(stampFile, stamp);
}

say('building (tsc -b)…');
const buildMs = sh(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b'], 'build');
say(`built in ${(buildMs / 1000).toFixed(1)} s`);

// The web console (console/ → console/dist, served by the api at /console/). Rebuilt only when
// its sources, its config or the installed packages changed since the last build.
function consoleDigest() {
  const h = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else h.update(rel).update(readFileSync(join(root, rel)));
    }
  };
  walk('console/src');
  for (const f of ['console/index.html', 'console/vite.config.ts', 'console/tsconfig.json', 'client/src/sseParser.ts', 'contract/src/names.ts', 'package-lock.json']) {
    if (existsSync(join(root, f))) h.update(f).update(readFileSync(join(root, f)));
  }
  return h.digest('hex');
}
const consoleStampFile = join(root, 'console', 'dist', '.askflow-build-stamp');
const consoleStamp = consoleDigest();
if (existsSync(join(root, 'console/dist/index.html')) && existsSync(consoleStampFile) && readFileSync(consoleStampFile, 'utf8') === consoleStamp) {
  say('console is up to date');
} else {
  say('building the console (vite build)…');
  const consoleMs = sh(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'console/vite.config.ts', '--logLevel', 'warn'], 'console build');
  writeFileSync(consoleStampFile, consoleStamp);
  say(`console built in ${(consoleMs / 1000).toFixed(1)} s`);
}

// The browser tests drive Debian's chromium; never a downloaded browser.
function ensureChromium() {
  const chromium = '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(`[askflow] The browser tests need ${chromium}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) and run npm test again.`);
    process.exit(1);
  }
  say('installing chromium for the browser tests (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env }).status === 0;
  // A fresh machine's package lists are often empty or stale: refresh them once and retry.
  if (!install()) {
    sh('apt-get', ['update'], 'apt-get update');
    if (!install()) {
      console.error('[askflow] apt-get install chromium failed; install it yourself and run npm test again.');
      process.exit(1);
    }
  }
}

if (command === 'start') {
  await import(join(root, 'dist/infra/start.js'));
} else if (command === 'test') {
  ensureChromium();
  say('linting (eslint)…');
  sh(process.execPath, [join(root, 'node_modules/eslint/bin/eslint.js'), '--max-warnings', '0', '.'], 'lint');
  say('running the suite (jest, against a real Temporal dev server and PostgreSQL)…');
  const resultsFile = join(root, '.askflow', 'jest-results.json');
  mkdirSync(dirname(resultsFile), { recursive: true });
  rmSync(resultsFile, { force: true });
  const jest = spawnSync(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', join(root, 'node_modules/jest/bin/jest.js'), '--json', `--outputFile=${resultsFile}`, ...process.argv.slice(3)],
    { cwd: root, stdio: 'inherit', env: process.env },
  );
  // One plain closing line, "jest: N passed, N failed, N skipped", for CI logs.
  if (existsSync(resultsFile)) {
    const r = JSON.parse(readFileSync(resultsFile, 'utf8'));
    console.log(`jest: ${r.numPassedTests} passed, ${r.numFailedTests + r.numRuntimeErrorTestSuites} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
  }
  process.exit(jest.status ?? 1);
} else {
  console.error('usage: node infra/bootstrap.mjs start|test [jest args]');
  process.exit(2);
}
