// Verifying what Askflow signs — tool calls (`X-Service-Signature`) and webhook deliveries
// (Standard Webhooks) — on any runtime. The scheme is the contract's, the one the service signs
// with; only the HMAC comes from here. The synchronous helpers (the spec's `verifySignature`,
// `validateSignature`) need node:crypto (Node, Bun, Deno, Workers with nodejs_compat); the
// `…Async` ones use Web Crypto and work everywhere. This module loads neither zod nor the
// client, so importing only these stays small.
import {
  asBoolean,
  beginToolCallCheck,
  beginWebhookCheck,
  bytesOf,
  endToolCallCheck,
  endWebhookCheck,
  SignatureVerificationError,
  toolCallSignature,
  toolCallSignedBytes,
  webhookKeyBytes,
  webhookSignature,
  webhookSignedBytes,
  type HmacSha256,
  type SignatureParams,
  type VerifyWebhookOptions,
  type WebhookHeaders,
  type WebhookPayload,
} from '@askflow/contract/signing';
import { platformCrypto } from '#crypto';

export { SignatureVerificationError };

export {
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  WEBHOOK_HEADERS,
  type SignatureFailure,
  type SignatureParams,
  type VerifyWebhookOptions,
  type WebhookHeaders,
  type WebhookPayload,
} from '@askflow/contract/signing';

/** Whether a verification passed: false for a failed check, any other error passed on. */
async function passes(verification: Promise<unknown>): Promise<boolean> {
  try {
    await verification;
    return true;
  } catch (err) {
    if (err instanceof SignatureVerificationError) return false;
    throw err;
  }
}

function syncHmac(name: string): HmacSha256 {
  const hmac = platformCrypto.hmacSha256Sync();
  if (!hmac) throw new TypeError(`${name} needs node:crypto, which this runtime does not have: use ${name}Async (Web Crypto) instead`);
  return hmac;
}

/** `sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`, what Askflow sends as `X-Service-Signature`: to test a receiver. */
export function computeSignature(secret: string, timestamp: number | string, body: string | Uint8Array): string {
  return toolCallSignature(syncHmac('computeSignature')(bytesOf(secret), toolCallSignedBytes(timestamp, body)));
}

/** Throws a `SignatureVerificationError` that says which check failed (`reason`). Needs node:crypto; see `verifySignatureAsync`. */
export function verifySignature(params: SignatureParams): void {
  const hmac = syncHmac('verifySignature');
  const check = beginToolCallCheck(params);
  endToolCallCheck(check, hmac(check.key, check.message));
}

/** `verifySignature` as a boolean. */
export function validateSignature(params: SignatureParams): boolean {
  const hmac = syncHmac('validateSignature');
  return asBoolean(() => {
    const check = beginToolCallCheck(params);
    endToolCallCheck(check, hmac(check.key, check.message));
  });
}

/** `computeSignature` on any runtime (Web Crypto where node:crypto is absent). */
export async function computeSignatureAsync(secret: string, timestamp: number | string, body: string | Uint8Array): Promise<string> {
  return toolCallSignature(await platformCrypto.hmacSha256(bytesOf(secret), toolCallSignedBytes(timestamp, body)));
}

/** `verifySignature` on any runtime: rejects with a `SignatureVerificationError`. */
export async function verifySignatureAsync(params: SignatureParams): Promise<void> {
  const check = beginToolCallCheck(params);
  endToolCallCheck(check, await platformCrypto.hmacSha256(check.key, check.message));
}

/** `validateSignature` on any runtime. */
export async function validateSignatureAsync(params: SignatureParams): Promise<boolean> {
  return passes(verifySignatureAsync(params));
}

/** `v1,<base64 HMAC-SHA256>` of a delivery, as `webhook-signature` carries it: to test a receiver. Needs node:crypto. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string | Uint8Array): string {
  return webhookSignature(syncHmac('signWebhook')(webhookKeyBytes(secret), webhookSignedBytes(id, timestamp, body)));
}

/**
 * Checks a delivery's Standard Webhooks headers against the exact body received and returns the
 * parsed payload; throws a `SignatureVerificationError` naming the failed check. Needs node:crypto;
 * see `verifyWebhookAsync`.
 */
export function verifyWebhook(payload: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyWebhookOptions = {}): WebhookPayload {
  const hmac = syncHmac('verifyWebhook');
  const check = beginWebhookCheck(payload, headers, secret, options);
  return endWebhookCheck(check, hmac(check.key, check.message));
}

/** `verifyWebhook` as a boolean. */
export function validateWebhook(payload: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyWebhookOptions = {}): boolean {
  const hmac = syncHmac('validateWebhook');
  return asBoolean(() => {
    const check = beginWebhookCheck(payload, headers, secret, options);
    endWebhookCheck(check, hmac(check.key, check.message));
  });
}

/** `signWebhook` on any runtime. */
export async function signWebhookAsync(secret: string, id: string, timestamp: number, body: string | Uint8Array): Promise<string> {
  return webhookSignature(await platformCrypto.hmacSha256(webhookKeyBytes(secret), webhookSignedBytes(id, timestamp, body)));
}

/** `verifyWebhook` on any runtime: a fetch handler's `await request.text()` and `request.headers` go straight in. */
export async function verifyWebhookAsync(payload: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyWebhookOptions = {}): Promise<WebhookPayload> {
  const check = beginWebhookCheck(payload, headers, secret, options);
  return endWebhookCheck(check, await platformCrypto.hmacSha256(check.key, check.message));
}

/** `validateWebhook` on any runtime. */
export async function validateWebhookAsync(payload: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyWebhookOptions = {}): Promise<boolean> {
  return passes(verifyWebhookAsync(payload, headers, secret, options));
}
