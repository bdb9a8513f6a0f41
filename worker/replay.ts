/**
 * Replays recorded workflow histories against the current workflow code: a change that would
 * break runs already in flight (non-determinism) fails here, before it is deployed.
 * Usage: node dist/worker/replay.js <history.json>...  (exit code 1 on any failure)
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Worker } from '@temporalio/worker';
import { NO_TRACING_SINKS } from '../tracing/temporal.js';
import { BUNDLED_IN_PROCESS, WORKFLOW_INTERCEPTOR_MODULES } from './workflowBundle.js';

const files = process.argv.slice(2);
if (!files.length) {
  console.error('usage: node dist/worker/replay.js <history.json>...');
  process.exit(2);
}
const histories = files.map((file) => ({ workflowId: basename(file, '.json'), history: JSON.parse(readFileSync(file, 'utf8')) as unknown }));
let failed = 0;
for await (const result of Worker.runReplayHistories(
  // The workflow code as the worker bundles it: with the tracing interceptors.
  { ...BUNDLED_IN_PROCESS, interceptors: { workflowModules: WORKFLOW_INTERCEPTOR_MODULES }, sinks: NO_TRACING_SINKS },
  histories,
)) {
  if (result.error) {
    failed++;
    console.log(`FAIL ${result.workflowId}: ${String(result.error)}`);
  } else {
    console.log(`ok   ${result.workflowId}`);
  }
}
process.exit(failed ? 1 : 0);
