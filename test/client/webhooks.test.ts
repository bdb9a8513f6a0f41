import { createHmac, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { computeSignature, SERVICE_HEADERS, SignatureVerificationError, signWebhook, validateWebhook, verifyToolCalls, verifyWebhook, WEBHOOK_HEADERS } from '@askflow/client';

const webhookSecret = `whsec_${randomBytes(24).toString('base64')}`;
const toolSecret = 'whsec_tool_secret';
const now = () => Math.floor(Date.now() / 1000);
const id = 'msg_0123456789abcdef0123456789abcdef';
const body = '{"type":"ask.completed","timestamp":"2026-11-25T12:00:00.000Z","data":{"askId":"ask-1","answer":"blåbær"}}';

/** The signature computed here with node:crypto directly, as the Standard Webhooks spec describes it. */
function independentSignature(secret: string, msgId: string, timestamp: number, payload: string): string {
  return `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${msgId}.${timestamp}.${payload}`).digest('base64')}`;
}

const headersFor = (o: { timestamp?: number; signature?: string; id?: string } = {}) => {
  const timestamp = o.timestamp ?? now();
  return { [WEBHOOK_HEADERS.id]: o.id ?? id, [WEBHOOK_HEADERS.timestamp]: String(timestamp), [WEBHOOK_HEADERS.signature]: o.signature ?? independentSignature(webhookSecret, o.id ?? id, timestamp, body) };
};

const reasonOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof SignatureVerificationError) return err.reason;
    throw err;
  }
  return 'verified';
};

describe('verifyWebhook', () => {
  it('accepts a delivery signed per Standard Webhooks and returns its payload; signWebhook agrees with an independent HMAC', () => {
    const timestamp = now();
    expect(signWebhook(webhookSecret, id, timestamp, body)).toBe(independentSignature(webhookSecret, id, timestamp, body));
    expect(verifyWebhook(body, headersFor({ timestamp }), webhookSecret)).toEqual(JSON.parse(body));
    expect(verifyWebhook(Buffer.from(body), new Headers(headersFor()), webhookSecret)).toMatchObject({ type: 'ask.completed' });
    // Header names in any case (as a plain object), several signatures (one matching is enough), other versions skipped.
    const h = headersFor({ timestamp });
    const upper = { 'Webhook-Id': id, 'Webhook-Timestamp': String(timestamp), 'Webhook-Signature': `v1,${Buffer.alloc(32).toString('base64')} v2,whatever ${h[WEBHOOK_HEADERS.signature]}` };
    expect(validateWebhook(body, upper, webhookSecret)).toBe(true);
  });

  it('refuses, naming the failed check: tampered body, other id, wrong secret, stale or missing timestamp, missing headers', () => {
    const timestamp = now();
    expect(reasonOf(() => verifyWebhook(body.replace('ask-1', 'ask-2'), headersFor({ timestamp }), webhookSecret))).toBe('mismatch');
    expect(reasonOf(() => verifyWebhook(body, { ...headersFor({ timestamp }), [WEBHOOK_HEADERS.id]: 'msg_other' }, webhookSecret))).toBe('mismatch');
    expect(reasonOf(() => verifyWebhook(body, headersFor({ timestamp }), `whsec_${randomBytes(24).toString('base64')}`))).toBe('mismatch');
    expect(reasonOf(() => verifyWebhook(body, headersFor({ timestamp: now() - 301 }), webhookSecret))).toBe('stale_timestamp');
    expect(reasonOf(() => verifyWebhook(body, headersFor({ timestamp: now() + 301 }), webhookSecret))).toBe('stale_timestamp');
    expect(reasonOf(() => verifyWebhook(body, headersFor({ timestamp: now() - 50 }), webhookSecret, { toleranceSeconds: 10 }))).toBe('stale_timestamp');
    expect(reasonOf(() => verifyWebhook(body, headersFor({ timestamp: now() - 50 }), webhookSecret, { toleranceSeconds: 100 }))).toBe('verified');
    expect(reasonOf(() => verifyWebhook(body, { ...headersFor(), [WEBHOOK_HEADERS.timestamp]: 'soon' }, webhookSecret))).toBe('missing_timestamp');
    expect(reasonOf(() => verifyWebhook(body, { ...headersFor(), [WEBHOOK_HEADERS.signature]: undefined }, webhookSecret))).toBe('missing_signature');
    expect(reasonOf(() => verifyWebhook(body, { ...headersFor(), [WEBHOOK_HEADERS.signature]: 'sha256=abc' }, webhookSecret))).toBe('malformed_signature');
    expect(reasonOf(() => verifyWebhook(body, { ...headersFor(), [WEBHOOK_HEADERS.id]: '' }, webhookSecret))).toBe('missing_message_id');
    expect(validateWebhook(body.replace('ask-1', 'ask-2'), headersFor({ timestamp }), webhookSecret)).toBe(false);
  });
});

describe('verifyToolCalls takes either scheme', () => {
  let server: Server;
  let baseUrl: string;
  const seen: { kind: string; id: string; body: unknown }[] = [];

  beforeAll(async () => {
    const app = express();
    const handler: express.RequestHandler = (req, res) => {
      if (req.askflowWebhook) seen.push({ kind: 'webhook', id: req.askflowWebhook.messageId, body: req.body });
      else seen.push({ kind: 'tool', id: req.askflow!.requestId, body: req.body });
      res.json({ ok: true });
    };
    app.post('/both', verifyToolCalls({ secret: toolSecret, webhookSecret }), handler);
    app.post('/hooks', verifyToolCalls({ webhookSecret }), handler);
    app.post('/tools', verifyToolCalls({ secret: toolSecret }), handler);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => (seen.length = 0));
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const delivery = (path: string, headers = headersFor()) => fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
  const toolCall = (path: string) => {
    const timestamp = now();
    const payload = '{"tool":"weather","arguments":{}}';
    return fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [SERVICE_HEADERS.timestamp]: String(timestamp), [SERVICE_HEADERS.signature]: computeSignature(toolSecret, timestamp, payload), [SERVICE_HEADERS.requestId]: 'req-1', [SERVICE_HEADERS.tenantId]: 't-1' },
      body: payload,
    });
  };

  it('a signed webhook delivery and a signed tool call both reach the handler, each on its own field', async () => {
    expect((await delivery('/both')).status).toBe(200);
    expect((await toolCall('/both')).status).toBe(200);
    expect((await delivery('/hooks')).status).toBe(200);
    expect(seen).toEqual([
      { kind: 'webhook', id, body: JSON.parse(body) },
      { kind: 'tool', id: 'req-1', body: { tool: 'weather', arguments: {} } },
      { kind: 'webhook', id, body: JSON.parse(body) },
    ]);
  });

  it('a forged delivery, or a scheme the endpoint has no secret for, is refused with 401', async () => {
    const forged = await delivery('/both', headersFor({ signature: independentSignature(`whsec_${randomBytes(24).toString('base64')}`, id, now(), body) }));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: { code: 'InvalidSignature', reason: 'mismatch', message: expect.any(String) } });
    const toolOnly = await delivery('/tools');
    expect(await toolOnly.json()).toMatchObject({ error: { reason: 'unexpected_scheme' } });
    const hooksOnly = await toolCall('/hooks');
    expect(hooksOnly.status).toBe(401);
    expect(await hooksOnly.json()).toMatchObject({ error: { reason: 'unexpected_scheme' } });
    expect(seen).toEqual([]);
    expect(() => verifyToolCalls({})).toThrow(/`secret` is required/);
    expect(() => verifyToolCalls({ webhookSecret: '' })).toThrow(/`secret` is required/);
  });
});
