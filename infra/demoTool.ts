/**
 * The demo project's tool: an order-status endpoint that `npm start` runs on a loopback port
 * beside the stack, so the playground can show a tool call (and a tool call beside knowledge)
 * without any outside service. It checks Askflow's signature the way a real tool should.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_HEADERS, validateSignature } from '@askflow/contract';

export const DEMO_TOOL = {
  name: 'orderStatus',
  description: 'Shipping status of a Demo Store order by its order number',
  parameters: {
    type: 'object',
    properties: { orderNumber: { type: 'integer', description: 'The order number, e.g. 1234' } },
    required: ['orderNumber'],
  },
  method: 'POST',
  timeoutMs: 5000,
  forwardHeaders: [],
} as const;

const STATES = ['processing', 'shipped', 'out for delivery', 'delivered'] as const;

/** The same order always has the same status: a demo answer that does not change between asks. */
export function orderStatus(orderNumber: number): { orderNumber: number; status: string; carrier: string; estimatedDelivery: string } {
  const day = new Date(Date.UTC(2026, 0, 1 + (orderNumber % 28)));
  return { orderNumber, status: STATES[orderNumber % STATES.length]!, carrier: 'Posten', estimatedDelivery: day.toISOString().slice(0, 10) };
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface DemoToolServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Listens on a port the OS picks (the seed points the tool at it on every start). `secrets`
 * gives the project's current signing secrets; a call signed with none of them is refused 401.
 */
export async function startDemoTool(secrets: () => Promise<string[]>): Promise<DemoToolServer> {
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const signature = String(req.headers[SERVICE_HEADERS.signature.toLowerCase()] ?? '');
      const timestamp = String(req.headers[SERVICE_HEADERS.timestamp.toLowerCase()] ?? '');
      const signed = (await secrets()).some((secret) => validateSignature({ signature, timestamp, body, secret }));
      if (!signed) return reply(res, 401, { error: 'the call is not signed by this project' });
      const { arguments: args } = JSON.parse(body) as { arguments?: { orderNumber?: unknown } };
      const orderNumber = Number(args?.orderNumber);
      if (!Number.isInteger(orderNumber) || orderNumber <= 0) return reply(res, 400, { error: 'orderNumber must be a positive whole number' });
      reply(res, 200, orderStatus(orderNumber));
    })().catch(() => reply(res, 400, { error: 'unreadable request' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/order-status`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
