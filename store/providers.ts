import type { ProviderConnectionView } from '@askflow/contract';
import type { Pool } from './pool.js';
import { decryptSecret, encryptSecret } from './secrets.js';

/** A connection's view (never its key) as a select list, for statements that read connections beside other rows. */
export const PROVIDER_VIEW_SELECT = `name, kind, base_url AS "baseUrl", api_key_encrypted IS NOT NULL AS "hasApiKey"`;

/**
 * A digest of everything a connection is used with (kind, address, encrypted key): it changes
 * whenever the connection is saved with another address or key (a key is encrypted afresh each
 * time), and says nothing about the key itself. A worker keeps the connection it decrypted under
 * it (activities/providerConnection.ts).
 */
export const PROVIDER_VERSION = `md5(kind || E'\\n' || base_url || E'\\n' || coalesce(encode(api_key_encrypted, 'hex'), ''))`;

export async function listProviders(pool: Pool, projectId: string): Promise<ProviderConnectionView[]> {
  const { rows } = await pool.query<ProviderConnectionView>(
    `SELECT ${PROVIDER_VIEW_SELECT} FROM provider_connections WHERE project_id = $1 ORDER BY name`,
    [projectId],
  );
  return rows;
}

/**
 * Creates or updates a connection. `apiKey` undefined keeps the stored key; null removes it.
 * `kind` undefined keeps the stored kind, and is `openai` for a new connection.
 * The key is encrypted before it reaches the database.
 */
export async function upsertProvider(
  pool: Pool,
  projectId: string,
  name: string,
  baseUrl: string,
  apiKey: string | null | undefined,
  masterKey: Buffer,
  kind?: string,
): Promise<void> {
  const sealed = apiKey ? encryptSecret(apiKey, masterKey) : null;
  await pool.query(
    `INSERT INTO provider_connections (project_id, name, kind, base_url, api_key_encrypted) VALUES ($1, $2, COALESCE($3, 'openai'), $4, $5)
     ON CONFLICT (project_id, name) DO UPDATE SET base_url = EXCLUDED.base_url, updated_at = now(),
       kind = COALESCE($3, provider_connections.kind),
       api_key_encrypted = CASE WHEN $6 THEN provider_connections.api_key_encrypted ELSE EXCLUDED.api_key_encrypted END`,
    [projectId, name, kind ?? null, baseUrl, sealed, apiKey === undefined],
  );
}

export async function deleteProvider(pool: Pool, projectId: string, name: string): Promise<boolean> {
  const { rowCount } = await pool.query(`DELETE FROM provider_connections WHERE project_id = $1 AND name = $2`, [projectId, name]);
  return rowCount === 1;
}

/**
 * The connection with its decrypted key, for the worker that calls the provider. The shape of
 * providers/' ProviderConnection (store sits beside providers/, so it does not import it).
 */
export async function getProviderSecret(
  pool: Pool,
  projectId: string,
  name: string,
  masterKey: Buffer,
): Promise<{ name: string; kind: string; baseUrl: string; apiKey: string | null; version: string } | null> {
  const { rows } = await pool.query<{ kind: string; base_url: string; api_key_encrypted: Buffer | null; version: string }>(
    `SELECT kind, base_url, api_key_encrypted, ${PROVIDER_VERSION} AS version FROM provider_connections WHERE project_id = $1 AND name = $2`,
    [projectId, name],
  );
  const row = rows[0];
  if (!row) return null;
  return { name, kind: row.kind, baseUrl: row.base_url, apiKey: row.api_key_encrypted ? decryptSecret(row.api_key_encrypted, masterKey) : null, version: row.version };
}
