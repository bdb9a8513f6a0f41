import { createHmac } from 'node:crypto';
import { computeSignature, validateSignature, verifySignature, SignatureVerificationError } from '@askflow/contract';

const secret = 'whsec_test_secret';
const body = '{"city":"Oslo","toolHeaders":{"X-API-Key":"end-user"}}';
const now = 1_800_000_000;

describe('tool-call signature', () => {
  it('is HMAC-SHA256 over "<timestamp>.<raw body>", hex, prefixed sha256=', () => {
    const independent = 'sha256=' + createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(computeSignature(secret, now, body)).toBe(independent);
  });

  it('verifies a fresh signature over the exact bytes', () => {
    const signature = computeSignature(secret, now, body);
    expect(() => verifySignature({ signature, timestamp: String(now), body, secret, now: now + 299 })).not.toThrow();
    expect(validateSignature({ signature, timestamp: now, body: Buffer.from(body), secret, now })).toBe(true);
  });

  it.each([
    ['a tampered body', { body: body.replace('Oslo', 'Bergen') }, 'mismatch'],
    ['another secret', { secret: 'other' }, 'mismatch'],
    ['a stale timestamp (over 300 s old)', { now: now + 301 }, 'stale_timestamp'],
    ['a timestamp from the future', { now: now - 301 }, 'stale_timestamp'],
    ['a malformed signature', { signature: 'sha1=abc' }, 'malformed_signature'],
    ['an empty signature', { signature: '' }, 'missing_signature'],
    ['a non-numeric timestamp', { timestamp: 'yesterday' }, 'missing_timestamp'],
  ])('rejects %s, saying which check failed', (_what, change, reason) => {
    const params = { signature: computeSignature(secret, now, body), timestamp: now as number | string, body, secret, now, ...change };
    expect(validateSignature(params)).toBe(false);
    expect(() => verifySignature(params)).toThrow(SignatureVerificationError);
    try {
      verifySignature(params);
    } catch (err) {
      expect((err as SignatureVerificationError).reason).toBe(reason);
    }
  });

  it('honours a custom tolerance', () => {
    const signature = computeSignature(secret, now, body);
    expect(validateSignature({ signature, timestamp: now, body, secret, now: now + 20, tolerance: 10 })).toBe(false);
  });
});

describe('signature header during a secret rotation', () => {
  it('carries one signature per active secret; a receiver holding either verifies', async () => {
    const { signatureHeader } = await import('@askflow/contract');
    const header = signatureHeader(['whsec_new', 'whsec_old'], now, body);
    expect(header.split(', ')).toHaveLength(2);
    expect(validateSignature({ signature: header, timestamp: now, body, secret: 'whsec_new', now })).toBe(true);
    expect(validateSignature({ signature: header, timestamp: now, body, secret: 'whsec_old', now })).toBe(true);
    expect(validateSignature({ signature: header, timestamp: now, body, secret: 'whsec_other', now })).toBe(false);
    expect(validateSignature({ signature: `${header}, sha1=abc`, timestamp: now, body, secret: 'whsec_new', now })).toBe(false);
  });
});
