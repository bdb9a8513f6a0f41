import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Payload, PayloadCodec } from '@temporalio/common';
import proto from '@temporalio/proto';
import type { Keyring } from './keyring.js';

// A CommonJS package: its namespaces come off the default export.
const PayloadMessage = proto.temporal.api.common.v1.Payload;

export const ENCRYPTED_ENCODING = 'binary/encrypted';
export const KEY_ID_METADATA = 'encryption-key-id';
const CIPHER_METADATA = 'encryption-cipher';
const CIPHER = 'AES-256-GCM';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const utf8 = (s: string) => encoder.encode(s);
const text = (b: Uint8Array | null | undefined) => (b ? decoder.decode(b) : undefined);

/** A key as each payload uses it, made once: the cipher's key object, and the bytes of its id (the authenticated data). */
interface SealingKey {
  key: KeyObject;
  aad: Uint8Array;
}
const sealingKey = (k: { id: string; key: Buffer }): SealingKey => ({ key: createSecretKey(k.key), aad: utf8(k.id) });

/**
 * Encrypts every payload Temporal stores (workflow inputs and results, activity arguments and
 * results, updates, queries, events) with AES-256-GCM: the whole payload, its metadata included,
 * so histories show neither end users' messages nor which converter wrote them. The key id goes
 * beside the ciphertext (and into the authenticated data), so a rotated keyring still reads old
 * histories. Payloads that were never encrypted (histories from before, or with the codec off)
 * pass through as they are.
 */
export function payloadCipher(keyring: Keyring): PayloadCodec {
  // Every ask encrypts and decrypts a few dozen payloads: what is the same for each is made once
  // (the metadata's bytes are shared by every payload; nothing writes to them).
  const current = sealingKey(keyring.current);
  const byId = new Map([...keyring.byId].map(([id, k]) => [id, sealingKey(k)]));
  const encoding = utf8(ENCRYPTED_ENCODING);
  const cipherName = utf8(CIPHER);
  return {
    async encode(payloads: Payload[]): Promise<Payload[]> {
      return payloads.map((payload) => {
        const iv = randomBytes(IV_BYTES);
        const cipher = createCipheriv('aes-256-gcm', current.key, iv);
        cipher.setAAD(current.aad);
        const sealed = Buffer.concat([cipher.update(PayloadMessage.encode(payload).finish()), cipher.final()]);
        return {
          metadata: { encoding, [KEY_ID_METADATA]: current.aad, [CIPHER_METADATA]: cipherName },
          data: Buffer.concat([iv, sealed, cipher.getAuthTag()]),
        };
      });
    },
    async decode(payloads: Payload[]): Promise<Payload[]> {
      return payloads.map((payload) => {
        if (text(payload.metadata?.encoding) !== ENCRYPTED_ENCODING) return payload;
        const id = text(payload.metadata?.[KEY_ID_METADATA]) ?? '';
        const found = byId.get(id);
        if (!found) throw new Error(`This payload was encrypted with key "${id}", which is not in this process's keyring (ASKFLOW_PAYLOAD_KEYS)`);
        const data = payload.data ?? new Uint8Array();
        if (data.length < IV_BYTES + TAG_BYTES) throw new Error('An encrypted payload is too short to hold its IV and tag');
        const decipher = createDecipheriv('aes-256-gcm', found.key, data.subarray(0, IV_BYTES));
        decipher.setAAD(found.aad);
        decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
        const clear = Buffer.concat([decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)), decipher.final()]);
        return PayloadMessage.decode(clear) as Payload;
      });
    },
  };
}
