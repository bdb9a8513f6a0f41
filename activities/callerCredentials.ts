import { decryptSecret, encryptSecret } from '../store/secrets.js';

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
