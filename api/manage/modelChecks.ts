import { LOCAL_EMBEDDING_MODEL } from '../../knowledge/embedders/registry.js';
import { LOCAL_MODEL_IDS, parseModelId } from '../../providers/registry.js';
import { ApiError } from '../errors.js';

/** Every model a project refers to must run on `local` or on one of its provider connections. */
export function assertModelsAvailable(ids: (string | null | undefined)[], providerNames: string[]): void {
  for (const id of ids) {
    if (!id) continue;
    const { provider } = parseModelId(id);
    if (provider === 'local') {
      if (!LOCAL_MODEL_IDS.includes(id)) throw new ApiError('ValidationError', `${id}: the local provider offers ${LOCAL_MODEL_IDS.join(', ')}`);
    } else if (!providerNames.includes(provider)) {
      throw new ApiError('ValidationError', `${id}: no provider connection named "${provider}" on this project; add it first`);
    }
  }
}

/** The embedding model: the built-in lexical embedder, or a model on one of the project's connections. */
export function assertEmbeddingModelAvailable(id: string, providerNames: string[]): void {
  const { provider } = parseModelId(id);
  if (provider === 'local') {
    if (id !== LOCAL_EMBEDDING_MODEL) throw new ApiError('ValidationError', `${id}: the local provider embeds with ${LOCAL_EMBEDDING_MODEL}`);
  } else if (!providerNames.includes(provider)) {
    throw new ApiError('ValidationError', `${id}: no provider connection named "${provider}" on this project; add it first`);
  }
}
