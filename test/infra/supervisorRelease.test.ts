// The supervisor restarts a process of the stack that dies — but not once the stack is stopping:
// a Ctrl-C reaches the whole process group, so a child may exit on it before the launcher gets to
// stop it, and `npm start` used to start PostgreSQL and the codec again on its way out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { spawnProgram } from '../../infra/processes.js';
import { supervise } from '../../infra/supervise.js';

const dir = mkdtempSync(join(tmpdir(), 'askflow-supervisor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sleeper = () => spawnProgram('sleeper', process.execPath, ['-e', 'setInterval(() => {}, 1000)'], join(dir, 'sleeper.log'));

describe('the supervisor', () => {
  it('starts a process that died again, and leaves it dead once released', async () => {
    const lines: string[] = [];
    const s = await supervise('sleeper', async () => sleeper(), (m) => lines.push(m));
    try {
      const first = s.child;
      const restarted = once(s.events, 'restarted');
      first.kill('SIGINT');
      await restarted;
      expect(s.restarts).toBe(1);
      expect(s.child.pid).not.toBe(first.pid);

      s.release();
      const second = s.child;
      const exited = once(second, 'exit');
      second.kill('SIGINT');
      await exited;
      // Well past the next restart's delay (0.2 s after a quick death).
      await new Promise((r) => setTimeout(r, 1_000));
      expect(s.restarts).toBe(1);
      expect(s.child).toBe(second);
      expect(lines.filter((l) => l.includes('restarting'))).toHaveLength(1);
    } finally {
      await s.stop(1_000);
    }
  });
});
