import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import { computeSignature, SERVICE_HEADERS, SignatureVerificationError, validateSignature, verifySignature, verifyToolCalls } from '@askflow/client';

const secret = 'whsec_tool_secret';
const tenantId = '5b1f0c2e-7d8a-4c1b-9e3f-0a2b4c6d8e10';
let server: Server;
let baseUrl: string;
let handled: { requestId: string; tenantId: string; body: unknown; rawBody: string }[] = [];

beforeAll(async () => {
  const app = express();
  const tool: express.RequestHandler = (req, res) => {
    // `req.askflow` is typed for Express users by the client's declarations.
    const call = req.askflow!;
    handled.push({ requestId: call.requestId, tenantId: call.tenantId, body: req.body, rawBody: call.rawBody.toString('utf8') });
    res.json({ temperature: 21 });
  };
  app.post('/raw/weather', express.raw({ type: '*/*' }), verifyToolCalls({ secret }), tool);
  app.post('/bare/weather', verifyToolCalls({ secret, tolerance: 10 }), tool);
  app.post('/parsed/weather', express.json(), verifyToolCalls({ secret }), tool);
  const onError: ErrorRequestHandler = (err: Error, _req, res, _next) => void res.status(500).json({ misconfigured: err.message });
  app.use(onError);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  handled = [];
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const now = () => Math.floor(Date.now() / 1000);
// Not JSON.stringify's spacing: the signature is over these exact bytes, whatever their layout.
const body = '{ "tool": "weather",\n  "arguments": { "city": "Oslo", "note": "blåbær" } }';

/** A tool call as Askflow sends it, with any part overridden. */
function callTool(path: string, o: { body?: string; signedBody?: string; timestamp?: number; signature?: string | null; requestId?: string | null } = {}) {
  const timestamp = o.timestamp ?? now();
  const headers: Record<string, string> = { 'Content-Type': 'application/json', [SERVICE_HEADERS.timestamp]: String(timestamp), [SERVICE_HEADERS.tenantId]: tenantId };
  if (o.requestId !== null) headers[SERVICE_HEADERS.requestId] = o.requestId ?? 'req-123';
  if (o.signature !== null) headers[SERVICE_HEADERS.signature] = o.signature ?? computeSignature(secret, timestamp, o.signedBody ?? body);
  return fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: o.body ?? body });
}

async function refused(res: Response, reason: string) {
  expect(res.status).toBe(401);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({ error: { code: 'InvalidSignature', reason, message: expect.any(String) } });
  expect(handled).toEqual([]);
}

describe('verifyToolCalls (Express middleware)', () => {
  it.each(['/raw/weather', '/bare/weather'])('%s: a valid call reaches the tool with requestId, tenantId and the parsed body', async (path) => {
    const res = await callTool(path);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ temperature: 21 });
    expect(handled).toEqual([{ requestId: 'req-123', tenantId, body: { tool: 'weather', arguments: { city: 'Oslo', note: 'blåbær' } }, rawBody: body }]);
  });

  it('a tampered body is refused with 401 and a JSON error', async () => {
    await refused(await callTool('/raw/weather', { body: body.replace('Oslo', 'Paris') }), 'mismatch');
    await refused(await callTool('/bare/weather', { body: body.replace('Oslo', 'Paris') }), 'mismatch');
  });

  it('a stale timestamp is refused, by the default 300 s or the configured tolerance', async () => {
    await refused(await callTool('/raw/weather', { timestamp: now() - 301 }), 'stale_timestamp');
    await refused(await callTool('/bare/weather', { timestamp: now() - 30 }), 'stale_timestamp');
    expect((await callTool('/raw/weather', { timestamp: now() - 30 })).status).toBe(200);
  });

  it('a missing or forged signature, or missing request id, is refused', async () => {
    await refused(await callTool('/raw/weather', { signature: null }), 'missing_signature');
    await refused(await callTool('/raw/weather', { signature: computeSignature('another secret', now(), body) }), 'mismatch');
    await refused(await callTool('/raw/weather', { requestId: null }), 'missing_headers');
  });

  it('behind express.json() the raw bytes are gone: it fails loudly instead of guessing', async () => {
    const res = await callTool('/parsed/weather');
    expect(res.status).toBe(500);
    expect((await res.json()) as { misconfigured: string }).toEqual({ misconfigured: expect.stringContaining("express.raw({ type: '*/*' })") });
    expect(handled).toEqual([]);
  });

  it('needs a secret and a sane tolerance', () => {
    expect(() => verifyToolCalls({ secret: '' })).toThrow(/`secret` is required/);
    expect(() => verifyToolCalls({ secret, tolerance: -1 })).toThrow(/`tolerance` must be a positive number/);
  });
});

describe('verifySignature and validateSignature', () => {
  it('verifySignature throws an error naming the failed check; validateSignature answers a boolean', () => {
    const timestamp = now();
    const params = { signature: computeSignature(secret, timestamp, body), timestamp, body, secret };
    expect(() => verifySignature(params)).not.toThrow();
    expect(validateSignature(params)).toBe(true);
    expect(validateSignature({ ...params, body: Buffer.from(body) })).toBe(true);

    const tampered = { ...params, body: body.replace('Oslo', 'Paris') };
    expect(validateSignature(tampered)).toBe(false);
    expect(() => verifySignature(tampered)).toThrow(SignatureVerificationError);
    expect(() => verifySignature(tampered)).toThrow(expect.objectContaining({ reason: 'mismatch' }));
    const old = { ...params, timestamp: timestamp - 120, signature: computeSignature(secret, timestamp - 120, body) };
    expect(validateSignature(old)).toBe(true);
    expect(validateSignature({ ...old, tolerance: 60 })).toBe(false);
    expect(() => verifySignature({ ...old, tolerance: 60 })).toThrow(expect.objectContaining({ reason: 'stale_timestamp' }));
  });
});
