import * as z from 'zod';
import { AskResponseSchema } from './ask.js';

/** `queued`: the thread is answering an earlier ask; this one runs when that one has ended. */
export const ThinkingPhaseSchema = z.enum(['queued', 'classifying', 'retrieving', 'calling_tool', 'generating']);

/**
 * Server-sent events of a streamed ask. `delta`, `tool.calling`, `done` and `error` are the
 * spec's; `thinking`, `retrieval`, `reset` and `fallback` are Askflow's additions.
 *
 * `reset`: generation was retried after a failure part-way; drop the partial answer built from
 * earlier `delta`s. The `delta`s after the last `reset` concatenate to `done.answer` exactly.
 */
export const StreamEventSchema = z.discriminatedUnion('type', [
  /** `reason`: why the ask took this step (the router's decision), when it was decided. */
  z.object({ type: z.literal('thinking'), phase: ThinkingPhaseSchema, reason: z.string().optional() }),
  z.object({ type: z.literal('retrieval'), chunks: z.number().int().nonnegative(), sources: z.array(z.string()) }),
  z.object({ type: z.literal('tool.calling'), name: z.string() }),
  z.object({ type: z.literal('delta'), content: z.string() }),
  z.object({ type: z.literal('reset'), reason: z.string() }),
  /** The model `from` kept failing (after its retries): the ask goes on with `to`, the project's next fallback. */
  z.object({ type: z.literal('fallback'), from: z.string(), to: z.string(), reason: z.string() }),
  AskResponseSchema.extend({ type: z.literal('done') }),
  z.object({ type: z.literal('error'), message: z.string(), code: z.string() }),
]);

export type StreamEvent = z.infer<typeof StreamEventSchema>;
export type ThinkingPhase = z.infer<typeof ThinkingPhaseSchema>;

/** The terminal events: after one of these the stream ends. */
export function isTerminalEvent(event: StreamEvent): boolean {
  return event.type === 'done' || event.type === 'error';
}

export { ASK_ID_HEADER } from './names.js';
