// `#crypto` under the `node` condition: Node (18 onwards), Bun and Deno, all of which have node:crypto.
import { createHmac, randomUUID as nodeRandomUUID } from 'node:crypto';
import type { HmacSha256 } from '@askflow/contract/signing';
import type { PlatformCrypto } from './crypto.js';

const hmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();

export const platformCrypto: PlatformCrypto = {
  hmacSha256Sync: () => hmac,
  // node:crypto's HMAC is synchronous and faster than a Web Crypto round trip.
  hmacSha256: async (key, message) => hmac(key, message),
  randomUUID: () => nodeRandomUUID(),
};
