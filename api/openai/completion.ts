import type { AskResponse, AskflowChatResult, ChatCompletion, ChatUsage, Usage } from '@askflow/contract';

/** A completion's id: the ask's, under OpenAI's prefix (the ask id itself is in `askflow.askId`). */
export const completionId = (askId: string) => `chatcmpl-${askId}`;

export const chatUsage = (u: Usage): ChatUsage => ({ prompt_tokens: u.promptTokens, completion_tokens: u.completionTokens, total_tokens: u.totalTokens });

/** The `askflow` extension of an answer: the ask's id and thread, its intent, tool and sources. */
export function askflowResult(askId: string, answer: AskResponse): AskflowChatResult {
  return { askId, threadId: answer.threadId, intent: answer.intent, toolUsed: answer.toolUsed, ragChunksUsed: answer.ragChunksUsed, sources: answer.sources ?? [] };
}

/** An answered ask as OpenAI's `chat.completion`; `model` is the model that answered. */
export function chatCompletionOf(askId: string, answer: AskResponse, created = Math.floor(Date.now() / 1000)): ChatCompletion {
  return {
    id: completionId(askId),
    object: 'chat.completion',
    created,
    model: answer.model,
    choices: [{ index: 0, message: { role: 'assistant', content: answer.answer, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: chatUsage(answer.usage),
    askflow: askflowResult(askId, answer),
  };
}
