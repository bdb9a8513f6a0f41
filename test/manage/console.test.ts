import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConsoleConfigSchema, ErrorBodySchema } from '@askflow/contract';
import { startReplica, type Replica } from '../stack/replicas.js';
import { expectJson, signUp } from '../stack/context.js';
import { expectWire } from '../stack/wire.js';

const INDEX = '<!doctype html><title>Askflow console fixture</title><script type="module" src="/console/assets/app-3f2a1c.js"></script>';
const SCRIPT = 'console.log("fixture");';

let dist: string;
let built: Replica;
let unbuilt: Replica;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'askflow-console-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app-3f2a1c.js'), SCRIPT);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  [built, unbuilt] = await Promise.all([
    startReplica('api', { CONSOLE_DIST_DIR: dist, TEMPORAL_UI_URL: 'http://temporal-ui.example:8233/' }),
    startReplica('api', { CONSOLE_DIST_DIR: join(dist, 'does-not-exist') }),
  ]);
});

afterAll(async () => {
  await Promise.all([built?.stop(), unbuilt?.stop()]);
  rmSync(dist, { recursive: true, force: true });
});

const get = (replica: Replica, path: string) => fetch(`${replica.baseUrl}${path}`, { redirect: 'manual' });

describe('the console, built', () => {
  it('sends / and /console to /console/', async () => {
    for (const path of ['/', '/console']) {
      const res = await get(built, path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/console/');
    }
  });

  it('serves index.html at /console/ and must be revalidated', async () => {
    const res = await get(built, '/console/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
  });

  it('serves hashed assets with a long immutable cache, other files with revalidation', async () => {
    const asset = await get(built, '/console/assets/app-3f2a1c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe(SCRIPT);

    const icon = await get(built, '/console/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers deep links that are not files with index.html (single-page app fallback)', async () => {
    for (const path of ['/console/projects/123/analytics', '/console/signin?next=%2Fconsole%2F', '/console/assets/gone-000000.js']) {
      const res = await get(built, path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('never serves files outside the console folder', async () => {
    // A sibling of the console folder; fetch would normalise a literal `..`, an encoded slash reaches the server.
    const outside = `${dist}-secret.txt`;
    writeFileSync(outside, 'TOP-SECRET-CONTENT');
    try {
      const res = await get(built, `/console/..%2f${outside.split('/').pop()}`);
      expect(await res.text()).not.toContain('TOP-SECRET-CONTENT');
      expect(res.status).not.toBe(200);
    } finally {
      rmSync(outside, { force: true });
    }
  });

  it('leaves the API alone: unknown API routes are still JSON 404s', async () => {
    const res = await get(built, '/manage/nothing-here');
    expect(ErrorBodySchema.parse(await expectJson(res, 404)).error.code).toBe('NotFound');
  });

  it('gives the configured Temporal UI base without a trailing slash', async () => {
    const owner = await signUp();
    const res = await fetch(`${built.baseUrl}/manage/config`, { headers: { Authorization: `Bearer ${owner.token}` } });
    expect((await expectWire(ConsoleConfigSchema, res, 200)).temporalUiUrl).toBe('http://temporal-ui.example:8233');
  });
});

describe('the console, not built', () => {
  it('answers 503 JSON on every console path while the api keeps working', async () => {
    for (const path of ['/console/', '/console/projects/1']) {
      const body = ErrorBodySchema.parse(await expectJson(await get(unbuilt, path), 503));
      expect(body.error.code).toBe('Unavailable');
      expect(body.error.message).toBe('The console is not built (npm run build:console)');
    }
    expect((await get(unbuilt, '/')).headers.get('location')).toBe('/console/');
    expect((await get(unbuilt, '/health')).status).toBe(200);
  });
});
