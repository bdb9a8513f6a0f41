import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CACHE_DIR } from './paths.js';

const run = promisify(execFile);

export interface GoBuild {
  /** What it is, for messages: "the Temporal server". */
  what: string;
  /** Cache folder name under the machine cache. */
  cacheName: string;
  version: string;
  /** `go install` targets without the version, and the binary each yields (its last path element). */
  packages: string[];
}

/**
 * Binaries built once from pinned Go modules into the machine cache (`~/.cache/askflow/<name>/<version>/bin`),
 * outside the clone, so reruns and fresh clones do not rebuild. Built into a private folder and
 * moved in, so a concurrent launcher never sees half a binary.
 */
export async function goBinaries(build: GoBuild, log: (m: string) => void): Promise<Record<string, string>> {
  const dir = join(CACHE_DIR, build.cacheName, build.version);
  const paths = Object.fromEntries(build.packages.map((p) => [p.split('/').at(-1)!, join(dir, 'bin', p.split('/').at(-1)!)]));
  if (Object.values(paths).every((p) => existsSync(p))) return paths;
  try {
    await run('go', ['version']);
  } catch {
    throw new Error(`Building ${build.what} needs Go (https://go.dev/dl), which is not installed.`);
  }
  log(`Building ${build.what} ${build.version} from its Go module (once; cached in ${dir})…`);
  const started = Date.now();
  // A folder of its own per build, not per process: two builds of one binary in one process (the
  // server, wanted by the cluster and by the tools at once) each moved their own copy in, and the
  // second found the first's folder emptied.
  mkdirSync(dir, { recursive: true });
  const staging = mkdtempSync(join(dir, 'staging-'));
  try {
    await run('go', ['install', ...build.packages.map((p) => `${p}@${build.version}`)], {
      env: { ...process.env, GOBIN: staging, GOFLAGS: '-ldflags=-s -w' },
      maxBuffer: 64 * 1024 * 1024,
    });
    mkdirSync(join(dir, 'bin'), { recursive: true });
    for (const [name, path] of Object.entries(paths)) renameSync(join(staging, name), path);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  log(`Built ${build.what} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return paths;
}
