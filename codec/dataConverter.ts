import type { DataConverter } from '@temporalio/common';
import { keyringFrom } from './keyring.js';
import { payloadCipher } from './payloadCipher.js';

export interface CodecEnv {
  ASKFLOW_MASTER_KEY: string;
  ASKFLOW_PAYLOAD_KEYS?: string | undefined;
  /** `off` stores payloads in clear (never in production: histories then hold end users' messages). */
  ASKFLOW_PAYLOAD_CODEC?: 'aes-gcm' | 'off' | undefined;
}

/** The data converter every Temporal client and worker of Askflow uses: the same keys everywhere. */
export function askflowDataConverter(env: CodecEnv): DataConverter {
  if (env.ASKFLOW_PAYLOAD_CODEC === 'off') return {};
  return { payloadCodecs: [payloadCipher(keyringFrom(env.ASKFLOW_PAYLOAD_KEYS, Buffer.from(env.ASKFLOW_MASTER_KEY, 'base64')))] };
}
