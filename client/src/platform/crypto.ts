import type { HmacSha256, HmacSha256Async } from '@askflow/contract/signing';

/**
 * What the client needs of a runtime's crypto. Two builds provide it, picked by the package's
 * `#crypto` import condition: `node` (Node, Bun, Deno: node:crypto, which Node 18 has but not
 * as a global) and `default` (browsers, Workers, edge runtimes: Web Crypto).
 */
export interface PlatformCrypto {
  /** Synchronous HMAC, for the spec's synchronous `verifySignature`; null where only Web Crypto (asynchronous) exists. */
  hmacSha256Sync(): HmacSha256 | null;
  hmacSha256: HmacSha256Async;
  randomUUID(): string;
}
