import { parseModelId } from '../../providers/registry.js';
import type { Embedder } from '../types.js';
import { LOCAL_EMBEDDING_MODEL, LocalLexicalEmbedder } from './local.js';
import { OpenAICompatibleEmbedder } from './openai.js';

export { LOCAL_EMBEDDING_MODEL } from './local.js';

/** The embedder for a model id: `local:lexical-256`, or `<provider>:<model>` on the project's OpenAI-compatible connection of that name. */
export function embedderFor(id: string, connection: { baseUrl: string; apiKey: string } | null): Embedder {
  if (id === LOCAL_EMBEDDING_MODEL) return new LocalLexicalEmbedder();
  const { provider, model } = parseModelId(id);
  if (provider === 'local') throw new Error(`unknown local embedding model "${id}"; the local one is ${LOCAL_EMBEDDING_MODEL}`);
  if (!connection) throw new Error(`no provider connection "${provider}" is configured for this project`);
  return new OpenAICompatibleEmbedder({ name: provider, model, baseUrl: connection.baseUrl, apiKey: connection.apiKey });
}
