/**
 * Everything about provisioning Temporal for Askflow lives here, used by `npm start`, `npm test`
 * (and so `.ci/run`):
 * - `TEMPORAL_ADDRESS` set → that cluster (TLS / API key from the environment), with Askflow's
 *   search attributes registered through the operator service when it allows it.
 * - unset → the official Temporal CLI dev server, found on PATH, else in the machine cache, else
 *   built once from its pinned Go module into that cache.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Connection } from '@temporalio/client';
import proto from '@temporalio/proto';
import { readTemporalEnv } from '../config/env.js';
import { temporalConnectionOptions } from '../config/temporalConnection.js';
import { SEARCH_ATTRIBUTES } from '../interface/searchAttributes.js';
import { goBinaries } from './goBinaries.js';
import { lastLines, readLog, spawnProgram, type ManagedProcess } from './processes.js';

const run = promisify(execFile);

/** Pinned: later tags carry a `replace` directive that `go install` refuses. */
export const TEMPORAL_CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal';
export const TEMPORAL_CLI_VERSION = 'v1.5.1';


export interface TemporalInfo {
  address: string;
  namespace: string;
  /** Web UI base, when there is one we know of. */
  uiUrl: string | null;
  /** Present when this process started the dev server. */
  process: ManagedProcess | null;
}

async function onPath(): Promise<string | null> {
  try {
    await run('temporal', ['--version']);
    return 'temporal';
  } catch {
    return null;
  }
}

/** The `temporal` binary: PATH, else cache, else `go install` of the pinned module into the cache. */
export async function temporalCli(log: (m: string) => void): Promise<string> {
  const found = await onPath();
  if (found) return found;
  try {
    const built = await goBinaries({ what: 'the Temporal CLI', cacheName: 'temporal-cli', version: TEMPORAL_CLI_VERSION, packages: [TEMPORAL_CLI_MODULE] }, log);
    return built.temporal!;
  } catch (err) {
    throw new Error(`${(err as Error).message} Or install the Temporal CLI, or set TEMPORAL_ADDRESS to use an existing cluster.`, { cause: err });
  }
}

function searchAttributeFlags(): string[] {
  return Object.values(SEARCH_ATTRIBUTES).flatMap((k) => ['--search-attribute', `${k.name}=Keyword`]);
}

