import { z } from 'zod';
import { AskResponseSchema } from './ask.js';

/** Server-sent events of a streamed ask. `delta`, `tool.calling`, `done`, `error` are the
 * spec's; `thinking` and `retrieval` are Askflow's additions. */
export const StreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('thinking'), phase: z.enum(['classifying', 'retrieving', 'calling_tool', 'generating']) }),
  z.object({ type: z.literal('retrieval'), chunks: z.number().int().nonnegative(), sources: z.array(z.string()) }),
  z.object({ type: z.literal('tool.calling'), name: z.string() }),
  z.object({ type: z.literal('delta'), content: z.string() }),
  AskResponseSchema.extend({ type: z.literal('done') }),
  z.object({ type: z.literal('error'), message: z.string(), code: z.string() }),
]);

export type StreamEvent = z.infer<typeof StreamEventSchema>;
