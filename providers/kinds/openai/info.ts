import type { ProviderKindInfo } from '../../types.js';

/**
 * Any server speaking OpenAI's chat-completions and embeddings protocol: OpenAI, Azure-style
 * gateways, Groq, Together, OpenRouter, Ollama, vLLM, LM Studio, llama.cpp's server, …
 * It offers whatever models its server has.
 */
export const openaiInfo: ProviderKindInfo = { name: 'openai', needsConnection: true };
