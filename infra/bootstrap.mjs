#!/usr/bin/env node
// Entry of `npm start` and `npm test` on a fresh clone: plain Node, no dependencies, because it
// runs before anything is installed. It installs (only when package files changed), builds, and
// then hands over to the compiled launcher or to the test suite.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

if (command === 'start') {
  await import(join(root, 'dist/infra/start.js'));
} else if (command === 'test') {
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
