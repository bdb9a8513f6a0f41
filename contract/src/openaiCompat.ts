import * as z from 'zod';
import { AskRequestSchema, IntentSchema, MAX_MESSAGE_CHARS, SourceSchema } from './ask.js';
import { JsonSchemaObject } from './jsonSchemaValue.js';

/**
 * The OpenAI-compatible door (`POST /v1/chat/completions`, `GET /v1/models`): OpenAI's wire
 * shapes, as far as Askflow takes them. Unknown fields are tolerated as OpenAI tolerates them
 * (SDKs add new ones all the time); fields that would change who decides — the caller's own
 * tools, several choices — are refused by the api with a clear 400.
 */

/** The model id that means "the project's default model" (Askflow's choice; OpenAI has none). */
export const DEFAULT_MODEL_ALIAS = 'default';

/** Most messages one request may carry; the history the model sees is cut to the project's token budget anyway. */
export const MAX_CHAT_MESSAGES = 1000;

/** A content part: text only, as the ask is text. Other part types are named so the api can say which it refuses. */
const ContentPartSchema = z.looseObject({ type: z.string().min(1), text: z.string().optional() });

/** A message's content: a string or an array of parts (OpenAI's two forms). */
const ContentSchema = z.union([z.string().max(MAX_MESSAGE_CHARS), z.array(ContentPartSchema).max(100)]);

export const ChatMessageSchema = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  /** Null only on an assistant message that called tools (which the door refuses anyway). */
  content: ContentSchema.nullable().optional(),
  name: z.string().optional(),
  /** An assistant's calls of the caller's tools (and the older `function_call`): named so the door can refuse them. */
  tool_calls: z.array(z.unknown()).nullable().optional(),
  function_call: z.unknown().optional(),
});

const ResponseFormatSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text') }),
  z.looseObject({ type: z.literal('json_object') }),
  z.looseObject({
    type: z.literal('json_schema'),
    json_schema: z.looseObject({ name: z.string().min(1).max(64), schema: JsonSchemaObject.optional(), strict: z.boolean().nullable().optional(), description: z.string().optional() }),
  }),
]);

/**
 * Askflow's own request extension: continue a stored thread and hand credentials to the
 * project's tools, as `/service/ask` does. Strict: a misspelt field here is a mistake, not
 * something a third-party SDK added.
 */
export const AskflowChatExtensionSchema = AskRequestSchema.pick({ threadId: true, externalThreadId: true, authToken: true, headers: true, toolHeaders: true, metadata: true }).strict();

export const ChatCompletionRequestSchema = z.looseObject({
  model: z.string().min(1).max(200),
  messages: z.array(ChatMessageSchema).min(1).max(MAX_CHAT_MESSAGES),
  stream: z.boolean().nullable().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  /** OpenAI's end-user id: the ask's `externalUserId`. */
  user: z.string().min(1).max(255).optional(),
  response_format: ResponseFormatSchema.optional(),
  n: z.number().int().min(1).nullable().optional(),
  tools: z.array(z.unknown()).nullable().optional(),
  functions: z.array(z.unknown()).nullable().optional(),
  askflow: AskflowChatExtensionSchema.optional(),
});

export const ChatUsageSchema = z.object({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative(),
});

/** What the answer's `askflow` field carries: the ask's id, thread, how it was answered and from what. */
export const AskflowChatResultSchema = z.object({
  askId: z.string(),
  threadId: z.string(),
  intent: IntentSchema,
  toolUsed: z.string().nullable(),
  ragChunksUsed: z.number().int().nonnegative(),
  sources: z.array(SourceSchema),
});

/** What a completion and each of its chunks start with: one id for all chunks, when, and the model. */
const completionHead = <O extends string>(object: O) => ({ id: z.string(), object: z.literal(object), created: z.number().int(), model: z.string() });

export const ChatCompletionSchema = z.object({
  ...completionHead('chat.completion'),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({ role: z.literal('assistant'), content: z.string(), refusal: z.null() }),
      logprobs: z.null(),
      finish_reason: z.literal('stop'),
    }),
  ),
  usage: ChatUsageSchema,
  askflow: AskflowChatResultSchema,
});

/**
 * One streamed chunk. Askflow's additions ride in `askflow`: the result on the finishing chunk,
 * and `reset` on an empty chunk when the answer starts over (drop the text received so far).
 */
export const ChatCompletionChunkSchema = z.object({
  ...completionHead('chat.completion.chunk'),
  choices: z.array(
    z.object({
      index: z.number().int(),
      delta: z.object({ role: z.literal('assistant').optional(), content: z.string().optional() }),
      logprobs: z.null(),
      finish_reason: z.literal('stop').nullable(),
    }),
  ),
  usage: ChatUsageSchema.nullable().optional(),
  askflow: z.union([AskflowChatResultSchema, z.object({ reset: z.object({ reason: z.string() }) })]).optional(),
});

export const OpenAiModelListSchema = z.object({
  object: z.literal('list'),
  data: z.array(z.object({ id: z.string(), object: z.literal('model'), created: z.number().int(), owned_by: z.string() })),
});

/** OpenAI's error body: `type` is the kind of failure, `code` the specific one (or null), `param` the field at fault. */
export const OpenAiErrorBodySchema = z.object({
  error: z.object({ message: z.string(), type: z.string(), param: z.string().nullable(), code: z.string().nullable() }),
});

export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;
export type ChatCompletion = z.infer<typeof ChatCompletionSchema>;
export type ChatCompletionChunk = z.infer<typeof ChatCompletionChunkSchema>;
export type ChatUsage = z.infer<typeof ChatUsageSchema>;
export type AskflowChatResult = z.infer<typeof AskflowChatResultSchema>;
export type OpenAiModelList = z.infer<typeof OpenAiModelListSchema>;
export type OpenAiErrorBody = z.infer<typeof OpenAiErrorBodySchema>;
