import { builtInConnection, offeredModels, parseModelId } from '../../providers/catalog.js';
import type { ProviderConnection } from '../../providers/types.js';
import { ApiError } from '../errors.js';

/** A project's connection as listed: its name and kind decide which models it can run. */
type Connection = Pick<ProviderConnection, 'name' | 'kind'>;

/** The connection `provider` names: a built-in one, or one of the project's. */
function connectionOf(id: string, provider: string, connections: readonly Connection[]): Connection {
  const found = builtInConnection(provider) ?? connections.find((c) => c.name === provider);
  if (!found) throw new ApiError('ValidationError', `${id}: no provider connection named "${provider}" on this project; add it first`);
  return found;
}

/** Every model a project refers to must run on a built-in connection or one of its own, and be one its kind offers. */
export function assertModelsAvailable(ids: (string | null | undefined)[], connections: readonly Connection[]): void {
  for (const id of ids) {
    if (!id) continue;
    const { provider } = parseModelId(id);
    const offered = offeredModels(connectionOf(id, provider, connections), 'chat');
    if (offered && !offered.includes(id)) throw new ApiError('ValidationError', `${id}: the ${provider} provider offers ${offered.join(', ')}`);
  }
}

/** The embedding model: likewise, among the models its connection's kind embeds with. */
export function assertEmbeddingModelAvailable(id: string, connections: readonly Connection[]): void {
  const { provider } = parseModelId(id);
  const offered = offeredModels(connectionOf(id, provider, connections), 'embeddings');
  if (offered && !offered.includes(id)) throw new ApiError('ValidationError', `${id}: the ${provider} provider embeds with ${offered.join(', ')}`);
}
