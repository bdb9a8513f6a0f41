// The signature schemes themselves — what is signed, how headers are written and checked — with
// the HMAC left to the caller, so every runtime shares them: the service signs with node:crypto
// (signature.ts, webhookSignature.ts), the client verifies with node:crypto or Web Crypto.
// Nothing here reaches a Node built-in.
import type { WebhookEvent } from './webhooks.js';

/** Default receiver tolerance for `X-Service-Timestamp` and `webhook-timestamp`, in seconds (the spec's 5 minutes). */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

/** The Standard Webhooks headers every delivery carries. */
export const WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;

/** HMAC-SHA256 of `message` under `key`, done by whichever crypto the runtime has. */
export type HmacSha256 = (key: Uint8Array, message: Uint8Array) => Uint8Array;
export type HmacSha256Async = (key: Uint8Array, message: Uint8Array) => Promise<Uint8Array>;

export interface SignatureParams {
  /**
   * The `X-Service-Signature` header: `sha256=<hex>`, or several comma-separated while a rotated
   * secret is in its grace period (one per secret); it verifies when any of them matches.
   */
  signature: string;
  timestamp: number | string;
  body: string | Uint8Array;
  secret: string;
  /** Seconds a timestamp stays acceptable, either way; default 300. */
  tolerance?: number;
  /** Current time in Unix seconds; for tests. */
  now?: number;
}

/** Which check failed; `missing_message_id` and `malformed_body` are only for webhooks (verifyWebhook). */
export type SignatureFailure = 'missing_signature' | 'malformed_signature' | 'missing_timestamp' | 'stale_timestamp' | 'mismatch' | 'missing_message_id' | 'malformed_body';

export class SignatureVerificationError extends Error {
  constructor(readonly reason: SignatureFailure, message: string) {
    super(message);
    this.name = 'SignatureVerificationError';
  }
}

/** A delivery's body: which event, when it happened, and its data. */
export interface WebhookPayload {
  type: WebhookEvent;
  /** ISO 8601, when the event happened (not when this attempt was made). */
  timestamp: string;
  data: Record<string, unknown>;
}

/** Request headers as Node (`req.headers`) or fetch (`Headers`) give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** Seconds a `webhook-timestamp` stays acceptable, either way; default 300. */
  toleranceSeconds?: number;
  /** Current time in Unix seconds; for tests. */
  now?: number;
}

const encoder = new TextEncoder();

export function bytesOf(data: string | Uint8Array): Uint8Array {
  return typeof data === 'string' ? encoder.encode(data) : data;
}

function concat(head: string, body: string | Uint8Array): Uint8Array {
  const a = encoder.encode(head);
  const b = bytesOf(body);
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Bytes of standard base64; null when it is not base64 at all. */
function fromBase64(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Whether two byte strings are equal, in time that depends on their length only. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

// --- Tool calls: X-Service-Signature -------------------------------------------------------------

/**
 * What a tool call's signature covers: `"<timestamp>.<raw body>"`. Binding the timestamp into the
 * MAC stops a captured body from being replayed later with a fresh timestamp.
 */
export function toolCallSignedBytes(timestamp: number | string, body: string | Uint8Array): Uint8Array {
  return concat(`${timestamp}.`, body);
}

/** `sha256=<hex>`, as the header carries a MAC. */
export function toolCallSignature(mac: Uint8Array): string {
  return `sha256=${toHex(mac)}`;
}

/** A tool call's signature checked up to the MAC: the key and bytes to sign, and the header's candidates. */
export interface PendingToolCallCheck {
  key: Uint8Array;
  message: Uint8Array;
  candidates: string[];
}

/** Every check that needs no MAC (presence, form, timestamp tolerance); throws the first that fails. */
export function beginToolCallCheck(params: SignatureParams): PendingToolCallCheck {
  const { signature, timestamp, body, secret } = params;
  const tolerance = params.tolerance ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS;
  if (!signature) throw new SignatureVerificationError('missing_signature', 'signature is missing');
  const candidates = signature.split(',').map((s) => s.trim());
  if (!candidates.every((c) => /^sha256=[0-9a-f]{64}$/.test(c))) {
    throw new SignatureVerificationError('malformed_signature', 'signature must look like sha256=<64 hex digits>');
  }
  const ts = typeof timestamp === 'number' ? timestamp : Number(timestamp);
  if (timestamp === '' || !Number.isInteger(ts)) {
    throw new SignatureVerificationError('missing_timestamp', 'timestamp is missing or not a Unix time in seconds');
  }
  const now = params.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - ts) > tolerance) {
    throw new SignatureVerificationError('stale_timestamp', `timestamp is outside the ${tolerance}s tolerance`);
  }
  return { key: bytesOf(secret), message: toolCallSignedBytes(ts, body), candidates };
}

