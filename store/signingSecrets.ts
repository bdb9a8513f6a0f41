import { randomBytes } from 'node:crypto';
import type { Pool } from './pool.js';
import { decryptSecret, encryptSecret } from './secrets.js';

export interface SigningSecrets {
  /** Signs every tool call. */
  current: string;
  /** Still signs too (beside `current`) until `expiresAt`, so receivers can switch without a gap. */
  previous: { secret: string; expiresAt: Date } | null;
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The project's signing secrets, creating the first one on first use. */
export async function signingSecrets(pool: Pool, projectId: string, masterKey: Buffer): Promise<SigningSecrets> {
  const { rows } = await pool.query<{ cur: Buffer | null; prev: Buffer | null; expires: Date | null }>(
    `SELECT signing_secret_encrypted AS cur, previous_signing_secret_encrypted AS prev, previous_signing_secret_expires_at AS expires FROM projects WHERE id = $1`,
    [projectId],
  );
  const row = rows[0];
  if (!row) throw new Error(`project ${projectId} not found`);
  if (!row.cur) {
    // Concurrent first uses agree: only the first write wins, the others read it back.
    await pool.query(`UPDATE projects SET signing_secret_encrypted = $2 WHERE id = $1 AND signing_secret_encrypted IS NULL`, [projectId, encryptSecret(newSecret(), masterKey)]);
    return signingSecrets(pool, projectId, masterKey);
  }
  const live = row.prev && row.expires && row.expires.getTime() > Date.now();
  return {
    current: decryptSecret(row.cur, masterKey),
    previous: live ? { secret: decryptSecret(row.prev!, masterKey), expiresAt: row.expires! } : null,
  };
}

/** A new secret; the old one keeps signing for `graceSeconds` (0 ends it now). */
export async function rotateSigningSecret(pool: Pool, projectId: string, masterKey: Buffer, graceSeconds: number): Promise<SigningSecrets> {
  const { current } = await signingSecrets(pool, projectId, masterKey);
  await pool.query(
    `UPDATE projects SET signing_secret_encrypted = $2, previous_signing_secret_encrypted = $3,
            previous_signing_secret_expires_at = now() + make_interval(secs => $4) WHERE id = $1`,
    [projectId, encryptSecret(newSecret(), masterKey), encryptSecret(current, masterKey), graceSeconds],
  );
  return signingSecrets(pool, projectId, masterKey);
}
