// The worker's Temporal runtime, installed once before anything connects: the SDK's log lines go
// through Askflow's logger, and — with METRICS_PORT — its own worker metrics (task slots, poll and
// schedule-to-start latency) come from the core's Prometheus exporter on a loopback port, served
// by our /metrics beside Askflow's.
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { Runtime } from '@temporalio/worker';
import type { Env } from '../config/env.js';
import type { Logger } from '../config/logger.js';
import { configureMetrics } from '../metrics/registry.js';
import { startMetricsServer, type MetricsServer } from '../metrics/server.js';
import { sdkLogger } from './logging.js';

/** A loopback port no one listens on now (the SDK's exporter cannot report the port it took). */
async function freeLoopbackPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

export async function installWorkerRuntime(env: Env, log: Logger): Promise<MetricsServer | null> {
  configureMetrics({ process: 'worker', tenantLabels: env.METRICS_TENANT_LABELS });
  if (env.METRICS_PORT === undefined) {
    Runtime.install({ logger: sdkLogger(log, env.LOG_LEVEL) });
    return null;
  }
  const sdkPort = await freeLoopbackPort();
  // Like every service of Askflow's, the exporter is never a tool or knowledge target.
  process.env.ASKFLOW_DENY_ENDPOINTS = [process.env.ASKFLOW_DENY_ENDPOINTS, `127.0.0.1:${sdkPort}`].filter(Boolean).join(',');
  Runtime.install({
    logger: sdkLogger(log, env.LOG_LEVEL),
    telemetryOptions: { metrics: { prometheus: { bindAddress: `127.0.0.1:${sdkPort}`, useSecondsForDurations: true } } },
  });
  return startMetricsServer({ host: env.METRICS_HOST, port: env.METRICS_PORT, token: env.METRICS_TOKEN, extra: async () => (await fetch(`http://127.0.0.1:${sdkPort}/metrics`)).text() });
}
