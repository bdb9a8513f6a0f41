import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ConsoleConfigSchema, ErrorBodySchema } from '@askflow/contract';
import { startReplica, type Replica } from '../stack/replicas.js';
import { expectJson, signUp } from '../stack/context.js';
import { expectWire } from '../stack/wire.js';

const INDEX = '<!doctype html><title>Askflow console fixture</title><script type="module" src="/console/assets/app-3f2a1c.js"></script>';
const SCRIPT = 'console.log("fixture");';
// A bundle-sized asset: what compression is for (small files go out as they are).
const BUNDLE = Array.from({ length: 2000 }, (_, i) => `export const value${i} = "console chunk line ${i}";`).join('\n');

let dist: string;
let built: Replica;
let unbuilt: Replica;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'askflow-console-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app-3f2a1c.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'bundle-9b8c7d.js'), BUNDLE);
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

  it('compresses what is worth it: brotli when accepted, else gzip, else as is', async () => {
    // node:http, not fetch: fetch decodes by itself, this shows the bytes as they were sent.
    const raw = (path: string, encoding: string) => new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      httpGet(`${built.baseUrl}${path}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    const bundle = '/console/assets/bundle-9b8c7d.js';
    const br = await raw(bundle, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(BUNDLE);
    expect(br.body.length).toBeLessThan(BUNDLE.length / 4);

    const gz = await raw(bundle, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BUNDLE);

    const plain = await raw(bundle, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BUNDLE);

    // Under 1 kB it is not worth the CPU.
    const tiny = await raw('/console/assets/app-3f2a1c.js', 'gzip, br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe(SCRIPT);
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
    const config = await expectWire(ConsoleConfigSchema, res, 200);
    expect(config.temporalUiUrl).toBe('http://temporal-ui.example:8233');
    // The offline model needs no connection: the console's model pickers offer it to every project.
    expect(config.builtInModels).toEqual(['local:extractive']);
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
