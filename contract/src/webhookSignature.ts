import { createHmac } from 'node:crypto';
import { asBoolean, beginWebhookCheck, endWebhookCheck, webhookKeyBytes, webhookSignature, webhookSignedBytes, type VerifyWebhookOptions, type WebhookHeaders, type WebhookPayload } from './signatureScheme.js';

// The scheme's shared parts; this module adds the service's HMAC (node:crypto).
export { WEBHOOK_HEADERS, type VerifyWebhookOptions, type WebhookHeaders, type WebhookPayload } from './signatureScheme.js';

const hmac = (key: Uint8Array, message: Uint8Array): Uint8Array => createHmac('sha256', key).update(message).digest();

/** The HMAC key of a `whsec_<base64>` secret: the bytes the base64 part stands for. */
export function webhookSecretKey(secret: string): Buffer {
  return Buffer.from(webhookKeyBytes(secret));
}

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, the Standard Webhooks signature. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string | Uint8Array): string {
  return webhookSignature(hmac(webhookKeyBytes(secret), webhookSignedBytes(id, timestamp, body)));
}

/**
 * Checks a delivery's Standard Webhooks headers against the exact body received and returns the
 * parsed payload; throws a `SignatureVerificationError` that says which check failed. Several
 * space-separated signatures are accepted (any `v1,` one matching is enough), compared in constant time.
 */
export function verifyWebhook(payload: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyWebhookOptions = {}): WebhookPayload {
  const check = beginWebhookCheck(payload, headers, secret, options);
  return endWebhookCheck(check, hmac(check.key, check.message));
}

/** `verifyWebhook` as a boolean. */
export function validateWebhook(payload: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyWebhookOptions = {}): boolean {
  return asBoolean(() => verifyWebhook(payload, headers, secret, options));
}
