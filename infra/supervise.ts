import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import type { ManagedProcess } from './processes.js';

/** First wait before restarting a process that died, doubled after each quick death up to MAX. */
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 5_000;
/** A process that ran this long before dying counts as healthy: its next restart is quick again. */
const HEALTHY_AFTER_MS = 30_000;

export interface Supervised extends ManagedProcess {
  /** The running incarnation's process. */
  readonly child: ChildProcess;
  /** How many times it was restarted. */
  readonly restarts: number;
  /** 'restarted' (pid) after each successful restart. */
  readonly events: EventEmitter;
  /** Ends supervision without stopping the process: from now on its death is not undone. */
  release(): void;
}

/**
 * Keeps a process of the stack running: when it dies (a crash, an OOM kill, `kill -9`) it is
 * started again — after 0.1 s, doubling while it keeps dying quickly, at most 5 s apart — and
 * each death and restart is logged. `stop()` ends supervision first, so a stop is never undone.
 */
export async function supervise(name: string, start: () => Promise<ManagedProcess>, log: (m: string) => void): Promise<Supervised> {
  let current = await start();
  let stopping = false;
  let restarts = 0;
  let delay = FIRST_DELAY_MS;
  let startedAt = Date.now();
  let timer: NodeJS.Timeout | null = null;
  const events = new EventEmitter();

  const watch = (proc: ManagedProcess) => {
    proc.child.once('exit', (code, signal) => {
      if (stopping || proc !== current) return;
      if (Date.now() - startedAt > HEALTHY_AFTER_MS) delay = FIRST_DELAY_MS;
      log(`${name} exited (${signal ?? `code ${String(code)}`}); restarting in ${(delay / 1000).toFixed(1)} s`);
      schedule();
    });
  };

  const schedule = () => {
    timer = setTimeout(() => {
      timer = null;
      if (stopping) return;
      const began = Date.now();
      start().then(
        (proc) => {
          if (stopping) return void proc.stop();
          current = proc;
          startedAt = Date.now();
          restarts++;
          log(`${name} restarted (pid ${String(proc.child.pid)}, restart ${restarts}, ready in ${((Date.now() - began) / 1000).toFixed(1)} s)`);
          watch(proc);
          events.emit('restarted', proc.child.pid);
        },
        (err: Error) => {
          log(`${name} could not be restarted: ${err.message.split('\n')[0]}; trying again in ${(delay / 1000).toFixed(1)} s`);
          schedule();
        },
      );
      delay = Math.min(MAX_DELAY_MS, delay * 2);
    }, delay);
  };

  function release(): void {
    stopping = true;
    if (timer) clearTimeout(timer);
  }

  watch(current);
  return {
    name,
    get child() {
      return current.child;
    },
    get logFile() {
      return current.logFile;
    },
    get restarts() {
      return restarts;
    },
    events,
    release,
    async stop(graceMs?: number) {
      release();
      await current.stop(graceMs);
    },
  };
}
