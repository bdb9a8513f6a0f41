import { hash, verify } from '@node-rs/argon2';
import type { Owner } from '../../store/owners.js';
import { findOwnerByEmail } from '../../store/owners.js';
import type { Pool } from '../../store/pool.js';
import { ApiError } from '../errors.js';
import type { FailureThrottle } from '../middleware/failureThrottle.js';

// Checked against when the email is unknown, so a wrong email costs as long as a wrong password
// (the same defence as POST /manage/tokens).
const decoyHash = hash('askflow-decoy-password');

/**
 * The owner with this email and password; 401 otherwise, without telling which was wrong.
 * Failures are counted per address and per account (`throttle`): past the limit, 429 before
 * any password is checked.
 */
export async function checkCredentials(pool: Pool, email: string, password: string, throttle: FailureThrottle, ip: string): Promise<Owner> {
  const attempt = { ip, subject: email.toLowerCase() };
  throttle.assertOpen(attempt);
  const owner = await findOwnerByEmail(pool, email);
  const ok = await verify(owner?.passwordHash ?? (await decoyHash), password);
  if (!owner || !ok) {
    await throttle.failed(attempt);
    throw new ApiError('Unauthorized', 'Wrong email or password');
  }
  await throttle.succeeded(attempt);
  return { id: owner.id, email: owner.email };
}
