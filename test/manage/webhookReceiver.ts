import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closedWithFile } from '../fakes/openServers.js';

export interface Delivery {
  headers: IncomingHttpHeaders;
  raw: string;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
  /** Checked by this receiver's own HMAC code (node:crypto directly), not Askflow's helpers. */
  signatureValid: boolean;
  /** Seconds between `webhook-timestamp` and when it arrived. */
  skewSeconds: number;
  at: number;
}

/**
 * The Standard Webhooks check, written out independently: HMAC-SHA256 keyed with the base64
 * part of `whsec_…`, over `<webhook-id>.<webhook-timestamp>.<raw body>`, compared with every
 * space-separated `v1,<base64>` in `webhook-signature`.
 */
export function independentlyValid(secret: string, headers: IncomingHttpHeaders, raw: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${raw}`).digest();
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .some((s) => {
      const given = Buffer.from(s.slice(3), 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** A webhook receiver on loopback that records every delivery and answers with `status()`. */
export async function webhookReceiver(secret: () => string) {
  const received: Delivery[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({
        headers: req.headers,
        raw,
        body: JSON.parse(raw) as Delivery['body'],
        signatureValid: independentlyValid(secret(), req.headers, raw),
        skewSeconds: Math.floor(Date.now() / 1000) - Number(req.headers['webhook-timestamp']),
        at: Date.now(),
      });
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
    });
  });
  closedWithFile(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    answer(s: number) {
      status = s;
    },
    /** Waits until `n` deliveries (of `type`, if given) have arrived. */
    async waitFor(n: number, type?: string, timeoutMs = 30_000): Promise<Delivery[]> {
      const matching = () => received.filter((d) => !type || d.body.type === type);
      for (const until = Date.now() + timeoutMs; matching().length < n; ) {
        if (Date.now() > until) throw new Error(`expected ${n} ${type ?? ''} deliveries, got ${matching().length}: ${JSON.stringify(received.map((d) => d.body.type))}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return matching();
    },
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
