import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Pinned Go binaries are built once into the machine cache. The Temporal server is wanted by the
// cluster and by the build tools at once, so one process may build the same binary twice at the
// same time; each build must end with the binary in place, not fail on the other's staging folder.
// A stand-in `go` on PATH writes the binary and exits a moment later, so both builds have written
// theirs before either moves it in (two `go install`s of one package share the build cache and
// finish together).
describe('goBinaries', () => {
  const root = mkdtempSync(join(tmpdir(), 'askflow-gobin-'));
  const savedPath = process.env.PATH;
  const savedCache = process.env.ASKFLOW_CACHE_DIR;

  beforeAll(() => {
    writeFileSync(join(root, 'go'), '#!/bin/sh\nif [ "$1" = version ]; then echo "go version go0 test"; exit 0; fi\nmkdir -p "$GOBIN"\necho built > "$GOBIN/tool"\nsleep 0.3\n');
    chmodSync(join(root, 'go'), 0o755);
    process.env.PATH = `${root}:${savedPath}`;
    process.env.ASKFLOW_CACHE_DIR = join(root, 'cache');
  });

  afterAll(() => {
    process.env.PATH = savedPath;
    if (savedCache === undefined) delete process.env.ASKFLOW_CACHE_DIR;
    else process.env.ASKFLOW_CACHE_DIR = savedCache;
    rmSync(root, { recursive: true, force: true });
  });

  it('builds the same binary twice at once in one process, each build ending with it in place and no staging left', async () => {
    // Imported after the cache folder is set: it is read when the module loads.
    const { goBinaries } = await import('../../infra/goBinaries.js');
    const build = { what: 'a test tool', cacheName: 'test-tool', version: 'v0.0.1', packages: ['example.com/tool'] };
    const [a, b] = await Promise.all([goBinaries(build, () => {}), goBinaries(build, () => {})]);
    const dir = join(root, 'cache', 'test-tool', 'v0.0.1');
    expect(a).toEqual({ tool: join(dir, 'bin', 'tool') });
    expect(b).toEqual(a);
    expect(readFileSync(a.tool!, 'utf8')).toBe('built\n');
    expect(readdirSync(dir)).toEqual(['bin']);
  });
});
