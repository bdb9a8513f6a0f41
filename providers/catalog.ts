import { localInfo } from './kinds/local/info.js';
import { openaiInfo } from './kinds/openai/info.js';
import type { ProviderConnection, ProviderKindInfo } from './types.js';

/**
 * What each provider kind is and which models it offers, without its implementation: the api
 * checks model ids against this and never loads a chat provider, an embedder or what they need
 * (the local provider's token tables, Ajv, the openai package). Same kinds, same order, as
 * ./registry.ts (test/providers/registry.test.ts holds the two together).
 */
const INFOS: readonly ProviderKindInfo[] = [openaiInfo, localInfo];

export interface ModelRef {
  /** `<provider>:<model>`, as shown on the model menu. */
  id: string;
  provider: string;
  model: string;
}

/** Splits at the first colon: `ollama:llama3:8b` is provider `ollama`, model `llama3:8b`. */
export function parseModelId(id: string): ModelRef {
  const at = id.indexOf(':');
  if (at <= 0 || at === id.length - 1) throw new Error(`model id "${id}" is not of the form <provider>:<model>`);
  return { id, provider: id.slice(0, at), model: id.slice(at + 1) };
}

export function kindInfos(): readonly ProviderKindInfo[] {
  return INFOS;
}

/** The connection a built-in kind provides under its own name (no database row, no secret); null for any other name. */
export function builtInConnection(name: string): ProviderConnection | null {
  const info = INFOS.find((k) => k.name === name);
  return info && !info.needsConnection ? { name, kind: info.name, baseUrl: '', apiKey: null } : null;
}

/** The models `connection`'s kind offers, as full ids; undefined when it offers whatever its server has. */
export function offeredModels(connection: Pick<ProviderConnection, 'name' | 'kind'>, use: 'chat' | 'embeddings'): string[] | undefined {
  const info = INFOS.find((k) => k.name === connection.kind);
  if (!info) throw new Error(`provider "${connection.name}" is of kind "${connection.kind}", which is not registered`);
  return (use === 'chat' ? info.chatModels : info.embeddingModels)?.map((m) => `${connection.name}:${m}`);
}
