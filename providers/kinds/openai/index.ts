import type { ProviderConnection, ProviderKind } from '../../types.js';
import { OpenAICompatibleProvider } from './chat.js';
import { OpenAICompatibleEmbedder } from './embeddings.js';

// Self-hosted OpenAI-compatible servers (Ollama, vLLM, …) often take no key; the SDK still wants one.
const apiKeyOf = (connection: ProviderConnection) => connection.apiKey ?? 'no-key';

/**
 * Any server speaking OpenAI's chat-completions and embeddings protocol: OpenAI, Azure-style
 * gateways, Groq, Together, OpenRouter, Ollama, vLLM, LM Studio, llama.cpp's server, …
 * Failures of both are classified alike by ./errors.ts.
 */
export const openaiKind: ProviderKind = {
  name: 'openai',
  needsConnection: true,
  chat: (connection, timeoutMs) =>
    new OpenAICompatibleProvider({ name: connection.name, baseUrl: connection.baseUrl, apiKey: apiKeyOf(connection), timeoutMs }),
  embeddings: (connection, model) =>
    new OpenAICompatibleEmbedder({ name: connection.name, model, baseUrl: connection.baseUrl, apiKey: apiKeyOf(connection) }),
};
