import { createHash } from 'node:crypto';
import pg from 'pg';
import pRetry from 'p-retry';

export type Pool = pg.Pool;
/** A pool or a transaction's client: what a query can run on. */
export type Queryable = pg.Pool | pg.PoolClient;

export function createPool(databaseUrl: string, max = 10): pg.Pool {
  // A database that does not accept a connection within 5 s is down as far as a request is
  // concerned: it fails (503) rather than waiting for as long as the caller does.
  const pool = new pg.Pool({ connectionString: databaseUrl, max, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * A statement PostgreSQL parses once per connection and, after its first few runs, plans once: a
 * named prepared statement, for the statements every ask runs. Sent unnamed, each run is parsed
 * and planned afresh, which for these cost PostgreSQL more than running them (a JSON ask's key
 * lookup, plan read and stored turn: ~2.9 of ~4.8 ms). Fixed SQL text only — every connection
 * keeps each statement it has prepared — so the name is the text's hash.
 */
export function preparedStatement(text: string): (values: unknown[]) => pg.QueryConfig {
  const name = `askflow_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  return (values) => ({ name, text, values });
}

/** Runs `fn` in one transaction on one client; rolls back on any error. */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

/** PostgreSQL's deadlock_detected and serialization_failure: the statement lost a race and may simply run again. */
const LOST_A_RACE = new Set(['40P01', '40001']);

/**
 * Runs an idempotent write (a delete), again if PostgreSQL failed it for losing a race. Writers
 * take rows in one order (see lockParents in chunks.ts), but a delete cascades through every table
 * under its row, and a writer elsewhere (an ask storing its turn) may still meet it the other way
 * round; PostgreSQL then fails one of the two, and the caller of a delete should not see a 500 for
 * it. Activities need none of this: Temporal retries them.
 */
export function retryingLostRaces<T>(write: () => Promise<T>): Promise<T> {
  return pRetry(write, {
    retries: 3,
    minTimeout: 20,
    randomize: true,
    shouldRetry: (err) => LOST_A_RACE.has((err as { code?: unknown }).code as string),
  });
}

/** Whether PostgreSQL answers a trivial query (the readiness check); never throws. */
export async function databaseReachable(pool: pg.Pool): Promise<boolean> {
  return pool.query('SELECT 1').then(() => true, () => false);
}
