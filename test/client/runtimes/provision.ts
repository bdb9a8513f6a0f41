// The runtimes of the matrix, installed from the npm registry at the versions pinned in this
// folder's package-lock.json, into a cache outside the clone (~/.cache/askflow/runtimes/<hash>):
// a fresh clone's `npm test` provisions them itself, later runs reuse them.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../../infra/paths.js';

const run = promisify(execFile);
const MANIFEST_DIR = join(REPO_ROOT, 'test/client/runtimes/pinned');

export interface RuntimeBinaries {
  /** The installed runtimes' node_modules (edge-runtime is a package, run by Node). */
  modules: string;
  node18: string;
  node22: string;
  node24: string;
  bun: string;
  deno: string;
  workerd: string;
}

function cacheRoot(): string {
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'askflow', 'runtimes');
}

/**
 * Installs the pinned runtimes once per lock file (`npm ci` in a scratch folder, then renamed
 * into place, so concurrent runs never see half an install) and returns their binaries.
 */
export async function provisionRuntimes(): Promise<RuntimeBinaries> {
  const lock = readFileSync(join(MANIFEST_DIR, 'package-lock.json'));
  const dir = join(cacheRoot(), createHash('sha256').update(lock).digest('hex').slice(0, 16));
  if (!existsSync(join(dir, 'node_modules', '.askflow-complete'))) {
    await mkdir(dirname(dir), { recursive: true });
    const scratch = await mkdtemp(`${dir}.installing-`);
    try {
      await cp(join(MANIFEST_DIR, 'package.json'), join(scratch, 'package.json'));
      await cp(join(MANIFEST_DIR, 'package-lock.json'), join(scratch, 'package-lock.json'));
      // The runtimes are prebuilt binaries inside their packages: no install script is needed.
      await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: scratch, maxBuffer: 16 * 1024 * 1024 });
      await rm(join(scratch, 'node_modules', '.askflow-complete'), { force: true });
      await cp(join(scratch, 'package-lock.json'), join(scratch, 'node_modules', '.askflow-complete'));
      // An install that died half-way is replaced; a complete one of another run is kept (below).
      if (existsSync(dir) && !existsSync(join(dir, 'node_modules', '.askflow-complete'))) await rm(dir, { recursive: true, force: true });
      await rename(scratch, dir).catch(async (err: NodeJS.ErrnoException) => {
        // Another run finished first: keep its install.
        if (!existsSync(join(dir, 'node_modules', '.askflow-complete'))) throw err;
        await rm(scratch, { recursive: true, force: true });
      });
    } catch (err) {
      await rm(scratch, { recursive: true, force: true });
      throw new Error(`Could not install the client's runtime matrix from the npm registry into ${dir}: ${(err as Error).message}`, { cause: err });
    }
  }
  const modules = join(dir, 'node_modules');
  return {
    modules,
    node18: join(modules, 'node18/bin/node'),
    node22: join(modules, 'node22/bin/node'),
    node24: join(modules, 'node24/bin/node'),
    bun: join(modules, '@oven/bun-linux-x64/bin/bun'),
    deno: join(modules, '@deno/linux-x64-glibc/deno'),
    workerd: join(modules, '@cloudflare/workerd-linux-64/bin/workerd'),
  };
}
