import type { AskRequest } from '@askflow/contract';
import type { Logger } from '../../config/logger.js';
import type { Pool } from '../../store/pool.js';
import { findThread, resolveExternalThread } from '../../store/threads.js';
import { ApiError } from '../errors.js';
import { UUID } from '../uuid.js';

/**
 * The spec's thread resolution table, applied before any workflow starts. Returns null for "a
 * new thread": its id is chosen by the caller and the row is written with the first answer.
 */
export async function resolveThread(pool: Pool, projectId: string, req: AskRequest, log: Logger): Promise<string | null> {
  if (req.threadId !== undefined) {
    if (!UUID.test(req.threadId)) {
      throw new ApiError(
        'InvalidInput',
        'threadId must be a thread id returned by Askflow (a UUID). To continue a conversation under your own id, send it as externalThreadId.',
      );
    }
    if (req.externalThreadId !== undefined) {
      log.debug({ threadId: req.threadId, externalThreadId: req.externalThreadId }, 'both threadId and externalThreadId sent; threadId wins');
    }
    const found = await findThread(pool, projectId, req.threadId);
    if (!found) throw new ApiError('NotFound', `Thread ${req.threadId} not found`);
    return found;
  }
  if (req.externalThreadId !== undefined) return resolveExternalThread(pool, projectId, req.externalThreadId);
  return null;
}
