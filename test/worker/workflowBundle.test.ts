import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { bundleKey, bundlePath, workflowSource } from '../../worker/workflowBundle.js';

// The scratch folders the tests write their workflow files in, removed when the file is done.
const dirs: string[] = [];
const scratchDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'askflow-bundle-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('prebuilt workflow bundle', () => {
  it('names the bundle after the code it was made from, so an edited workflow never runs a stale bundle', () => {
    const dir = scratchDir();
    const file = join(dir, 'ask.js');
    writeFileSync(file, 'export function ask() { return 1; }');
    const before = bundleKey([file]);
    expect(bundleKey([file])).toBe(before);
    writeFileSync(file, 'export function ask() { return 2; }');
    expect(bundleKey([file])).not.toBe(before);
  });

  it('names it after the modules it preloads too: a bundle preloading others is another bundle', () => {
    const dir = scratchDir();
    const file = join(dir, 'ask.js');
    writeFileSync(file, 'export function ask() { return 1; }');
    expect(bundleKey([file], ['long'])).toBe(bundleKey([file], ['long']));
    expect(bundleKey([file], ['long'])).not.toBe(bundleKey([file], ['long', '@temporalio/common']));
  });

  it('gives the worker a bundle file of the current build (made once, then reused)', () => {
    const logs: string[] = [];
    const source = workflowSource((m) => logs.push(m));
    expect(source).toEqual({ workflowBundle: { codePath: bundlePath() } });
    const { codePath } = (source as { workflowBundle: { codePath: string } }).workflowBundle;
    expect(existsSync(codePath)).toBe(true);
    expect(basename(codePath)).toBe(`${bundleKey()}.js`);
    // A second start finds it: no new bundling.
    const again: string[] = [];
    expect(workflowSource((m) => again.push(m))).toEqual(source);
    expect(again).toEqual([]);
  });
});
