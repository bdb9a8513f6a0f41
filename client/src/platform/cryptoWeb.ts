// `#crypto` everywhere else (browsers, Cloudflare Workers, edge runtimes): Web Crypto, plus
// node:crypto when the runtime offers it without an import (Workers with nodejs_compat).
import type { HmacSha256, HmacSha256Async } from '@askflow/contract/signing';
import type { PlatformCrypto } from './crypto.js';

interface NodeCryptoLike {
  createHmac(algorithm: string, key: Uint8Array): { update(data: Uint8Array): { digest(): Uint8Array } };
}

/** node:crypto through `process.getBuiltinModule`, where a non-Node runtime provides it; else null. */
function builtinNodeCrypto(): NodeCryptoLike | null {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    const mod = proc?.getBuiltinModule?.('node:crypto') as NodeCryptoLike | undefined;
    return typeof mod?.createHmac === 'function' ? mod : null;
  } catch {
    return null;
  }
}

function webCrypto(): Crypto {
  const crypto = (globalThis as { crypto?: Crypto }).crypto;
  if (!crypto?.subtle) throw new TypeError('This runtime has no Web Crypto (crypto.subtle; browsers offer it only to https pages and localhost)');
  return crypto;
}

const hmacSha256: HmacSha256Async = async (key, message) => {
  const { subtle } = webCrypto();
  const cryptoKey = await subtle.importKey('raw', key as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle.sign('HMAC', cryptoKey, message as Uint8Array<ArrayBuffer>));
};

let sync: HmacSha256 | null | undefined;

export const platformCrypto: PlatformCrypto = {
  hmacSha256Sync() {
    if (sync === undefined) {
      const nodeCrypto = builtinNodeCrypto();
      sync = nodeCrypto ? (key, message) => new Uint8Array(nodeCrypto.createHmac('sha256', key).update(message).digest()) : null;
    }
    return sync;
  },
  hmacSha256,
  randomUUID() {
    const crypto = (globalThis as { crypto?: Crypto }).crypto;
    if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
    // Pages served over plain http have getRandomValues but not randomUUID.
    const bytes = crypto!.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  },
};
