import type { Pool } from '../../store/pool.js';
import { failureThrottle, type FailureLimit, type FailureThrottle } from './failureThrottle.js';

export interface Throttles {
  signIns: FailureThrottle;
  invalidKeys: FailureThrottle;
}

export interface ThrottleLimits {
  signInsPerIp: FailureLimit;
  signInsPerAccount: FailureLimit;
  invalidKeysPerIp: FailureLimit;
  invalidKeysPerPrefix: FailureLimit;
}

/** The api's brute-force throttles: failed sign-ins (per address, per account) and invalid API keys (per address, per prefix). */
export function createThrottles(pool: Pool, l: ThrottleLimits): Throttles {
  return {
    signIns: failureThrottle(pool, 'signin', 'sign-ins', { perIp: l.signInsPerIp, perSubject: l.signInsPerAccount }),
    invalidKeys: failureThrottle(pool, 'apikey', 'API keys', { perIp: l.invalidKeysPerIp, perSubject: l.invalidKeysPerPrefix }),
  };
}
