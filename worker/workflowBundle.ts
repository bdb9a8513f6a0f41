// The workflow code the worker runs, bundled once per build instead of at every start.
//
// `Worker.create({ workflowsPath })` runs webpack inside the worker process: ~1 s of start-up
// and ~80 MB of RSS that the process keeps for its whole life (webpack's heap is not returned
// to the OS). Here the bundle is made by a short-lived child process (`bundleMain.ts`) and
// kept next to the build, named by a hash of everything webpack reads, so restarts, replicas
// and the supervisor's respawns load a file. A changed workflow changes the hash: a stale
// bundle is never run.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// The build's root (dist/), also when this file runs from its TypeScript source (the tests).
const parent = fileURLToPath(new URL('..', import.meta.url));
const distRoot = basename(parent) === 'dist' ? parent : join(parent, 'dist');
export const WORKFLOWS_PATH = join(distRoot, 'workflows', 'index.js');

/**
 * The workflow interceptors (tracing/workflowInterceptors.ts), bundled into the workflow code
 * whether tracing is on or not: the bundle (and so the worker's build id) must not depend on a
 * process's environment. They trace only runs a tracing client started.
 */
export const WORKFLOW_INTERCEPTOR_MODULES: string[] = [join(distRoot, 'tracing', 'workflowInterceptors.js')];

/**
 * Modules evaluated once in the worker's reusable workflow context, before the SDK freezes its
 * globals, and shared by every run in it instead of evaluated again for each (the bundle's
 * `preloadModules`). Only stateless ones: the stack-trace limit (workflows/stackTraceLimit.ts) and
 * the SDK's pure dependencies — `long` (which compiles a WebAssembly module when evaluated),
 * `nexus-rpc` and `@temporalio/common` (payload converters, failure classes). Not
 * `@temporalio/workflow`: its cancellation scopes keep per-run state at module level.
 */
export const WORKFLOW_PRELOAD_MODULES: string[] = [join(distRoot, 'workflows', 'stackTraceLimit.js'), 'long', 'nexus-rpc', '@temporalio/common'];

/** What makes a worker (or the replayer) bundle the workflow code itself, as bundleMain.ts bundles it (with the interceptors, which a worker merges with its own). */
export const BUNDLED_IN_PROCESS = { workflowsPath: WORKFLOWS_PATH, bundlerOptions: { preloadModules: WORKFLOW_PRELOAD_MODULES } };

/** Where the workflow code can come from: what webpack reads (ours, the contract's names, the SDK, our tracing interceptors). */
function bundleInputs(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.js')) files.push(path);
    }
  };
  walk(join(distRoot, 'workflows'));
  walk(join(distRoot, 'interface'));
  files.push(...WORKFLOW_INTERCEPTOR_MODULES);
  walk(dirname(fileURLToPath(import.meta.resolve('@askflow/contract/names'))));
  for (const [pkg, entry] of [['@temporalio/workflow', ''], ['@temporalio/common', ''], ['@temporalio/workflow-streams', '/workflow'], ['@temporalio/worker', '']]) {
    files.push(packageJsonOf(fileURLToPath(import.meta.resolve(`${pkg}${entry}`)), pkg!));
  }
  return files;
}

/** The package's own package.json (found above its entry file): its version stands for the SDK code webpack reads. */
function packageJsonOf(entry: string, name: string): string {
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const path = join(dir, 'package.json');
    if (existsSync(path) && (JSON.parse(readFileSync(path, 'utf8')) as { name?: string }).name === name) return path;
  }
  throw new Error(`no package.json of ${name} above ${entry}`);
}

/**
 * A hash of the bundle's inputs (names relative to the checkout, and contents) and of the modules
 * it preloads: the bundle's file name, and the worker's default build id — the same code gives the same id wherever it is installed.
 */
export function bundleKey(inputs = bundleInputs(), preload = WORKFLOW_PRELOAD_MODULES): string {
  const hash = createHash('sha256');
  // What is preloaded changes the bundle as much as its files do.
  hash.update(JSON.stringify(preload.map((m) => (isAbsolute(m) ? relative(dirname(distRoot), m) : m)))).update('\0');
  for (const file of inputs) hash.update(relative(dirname(distRoot), file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

export function bundlePath(key = bundleKey()): string {
  return join(distRoot, 'workflow-bundles', `${key}.js`);
}

/**
 * The prebuilt bundle for the current code, made first (in a child process) when missing.
 * Falls back to bundling inside the worker when the build folder cannot be written (a read-only
 * image built without running `bundleMain`): slower and bigger, never wrong.
 */
export function workflowSource(log: (message: string) => void, key = bundleKey()): { workflowBundle: { codePath: string } } | typeof BUNDLED_IN_PROCESS {
  const codePath = bundlePath(key);
  if (!existsSync(codePath)) {
    try {
      execFileSync(process.execPath, [join(distRoot, 'worker', 'bundleMain.js'), codePath], { stdio: ['ignore', 'ignore', 'pipe'] });
      log(`workflow code bundled into ${codePath}`);
    } catch (err) {
      log(`could not prebundle the workflow code (${(err as Error).message.split('\n')[0]}); bundling in the worker`);
      return BUNDLED_IN_PROCESS;
    }
  }
  return { workflowBundle: { codePath } };
}
