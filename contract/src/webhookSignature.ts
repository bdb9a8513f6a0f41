import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEFAULT_SIGNATURE_TOLERANCE_SECONDS, SignatureVerificationError } from './signature.js';
import type { WebhookEvent } from './webhooks.js';

/** The Standard Webhooks headers every delivery carries. */
export const WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;

/** A delivery's body: which event, when it happened, and its data. */
export interface WebhookPayload {
  type: WebhookEvent;
  /** ISO 8601, when the event happened (not when this attempt was made). */
  timestamp: string;
  data: Record<string, unknown>;
}

/** The HMAC key of a `whsec_<base64>` secret: the bytes the base64 part stands for. */
export function webhookSecretKey(secret: string): Buffer {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  if (!key.length) throw new TypeError('a webhook secret is whsec_ followed by base64');
  return key;
}

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, the Standard Webhooks signature. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string | Uint8Array): string {
  const mac = createHmac('sha256', webhookSecretKey(secret));
  mac.update(`${id}.${timestamp}.`);
  mac.update(body);
  return `v1,${mac.digest('base64')}`;
}

/** Request headers as Node (`req.headers`) or fetch (`Headers`) give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** Seconds a `webhook-timestamp` stays acceptable, either way; default 300. */
  toleranceSeconds?: number;
  /** Current time in Unix seconds; for tests. */
  now?: number;
}

function headerOf(headers: WebhookHeaders, name: string): string {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? '';
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * Checks a delivery's Standard Webhooks headers against the exact body received and returns the
 * parsed payload; throws a `SignatureVerificationError` that says which check failed. Several
 * space-separated signatures are accepted (any `v1,` one matching is enough), compared in constant time.
 */
export function verifyWebhook(payload: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyWebhookOptions = {}): WebhookPayload {
  const id = headerOf(headers, WEBHOOK_HEADERS.id);
  const timestamp = headerOf(headers, WEBHOOK_HEADERS.timestamp);
  const signature = headerOf(headers, WEBHOOK_HEADERS.signature);
  const tolerance = options.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS;
  if (!id) throw new SignatureVerificationError('missing_message_id', `${WEBHOOK_HEADERS.id} is missing`);
  if (!signature) throw new SignatureVerificationError('missing_signature', `${WEBHOOK_HEADERS.signature} is missing`);
  const ts = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || !Number.isSafeInteger(ts)) {
    throw new SignatureVerificationError('missing_timestamp', `${WEBHOOK_HEADERS.timestamp} is missing or not a Unix time in seconds`);
  }
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - ts) > tolerance) throw new SignatureVerificationError('stale_timestamp', `${WEBHOOK_HEADERS.timestamp} is outside the ${tolerance}s tolerance`);
  // Other versions (a future `v1a,…`) are skipped, not refused: a receiver keeps working while new ones are added.
  const candidates = signature.split(' ').filter((s) => s.startsWith('v1,')).map((s) => Buffer.from(s.slice(3), 'base64'));
  if (!candidates.length) throw new SignatureVerificationError('malformed_signature', `${WEBHOOK_HEADERS.signature} has no v1,<base64> signature`);
  const expected = Buffer.from(signWebhook(secret, id, ts, payload).slice(3), 'base64');
  let matched = false;
  for (const given of candidates) if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  if (!matched) throw new SignatureVerificationError('mismatch', `${WEBHOOK_HEADERS.signature} does not match the body, id and timestamp`);
  const text = typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8');
  try {
    return JSON.parse(text) as WebhookPayload;
  } catch {
    throw new SignatureVerificationError('malformed_body', 'the body is not JSON');
  }
}

/** `verifyWebhook` as a boolean. */
export function validateWebhook(payload: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyWebhookOptions = {}): boolean {
  try {
    verifyWebhook(payload, headers, secret, options);
    return true;
  } catch (err) {
    if (err instanceof SignatureVerificationError) return false;
    throw err;
  }
}
