import * as z from 'zod';
import { AskResponseSchema } from './ask.js';

/**
 * Answer (`202`) of `POST /service/ask` sent with `Prefer: respond-async`: the ask runs on without
 * the caller. `status` is `completed` only when an idempotent retry finds the ask already answered.
 * The same ask's stream (`GET /service/ask/{askId}/events`), cancel and status routes apply.
 */
export const AskAcceptedSchema = z.object({
  askId: z.string(),
  threadId: z.uuid(),
  status: z.enum(['running', 'completed']),
});

/** Answer of `GET /service/ask/{askId}`: where the ask is, with its answer or its error once it has ended. */
export const AskStatusSchema = z.object({
  askId: z.string(),
  status: z.enum(['running', 'completed', 'failed', 'cancelled']),
  /** With `completed`: what `POST /service/ask` would have answered. */
  response: AskResponseSchema.optional(),
  /** With `failed` and `cancelled`: the error a JSON ask would have answered with. */
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

export type AskAccepted = z.infer<typeof AskAcceptedSchema>;
export type AskStatus = z.infer<typeof AskStatusSchema>;
