import { createHash, randomUUID } from 'node:crypto';
import type { Pool } from '../../store/pool.js';
import { claimIdempotencyKey } from '../../store/idempotency.js';
import { ApiError } from '../errors.js';

/** JSON with object keys sorted, so two encodings of the same body hash alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * The workflow id an ask runs under. Without `Idempotency-Key`, a new one. With it, the id the
 * key was first used with (same body, within 24 h), so a retry joins that run instead of asking again.
 */
export async function workflowIdFor(
  pool: Pool,
  projectId: string,
  idempotencyKey: string | undefined,
  /** The ask as asked (its body, and the conversation when a door sends one): what a retry must repeat. */
  asked: unknown,
): Promise<{ workflowId: string; replay: boolean }> {
  const fresh = `ask-${projectId}-${randomUUID()}`;
  if (idempotencyKey === undefined) return { workflowId: fresh, replay: false };
  if (!KEY_PATTERN.test(idempotencyKey)) {
    throw new ApiError('ValidationError', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  const bodyHash = createHash('sha256').update(canonical(asked)).digest();
  const claim = await claimIdempotencyKey(pool, projectId, idempotencyKey, bodyHash, fresh);
  if (claim.kind === 'conflict') {
    throw new ApiError('IdempotencyKeyReused', 'This Idempotency-Key was already used with a different request body in the last 24 hours; use a new key for a new request.');
  }
  return { workflowId: claim.workflowId, replay: claim.kind === 'replay' };
}
