import { createHash, randomBytes } from 'node:crypto';
import type { Pool } from './pool.js';

export type KeyMode = 'live' | 'test';

export interface AuthenticatedKey {
  keyId: string;
  projectId: string;
  mode: KeyMode;
}

export const API_KEY_PATTERN = /^askflow_(live|test)_[A-Za-z0-9_-]{43}$/;

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/** A new key: `askflow_<mode>_` + 32 random bytes in base64url. Returned once, stored as a hash. */
export function generateApiKey(mode: KeyMode): string {
  return `askflow_${mode}_${randomBytes(32).toString('base64url')}`;
}

export async function createApiKey(pool: Pool, projectId: string, mode: KeyMode, name = ''): Promise<{ id: string; key: string }> {
  const key = generateApiKey(mode);
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO api_keys (project_id, mode, key_hash, prefix, name) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [projectId, mode, hashApiKey(key), key.slice(0, 'askflow_live_'.length + 6), name],
  );
  return { id: rows[0]!.id, key };
}

/** Resolves an active key; `null` for unknown, malformed or revoked keys alike. */
export async function findActiveKey(pool: Pool, key: string): Promise<AuthenticatedKey | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const { rows } = await pool.query<{ id: string; project_id: string; mode: KeyMode; stale: boolean }>(
    `SELECT id, project_id, mode, (last_used_at IS NULL OR last_used_at < now() - interval '1 minute') AS stale
       FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL`,
    [hashApiKey(key)],
  );
  const row = rows[0];
  if (!row) return null;
  // Last-used time is kept to the minute, so a busy key costs one write a minute, not one per ask.
  if (row.stale) await pool.query(`UPDATE api_keys SET last_used_at = now() WHERE id = $1`, [row.id]);
  return { keyId: row.id, projectId: row.project_id, mode: row.mode };
}
