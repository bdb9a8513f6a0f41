// A run killed outright (SIGKILL, a timed-out CI step) leaves nothing running and, by the next
// run, nothing on disk: a program the stack starts (the Temporal server, its UI) goes when the
// process that started it dies, and the next test stack removes the folders of dead runs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { DIST_DIR } from '../../infra/paths.js';
import { isAlive } from '../../infra/processes.js';
import { removeFoldersOfDeadRuns } from '../../infra/testStack.js';

const dir = mkdtempSync(join(tmpdir(), 'askflow-launcher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function gone(pid: number, withinMs: number): Promise<boolean> {
  for (const until = Date.now() + withinMs; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) if (!isAlive(pid)) return true;
  return !isAlive(pid);
}

describe('a program started by the stack', () => {
  it('stops when its launcher is killed with SIGKILL', async () => {
    // The launcher: the built spawnProgram starting a long sleeper, printing the sleeper's pid.
    const launcher = spawn(process.execPath, ['--input-type=module', '-e', `
      import { spawnProgram } from ${JSON.stringify(join(DIST_DIR, 'infra', 'processes.js'))};
      const p = spawnProgram('sleeper', process.execPath, ['-e', 'setInterval(() => {}, 1000)'], ${JSON.stringify(join(dir, 'sleeper.log'))});
      console.log(p.child.pid);
      setInterval(() => {}, 1000);
    `], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = (await once(launcher.stdout!, 'data')) as [Buffer];
    const pid = Number(line.toString().trim());
    expect(pid).toBeGreaterThan(0);
    // The sleeper runs as the program itself (setpriv execs it): its pid is the one signalled.
    await new Promise((r) => setTimeout(r, 300));
    expect(isAlive(pid)).toBe(true);

    launcher.kill('SIGKILL');
    await once(launcher, 'exit');
    const stopped = await gone(pid, 5_000);
    if (!stopped) process.kill(pid, 'SIGKILL');
    expect(stopped).toBe(true);
  });
});

describe('a test stack starting', () => {
  it("removes the folders of runs whose process is gone, and no live run's", () => {
    const state = join(dir, 'state');
    const [dead, deadKept] = [spawnSync(process.execPath, ['-e', '']).pid, spawnSync(process.execPath, ['-e', '']).pid];
    const folders = [`test-${dead}`, `test-${dead}-cluster`, `test-${process.pid}`, `test-${process.ppid}-cluster`, 'dev', 'eval'];
    for (const f of folders) mkdirSync(join(state, f), { recursive: true });
    // A dead run's folder kept on purpose (ASKFLOW_KEEP_TEST_DATA=1 marks it) stays too.
    mkdirSync(join(state, `test-${deadKept}`));
    writeFileSync(join(state, `test-${deadKept}`, 'kept'), '');
    removeFoldersOfDeadRuns(state);
    expect(folders.filter((f) => existsSync(join(state, f)))).toEqual([`test-${process.pid}`, `test-${process.ppid}-cluster`, 'dev', 'eval']);
    expect(existsSync(join(state, `test-${deadKept}`))).toBe(true);
  });
});
