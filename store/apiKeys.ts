import type { BudgetLimits } from '@askflow/contract';
import { preparedStatement, type Pool } from './pool.js';
import { menuOf, PROJECT_SELECT, type Project } from './projects.js';
import { randomToken, sha256 } from './tokens.js';

export type KeyMode = 'live' | 'test';

export interface AuthenticatedKey {
  keyId: string;
  projectId: string;
  mode: KeyMode;
  /** The key's own token and cost caps (`{}` when none: read through limitsOf). */
  budget: Partial<BudgetLimits>;
}

export interface ApiKeyView {
  id: string;
  mode: KeyMode;
  prefix: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export const API_KEY_PATTERN = /^askflow_(live|test)_[A-Za-z0-9_-]{43}$/;

/** A new key: `askflow_<mode>_` + 32 random bytes in base64url. Returned once, stored as a hash. */
export function generateApiKey(mode: KeyMode): string {
  return randomToken(`askflow_${mode}_`);
}

export async function createApiKey(pool: Pool, projectId: string, mode: KeyMode, name = ''): Promise<ApiKeyView & { key: string }> {
  const key = generateApiKey(mode);
  const { rows } = await pool.query<ApiKeyView>(
    `INSERT INTO api_keys (project_id, mode, key_hash, prefix, name) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, mode, prefix, name, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`,
    [projectId, mode, sha256(key), key.slice(0, 'askflow_live_'.length + 6), name],
  );
  return { ...rows[0]!, key };
}

export async function listApiKeys(pool: Pool, projectId: string): Promise<ApiKeyView[]> {
  const { rows } = await pool.query<ApiKeyView>(
    `SELECT id, mode, prefix, name, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"
       FROM api_keys WHERE project_id = $1 ORDER BY created_at`,
    [projectId],
  );
  return rows;
}

/** True when the key existed and was active. Revoked keys stop working at once. */
export async function revokeApiKey(pool: Pool, projectId: string, keyId: string): Promise<boolean> {
  const { rowCount } = await pool.query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND project_id = $2 AND revoked_at IS NULL`, [keyId, projectId]);
  return rowCount === 1;
}

// The key's columns are renamed (k_*) so that the project's select list, which names its
// columns bare, reads only the project's. Every ask runs it: prepared once per connection.
const FIND_ACTIVE_KEY = preparedStatement(
  `WITH k AS (
     SELECT id AS k_id, project_id AS k_project, mode AS k_mode, budget AS k_budget,
            (last_used_at IS NULL OR last_used_at < now() - interval '1 minute') AS k_stale
       FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL
   )
   SELECT k.*, ${menuOf('k.k_project')} AS k_menu, ${PROJECT_SELECT} FROM k JOIN projects ON projects.id = k.k_project`,
);

export interface ActiveKey {
  key: AuthenticatedKey;
  project: Project;
  menu: string[];
}

/**
 * The active key, its project and the project's model menu, in one query: every request of the
 * service routes starts here, and a round trip for the project (or the menu every ask resolves
 * its model from) was another socket write and read each. Null when the key is unknown, revoked,
 * or its project was just deleted (keys go with their project).
 */
export async function findActiveKeyWithProject(pool: Pool, key: string): Promise<ActiveKey | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const { rows } = await pool.query<Project & { k_id: string; k_project: string; k_mode: KeyMode; k_budget: Partial<BudgetLimits>; k_stale: boolean; k_menu: string[] }>(FIND_ACTIVE_KEY([sha256(key)]));
  const row = rows[0];
  if (!row) return null;
  const { k_id, k_project, k_mode, k_budget, k_stale, k_menu, ...project } = row;
  // Last-used time is kept to the minute, so a busy key costs one write a minute, not one per ask.
  if (k_stale) await pool.query(`UPDATE api_keys SET last_used_at = now() WHERE id = $1`, [k_id]);
  return { key: { keyId: k_id, projectId: k_project, mode: k_mode, budget: k_budget }, project, menu: k_menu };
}
