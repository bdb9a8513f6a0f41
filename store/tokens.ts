import { createHash, randomBytes } from 'node:crypto';

/** Secrets with 256 bits of randomness are stored as SHA-256 digests: fast to check, useless if leaked. */
export function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function randomToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}
