import { z } from 'zod';
import { IntentSchema, UsageSchema } from './ask.js';

/** One thread in `GET /manage/projects/{id}/threads`, newest first. */
export const ThreadSummarySchema = z.object({
  id: z.string(),
  externalThreadId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** How many turns the thread has. */
  turns: z.number(),
  /** The latest user message, null while the thread has no turn. */
  lastMessage: z.string().nullable(),
});

/**
 * Query of `GET /manage/projects/{id}/threads`. `before` is an ISO time with a four-digit year
 * (what PostgreSQL's timestamptz holds); `search` is matched as text.
 */
export const ThreadListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.iso.datetime({ offset: true }).optional(),
  search: z.string().max(500).optional(),
});
export type ThreadListQuery = z.infer<typeof ThreadListQuerySchema>;

export const ThreadListSchema = z.object({ threads: z.array(ThreadSummarySchema) });

/** One answered ask of a thread, as recorded. */
export const TurnSchema = z.object({
  id: z.string(),
  /** The ask's run in the Temporal UI. */
  workflowId: z.string(),
  requestId: z.string(),
  externalUserId: z.string().nullable(),
  userMessage: z.string(),
  answer: z.string(),
  intent: IntentSchema,
  model: z.string(),
  toolUsed: z.string().nullable(),
  ragChunksUsed: z.number(),
  usage: UsageSchema,
  /** At the project's prices when the turn was recorded. */
  costUsd: z.number(),
  latencyMs: z.number(),
  /** Made with a test key. */
  isTest: z.boolean(),
  createdAt: z.string(),
});

/** Answer of `GET /manage/projects/{id}/threads/{threadId}`: every turn, oldest first. */
export const ThreadTurnsSchema = z.object({ threadId: z.string(), turns: z.array(TurnSchema) });

export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;
export type ThreadList = z.infer<typeof ThreadListSchema>;
export type TurnView = z.infer<typeof TurnSchema>;
export type ThreadTurns = z.infer<typeof ThreadTurnsSchema>;
