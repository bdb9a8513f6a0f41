/**
 * The cluster topology (`ASKFLOW_TEMPORAL=cluster`): the Temporal server itself — frontend,
 * history, matching and worker services in one process — built from its pinned Go module, with
 * PostgreSQL persistence and visibility in databases of its own on the stack's PostgreSQL, its
 * schema applied by the server's own SQL tool. The production shape of Temporal, on one machine.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Connection } from '@temporalio/client';
import proto from '@temporalio/proto';
import { msToTs } from '@temporalio/common/lib/time.js';
import { SEARCH_ATTRIBUTES } from '../interface/searchAttributes.js';
import { goBinaries } from './goBinaries.js';
import { spawnProgram, type ManagedProcess } from './processes.js';
import { waitForFrontend, type TemporalInfo } from './temporal.js';

const run = promisify(execFile);

/** Its go.mod has no `replace`, so `go install` builds it as published (the CLI v1.5.1 embeds the same version). */
export const TEMPORAL_SERVER_MODULE = 'go.temporal.io/server';
export const TEMPORAL_SERVER_VERSION = 'v1.29.1';

/** The server and its SQL schema tool: from the machine cache, else built once from the module into it. */
export async function temporalServerBinaries(log: (m: string) => void): Promise<{ server: string; sqlTool: string }> {
  const built = await goBinaries(
    { what: 'the Temporal server and its SQL tool', cacheName: 'temporal-server', version: TEMPORAL_SERVER_VERSION, packages: [`${TEMPORAL_SERVER_MODULE}/cmd/server`, `${TEMPORAL_SERVER_MODULE}/cmd/tools/sql`] },
    log,
  );
  return { server: built.server!, sqlTool: built.sql! };
}

export interface ClusterPorts {
  frontend: number;
  http: number;
  history: number;
  matching: number;
  worker: number;
  /** Each service's membership (ringpop) port: frontend, history, matching, worker. */
  membership: [number, number, number, number];
  metrics: number;
}

export interface ClusterOptions {
  /** The stack's PostgreSQL; the cluster keeps its data in two databases of its own there. */
  postgresUrl: string;
  /** Prefix of those databases (`<prefix>` and `<prefix>_visibility`). */
  database: string;
  ports: ClusterPorts;
  dir: string;
  logFile: string;
  log: (m: string) => void;
  supervise?: (name: string, start: () => Promise<ManagedProcess>) => Promise<ManagedProcess>;
}

/** Creates the database if missing and brings its schema to the version this server ships (idempotent). */
async function applySchema(sqlTool: string, pg: URL, database: string, schema: 'temporal' | 'visibility', logFile: string): Promise<void> {
  const conn = ['--plugin', 'postgres12', '--ep', pg.hostname, '--port', pg.port || '5432', '--user', decodeURIComponent(pg.username || 'postgres'), '--password', decodeURIComponent(pg.password), '--db', database];
  const tool = async (args: string[]) => {
    try {
      await run(sqlTool, [...conn, ...args], { maxBuffer: 16 * 1024 * 1024 });
    } catch (err) {
      const e = err as Error & { stderr?: string; stdout?: string };
      writeFileSync(logFile, `${e.stdout ?? ''}${e.stderr ?? ''}`, { flag: 'a' });
      throw new Error(`temporal-sql-tool ${args[0]} on ${database} failed: ${(e.stderr ?? e.message).split("\n").slice(-3).join(" ")}`, { cause: err });
    }
  };
  await tool(['create-database']).catch((err: Error) => {
    if (!/already exists/i.test(err.message)) throw err;
  });
  // setup-schema makes the version table (a no-op error when it is there); update-schema applies what is new.
  await tool(['setup-schema', '-v', '0.0']).catch((err: Error) => {
    if (!/already exists/i.test(err.message)) throw err;
  });
  await tool(['update-schema', '--schema-name', `postgresql/v12/${schema}`]);
}

