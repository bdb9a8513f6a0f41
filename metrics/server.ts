// `/metrics` in the Prometheus text format, on a port of its own (METRICS_PORT), never on the
// public api port; with METRICS_TOKEN, only for `Authorization: Bearer <token>`.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { registry } from './registry.js';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

const sameToken = (given: string, token: string) => given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token));

/** `extra`: more exposition text appended (the Temporal SDK's own worker metrics). */
export async function startMetricsServer(opts: { host: string; port: number; token?: string | undefined; extra?: () => Promise<string> }): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json') => res.writeHead(status, { 'Content-Type': type }).end(body);
    if (req.url?.split('?')[0] !== '/metrics') return send(404, JSON.stringify({ error: { code: 'NotFound', message: 'Only /metrics is served here' } }));
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, JSON.stringify({ error: { code: 'MethodNotAllowed', message: 'Use GET' } }));
    if (opts.token && !sameToken(req.headers.authorization?.replace(/^Bearer /, '') ?? '', opts.token)) {
      return send(401, JSON.stringify({ error: { code: 'Unauthorized', message: 'Authorization: Bearer <METRICS_TOKEN> is required' } }));
    }
    void Promise.all([registry.metrics(), opts.extra?.().catch(() => '') ?? ''])
      .then(([own, extra]) => send(200, extra ? `${own}\n${extra}` : own, registry.contentType))
      .catch((err: Error) => send(500, JSON.stringify({ error: { code: 'Internal', message: err.message } })));
  });
  server.listen(opts.port, opts.host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${opts.host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
