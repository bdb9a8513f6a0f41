import { createHash, hkdfSync } from 'node:crypto';

/** An AES-256 key and the id written beside every payload it encrypts. */
export interface PayloadKey {
  id: string;
  key: Buffer;
}

/** The key new payloads are encrypted with, and every key a payload may name. */
export interface Keyring {
  current: PayloadKey;
  byId: Map<string, PayloadKey>;
}

const KEY_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * `ASKFLOW_PAYLOAD_KEYS` = `id:base64,id:base64,…` (32 bytes each): the first encrypts, all
 * decrypt — rotate by putting a new key first and keeping the old ones until their histories are
 * gone. Unset: one key derived from the master key (HKDF-SHA256), its id from its own hash, so
 * each installation's payloads name the key they need.
 */
export function keyringFrom(payloadKeys: string | undefined, masterKey: Buffer): Keyring {
  const keys: PayloadKey[] = payloadKeys?.trim()
    ? payloadKeys.split(',').map((entry) => {
        const at = entry.indexOf(':');
        const id = entry.slice(0, at).trim();
        const key = Buffer.from(entry.slice(at + 1).trim(), 'base64');
        if (at < 1 || !KEY_ID.test(id)) throw new Error(`ASKFLOW_PAYLOAD_KEYS: "${id}" is not a key id (1–64 of A–Z a–z 0–9 . _ -); write id:base64key`);
        if (key.length !== 32) throw new Error(`ASKFLOW_PAYLOAD_KEYS: key "${id}" is ${key.length} bytes; AES-256 needs 32 (openssl rand -base64 32)`);
        return { id, key };
      })
    : [derivedKey(masterKey)];
  const byId = new Map<string, PayloadKey>();
  for (const k of keys) {
    if (byId.has(k.id)) throw new Error(`ASKFLOW_PAYLOAD_KEYS: key id "${k.id}" is listed twice`);
    byId.set(k.id, k);
  }
  return { current: keys[0]!, byId };
}

function derivedKey(masterKey: Buffer): PayloadKey {
  const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'askflow temporal payloads v1', 32));
  return { id: `mk-${createHash('sha256').update(key).digest('hex').slice(0, 12)}`, key };
}
