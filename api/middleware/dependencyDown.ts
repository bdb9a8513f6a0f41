/**
 * Whether an error means a service we depend on (PostgreSQL, Temporal) could not be reached or
 * went away mid-request: a 503 the caller may retry, not a bug of ours (500).
 */
export function isDependencyDown(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; errors?: unknown[] } | null;
  if (!e || typeof e !== 'object') return false;
  // Node socket errors (a refused or reset connection to PostgreSQL), also wrapped in an AggregateError.
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
  if (Array.isArray(e.errors) && e.errors.some(isDependencyDown)) return true;
  // PostgreSQL's own: connection exceptions (08…), shutting down / cannot connect now (57P0…).
  if (typeof e.code === 'string' && /^(08...|57P0[1-3])$/.test(e.code)) return true;
  // gRPC UNAVAILABLE from the Temporal client.
  if (e.code === 14) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  // node-postgres reports a dropped or timed-out connection only in words.
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(message);
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
