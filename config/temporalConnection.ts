import { readFileSync } from 'node:fs';
import type { TemporalEnv } from './env.js';

/**
 * Connection options shared by the api's client and the worker's native connection. Plain
 * address for the dev server; TLS (mTLS certificate or API key) for Temporal Cloud.
 */
export function temporalConnectionOptions(env: TemporalEnv) {
  const mtls = env.TEMPORAL_TLS_CERT_PATH && env.TEMPORAL_TLS_KEY_PATH;
  const useTls = env.TEMPORAL_TLS ?? Boolean(mtls || env.TEMPORAL_API_KEY);
  const tls = useTls
    ? {
        ...(env.TEMPORAL_TLS_SERVER_NAME ? { serverNameOverride: env.TEMPORAL_TLS_SERVER_NAME } : {}),
        ...(env.TEMPORAL_TLS_CA_PATH ? { serverRootCACertificate: readFileSync(env.TEMPORAL_TLS_CA_PATH) } : {}),
        ...(mtls
          ? { clientCertPair: { crt: readFileSync(env.TEMPORAL_TLS_CERT_PATH!), key: readFileSync(env.TEMPORAL_TLS_KEY_PATH!) } }
          : {}),
      }
    : false;
  return {
    address: env.TEMPORAL_ADDRESS,
    tls,
    ...(env.TEMPORAL_API_KEY ? { apiKey: env.TEMPORAL_API_KEY } : {}),
  };
}