export async function waitForFrontend(address: string, proc: ManagedProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) {
      // A port taken before the server bound it is said once, early, and then buried under the
      // panic that follows: put it first, so the caller can tell it from other failures and retry.
      const log = readLog(proc.logFile);
      const bind = log === null ? undefined : /.*address already in use.*/.exec(log)?.[0];
      throw new Error(`The Temporal server exited (${proc.child.exitCode}).${bind ? ` ${bind}` : ''} Last log lines (${proc.logFile}):\n${lastLines(log)}`);
    }
    const conn = await Connection.connect({ address, connectTimeout: 1000 }).catch(() => null); // null: not up yet
    if (conn) {
      try {
        // With a deadline: whatever else listens on the port (it was taken) may accept and never answer.
        const health = await conn.withDeadline(Date.now() + 2000, () => conn.healthService.check({}));
        if (health.status === 1) return;
      } catch {
        // not serving yet
      } finally {
        await conn.close().catch(() => undefined);
      }
    }
    if (Date.now() > deadline) {
      await proc.stop(1000);
      throw new Error(`The Temporal server did not answer on ${address} within ${timeoutMs} ms. Log: ${proc.logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface DevServerOptions {
  port: number;
  uiPort: number;
  /** The frontend's HTTP API and the /metrics endpoint: pinned (the CLI's default is a random free port) so they can be refused as tool and knowledge targets. */
  httpPort: number;
  metricsPort: number;
  /** SQLite file; runs survive restarts of the dev server. */
  dbFile: string;
  /** The remote codec the Web UI decodes payloads with (the launcher's codec endpoint). */
  codecEndpoint?: string;
  logFile: string;
  log: (m: string) => void;
  /** Restarts the dev server when it dies (the launcher's supervisor); absent: started once. */
  supervise?: (name: string, start: () => Promise<ManagedProcess>) => Promise<ManagedProcess>;
}

/**
 * The dev server's defaults are tuned for a cluster of many history shards; it has one, and
 * every ask's tasks pass through it (`npm run bench:timeline` shows each hop):
 * - `history.transferProcessorMaxPollRPS` (default 20) caps how often that one shard's transfer
 *   queue is read, so each new workflow or activity task waited up to 50 ms before matching saw
 *   it — three times per ask. At 1000 a read follows a written task within a millisecond.
 * - `system.enableActivityEagerExecution` (off by default) lets the worker take the activity it
 *   just scheduled in the reply to its workflow task, when it has a free slot, instead of a round
 *   trip through the transfer queue and matching. Same timeouts, heartbeats and retries.
 * - SQLite in WAL mode with `synchronous=NORMAL`: a commit appends to the log without syncing the
 *   whole database; runs still survive a crash of the server (not of the machine's power).
 * - `system.forceSearchAttributesCacheRefreshOnRead`, which the dev server turns on so that a
 *   search attribute added while it runs is usable at once, made every read of the search
 *   attributes (starting a run, recording its visibility, each workflow task's commands, each
 *   history read) read them from SQLite again: 4.5 % of the server's CPU under load went to
 *   reading its cluster metadata for that alone (a CPU profile, README Benchmarks). Askflow's are
 *   registered when the server starts (`--search-attribute`), before anything reads them.
 * - One partition per task queue instead of four. With four, pollers spread over the partitions,
 *   and a task written to one without a waiting poller is matched only after a forwarded poll or
 *   a backlog read: under load some tasks waited ~2 s (`npm run bench`: the empty workflow's p99
 *   at concurrency 1 was 2,017 ms with four, 26 ms with one; README, Benchmarks). One machine runs
 *   one matching host, so more partitions buy nothing here. A data folder made with four still
 *   has the tasks it left in partitions 1–3 handed out (test/infra/taskQueuePartitions.test.ts).
 */
const DEV_SERVER_TUNING = [
  '--dynamic-config-value', 'history.transferProcessorMaxPollRPS=1000',
  '--dynamic-config-value', 'system.enableActivityEagerExecution=true',
  '--dynamic-config-value', 'system.forceSearchAttributesCacheRefreshOnRead=false',
  '--dynamic-config-value', 'matching.numTaskqueueReadPartitions=1',
  '--dynamic-config-value', 'matching.numTaskqueueWritePartitions=1',
  '--sqlite-pragma', 'journal_mode=WAL',
  '--sqlite-pragma', 'synchronous=NORMAL',
];

/** Starts `temporal server start-dev` with Askflow's search attributes, and waits until it serves. */
export async function startTemporalDevServer(opts: DevServerOptions): Promise<TemporalInfo> {
  const cli = await temporalCli(opts.log);
  const address = `127.0.0.1:${opts.port}`;
  const args = [
    'server', 'start-dev',
    '--ip', '127.0.0.1',
    '--port', String(opts.port),
    '--ui-port', String(opts.uiPort),
    '--http-port', String(opts.httpPort),
    '--metrics-port', String(opts.metricsPort),
    '--db-filename', opts.dbFile,
    ...(opts.codecEndpoint ? ['--ui-codec-endpoint', opts.codecEndpoint] : []),
    '--log-level', 'warn',
    ...searchAttributeFlags(),
    ...DEV_SERVER_TUNING,
  ];
  const start = async () => {
    const proc = spawnProgram('temporal', cli, args, opts.logFile);
    await waitForFrontend(address, proc, 60_000);
    return proc;
  };
  const proc = opts.supervise ? await opts.supervise('temporal', start) : await start();
  return { address, namespace: 'default', uiUrl: `http://127.0.0.1:${opts.uiPort}`, process: proc };
}

/** Uses the cluster named by `TEMPORAL_ADDRESS`, registering the search attributes if allowed. */
export async function useExistingTemporal(log: (m: string) => void): Promise<TemporalInfo> {
  const env = readTemporalEnv();
  const connection = await Connection.connect(temporalConnectionOptions(env));
  try {
    const { IndexedValueType } = proto.temporal.api.enums.v1;
    const searchAttributes = Object.fromEntries(Object.values(SEARCH_ATTRIBUTES).map((k) => [k.name, IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD]));
    await connection.operatorService.addSearchAttributes({ namespace: env.TEMPORAL_NAMESPACE, searchAttributes });
  } catch (err) {
    const message = (err as Error).message;
    if (!/already exists/i.test(message)) {
      log(`Could not register Askflow's search attributes (${message}); on Temporal Cloud add them with tcld or the Cloud UI.`);
    }
  } finally {
    await connection.close();
  }
  return { address: env.TEMPORAL_ADDRESS, namespace: env.TEMPORAL_NAMESPACE, uiUrl: env.TEMPORAL_UI_URL ?? null, process: null };
}

export async function provisionTemporal(opts: DevServerOptions): Promise<TemporalInfo> {
  return process.env.TEMPORAL_ADDRESS ? useExistingTemporal(opts.log) : startTemporalDevServer(opts);
}
