// Every model and embeddings call as a client span named and described by the OpenTelemetry
// GenAI semantic conventions ("chat gpt-4o-mini", gen_ai.request.model, gen_ai.usage.*), a child
// of the activity that made it. Message text goes on a span only for projects that opted in:
// prompts and answers are the tenant's data, and traces usually leave for another system.
import type { Usage } from '@askflow/contract';
import { GEN_AI } from '../tracing/attributes.js';
import { inSpan, SpanKind, type Attributes, type Span } from '../tracing/spans.js';
import type { ChatProvider, ChatRequest, DeltaHandler, Embedder, ProviderConnection, ToolCall, TurnOptions, TurnRequest } from './types.js';

export interface TraceOptions {
  /** Put the messages and the answer on spans (gen_ai.input.messages, …): the project's `traceContent`. */
  captureContent: boolean;
}

/** The peer of a connection with a server (none for the built-in local provider). */
function serverOf(connection: ProviderConnection): Attributes {
  if (!connection.baseUrl) return {};
  try {
    const url = new URL(connection.baseUrl);
    return { 'server.address': url.hostname, 'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80) };
  } catch {
    return {};
  }
}

const usageAttributes = (usage: Usage): Attributes => ({ [GEN_AI.inputTokens]: usage.promptTokens, [GEN_AI.outputTokens]: usage.completionTokens });

const text = (content: string) => [{ type: 'text', content }];

/** The conversation as the GenAI conventions' `gen_ai.input.messages` spells it. */
function inputMessages(request: ChatRequest | TurnRequest): string {
  const messages: unknown[] = request.history.map((t) => ({ role: t.role, parts: text(t.content) }));
  messages.push({ role: 'user', parts: [...text(request.message), ...request.context.map((c) => ({ type: 'text', content: c.text, source: c.source }))] });
  for (const round of 'rounds' in request ? request.rounds : []) {
    messages.push({ role: 'assistant', parts: round.calls.map((c) => ({ type: 'tool_call', id: c.id, name: c.name, arguments: c.arguments })) });
    for (const r of round.results) messages.push({ role: 'tool', parts: [{ type: 'tool_call_response', id: r.callId, response: r.content }] });
  }
  return JSON.stringify(messages);
}

const answerMessage = (answer: string, finish: string) => JSON.stringify([{ role: 'assistant', parts: text(answer), finish_reason: finish }]);
const callsMessage = (calls: ToolCall[]) => JSON.stringify([{ role: 'assistant', parts: calls.map((c) => ({ type: 'tool_call', id: c.id, name: c.name, arguments: c.arguments })), finish_reason: 'tool_call' }]);

/** Notes the first streamed piece on the span (time to first token), then passes every piece on. */
function firstDeltaEvent(span: Span, onDelta: DeltaHandler | undefined): DeltaHandler | undefined {
  if (!onDelta) return undefined;
  let first = true;
  return (piece) => {
    if (first) {
      first = false;
      span.addEvent('gen_ai.first_token');
    }
    return onDelta(piece);
  };
}

/** `provider`, with each call in a GenAI client span. */
export function tracedChatProvider(provider: ChatProvider, connection: ProviderConnection, options: TraceOptions): ChatProvider {
  const span = <T>(request: ChatRequest, fn: (span: Span) => Promise<T>) =>
    inSpan(
      `chat ${request.model}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          [GEN_AI.operation]: 'chat',
          [GEN_AI.provider]: connection.kind,
          [GEN_AI.system]: connection.kind,
          [GEN_AI.requestModel]: request.model,
          [GEN_AI.temperature]: request.temperature,
          [GEN_AI.outputType]: request.responseFormat ? 'json' : 'text',
          ...serverOf(connection),
          ...(options.captureContent ? { [GEN_AI.systemInstructions]: JSON.stringify(text(request.system)), [GEN_AI.inputMessages]: inputMessages(request) } : {}),
        },
      },
      fn,
    );
  const answered = (s: Span, answer: string, usage: Usage) => {
    s.setAttributes({ ...usageAttributes(usage), [GEN_AI.finishReasons]: ['stop'] });
    if (options.captureContent) s.setAttribute(GEN_AI.outputMessages, answerMessage(answer, 'stop'));
  };
  return {
    name: provider.name,
    generate: (request, onDelta) =>
      span(request, async (s) => {
        const result = await provider.generate(request, firstDeltaEvent(s, onDelta));
        answered(s, result.text, result.usage);
        return result;
      }),
    chooseTool: (request, tools) =>
      span(request, async (s) => {
        const result = await provider.chooseTool(request, tools);
        s.setAttributes({ ...usageAttributes(result.usage), [GEN_AI.finishReasons]: [result.choice ? 'tool_call' : 'stop'] });
        if (options.captureContent && result.choice) s.setAttribute(GEN_AI.outputMessages, callsMessage([{ id: 'choice', ...result.choice }]));
        return result;
      }),
    respond: (request: TurnRequest, turnOptions?: TurnOptions) =>
      span(request, async (s) => {
        const onDelta = firstDeltaEvent(s, turnOptions?.onDelta);
        const result = await provider.respond(request, { ...turnOptions, ...(onDelta ? { onDelta } : {}) });
        if (result.kind === 'answer') answered(s, result.text, result.usage);
        else {
          s.setAttributes({ ...usageAttributes(result.usage), [GEN_AI.finishReasons]: ['tool_call'], 'askflow.tool_calls': result.calls.map((c) => c.name) });
          if (options.captureContent) s.setAttribute(GEN_AI.outputMessages, callsMessage(result.calls));
        }
        return result;
      }),
  };
}

/** `embedder`, with each batch in a GenAI `embeddings` client span. */
export function tracedEmbedder(embedder: Embedder, connection: ProviderConnection, model: string): Embedder {
  return {
    id: embedder.id,
    // Read when asked: some embedders learn their dimensions from their first answer.
    get dimensions() {
      return embedder.dimensions;
    },
    embed: (texts) =>
      inSpan(
        `embeddings ${model}`,
        { kind: SpanKind.CLIENT, attributes: { [GEN_AI.operation]: 'embeddings', [GEN_AI.provider]: connection.kind, [GEN_AI.system]: connection.kind, [GEN_AI.requestModel]: model, 'askflow.inputs': texts.length, ...serverOf(connection) } },
        () => embedder.embed(texts),
      ),
  };
}
