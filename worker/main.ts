import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { createActivities } from '../activities/index.js';
import { askflowDataConverter } from '../codec/dataConverter.js';
import { readEnv } from '../config/env.js';
import { createLogger } from '../config/logger.js';
import { temporalConnectionOptions } from '../config/temporalConnection.js';
import { chooseVectorIndex } from '../knowledge/vectors/select.js';
import { configureMetrics } from '../metrics/registry.js';
import { startMetricsServer } from '../metrics/server.js';
import { migrate } from '../store/migrate.js';
import { createPool } from '../store/pool.js';
import { parseMasterKey } from '../store/secrets.js';
import { deploymentVersion, workerDeploymentOptions, buildIdOf } from './deployment.js';
import { bundleKey, workflowSource } from './workflowBundle.js';
import { activityLogContext, sdkLogger } from './logging.js';

/** A loopback port no one listens on now (for the SDK's exporter, which cannot report the port it took). */
async function freeLoopbackPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

const env = readEnv();
const log = createLogger('worker', env.LOG_LEVEL);

const pool = createPool(env.DATABASE_URL);
await migrate(env.DATABASE_URL, (m) => log.debug(m));

configureMetrics({ process: 'worker', tenantLabels: env.METRICS_TENANT_LABELS });
// The Temporal SDK's own worker metrics (task slots, poll and schedule-to-start latency) come from
// its core's Prometheus exporter on a loopback port; our /metrics serves them beside Askflow's.
const sdkMetricsPort = env.METRICS_PORT === undefined ? null : await freeLoopbackPort();
if (sdkMetricsPort) {
  // Like every service of Askflow's, the exporter is never a tool or knowledge target.
  process.env.ASKFLOW_DENY_ENDPOINTS = [process.env.ASKFLOW_DENY_ENDPOINTS, `127.0.0.1:${sdkMetricsPort}`].filter(Boolean).join(',');
}
Runtime.install({
  logger: sdkLogger(log, env.LOG_LEVEL),
  ...(sdkMetricsPort ? { telemetryOptions: { metrics: { prometheus: { bindAddress: `127.0.0.1:${sdkMetricsPort}`, useSecondsForDurations: true } } } } : {}),
});
const metrics =
  env.METRICS_PORT === undefined
    ? null
    : await startMetricsServer({ host: env.METRICS_HOST, port: env.METRICS_PORT, token: env.METRICS_TOKEN, extra: async () => (await fetch(`http://127.0.0.1:${sdkMetricsPort}/metrics`)).text() });

const connection = await NativeConnection.connect(temporalConnectionOptions(env));
const source = env.ASKFLOW_WORKFLOW_BUNDLE ? { workflowBundle: { codePath: env.ASKFLOW_WORKFLOW_BUNDLE } } : workflowSource((m) => log.info(m));
// The build id follows the workflow code: a deploy that changes it is a new version, one that does not is the same.
const version = deploymentVersion(env, env.ASKFLOW_WORKFLOW_BUNDLE ? buildIdOf(env.ASKFLOW_WORKFLOW_BUNDLE) : bundleKey());
const worker = await Worker.create({
  connection,
  namespace: env.TEMPORAL_NAMESPACE,
  taskQueue: env.TEMPORAL_TASK_QUEUE,
  // Payloads are encrypted before they leave this process: histories hold no clear text.
  dataConverter: askflowDataConverter(env),
  ...source,
  workerDeploymentOptions: workerDeploymentOptions(env, version),
  interceptors: { activity: [activityLogContext] },
  activities: createActivities({ pool, masterKey: parseMasterKey(env.ASKFLOW_MASTER_KEY), vectorIndex: await chooseVectorIndex({ sql: pool, env: process.env }), liveEvents: env.LIVE_EVENTS === 'on' }),
  // In-flight activities get this long to finish when the worker is asked to stop.
  shutdownGraceTime: `${env.WORKER_SHUTDOWN_GRACE_SECONDS} seconds`,
});

// A launcher that dies without stopping us must not leave an orphan worker behind.
process.on('disconnect', () => worker.shutdown());

log.info({ taskQueue: env.TEMPORAL_TASK_QUEUE, namespace: env.TEMPORAL_NAMESPACE, version, versioning: env.ASKFLOW_WORKER_VERSIONING }, 'worker ready');
if (process.send) process.send({ ready: true, version, metricsUrl: metrics?.url });
// run() resolves once SIGINT/SIGTERM (the SDK's shutdown signals) have drained in-flight tasks.
await worker.run();
await metrics?.close();
await connection.close();
await pool.end();
log.info('worker stopped');
// The SDK's native runtime keeps the event loop alive; everything is drained, so leave now.
process.exit(0);
