import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { verifyToolCalls } from '@askflow/client';
import type { ToolCallEnvelope } from '@askflow/contract';
import { closedWithFile } from '../fakes/openServers.js';

export interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  /** As parsed; the tests check it against the contract's envelope. */
  body: ToolCallEnvelope;
  /** Signature check done by this endpoint's own HMAC code, over the bytes as received. */
  signatureValid: boolean;
}

type Reply = { status: number; body: unknown; headers?: Record<string, string>; hold?: Promise<void> };

/**
 * A tool endpoint that verifies with independent HMAC code (not Askflow's): it recomputes
 * HMAC-SHA256("<timestamp>.<raw body>") for every `sha256=` value in the header.
 */
export async function plainToolServer(secret: () => string[]): Promise<{ url: string; received: Received[]; script(...r: Reply[]): void; close(): Promise<void> }> {
  const received: Received[] = [];
  const queue: Reply[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const timestamp = String(req.headers['x-service-timestamp']);
      const given = String(req.headers['x-service-signature'] ?? '').split(',').map((s) => s.trim());
      const valid = secret().some((s) => {
        const expected = Buffer.from(`sha256=${createHmac('sha256', s).update(`${timestamp}.`).update(raw).digest('hex')}`);
        return given.some((g) => g.length === expected.length && timingSafeEqual(Buffer.from(g), expected));
      });
      received.push({ headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) as Received['body'], signatureValid: valid });
      const reply = queue.shift() ?? { status: 200, body: { temperature: 12, conditions: 'light rain', city: 'Oslo' } };
      const send = () => res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.body));
      if (reply.hold) void reply.hold.then(send, send);
      else send();
    });
  });
  closedWithFile(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/weather`,
    received,
    script: (...r) => queue.push(...r),
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

/** A tool endpoint written as a tool owner would: Express with the client's signature middleware. */
export async function expressToolServer(secret: () => string): Promise<{ url: string; seen: { requestId: string; tenantId: string; body: unknown }[]; close(): Promise<void> }> {
  const seen: { requestId: string; tenantId: string; body: unknown }[] = [];
  const app = express();
  app.post('/orders', (req, res, next) => verifyToolCalls({ secret: secret() })(req, res, next), (req, res) => {
    seen.push({ requestId: req.askflow!.requestId, tenantId: req.askflow!.tenantId, body: req.body });
    res.json({ order: 'A-1001', status: 'shipped', eta: 'Friday' });
  });
  const server = await new Promise<Server>((resolve) => {
    const s = closedWithFile(app.listen(0, '127.0.0.1', () => resolve(s)));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders`,
    seen,
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
