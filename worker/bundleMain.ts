// `node dist/worker/bundleMain.js [out]`: bundles the workflow code (into `out`, by default the
// current build's bundle path) and exits, so webpack's memory goes with this process rather than
// staying in the worker's (workflowBundle.ts). Container images run it at build time.
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';
import { bundlePath, WORKFLOW_INTERCEPTOR_MODULES, WORKFLOW_PRELOAD_MODULES, WORKFLOWS_PATH } from './workflowBundle.js';

const out = process.argv[2] ?? bundlePath();
const { code } = await bundleWorkflowCode({
  workflowsPath: WORKFLOWS_PATH,
  workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES,
  preloadModules: WORKFLOW_PRELOAD_MODULES,
});
mkdirSync(dirname(out), { recursive: true });
// Write then rename: a worker starting beside us never reads half a bundle.
const partial = `${out}.${process.pid}.partial`;
writeFileSync(partial, code);
renameSync(partial, out);
// Bundles of earlier builds are never read again (their hash is gone with their code).
for (const old of readdirSync(dirname(out))) {
  if (old !== basename(out) && old.endsWith('.js')) rmSync(join(dirname(out), old), { force: true });
}
