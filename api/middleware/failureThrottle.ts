import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Pool } from '../../store/pool.js';
import { ApiError } from '../errors.js';

/** At most `points` failures per `seconds`; after them, every attempt is refused for the rest of that window. */
export interface FailureLimit {
  points: number;
  seconds: number;
}

/** What a failed attempt is counted against: the caller's address and what it tried (an account, a key prefix). */
export interface Attempt {
  ip: string;
  subject: string;
}

export interface FailureThrottle {
  /** 429 when the address or the subject has failed too often lately. */
  assertOpen(a: Attempt): void;
  /** Counts a failure; 429 when it was one too many. */
  failed(a: Attempt): Promise<void>;
  /** A success clears the subject's count (a user who finally typed the right password). */
  succeeded(a: Attempt): Promise<void>;
}

function refused(what: string, msBeforeNext: number): ApiError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new ApiError('RateLimited', `Too many failed ${what}; try again in ${seconds} s`, undefined, { 'Retry-After': String(seconds) });
}

/**
 * Brute-force throttling (rate-limiter-flexible, counts in PostgreSQL so every replica sees
 * them). Only failures count. Once over a limit, the address or subject is refused before any
 * lookup — even a right guess gets 429 — from this process's memory, so a valid request never
 * pays a database round trip for it; other replicas learn on their next failure.
 * A success clears only the subject's count: an address that keeps failing stays limited.
 */
export function failureThrottle(pool: Pool, name: string, what: string, limits: { perIp: FailureLimit; perSubject: FailureLimit }): FailureThrottle {
  const limiter = (scope: string, l: FailureLimit) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'auth_failures',
      tableCreated: true,
      keyPrefix: `${name}:${scope}`,
      points: l.points,
      duration: l.seconds,
    });
  const byIp = limiter('ip', limits.perIp);
  const bySubject = limiter('subject', limits.perSubject);
  // The subject is what the caller typed: bounded, so one key stays one row.
  const subjectKey = (s: string) => s.slice(0, 200);
  /** Addresses and subjects over a limit, until when: checked without a database round trip. */
  const blocked = new Map<string, number>();
  const block = (key: string, ms: number) => {
    if (blocked.size > 10_000) for (const [k, until] of blocked) if (until <= Date.now()) blocked.delete(k);
    blocked.set(key, Date.now() + ms);
  };
  const blockedFor = (key: string) => Math.max(0, (blocked.get(key) ?? 0) - Date.now());

  return {
    assertOpen({ ip, subject }) {
      const ms = Math.max(blockedFor(`ip:${ip}`), blockedFor(`subject:${subjectKey(subject)}`));
      if (ms > 0) throw refused(what, ms);
    },
    async failed({ ip, subject }) {
      const results = await Promise.allSettled([byIp.consume(ip), bySubject.consume(subjectKey(subject))]);
      let wait = 0;
      for (const [i, r] of results.entries()) {
        const key = i === 0 ? `ip:${ip}` : `subject:${subjectKey(subject)}`;
        // The failure that used up the allowance is answered as it is; what comes next is refused.
        if (r.status === 'fulfilled') {
          if (r.value.remainingPoints <= 0) block(key, r.value.msBeforeNext);
          continue;
        }
        if (!(r.reason instanceof RateLimiterRes)) throw r.reason as Error;
        block(key, r.reason.msBeforeNext);
        wait = Math.max(wait, r.reason.msBeforeNext);
      }
      if (wait > 0) throw refused(what, wait);
    },
    async succeeded({ subject }) {
      blocked.delete(`subject:${subjectKey(subject)}`);
      await bySubject.delete(subjectKey(subject));
    },
  };
}
