import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, from either `infra/` (source) or `dist/infra/` (compiled). */
export const REPO_ROOT = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../' : '../', import.meta.url));

/** Folder for everything a local stack writes (data, logs, dev.json); git-ignored `.askflow/` unless ASKFLOW_STATE_DIR says otherwise. */
export const STATE_DIR = process.env.ASKFLOW_STATE_DIR ?? join(REPO_ROOT, '.askflow');

/** Machine-wide cache that outlives clones (the built Temporal CLI lives here). */
export const CACHE_DIR = process.env.ASKFLOW_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'askflow');

export const DIST_DIR = join(REPO_ROOT, 'dist');
