import { Connection } from '@temporalio/client';
import type { WorkerDeploymentVersion } from '@temporalio/common';
import { readTemporalEnv } from '../config/env.js';
import { temporalConnectionOptions } from '../config/temporalConnection.js';
import { setCurrentVersion } from '../worker/deployment.js';

/** Makes the stack's workers' version current on the Temporal the services use (the stack's own or TEMPORAL_ADDRESS). */
export async function makeCurrent(serviceEnv: NodeJS.ProcessEnv, version: WorkerDeploymentVersion): Promise<void> {
  const env = readTemporalEnv(serviceEnv);
  const connection = await Connection.connect(temporalConnectionOptions(env));
  try {
    await setCurrentVersion(connection.workflowService, env.TEMPORAL_NAMESPACE, version, { identity: 'askflow launcher' });
  } finally {
    await connection.close();
  }
}
