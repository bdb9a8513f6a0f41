import { ASK_ID_HEADER, ERROR_STATUS, type ChatCompletionChunk, type ErrorCode, type StreamEvent } from '@askflow/contract';
import type { AskSink } from '../ask/askRunner.js';
import { openEventStream } from '../ask/sse.js';
import type { StateContext } from '../state.js';
import { askflowResult, chatUsage, completionId } from './completion.js';
import { openAiError } from './errors.js';

export interface ChunkStreamOptions {
  askId: string;
  /** The model the ask starts with; the finishing chunk names the one that answered. */
  model: string;
  /** `stream_options.include_usage`: `usage: null` on every chunk, then one with the usage and no choices. */
  includeUsage: boolean;
  keepAliveMs: number;
}

/**
 * An ask's events as OpenAI's stream of `chat.completion.chunk`s: a first chunk with the role,
 * a chunk per `delta`, a finishing chunk (with the `askflow` result), the usage chunk when asked
 * for, then `data: [DONE]`. Askflow's progress events (thinking, retrieval, tool calls) have no
 * chunk; keep-alive comments hold the connection meanwhile. A `reset` (the answer starts over:
 * a retry, or a fallback model) cannot take back text already sent, so it is an empty chunk
 * carrying `askflow.reset`: callers that know it drop what they have; the text after it is the
 * whole answer. A failure is a `data: {"error":…}` line, as OpenAI sends one, and ends the stream.
 */
export function openChunkStream(ctx: StateContext, opts: ChunkStreamOptions): AskSink {
  const stream = openEventStream(ctx, { [ASK_ID_HEADER]: opts.askId }, opts.keepAliveMs);
  const id = completionId(opts.askId);
  const created = Math.floor(Date.now() / 1000);
  const data = (value: unknown) => stream.write(`data: ${JSON.stringify(value)}\n\n`);
  const chunk = (delta: ChatCompletionChunk['choices'][number]['delta'], extra: Partial<ChatCompletionChunk> = {}, finish: 'stop' | null = null) =>
    data({
      id,
      object: 'chat.completion.chunk',
      created,
      model: opts.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(opts.includeUsage ? { usage: null } : {}),
      ...extra,
    } satisfies ChatCompletionChunk);

  chunk({ role: 'assistant', content: '' });
  const send = (event: StreamEvent) => {
    switch (event.type) {
      case 'delta':
        return chunk({ content: event.content });
      case 'reset':
        return chunk({}, { askflow: { reset: { reason: event.reason } } });
      case 'done':
        chunk({}, { model: event.model, askflow: askflowResult(opts.askId, event) }, 'stop');
        if (opts.includeUsage) data({ id, object: 'chat.completion.chunk', created, model: event.model, choices: [], usage: chatUsage(event.usage) } satisfies ChatCompletionChunk);
        return stream.write('data: [DONE]\n\n');
      case 'error':
        return data(openAiError(event.code, event.message, ERROR_STATUS[event.code as ErrorCode] ?? 500).body);
      default:
        return undefined;
    }
  };
  return {
    get closed() {
      return stream.closed;
    },
    send: (_id, event) => send(event),
    end: () => stream.end(),
  };
}
