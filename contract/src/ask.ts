import * as z from 'zod';
import { HEADER_NAME, isHeaderValue } from './headers.js';
import { JsonSchemaObject } from './jsonSchemaValue.js';

/** Longest `message` the service accepts, in characters. The spec leaves it open; 32k keeps one
 * request well inside any chat model's context while allowing pasted documents. */
export const MAX_MESSAGE_CHARS = 32_000;
/** The spec's limit for `externalThreadId`. */
export const MAX_EXTERNAL_THREAD_ID_CHARS = 255;

/** Longest header value an ask may carry (most servers refuse headers past 8 KB in all). */
export const MAX_HEADER_VALUE_CHARS = 8192;

const headerValue = z
  .string()
  .max(MAX_HEADER_VALUE_CHARS)
  .refine(isHeaderValue, 'must be a valid HTTP header value: no CR, LF or other control characters, and only Latin-1 characters');

/** Headers the ask hands on to tools: real header names and values, refused here rather than failing at the tool call. */
const headerMap = z
  .record(z.string().regex(HEADER_NAME, 'must be an HTTP header name (letters, digits and !#$%&\'*+.^_`|~-)'), headerValue)
  .refine((m) => Object.keys(m).length <= 50, 'at most 50 headers');

export const IntentSchema = z.enum(['vanilla', 'rag', 'tools', 'rag_tools']);

/**
 * Body of `POST /service/ask`. Unknown top-level fields are refused (a misspelt `mesage` must
 * not silently become an empty ask); `metadata` stays free-form.
 */
export const AskRequestSchema = z.strictObject({
  tenantId: z.string().min(1),
  message: z
    .string()
    .max(MAX_MESSAGE_CHARS)
    .refine((m) => m.trim().length > 0, 'message must not be empty'),
  /** Checked as a UUID by thread resolution, which answers `InvalidInput` (not a schema error). */
  threadId: z.string().min(1).optional(),
  externalThreadId: z.string().min(1).max(MAX_EXTERNAL_THREAD_ID_CHARS).optional(),
  externalUserId: z.string().min(1).max(255).optional(),
  authToken: headerValue.min(1).optional(),
  headers: headerMap.optional(),
  toolHeaders: headerMap.optional(),
  model: z.string().min(1).max(200).optional(),
  responseFormat: z.enum(['text', 'json_object']).optional(),
  jsonSchema: JsonSchemaObject.optional(),
  metadata: z.looseObject({ requestType: z.string().optional() }).optional(),
});

export const UsageSchema = z.object({
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
});

/** A knowledge chunk the answer drew on (Askflow's addition to AskResponse). */
export const SourceSchema = z.object({
  documentId: z.string(),
  document: z.string(),
  chunk: z.number().int().nonnegative(),
  score: z.number(),
});

export const AskResponseSchema = z.object({
  threadId: z.uuid(),
  answer: z.string(),
  intent: IntentSchema,
  toolUsed: z.string().nullable(),
  ragChunksUsed: z.number().int().nonnegative(),
  usage: UsageSchema,
  model: z.string(),
  /** The chunks given to the model, best first; absent when none were. */
  sources: z.array(SourceSchema).optional(),
});

export type AskRequest = z.infer<typeof AskRequestSchema>;
export type AskResponse = z.infer<typeof AskResponseSchema>;
export type Usage = z.infer<typeof UsageSchema>;
export type Source = z.infer<typeof SourceSchema>;
export type Intent = z.infer<typeof IntentSchema>;
