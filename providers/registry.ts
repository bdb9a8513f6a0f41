import { LocalProvider } from './local.js';
import { OpenAICompatibleProvider } from './openaiCompatible.js';
import type { ChatProvider } from './types.js';

export interface ModelRef {
  /** `<provider>:<model>`, as shown on the model menu. */
  id: string;
  provider: string;
  model: string;
}

/** The models the built-in offline provider offers. */
export const LOCAL_MODEL_IDS: readonly string[] = ['local:extractive'];

/** Splits at the first colon: `ollama:llama3:8b` is provider `ollama`, model `llama3:8b`. */
export function parseModelId(id: string): ModelRef {
  const at = id.indexOf(':');
  if (at <= 0 || at === id.length - 1) throw new Error(`model id "${id}" is not of the form <provider>:<model>`);
  return { id, provider: id.slice(0, at), model: id.slice(at + 1) };
}

export interface ProviderConnectionSecret {
  baseUrl: string;
  apiKey: string;
}

/** The provider for a model: `local`, or the project's OpenAI-compatible connection of that name. */
export function chatProviderFor(ref: ModelRef, connection: ProviderConnectionSecret | null, timeoutMs = 110_000): ChatProvider {
  if (ref.provider === 'local') return new LocalProvider();
  if (!connection) throw new Error(`no provider connection "${ref.provider}" is configured for this project`);
  return new OpenAICompatibleProvider({ name: ref.provider, baseUrl: connection.baseUrl, apiKey: connection.apiKey, timeoutMs });
}
