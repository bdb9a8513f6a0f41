/**
 * Every binary the suite builds from a pinned Go module, built ahead of the tests that use them.
 * The test stack's global setup calls this before any test runs: on a cold machine the builds
 * take minutes (the Temporal server alone ~3–9 min on two busy cores), which must not count
 * against a test's own time limit. Built one after another: each `go install` already uses
 * every core. On a warm machine every binary is found in the cache and this returns at once.
 */
import { helmBinary, kubeconformBinary } from './k8sTools.js';
import { promtoolBinary } from './promtool.js';
import { temporalServerBinaries } from './temporalCluster.js';
import { temporalUiBinary } from './temporalUi.js';

export async function buildGoTools(log: (m: string) => void): Promise<void> {
  await temporalServerBinaries(log);
  await temporalUiBinary(log);
  await helmBinary(log);
  await kubeconformBinary(log);
  await promtoolBinary(log);
}
