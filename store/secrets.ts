import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 1;

/** The master key from `ASKFLOW_MASTER_KEY`: 32 bytes, base64. */
export function parseMasterKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('ASKFLOW_MASTER_KEY must be 32 bytes, base64-encoded (e.g. `openssl rand -base64 32`)');
  return key;
}

/** AES-256-GCM: version byte, 12-byte IV, 16-byte tag, ciphertext. */
export function encryptSecret(plaintext: string, masterKey: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

export function decryptSecret(sealed: Buffer, masterKey: Buffer): string {
  if (sealed[0] !== VERSION) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', masterKey, sealed.subarray(1, 13));
  decipher.setAuthTag(sealed.subarray(13, 29));
  return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]).toString('utf8');
}

/** What an ask carries for its tools: end users' credentials and trusted context. */
export interface CallerCredentials {
  authToken?: string;
  headers?: Record<string, string>;
  toolHeaders?: Record<string, string>;
}

/**
 * Sealed with the master key before they enter the workflow: workflow inputs are kept in
 * Temporal's history, and end users' tokens must not sit there in the clear.
 */
export function sealCredentials(c: CallerCredentials, masterKey: Buffer): string | undefined {
  if (!c.authToken && !c.headers && !c.toolHeaders) return undefined;
  return encryptSecret(JSON.stringify(c), masterKey).toString('base64');
}

export function openCredentials(sealed: string | undefined, masterKey: Buffer): CallerCredentials {
  return sealed ? (JSON.parse(decryptSecret(Buffer.from(sealed, 'base64'), masterKey)) as CallerCredentials) : {};
}
