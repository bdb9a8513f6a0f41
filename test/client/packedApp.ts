// The packages as a user installs them: `npm pack` (its prepack builds ESM and CommonJS), then a
// fresh project installs the tarballs. Shared by the tests that run or bundle the packed client.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../infra/paths.js';

export const run = promisify(execFile);

export interface Packed {
  tarball: string;
  files: string[];
}

/** `npm pack` into `dir`; the file list npm reports. */
export async function pack(pkg: 'contract' | 'client', dir: string): Promise<Packed> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: join(REPO_ROOT, pkg) });
  const [report] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  return { tarball: join(dir, report!.filename), files: report!.files.map((f) => f.path).sort() };
}

/** Packs both packages and installs them into `<dir>/app`, a project of its own; returns the app's folder. */
export async function installPacked(dir: string): Promise<{ app: string; contract: Packed; client: Packed }> {
  const contract = await pack('contract', dir);
  const client = await pack('client', dir);
  const app = join(dir, 'app');
  await mkdir(app, { recursive: true });
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', contract.tarball, client.tarball], { cwd: app });
  return { app, contract, client };
}
