import * as z from 'zod';
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
 * Query of `GET /manage/projects/{id}/threads`. `cursor` is a page's `nextCursor`: the page after
 * it, exactly (threads updated in the same millisecond are neither skipped nor repeated).
 * `before` is an ISO time with a four-digit year (what PostgreSQL's timestamptz holds): threads
 * last updated before it. `search` is matched as text.
 */
export const ThreadListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
  before: z.iso.datetime({ offset: true }).optional(),
  search: z.string().max(500).optional(),
});
export type ThreadListQuery = z.infer<typeof ThreadListQuerySchema>;

/** A page of threads; `nextCursor` asks for the next one, null on the last page. */
export const ThreadListSchema = z.object({ threads: z.array(ThreadSummarySchema), nextCursor: z.string().nullable() });

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
  /** The end user's feedback (`POST /service/feedback`), the latest if it was replaced; null when none. */
  feedback: z.object({ rating: z.union([z.literal(1), z.literal(-1)]), comment: z.string().nullable(), updatedAt: z.string() }).nullable(),
});

/** Answer of `GET /manage/projects/{id}/threads/{threadId}`: every turn, oldest first. */
export const ThreadTurnsSchema = z.object({ threadId: z.string(), turns: z.array(TurnSchema) });

export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;
export type ThreadList = z.infer<typeof ThreadListSchema>;
export type TurnView = z.infer<typeof TurnSchema>;
export type ThreadTurns = z.infer<typeof ThreadTurnsSchema>;

/** What a step of an ask's run did (from its activity's type). */
export const TimelineStepKindSchema = z.enum(['plan', 'route', 'retrieve', 'tool', 'generate', 'persist', 'other']);

/** One step of an ask's run, as its workflow history recorded it. */
export const TimelineStepSchema = z.object({
  /** The step as owners read it: "Route and answer", "Tool getWeather", "Save the turn". */
  label: z.string(),
  kind: TimelineStepKindSchema,
  /** The activity that ran it. */
  activity: z.string(),
  /** Local activities run inside the workflow's task: no queue, no schedule-to-start. */
  local: z.boolean(),
  /** Milliseconds from the run's start until the step was scheduled, started (after any queue wait) and ended. */
  scheduledMs: z.number(),
  startedMs: z.number(),
  endedMs: z.number().nullable(),
  /** Attempts made (retries are attempts − 1). */
  attempts: z.number().int().min(1),
  status: z.enum(['completed', 'failed', 'timed_out', 'cancelled', 'running']),
  /** The step's final error, or the error of the last failed attempt before a retry succeeded. */
  error: z.string().nullable(),
});

/**
 * Answer of `GET /manage/projects/{id}/asks/{askId}/timeline`: the steps of an ask's run, read
 * from its Temporal workflow history. `orchestrationMs` is the run's time spent outside its steps
 * (workflow tasks and queues).
 */
export const AskTimelineSchema = z.object({
  askId: z.string(),
  workflowType: z.string(),
  status: z.enum(['running', 'completed', 'failed', 'cancelled', 'terminated', 'timed_out', 'continued_as_new']),
  startedAt: z.string(),
  durationMs: z.number().nullable(),
  orchestrationMs: z.number().nullable(),
  steps: z.array(TimelineStepSchema),
});

export type TimelineStep = z.infer<typeof TimelineStepSchema>;
export type AskTimeline = z.infer<typeof AskTimelineSchema>;
