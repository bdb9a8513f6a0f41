// Starts the real stack once for the whole suite (compiled by `tsc -b`, which `npm test` runs first).
import { buildGoTools } from '../../dist/infra/goTools.js';
import { startTestStack } from '../../dist/infra/testStack.js';

export default async function globalSetup() {
  // The cluster, chart and rules tests' Go binaries, built here where no test timeout runs.
  await buildGoTools((m) => console.log(`[askflow] ${m}`));
  const started = Date.now();
  const testStack = await startTestStack();
  globalThis.__ASKFLOW_TEST_STACK__ = testStack;
  // Test files run in worker processes spawned after this; they read the stack from here.
  process.env.ASKFLOW_TEST_STACK = JSON.stringify(testStack.info);
  console.log(`\n[askflow] test stack up in ${((Date.now() - started) / 1000).toFixed(1)} s: api ${testStack.info.baseUrl}, Temporal ${testStack.info.temporalAddress}`);
}
