import { createHmac, timingSafeEqual } from 'node:crypto';

/** Default receiver tolerance for `X-Service-Timestamp`, in seconds (the spec's 5 minutes). */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The signed byte string is `"<timestamp>.<raw body>"`: binding the timestamp into the MAC
 * stops a captured body from being replayed later with a fresh timestamp.
 */
export function computeSignature(secret: string, timestamp: number | string, body: string | Uint8Array): string {
  const mac = createHmac('sha256', secret);
  mac.update(`${timestamp}.`);
  mac.update(body);
  return `sha256=${mac.digest('hex')}`;
}

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

/** Throws a `SignatureVerificationError` that says which check failed. */
export function verifySignature(params: SignatureParams): void {
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
  const expected = Buffer.from(computeSignature(secret, ts, body));
  // Every candidate is compared (in constant time each), so timing does not tell which matched.
  let matched = false;
  for (const candidate of candidates) {
    const given = Buffer.from(candidate);
    if (given.length === expected.length && timingSafeEqual(expected, given)) matched = true;
  }
  if (!matched) throw new SignatureVerificationError('mismatch', 'signature does not match the body and timestamp');
}

export function validateSignature(params: SignatureParams): boolean {
  try {
    verifySignature(params);
    return true;
  } catch (err) {
    if (err instanceof SignatureVerificationError) return false;
    throw err;
  }
}

/** The header value for a call signed with every active secret (newest first). */
export function signatureHeader(secrets: string[], timestamp: number, body: string | Uint8Array): string {
  return secrets.map((secret) => computeSignature(secret, timestamp, body)).join(', ');
}
