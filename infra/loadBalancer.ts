/**
 * The local load balancer in front of several api replicas (`ASKFLOW_API_REPLICAS`): round robin
 * over the replicas that answer `/health`, proxied with http-proxy-3 (streams pass through as
 * they are written, so SSE and `Last-Event-ID` resume work through it). For production, use
 * nginx, Envoy or the platform's load balancer (README, "Running at scale").
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxyServer } from 'http-proxy-3';

/** How often each replica's `/health` is asked, and how long a replica that refused a connection is skipped. */
const HEALTH_EVERY_MS = 1_000;

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

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const targets = healthy();
    if (!targets.length) return fail(res, 'No api replica is running');
    const target = targets[next++ % targets.length]!;
    served.set(target, (served.get(target) ?? 0) + 1);
    proxy.web(req, res, { target }, (err) => {
      // A replica that refused the connection is skipped until its health check says otherwise.
      down.set(target, Date.now() + HEALTH_EVERY_MS * 3);
      fail(res, `The api replica did not answer: ${(err as Error).message}`);
    });
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
