import type { ChatRequest } from '../../providers/types.js';
import { OpenAICompatibleProvider } from '../../providers/kinds/openai/chat.js';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';

/** A plain chat request, with whatever a test needs changed. */
export function chatRequest(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return { model: 'gpt-test', system: '', history: [], message: 'What is the capital of Norway?', context: [], temperature: 0.2, ...overrides };
}

/** The body of the one request the server received. */
export function onlyBody(server: ChatCompletionsServer) {
  expect(server.requests).toHaveLength(1);
  const body = server.requests[0]!.body;
  if (!body) throw new Error('the server received no JSON body');
  return body;
}

/** A chat-completions test server and a provider pointed at it (short timeout, so timeouts are testable). */
export async function providerFixture(): Promise<{ server: ChatCompletionsServer; provider: OpenAICompatibleProvider }> {
  const server = await startChatCompletionsServer();
  return { server, provider: new OpenAICompatibleProvider({ name: 'acme', baseUrl: server.baseUrl, apiKey: server.apiKey, timeoutMs: 2_000 }) };
}
