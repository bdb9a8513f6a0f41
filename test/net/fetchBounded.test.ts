import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { BlockedAddressError, type UrlPolicy } from '../../net/addressGuard.js';
import { fetchBounded, FetchBoundedError } from '../../net/fetchBounded.js';

const LOOPBACK: UrlPolicy = { allowLoopback: true, allowPrivate: false };
const NONE: UrlPolicy = { allowLoopback: false, allowPrivate: false };

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
let port: number;
const seen: Seen[] = [];

/** Routes of the test server; each gets the request (body read) and answers. */
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/hello': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain', 'x-test': 'yes' }).end('hello world'),
  '/missing': (_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('no such page'),
  '/r1': (_req, res) => res.writeHead(302, { location: '/r2' }).end(),
  '/r2': (_req, res) => res.writeHead(301, { location: `${base}/hello` }).end(),
  '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
  '/to-metadata': (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  '/to-private': (_req, res) => res.writeHead(307, { location: 'http://10.0.0.1/' }).end(),
  '/to-localhost': (_req, res) => res.writeHead(302, { location: `http://localhost:${port}/echo` }).end(),
  '/to-same-origin': (_req, res) => res.writeHead(302, { location: '/echo' }).end(),
  '/see-other': (_req, res) => res.writeHead(303, { location: '/echo' }).end(),
  '/temporary': (_req, res) => res.writeHead(307, { location: '/echo' }).end(),
  '/echo': (req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen[seen.length - 1])),
  '/slow-headers': (_req, res) => void setTimeout(() => res.writeHead(200).end('late'), 2_000).unref(),
  '/slow-body': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('first part…');
    setTimeout(() => res.end('rest'), 2_000).unref();
  },
  '/big-declared': (_req, res) => res.writeHead(200, { 'content-length': String(1_000_000) }).end(Buffer.alloc(1_000_000, 97)),
  '/big-streamed': (_req, res) => {
    // No content-length: only counting the bytes read can stop it.
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const piece = Buffer.alloc(64 * 1024, 98);
    let sent = 0;
    const pump = () => {
      while (sent < 50 && !res.destroyed) {
        sent++;
        if (!res.write(piece)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  },
  '/gzip': (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('compressed hello')),
  '/gzip-bomb': (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(5_000_000))),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      seen.push({ method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks).toString() });
      const route = routes[path];
      if (route) route(req, res);
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
});

