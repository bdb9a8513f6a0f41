// `node dist/worker/promoteMain.js [buildId]`: makes a worker deployment version the current one
// (new asks start on it; with pinned versioning, running asks finish where they started). Run
// after the new version's workers are up — by `npm start` itself, by the Helm chart's
// post-upgrade hook, or by hand. Without a build id: this build's own (a hash of its workflow code).
import { readTemporalEnv } from '../config/env.js';
import { createLogger } from '../config/logger.js';
import { deploymentVersion, promoteVersion } from './deployment.js';

const env = readTemporalEnv();
const log = createLogger('promote');
const version = deploymentVersion({ ...env, ASKFLOW_BUILD_ID: process.argv[2] ?? env.ASKFLOW_BUILD_ID });
try {
  await promoteVersion(env, version, { timeoutMs: Number(process.env.ASKFLOW_PROMOTE_TIMEOUT_MS ?? 120_000) });
  log.info({ version }, 'current version set');
} catch (err) {
  log.error({ version, err: (err as Error).message }, 'could not set the current version');
  process.exitCode = 1;
}
