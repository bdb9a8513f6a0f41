import { ApplicationFailure } from '@temporalio/common';
import { FAILURE_TYPES, type FailureType } from '../interface/failures.js';
import { ProviderError } from '../providers/errors.js';

/** A failure of Askflow's own, typed for the workflow and the caller (see interface/failures.ts). */
export class StepFailure extends Error {
  constructor(
    message: string,
    readonly type: FailureType,
    readonly retryable: boolean,
    /** When the other side said when to come back (a `Retry-After`). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'StepFailure';
  }
}

/** PostgreSQL's foreign_key_violation: a row the step writes for was deleted meanwhile. */
function isForeignKeyViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23503';
}

/**
 * Any error as Temporal should treat it: whether it is retried, after how long (a provider's or
 * tool's `Retry-After` becomes `nextRetryDelay`), and under which type the workflow and the api
 * describe it. Errors Askflow does not know stay retryable, as Temporal's default.
 */
export function asTemporalFailure(err: unknown): unknown {
  if (err instanceof ApplicationFailure) return err;
  if (err instanceof ProviderError || err instanceof StepFailure) {
    return ApplicationFailure.create({
      message: err.message,
      type: err instanceof ProviderError ? err.kind : err.type,
      nonRetryable: !err.retryable,
      ...(err.retryAfterMs !== undefined ? { nextRetryDelay: err.retryAfterMs } : {}),
    });
  }
  if (isForeignKeyViolation(err)) {
    return ApplicationFailure.create({ message: 'the project (or its thread) was deleted while the step ran', type: FAILURE_TYPES.projectGone, nonRetryable: true, cause: err as Error });
  }
  return err;
}

/** Every activity goes through this: its errors reach Temporal as `asTemporalFailure` says. */
export function withTemporalFailures<A extends unknown[], R>(step: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    try {
      return await step(...args);
    } catch (err) {
      throw asTemporalFailure(err);
    }
  };
}

/** Wraps each activity of a set, keeping their names and types. */
export function allWithTemporalFailures<T extends Record<string, (...args: never[]) => Promise<unknown>>>(activities: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, step] of Object.entries(activities)) wrapped[name] = withTemporalFailures(step as (...args: unknown[]) => Promise<unknown>);
  return wrapped as T;
}