function configYaml(o: ClusterOptions, pg: URL): string {
  const store = (db: string, maxConns: number) => `
      sql:
        pluginName: postgres12
        databaseName: ${JSON.stringify(db)}
        connectAddr: ${JSON.stringify(`${pg.hostname}:${pg.port || '5432'}`)}
        connectProtocol: tcp
        user: ${JSON.stringify(decodeURIComponent(pg.username || 'postgres'))}
        password: ${JSON.stringify(decodeURIComponent(pg.password))}
        maxConns: ${maxConns}
        maxIdleConns: ${maxConns}
        maxConnLifetime: 1h`;
  const service = (grpc: number, membership: number, extra = '') => `
    rpc:
      grpcPort: ${grpc}
      membershipPort: ${membership}
      bindOnLocalHost: true${extra}`;
  const p = o.ports;
  return `# Written by the Askflow launcher (infra/temporalCluster.ts) on each start.
log:
  stdout: true
  level: warn
persistence:
  defaultStore: default
  visibilityStore: visibility
  numHistoryShards: 4
  datastores:
    default:${store(o.database, 20)}
    visibility:${store(`${o.database}_visibility`, 4)}
global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: 127.0.0.1
  metrics:
    prometheus:
      framework: tally
      timerType: histogram
      listenAddress: 127.0.0.1:${p.metrics}
services:
  frontend:${service(p.frontend, p.membership[0], `\n      httpPort: ${p.http}`)}
  history:${service(p.history, p.membership[1])}
  matching:${service(p.matching, p.membership[2])}
  worker:${service(p.worker, p.membership[3])}
clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: active
  currentClusterName: active
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: frontend
      rpcAddress: 127.0.0.1:${p.frontend}
dcRedirectionPolicy:
  policy: noop
dynamicConfigClient:
  filepath: ${JSON.stringify(join(o.dir, 'config', 'dynamicconfig.yaml'))}
  pollInterval: 10s
`;
}

/**
 * What the dev server sets by flag, set here in dynamic config: one shard's transfer queue read
 * often (see DEV_SERVER_TUNING), eager activities, and the worker-versioning APIs on.
 */
const DYNAMIC_CONFIG = `history.transferProcessorMaxPollRPS:
  - value: 1000
system.enableActivityEagerExecution:
  - value: true
frontend.workerVersioningWorkflowAPIs:
  - value: true
system.enableDeploymentVersions:
  - value: true
frontend.enableUpdateWorkflowExecution:
  - value: true
frontend.enableUpdateWorkflowExecutionAsyncAccepted:
  - value: true
`;

/** The `default` namespace (a new cluster has none) and Askflow's search attributes. */
async function registerNamespace(address: string): Promise<void> {
  const connection = await Connection.connect({ address });
  try {
    await connection.workflowService
      .registerNamespace({ namespace: 'default', workflowExecutionRetentionPeriod: msToTs('3 days') })
      .catch((err: Error) => {
        if (!/already exists|AlreadyExists/i.test(err.message)) throw err;
      });
    const { IndexedValueType } = proto.temporal.api.enums.v1;
    const searchAttributes = Object.fromEntries(Object.values(SEARCH_ATTRIBUTES).map((k) => [k.name, IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD]));
    // The namespace takes a moment to reach every service: retry until the attributes are accepted.
    for (let attempt = 0; ; attempt++) {
      try {
        await connection.operatorService.addSearchAttributes({ namespace: 'default', searchAttributes });
        return;
      } catch (err) {
        if (/already exists/i.test((err as Error).message)) return;
        if (attempt >= 40) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    await connection.close();
  }
}

/** Builds (once), migrates and starts the Temporal server; resolves when it serves, with `default` ready. */
export async function startTemporalCluster(o: ClusterOptions): Promise<TemporalInfo> {
  const { server, sqlTool } = await temporalServerBinaries(o.log);
  const pg = new URL(o.postgresUrl);
  await applySchema(sqlTool, pg, o.database, 'temporal', o.logFile);
  await applySchema(sqlTool, pg, `${o.database}_visibility`, 'visibility', o.logFile);
  const configDir = join(o.dir, 'config');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(join(configDir, 'askflow.yaml'), configYaml(o, pg));
  writeFileSync(join(configDir, 'dynamicconfig.yaml'), DYNAMIC_CONFIG);
  const address = `127.0.0.1:${o.ports.frontend}`;
  const start = async () => {
    const proc = spawnProgram('temporal', server, ['--root', o.dir, '--config', 'config', '--env', 'askflow', '--allow-no-auth', 'start'], o.logFile);
    await waitForFrontend(address, proc, 90_000);
    return proc;
  };
  const proc = o.supervise ? await o.supervise('temporal', start) : await start();
  await registerNamespace(address);
  return { address, namespace: 'default', uiUrl: null, process: proc };
}
