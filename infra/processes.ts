import { fork, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';

/** A child process of the stack, with its log file and a way to stop it. */
export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  logFile: string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

/** Whether a process with this pid exists (one of another user's counts: it is not ours to judge). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A log file's text; null when it cannot be read (not written yet). */
export function readLog(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The last lines of a log's text, to quote in an error. */
export function lastLines(log: string | null, lines = 25): string {
  return log === null ? '(no log)' : log.trimEnd().split('\n').slice(-lines).join('\n');
}

export function tailOf(file: string, lines = 25): string {
  return lastLines(readLog(file), lines);
}

function manage(name: string, child: ChildProcess, logFile: string): ManagedProcess {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    name,
    child,
    logFile,
    async stop(graceMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/**
 * V8's young generation capped at 2 MB a half (default 16): the api and the worker allocate
 * short-lived objects per ask, and with the default the young generation alone held ~100 MB of
 * the worker's RSS under load (389 → 273 MB after the side-by-side bench) at no measurable cost
 * in asks/s (bench:cpu, concurrency 16). Container images set the same in NODE_OPTIONS.
 *
 * The old generation is capped per role, as a container's memory limit would (Node sizes its heap
 * from the cgroup limit there; on a 24 GiB machine its default is ~4 GB). Without a cap V8 grows
 * the heap long before it collects: after 5,000 asks the api held 215 MB resident for ~35 MB of
 * live objects and the worker 453 MB; capped, 121 and 242 MB, asks/s unchanged (README,
 * Benchmarks). The worker's cap leaves room for parsing large documents; its workflow cache is
 * sized explicitly (ASKFLOW_WORKER_CACHED_WORKFLOWS) since the SDK's default follows the cap.
 */
const OLD_SPACE_MB: Record<string, number> = { api: 128, worker: 192 };

/**
 * glibc gives each thread that allocates its own malloc arena (up to 8 per core), and the
 * Temporal SDK's Rust core runs a pool of threads in the worker: their half-empty arenas held
 * ~35 MB of its resident memory after 1,000 asks (248 → 211 MB with 2 arenas), asks/s unchanged.
 * Read by glibc when the process starts, so it goes in the child's environment; an operator's
 * own value wins. Container images set the same.
 */
export function serviceEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { MALLOC_ARENA_MAX: '2', ...env };
}

export function serviceNodeFlags(name: string): string[] {
  const oldSpace = OLD_SPACE_MB[name.replace(/-\d+$/, '')];
  return ['--max-semi-space-size=2', ...(oldSpace ? [`--max-old-space-size=${oldSpace}`] : [])];
}

/**
 * Forks a Node service that reports `{ready: true, ...}` over IPC once it can take work.
 * Output goes to `logFile`; a service that dies before it is ready fails with its log's tail.
 */
export async function forkService(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  logFile: string,
  timeoutMs = 120_000,
): Promise<{ proc: ManagedProcess; message: Record<string, unknown> }> {
  const fd = openSync(logFile, 'a');
  const child = fork(script, [], { env: serviceEnvironment(env), execArgv: [...process.execArgv, ...serviceNodeFlags(name)], stdio: ['ignore', fd, fd, 'ipc'] });
  closeSync(fd);
  const proc = manage(name, child, logFile);
  const message = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => {
      void proc.stop(1000);
      reject(new Error(`${name} did not become ready within ${timeoutMs} ms. Last log lines (${logFile}):\n${tailOf(logFile)}`));
    }, timeoutMs);
    child.on('message', (m: Record<string, unknown>) => {
      if (m && m.ready) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${signal ?? code}) before it was ready. Last log lines (${logFile}):\n${tailOf(logFile)}`));
    });
  });
  return { proc, message };
}

/**
 * util-linux's `setpriv`, where the machine has it (Linux). A Node service of the stack stops when
 * its IPC channel to the launcher closes; a Go program (the Temporal server, its UI) has no such
 * channel, and a launcher that died without stopping it (SIGKILL: an eval or bench killed by hand, a
 * CI step's timeout) left it running, holding its ports and its data. Started through
 * `setpriv --pdeathsig TERM`, which then execs the program (same pid), the kernel sends it SIGTERM
 * when the launcher dies, however it dies.
 */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));

/** Spawns a non-Node program with its output in `logFile`; it stops when this process dies. */
export function spawnProgram(name: string, command: string, args: string[], logFile: string, env: NodeJS.ProcessEnv = process.env): ManagedProcess {
  const fd = openSync(logFile, 'a');
  const [program, programArgs] = SETPRIV ? [SETPRIV, ['--pdeathsig', 'TERM', '--', command, ...args]] : [command, args];
  const child = spawn(program, programArgs, { env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  return manage(name, child, logFile);
}
