// Worker Versioning: which deployment version a worker is, and making a version the one new runs
// start on. With `pinned`, a run stays on the version it started on until it ends, so a deploy
// whose workflow code changed never replays an in-flight ask on the new code (no
// non-determinism); the old workers stay up until their runs drain.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Connection, type WorkflowService } from '@temporalio/client';
import type { WorkerDeploymentVersion } from '@temporalio/common';
import type { WorkerDeploymentOptions } from '@temporalio/worker';
import type { TemporalEnv } from '../config/env.js';
import { temporalConnectionOptions } from '../config/temporalConnection.js';
import { bundleKey } from './workflowBundle.js';

type VersioningEnv = Pick<TemporalEnv, 'ASKFLOW_WORKER_VERSIONING' | 'ASKFLOW_DEPLOYMENT_NAME' | 'ASKFLOW_BUILD_ID'>;

/** A build id that changes exactly when the workflow code does: a hash of the bundle the worker runs. */
export function buildIdOf(bundleFile: string): string {
  return createHash('sha256').update(readFileSync(bundleFile)).digest('hex').slice(0, 16);
}

/**
 * This process's version: ASKFLOW_BUILD_ID, else the hash of the workflow code it runs — the
 * prebuilt bundle it was given, or this build's bundle key (pass it when already computed).
 */
export function deploymentVersion(env: VersioningEnv & Pick<TemporalEnv, 'ASKFLOW_WORKFLOW_BUNDLE'>, key?: string): WorkerDeploymentVersion {
  const own = () => (env.ASKFLOW_WORKFLOW_BUNDLE ? buildIdOf(env.ASKFLOW_WORKFLOW_BUNDLE) : (key ?? bundleKey()));
  return { deploymentName: env.ASKFLOW_DEPLOYMENT_NAME, buildId: env.ASKFLOW_BUILD_ID ?? own() };
}

/** The worker's deployment options: always its version (shown per poller), versioned routing when asked for. */
export function workerDeploymentOptions(env: VersioningEnv, version: WorkerDeploymentVersion): WorkerDeploymentOptions {
  if (env.ASKFLOW_WORKER_VERSIONING === 'off') return { version, useWorkerVersioning: false };
  return { version, useWorkerVersioning: true, defaultVersioningBehavior: env.ASKFLOW_WORKER_VERSIONING === 'pinned' ? 'PINNED' : 'AUTO_UPGRADE' };
}

/**
 * Makes `version` the deployment's current version: new runs start on it; pinned runs stay where
 * they are. The server refuses while the version has no pollers yet (its workers are still
 * starting), so this retries until `timeoutMs`.
 */
export async function setCurrentVersion(
  service: WorkflowService,
  namespace: string,
  version: WorkerDeploymentVersion,
  opts: { timeoutMs?: number; identity?: string } = {},
): Promise<void> {
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      const { workerDeploymentInfo } = await service.describeWorkerDeployment({ namespace, deploymentName: version.deploymentName });
      if (workerDeploymentInfo?.routingConfig?.currentDeploymentVersion?.buildId === version.buildId) return;
      await service.setWorkerDeploymentCurrentVersion({ namespace, deploymentName: version.deploymentName, buildId: version.buildId, identity: opts.identity ?? 'askflow' });
      return;
    } catch (err) {
      if (Date.now() + wait > deadline) {
        throw new Error(`could not make ${version.deploymentName}/${version.buildId} the current version: ${(err as Error).message}`, { cause: err });
      }
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/** Connects to Temporal as `env` says (TLS, API key) and makes `version` current there. */
export async function promoteVersion(env: TemporalEnv, version: WorkerDeploymentVersion, opts: { timeoutMs?: number; identity?: string } = {}): Promise<void> {
  const connection = await Connection.connect(temporalConnectionOptions(env));
  try {
    await setCurrentVersion(connection.workflowService, env.TEMPORAL_NAMESPACE, version, opts);
  } finally {
    await connection.close();
  }
}
