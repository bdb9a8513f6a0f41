import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The evaluation project's two tools, served locally: `order_status` and `get_weather` answer
 * with fixed data shaped by their arguments, so an answer shows which tool ran and with what.
 * Requests are not verified: the evaluation measures routing, not signatures (tested elsewhere).
 */
export async function startToolServer(): Promise<{ baseUrl: string; calls: { tool: string; arguments: Record<string, unknown> }[]; close(): Promise<void> }> {
  const calls: { tool: string; arguments: Record<string, unknown> }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let envelope: { tool: string; arguments: Record<string, unknown> };
      try {
        envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof envelope;
      } catch {
        res.writeHead(400).end();
        return;
      }
      calls.push(envelope);
      const args = envelope.arguments ?? {};
      const body =
        req.url === '/order_status'
          ? { orderId: String(args.order_id ?? ''), status: 'shipped', carrier: 'PostNord', estimatedDelivery: 'Friday' }
          : req.url === '/get_weather'
            ? { city: String(args.city ?? ''), temperature: 14, unit: 'celsius', conditions: 'light rain' }
            : null;
      if (!body) res.writeHead(404).end();
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

/** The tools as a project owner would define them in the console. */
export function toolDefinitions(baseUrl: string) {
  return [
    {
      name: 'order_status',
      description: 'Look up the shipping status and delivery estimate of a customer order by its order id.',
      url: `${baseUrl}/order_status`,
      parameters: { type: 'object', required: ['order_id'], properties: { order_id: { type: 'string', description: 'The order id or number, e.g. 48213' } } },
    },
    {
      name: 'get_weather',
      description: 'Current weather (temperature and conditions) for a city.',
      url: `${baseUrl}/get_weather`,
      parameters: { type: 'object', required: ['city'], properties: { city: { type: 'string', description: 'City name, e.g. Oslo' } } },
    },
  ];
}