const opts = { policy: LOOPBACK, timeoutMs: 5_000, maxBytes: 100_000 };
const text = (body: Uint8Array) => Buffer.from(body).toString();

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const err: unknown = await promise.then(
    () => new Error('expected fetchBounded to fail, but it resolved'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  return err as Error;
}

describe('fetchBounded', () => {
  it('fetches status, headers, body and final URL', async () => {
    const res = await fetchBounded(`${base}/hello`, opts);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-test')).toBe('yes');
    expect(text(res.body)).toBe('hello world');
    expect(res.url).toBe(`${base}/hello`);
  });

  it('returns error statuses as they are', async () => {
    const res = await fetchBounded(`${base}/missing`, opts);
    expect(res.status).toBe(404);
    expect(text(res.body)).toBe('no such page');
  });

  it('refuses a loopback address unless the policy allows it, without connecting', async () => {
    const err = await rejection(fetchBounded(`${base}/hello`, { ...opts, policy: NONE }));
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect(err.message).toContain('loopback');
    expect(seen).toHaveLength(0);
  });

  it('follows redirects, relative and absolute, to the final URL', async () => {
    const res = await fetchBounded(`${base}/r1`, opts);
    expect(text(res.body)).toBe('hello world');
    expect(res.url).toBe(`${base}/hello`);
    expect(seen.map((s) => s.path)).toEqual(['/r1', '/r2', '/hello']);
  });

  it('refuses a redirect to the metadata address, without connecting to it', async () => {
    const started = Date.now();
    const err = await rejection(fetchBounded(`${base}/to-metadata`, opts));
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect(err).toMatchObject({ address: '169.254.169.254', addressClass: 'metadata' });
    // A connection attempt would have ended in a timeout or a network error instead, not at once.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(seen.map((s) => s.path)).toEqual(['/to-metadata']);
  });

  it('refuses a redirect to a private address the policy does not allow', async () => {
    const err = await rejection(fetchBounded(`${base}/to-private`, opts));
    expect(err).toMatchObject({ name: 'BlockedAddressError', addressClass: 'private' });
  });

  it('stops after 5 redirects', async () => {
    const err = await rejection(fetchBounded(`${base}/loop`, opts));
    expect(err).toBeInstanceOf(FetchBoundedError);
    expect(err).toMatchObject({ reason: 'too_many_redirects' });
    expect(seen).toHaveLength(6); // the first request and 5 redirects followed
  });

  it('connects to a host name through the guarded lookup, and drops credentials for another origin', async () => {
    const res = await fetchBounded(`${base}/to-localhost`, { ...opts, headers: { Authorization: 'Bearer secret', 'X-Other': 'kept' } });
    expect(res.url).toBe(`http://localhost:${port}/echo`);
    const echoed = JSON.parse(text(res.body)) as Seen;
    expect(echoed.headers.authorization).toBeUndefined();
    expect(echoed.headers['x-other']).toBe('kept');
    expect(seen[0]!.headers.authorization).toBe('Bearer secret');
  });

  it('keeps credentials for a same-origin redirect', async () => {
    const res = await fetchBounded(`${base}/to-same-origin`, { ...opts, headers: { Authorization: 'Bearer secret' } });
    expect((JSON.parse(text(res.body)) as Seen).headers.authorization).toBe('Bearer secret');
  });

  it('turns a POST into a GET without body on 303, and keeps method and body on 307', async () => {
    const post = { ...opts, method: 'POST', body: '{"q":1}', headers: { 'content-type': 'application/json' } };
    const after303 = JSON.parse(text((await fetchBounded(`${base}/see-other`, post)).body)) as Seen;
    expect(after303).toMatchObject({ method: 'GET', body: '' });
    expect(after303.headers['content-type']).toBeUndefined();
    const after307 = JSON.parse(text((await fetchBounded(`${base}/temporary`, post)).body)) as Seen;
    expect(after307).toMatchObject({ method: 'POST', body: '{"q":1}' });
  });

  it('times out waiting for headers', async () => {
    const started = Date.now();
    const err = await rejection(fetchBounded(`${base}/slow-headers`, { ...opts, timeoutMs: 200 }));
    expect(err).toMatchObject({ name: 'FetchBoundedError', reason: 'timeout' });
    expect(err.message).toContain('200 ms');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('times out reading a body that stalls', async () => {
    const started = Date.now();
    const err = await rejection(fetchBounded(`${base}/slow-body`, { ...opts, timeoutMs: 300 }));
    expect(err).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses a body declared larger than maxBytes before reading it', async () => {
    const err = await rejection(fetchBounded(`${base}/big-declared`, opts));
    expect(err).toMatchObject({ reason: 'too_large' });
    expect(err.message).toContain('more than 100000 bytes');
  });

  it('stops reading a streamed body once it passes maxBytes', async () => {
    const err = await rejection(fetchBounded(`${base}/big-streamed`, opts));
    expect(err).toMatchObject({ reason: 'too_large' });
  });

  it('decodes gzip, and bounds the decoded size (a gzip bomb)', async () => {
    expect(text((await fetchBounded(`${base}/gzip`, opts)).body)).toBe('compressed hello');
    const err = await rejection(fetchBounded(`${base}/gzip-bomb`, opts));
    expect(err).toMatchObject({ reason: 'too_large' });
  });

  it('reports a refused connection as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await rejection(fetchBounded(`http://127.0.0.1:${closedPort}/`, opts));
    expect(err).toMatchObject({ name: 'FetchBoundedError', reason: 'network' });
    expect(err.message).toContain('ECONNREFUSED');
  });
});
