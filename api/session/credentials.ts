import { hash, verify } from '@node-rs/argon2';
import type { Owner } from '../../store/owners.js';
import { findOwnerByEmail } from '../../store/owners.js';
import type { Pool } from '../../store/pool.js';
import { ApiError } from '../errors.js';

// Checked against when the email is unknown, so a wrong email costs as long as a wrong password
// (the same defence as POST /manage/tokens).
const decoyHash = hash('askflow-decoy-password');

/** The owner with this email and password; 401 otherwise, without telling which was wrong. */
export async function checkCredentials(pool: Pool, email: string, password: string): Promise<Owner> {
  const owner = await findOwnerByEmail(pool, email);
  const ok = await verify(owner?.passwordHash ?? (await decoyHash), password);
  if (!owner || !ok) throw new ApiError('Unauthorized', 'Wrong email or password');
  return { id: owner.id, email: owner.email };
}
