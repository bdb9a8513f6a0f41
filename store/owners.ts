import type { Pool } from './pool.js';
import { randomToken, sha256 } from './tokens.js';

export interface Owner {
  id: string;
  email: string;
}

export const OWNER_TOKEN_PATTERN = /^askflow_owner_[A-Za-z0-9_-]{43}$/;

/** Null when the email is taken (case-insensitively). */
export async function createOwner(pool: Pool, email: string, passwordHash: string): Promise<Owner | null> {
  const { rows } = await pool.query<Owner>(
    `INSERT INTO owners (email, password_hash) VALUES ($1, $2) ON CONFLICT (lower(email)) DO NOTHING RETURNING id, email`,
    [email, passwordHash],
  );
  return rows[0] ?? null;
}

export async function findOwnerByEmail(pool: Pool, email: string): Promise<(Owner & { passwordHash: string }) | null> {
  const { rows } = await pool.query<Owner & { passwordHash: string }>(
    `SELECT id, email, password_hash AS "passwordHash" FROM owners WHERE lower(email) = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
}

export async function createOwnerToken(pool: Pool, ownerId: string, name = ''): Promise<{ id: string; token: string }> {
  const token = randomToken('askflow_owner_');
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO owner_tokens (owner_id, token_hash, name) VALUES ($1, $2, $3) RETURNING id`,
    [ownerId, sha256(token), name],
  );
  return { id: rows[0]!.id, token };
}

export async function findOwnerByToken(pool: Pool, token: string): Promise<(Owner & { tokenId: string }) | null> {
  if (!OWNER_TOKEN_PATTERN.test(token)) return null;
  const { rows } = await pool.query<Owner & { tokenId: string }>(
    `SELECT o.id, o.email, t.id AS "tokenId" FROM owner_tokens t JOIN owners o ON o.id = t.owner_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
    [sha256(token)],
  );
  return rows[0] ?? null;
}

export async function revokeOwnerToken(pool: Pool, tokenId: string): Promise<void> {
  await pool.query(`UPDATE owner_tokens SET revoked_at = now() WHERE id = $1`, [tokenId]);
}
