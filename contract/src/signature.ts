import { createHmac } from 'node:crypto';
import { asBoolean, beginToolCallCheck, bytesOf, endToolCallCheck, toolCallSignature, toolCallSignedBytes, type SignatureParams } from './signatureScheme.js';

// The scheme's shared parts; this module adds the service's HMAC (node:crypto).
export { DEFAULT_SIGNATURE_TOLERANCE_SECONDS, SignatureVerificationError, type SignatureFailure, type SignatureParams } from './signatureScheme.js';

const hmac = (key: Uint8Array, message: Uint8Array): Uint8Array => createHmac('sha256', key).update(message).digest();

/**
 * The signed byte string is `"<timestamp>.<raw body>"`: binding the timestamp into the MAC
 * stops a captured body from being replayed later with a fresh timestamp.
 */
export function computeSignature(secret: string, timestamp: number | string, body: string | Uint8Array): string {
  return toolCallSignature(hmac(bytesOf(secret), toolCallSignedBytes(timestamp, body)));
}

/** Throws a `SignatureVerificationError` that says which check failed. */
export function verifySignature(params: SignatureParams): void {
  const check = beginToolCallCheck(params);
  endToolCallCheck(check, hmac(check.key, check.message));
}

export function validateSignature(params: SignatureParams): boolean {
  return asBoolean(() => verifySignature(params));
}

/** The header value for a call signed with every active secret (newest first). */
export function signatureHeader(secrets: string[], timestamp: number, body: string | Uint8Array): string {
  return secrets.map((secret) => computeSignature(secret, timestamp, body)).join(', ');
}