/** The last check: the expected MAC against every candidate (each in constant time, so timing does not tell which matched). */
export function endToolCallCheck(check: PendingToolCallCheck, mac: Uint8Array): void {
  const expected = bytesOf(toolCallSignature(mac));
  let matched = false;
  for (const candidate of check.candidates) if (constantTimeEqual(expected, bytesOf(candidate))) matched = true;
  if (!matched) throw new SignatureVerificationError('mismatch', 'signature does not match the body and timestamp');
}

// --- Webhooks: Standard Webhooks -----------------------------------------------------------------

/** The HMAC key of a `whsec_<base64>` secret: the bytes the base64 part stands for. */
export function webhookKeyBytes(secret: string): Uint8Array {
  const key = fromBase64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!key?.length) throw new TypeError('a webhook secret is whsec_ followed by base64');
  return key;
}

/** What a delivery's signature covers: `"<id>.<timestamp>.<raw body>"`. */
export function webhookSignedBytes(id: string, timestamp: number, body: string | Uint8Array): Uint8Array {
  return concat(`${id}.${timestamp}.`, body);
}

/** `v1,<base64>`, as `webhook-signature` carries a MAC. */
export function webhookSignature(mac: Uint8Array): string {
  return `v1,${toBase64(mac)}`;
}

function headerOf(headers: WebhookHeaders, name: string): string {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? '';
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** A delivery checked up to the MAC. */
export interface PendingWebhookCheck {
  key: Uint8Array;
  message: Uint8Array;
  candidates: Uint8Array[];
  payload: string | Uint8Array;
}

/** Every check of a delivery that needs no MAC; throws the first that fails. */
export function beginWebhookCheck(payload: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyWebhookOptions = {}): PendingWebhookCheck {
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
  const candidates = signature
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => fromBase64(s.slice(3)) ?? new Uint8Array(0));
  if (!candidates.length) throw new SignatureVerificationError('malformed_signature', `${WEBHOOK_HEADERS.signature} has no v1,<base64> signature`);
  return { key: webhookKeyBytes(secret), message: webhookSignedBytes(id, ts, payload), candidates, payload };
}

/** The last check of a delivery (its MAC against every candidate, in constant time) and its parsed body. */
export function endWebhookCheck(check: PendingWebhookCheck, mac: Uint8Array): WebhookPayload {
  let matched = false;
  for (const given of check.candidates) if (constantTimeEqual(given, mac)) matched = true;
  if (!matched) throw new SignatureVerificationError('mismatch', `${WEBHOOK_HEADERS.signature} does not match the body, id and timestamp`);
  const text = typeof check.payload === 'string' ? check.payload : new TextDecoder().decode(check.payload);
  try {
    return JSON.parse(text) as WebhookPayload;
  } catch {
    throw new SignatureVerificationError('malformed_body', 'the body is not JSON');
  }
}

/** `verifySignature` as a boolean: false for a failed check, any other error thrown. */
export function asBoolean(check: () => unknown): boolean {
  try {
    check();
    return true;
  } catch (err) {
    if (err instanceof SignatureVerificationError) return false;
    throw err;
  }
}
