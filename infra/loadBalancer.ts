/**
 * The local load balancer in front of several api replicas (`ASKFLOW_API_REPLICAS`): round robin
 * over the replicas that answer `/health`, proxied with http-proxy-3 (streams pass through as
 * they are written, so SSE and `Last-Event-ID` resume work through it). For production, use
 * nginx, Envoy or the platform's load balancer (README, "Running at scale").
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';

/** How often each replica's `/health` is asked, and how long a replica that refused a connection is skipped. */
const HEALTH_EVERY_MS = 1_000;
/** Bodies up to this size are held so that a request refused by one replica can go to another. */
const RETRYABLE_BODY_BYTES = 1024 * 1024;

export interface LoadBalancer {
  url: string;
  /** Requests sent to each replica so far, by its URL. */
  served: Map<string, number>;
  close(): Promise<void>;
}

export async function startLoadBalancer(opts: { host: string; port: number; targets: () => string[] }): Promise<LoadBalancer> {
  const proxy = createProxyServer({ xfwd: true, proxyTimeout: 0 });
  const down = new Map<string, number>();
  const served = new Map<string, number>();
  let next = 0;

  const healthy = () => {
    const all = opts.targets();
    const up = all.filter((t) => (down.get(t) ?? 0) <= Date.now());
    return up.length ? up : all;
  };
  const fail = (res: ServerResponse, message: string) => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
    res.end(JSON.stringify({ error: { code: 'Unavailable', message, requestId: '' } }));
  };

  /**
   * Sends the request to the next healthy replica. A replica that refuses the connection never saw
   * the request, so it goes to another one (as nginx's `proxy_next_upstream error` does) — for a
   * body held in memory; a larger body streams through once, and a refusal then answers 503.
   */
  const send = (req: IncomingMessage, res: ServerResponse, body: Buffer | null, tried: Set<string>) => {
    const targets = healthy().filter((t) => !tried.has(t));
    if (!targets.length) return fail(res, 'No api replica is running');
    const target = targets[next++ % targets.length]!;
    tried.add(target);
    served.set(target, (served.get(target) ?? 0) + 1);
    proxy.web(req, res, { target, ...(body ? { buffer: Readable.from([body]) } : {}) }, (err) => {
      // A replica that refused the connection is skipped until its health check says otherwise.
      down.set(target, Date.now() + HEALTH_EVERY_MS * 3);
      const refused = (err as NodeJS.ErrnoException).code === 'ECONNREFUSED';
      if (refused && body && !res.headersSent) return send(req, res, body, tried);
      fail(res, `The api replica did not answer: ${(err as Error).message}`);
    });
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const length = Number(req.headers['content-length'] ?? (req.headers['transfer-encoding'] ? NaN : 0));
    if (!(length <= RETRYABLE_BODY_BYTES)) return send(req, res, null, new Set());
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.once('end', () => send(req, res, Buffer.concat(chunks), new Set()));
    req.once('error', () => res.destroy());
  });
  const timer = setInterval(() => {
    for (const t of opts.targets()) {
      void fetch(`${t}/health`, { signal: AbortSignal.timeout(HEALTH_EVERY_MS) }).then(
        (r) => (r.ok ? down.delete(t) : down.set(t, Date.now() + HEALTH_EVERY_MS * 3)),
        () => down.set(t, Date.now() + HEALTH_EVERY_MS * 3),
      );
    }
  }, HEALTH_EVERY_MS);
  timer.unref();
  server.listen(opts.port, opts.host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${opts.host}:${port}`,
    served,
    async close() {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      proxy.close();
    },
  };
}
