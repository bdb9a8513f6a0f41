import type { Pool } from './pool.js';
import { decryptSecret, encryptSecret } from './secrets.js';

export interface ProviderConnection {
  name: string;
  baseUrl: string;
  hasApiKey: boolean;
}

export async function listProviders(pool: Pool, projectId: string): Promise<ProviderConnection[]> {
  const { rows } = await pool.query<ProviderConnection>(
    `SELECT name, base_url AS "baseUrl", api_key_encrypted IS NOT NULL AS "hasApiKey" FROM provider_connections WHERE project_id = $1 ORDER BY name`,
    [projectId],
  );
  return rows;
}

/**
 * Creates or updates a connection. `apiKey` undefined keeps the stored key; null removes it.
 * The key is encrypted before it reaches the database.
 */
export async function upsertProvider(
  pool: Pool,
  projectId: string,
  name: string,
  baseUrl: string,
  apiKey: string | null | undefined,
  masterKey: Buffer,
): Promise<void> {
  const sealed = apiKey ? encryptSecret(apiKey, masterKey) : null;
  await pool.query(
    `INSERT INTO provider_connections (project_id, name, base_url, api_key_encrypted) VALUES ($1, $2, $3, $4)
     ON CONFLICT (project_id, name) DO UPDATE SET base_url = EXCLUDED.base_url, updated_at = now(),
       api_key_encrypted = CASE WHEN $5 THEN provider_connections.api_key_encrypted ELSE EXCLUDED.api_key_encrypted END`,
    [projectId, name, baseUrl, sealed, apiKey === undefined],
  );
}

export async function deleteProvider(pool: Pool, projectId: string, name: string): Promise<boolean> {
  const { rowCount } = await pool.query(`DELETE FROM provider_connections WHERE project_id = $1 AND name = $2`, [projectId, name]);
  return rowCount === 1;
}

/** Connection with its decrypted key, for the worker that calls the provider. */
export async function getProviderSecret(
  pool: Pool,
  projectId: string,
  name: string,
  masterKey: Buffer,
): Promise<{ baseUrl: string; apiKey: string } | null> {
  const { rows } = await pool.query<{ base_url: string; api_key_encrypted: Buffer | null }>(
    `SELECT base_url, api_key_encrypted FROM provider_connections WHERE project_id = $1 AND name = $2`,
    [projectId, name],
  );
  const row = rows[0];
  if (!row) return null;
  // Local OpenAI-compatible servers (Ollama, vLLM…) often take no key; the SDK still wants one.
  return { baseUrl: row.base_url, apiKey: row.api_key_encrypted ? decryptSecret(row.api_key_encrypted, masterKey) : 'no-key' };
}
