import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closedWithFile } from '../fakes/openServers.js';

export interface ToolCall { headers: IncomingHttpHeaders; body: { tool?: string; arguments?: Record<string, unknown> } }

/** A project's own tool endpoint on loopback: answers a fixed order status and records calls. */
export async function startToolServer(): Promise<{ url: string; calls: ToolCall[]; close(): Promise<void> }> {
  const calls: ToolCall[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => { raw += c.toString(); });
    req.on('end', () => {
      calls.push({ headers: req.headers, body: raw ? (JSON.parse(raw) as ToolCall['body']) : {} });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ orderStatus: 'shipped', carrier: 'Posten' }));
    });
  });
  closedWithFile(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/order-status`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
