import { builtInConnection, type ProviderConnection } from '../providers/registry.js';
import type { Pool } from '../store/pool.js';
import { getProviderSecret } from '../store/providers.js';

/**
 * A provider connection by name, with its decrypted key: a kind's built-in one (`local`) or the
 * project's stored one; null when the project has none of that name. Read when a step runs,
 * never kept in a plan or a workflow's history.
 */
export async function providerConnection(pool: Pool, masterKey: Buffer, projectId: string, name: string): Promise<ProviderConnection | null> {
  return builtInConnection(name) ?? (await getProviderSecret(pool, projectId, name, masterKey));
}
