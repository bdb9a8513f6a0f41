import type { ProviderConnection, ProviderKind } from '../../types.js';
import { OpenAICompatibleProvider } from './chat.js';
import { OpenAICompatibleEmbedder } from './embeddings.js';
import { openaiInfo } from './info.js';

// Self-hosted OpenAI-compatible servers (Ollama, vLLM, …) often take no key; the SDK still wants one.
const apiKeyOf = (connection: ProviderConnection) => connection.apiKey ?? 'no-key';

/** The OpenAI-compatible protocol (see ./info.ts); failures of both are classified alike by ./errors.ts. */
export const openaiKind: ProviderKind = {
  ...openaiInfo,
  chat: (connection, timeoutMs) =>
    new OpenAICompatibleProvider({ name: connection.name, baseUrl: connection.baseUrl, apiKey: apiKeyOf(connection), timeoutMs }),
  embeddings: (connection, model) =>
    new OpenAICompatibleEmbedder({ name: connection.name, model, baseUrl: connection.baseUrl, apiKey: apiKeyOf(connection) }),
};
