import { LRUCache } from 'lru-cache';
import { builtInConnection, type ProviderConnection } from '../providers/registry.js';
import type { Pool } from '../store/pool.js';
import { getProviderSecret } from '../store/providers.js';

/**
 * Connections this process decrypted, by project and name, each with the version (a digest of
 * its stored kind, address and encrypted key: store/providers.ts) it was read at. Every ask's
 * plan reads the versions with the project, so a step holding the plan's version uses the
 * connection again without reading it, and a connection saved since is read afresh.
 */
const decrypted = new LRUCache<string, { version: string; connection: ProviderConnection }>({ max: 1_000 });

/**
 * A provider connection by name, with its decrypted key: a kind's built-in one (`local`) or the
 * project's stored one; null when the project has none of that name. Read when a step runs (or
 * taken from this process's copy read at `version`), never kept in a plan or a workflow's history.
 */
export async function providerConnection(pool: Pool, masterKey: Buffer, projectId: string, name: string, version?: string): Promise<ProviderConnection | null> {
  const builtIn = builtInConnection(name);
  if (builtIn) return builtIn;
  const key = `${projectId}\u0000${name}`;
  const cached = version === undefined ? undefined : decrypted.get(key);
  if (cached && cached.version === version) return cached.connection;
  const stored = await getProviderSecret(pool, projectId, name, masterKey);
  if (!stored) {
    decrypted.delete(key);
    return null;
  }
  const { version: read, ...connection } = stored;
  decrypted.set(key, { version: read, connection });
  return connection;
}
