import { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../activities/index.js';
import { askflowDataConverter } from '../codec/dataConverter.js';
import { readEnv } from '../config/env.js';
import { createLogger } from '../config/logger.js';
import { temporalConnectionOptions } from '../config/temporalConnection.js';
import { chooseVectorIndex } from '../knowledge/vectors/select.js';
import { migrate } from '../store/migrate.js';
import { createPool } from '../store/pool.js';
import { sweepPushed } from '../store/pushedEvents.js';
import { parseMasterKey } from '../store/secrets.js';
import { webhookRetryOf } from '../interface/webhooks.js';
import { restartStalledDeliveries } from '../interface/webhookOutbox.js';
import { deploymentVersion, workerDeploymentOptions } from './deployment.js';
import { bundleKey, workflowSource, WORKFLOW_INTERCEPTOR_MODULES } from './workflowBundle.js';
import { activityLogContext } from './logging.js';
import { installWorkerRuntime } from './observability.js';
import { startTracing } from '../tracing/setup.js';
import { workerTracing } from '../tracing/temporal.js';
import { LexicalIndex } from '../knowledge/lexicalIndex/index.js';
import { closeParsePool } from '../knowledge/parseBounded.js';

const env = readEnv();
const log = createLogger('worker', env.LOG_LEVEL);

const pool = createPool(env.DATABASE_URL);
await migrate(env.DATABASE_URL, (m) => log.debug(m));

const metrics = await installWorkerRuntime(env, log);

const connection = await NativeConnection.connect(temporalConnectionOptions(env));
// The bundle's key (a hash of the workflow code's files) is computed once: it names the bundle
// and is the default build id — a deploy that changes the code is a new version.
const key = env.ASKFLOW_WORKFLOW_BUNDLE ? undefined : bundleKey();
const source = env.ASKFLOW_WORKFLOW_BUNDLE ? { workflowBundle: { codePath: env.ASKFLOW_WORKFLOW_BUNDLE } } : workflowSource((m) => log.info(m), key);
const version = deploymentVersion(env, key);
const tracing = await startTracing('worker', version.buildId);
// For activities that read run states or signal runs (the thread queue), over the worker's connection.
const temporal = new Client({ connection, namespace: env.TEMPORAL_NAMESPACE, dataConverter: askflowDataConverter(env) });
const traced = await workerTracing(tracing);
const outbox = { pool, temporal, taskQueue: env.TEMPORAL_TASK_QUEUE, retry: webhookRetryOf(env) };
const worker = await Worker.create({
  connection,
  namespace: env.TEMPORAL_NAMESPACE,
  taskQueue: env.TEMPORAL_TASK_QUEUE,
  // Payloads are encrypted before they leave this process: histories hold no clear text.
  dataConverter: askflowDataConverter(env),
  ...source,
  workerDeploymentOptions: workerDeploymentOptions(env, version),
  // The tracing interceptors first: the activity's span is active when ours adds its ids to it.
  interceptors: { activity: [...traced.activity, activityLogContext], ...('workflowsPath' in source ? { workflowModules: WORKFLOW_INTERCEPTOR_MODULES } : {}) },
  sinks: traced.sinks,
  activities: createActivities({
    pool,
    masterKey: parseMasterKey(env.ASKFLOW_MASTER_KEY),
    vectorIndex: await chooseVectorIndex({ sql: pool, env: process.env }),
    lexicalIndex: new LexicalIndex({ sql: pool }),
    liveEvents: env.LIVE_EVENTS === 'on',
    temporal,
    // Activities announce webhook events by starting delivery workflows on this worker's task queue.
    webhooks: outbox,
  }),
  maxCachedWorkflows: env.ASKFLOW_WORKER_CACHED_WORKFLOWS,
  // No more workflow tasks at once than the cache holds runs (the SDK's 40 otherwise, whatever the
  // cache): with a cache of 2, a worker given 40 stopped polling, or never began, and asks waited
  // unstarted for good (test/worker/smallCache.test.ts).
  maxConcurrentWorkflowTaskExecutions: Math.min(env.ASKFLOW_WORKER_CACHED_WORKFLOWS, 40),
  // Heartbeats reach Temporal at least this often (the SDK's 80 % of the heartbeat timeout
  // otherwise): the ask's activities time out 6 s after their last beat (workflows/askRun.ts),
  // and a live worker's beat must not be the one held back.
  maxHeartbeatThrottleInterval: '2 seconds',
  // A run's next workflow task goes to the worker that has it cached; if that worker died, the
  // task waits this long before any worker may take it (the SDK's 10 s: a streamed ask whose
  // worker was killed read its `done` 10.4 s after, `npm run bench:recovery`). A live worker
  // takes its own tasks in milliseconds; one too busy for 3 s hands them on, replaying the run.
  stickyQueueScheduleToStartTimeout: '3 seconds',
  // In-flight activities get this long to finish when the worker is asked to stop.
  shutdownGraceTime: `${env.WORKER_SHUTDOWN_GRACE_SECONDS} seconds`,
});

/** Far longer than a streamed ask's generation can run, with all its attempts. */
const PUSHED_EVENTS_KEPT_SECONDS = 3_600;

// Deliveries whose announcer stopped before starting them are started here (once a minute), and
// fast-path records no attempt cleaned up are dropped (an ask that ended before a retry took
// them: cancelled, or the worker of its last recording attempt lost too).
const sweeper = setInterval(() => {
  restartStalledDeliveries(outbox, env.ASKFLOW_WEBHOOK_SWEEP_MS / 1000).then(
    (n) => n && log.info({ deliveries: n }, 'started webhook deliveries left unstarted'),
    (err: unknown) => log.warn({ err }, 'could not look for unstarted webhook deliveries'),
  );
  sweepPushed(pool, PUSHED_EVENTS_KEPT_SECONDS).catch((err: unknown) => log.warn({ err }, 'could not drop old pushed events'));
}, env.ASKFLOW_WEBHOOK_SWEEP_MS);
sweeper.unref();

// A launcher that dies without stopping us must not leave an orphan worker behind.
process.on('disconnect', () => worker.shutdown());

log.info({ taskQueue: env.TEMPORAL_TASK_QUEUE, namespace: env.TEMPORAL_NAMESPACE, version, versioning: env.ASKFLOW_WORKER_VERSIONING }, 'worker ready');
if (process.send) process.send({ ready: true, version, metricsUrl: metrics?.url });
// run() resolves once SIGINT/SIGTERM (the SDK's shutdown signals) have drained in-flight tasks.
await worker.run();
clearInterval(sweeper);
await closeParsePool();
await metrics?.close();
await connection.close();
await pool.end();
await tracing?.shutdown();
log.info('worker stopped');
// The SDK's native runtime keeps the event loop alive; everything is drained, so leave now.
process.exit(0);
