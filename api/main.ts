import { once } from 'node:events';
import { Client, Connection } from '@temporalio/client';
import { askflowDataConverter } from '../codec/dataConverter.js';
import { readEnv } from '../config/env.js';
import { createLogger } from '../config/logger.js';
import { temporalConnectionOptions } from '../config/temporalConnection.js';
import { chooseVectorIndex } from '../knowledge/vectors/select.js';
import { configureMetrics } from '../metrics/registry.js';
import { startMetricsServer } from '../metrics/server.js';
import { startTracing } from '../tracing/setup.js';
import { tracingClientInterceptors } from '../tracing/temporal.js';
import { migrate } from '../store/migrate.js';
import { createChannelListener } from '../store/notifications.js';
import { createPool } from '../store/pool.js';
import { parseMasterKey } from '../store/secrets.js';
import { webhookRetryOf } from '../interface/webhooks.js';
import { createApp } from './app.js';
import { createHttpServer } from './httpServer.js';
import { workerPresence } from './workerPresence.js';
import { createThrottles } from './middleware/throttles.js';
import { BUILT_CONSOLE_DIR } from './routes/console.js';

// Before anything that makes spans: the tracer provider is global.
const tracing = await startTracing('api');
const env = readEnv();
const log = createLogger('api', env.LOG_LEVEL);
configureMetrics({ process: 'api', tenantLabels: env.METRICS_TENANT_LABELS });
const metrics = env.METRICS_PORT === undefined ? null : await startMetricsServer({ host: env.METRICS_HOST, port: env.METRICS_PORT, token: env.METRICS_TOKEN });

const pool = createPool(env.DATABASE_URL, 20);
await migrate(env.DATABASE_URL, (m) => log.debug(m));
const connection = await Connection.connect(temporalConnectionOptions(env));
const temporal = new Client({ connection, namespace: env.TEMPORAL_NAMESPACE, dataConverter: askflowDataConverter(env), interceptors: await tracingClientInterceptors(tracing) });

const liveEvents = env.LIVE_EVENTS === 'on' ? createChannelListener(pool) : undefined;
const app = createApp({
  pool,
  log,
  temporal,
  temporalConnection: connection,
  workers: workerPresence(connection, env.TEMPORAL_NAMESPACE, env.TEMPORAL_TASK_QUEUE),
  throttles: createThrottles(pool, {
    signInsPerIp: { points: env.SIGNIN_FAILURES_PER_IP, seconds: 15 * 60 },
    signInsPerAccount: { points: env.SIGNIN_FAILURES_PER_ACCOUNT, seconds: 15 * 60 },
    invalidKeysPerIp: { points: env.INVALID_KEYS_PER_IP, seconds: 60 },
    invalidKeysPerPrefix: { points: env.INVALID_KEYS_PER_PREFIX, seconds: 60 },
  }),
  trustProxy: env.TRUST_PROXY,
  taskQueue: env.TEMPORAL_TASK_QUEUE,
  askTimeoutMs: env.ASK_TIMEOUT_MS,
  resultFallbackMs: env.ASK_RESULT_FALLBACK_MS,
  sseKeepAliveMs: env.SSE_KEEPALIVE_MS,
  ...(liveEvents ? { liveEvents } : {}),
  masterKey: parseMasterKey(env.ASKFLOW_MASTER_KEY),
  vectorIndex: await chooseVectorIndex({ sql: pool, env: process.env }),
  temporalUiUrl: env.TEMPORAL_UI_URL ?? null,
  temporalNamespace: env.TEMPORAL_NAMESPACE,
  consoleDistDir: env.CONSOLE_DIST_DIR ?? BUILT_CONSOLE_DIR,
  webhookRetry: webhookRetryOf(env),
  rateLimits: { perKeyPerMinute: env.RATE_LIMIT_KEY_PER_MINUTE, perProjectPerMinute: env.RATE_LIMIT_PROJECT_PER_MINUTE, windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS },
});
const server = createHttpServer(app, { headersTimeoutMs: env.HEADERS_TIMEOUT_MS, requestTimeoutMs: env.REQUEST_TIMEOUT_MS });
server.listen(env.PORT, env.HOST);
await once(server, 'listening');
const address = server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
log.info({ url: `http://${env.HOST}:${port}`, metrics: metrics?.url }, 'api ready');
if (process.send) process.send({ ready: true, port, metricsUrl: metrics?.url });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeIdleConnections();
  await once(server, 'close');
  await metrics?.close();
  await connection.close();
  await liveEvents?.close();
  await pool.end();
  await tracing?.shutdown();
  log.info('api stopped');
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
// A launcher that dies without stopping us must not leave an orphan api behind.
process.on('disconnect', () => void stop());
