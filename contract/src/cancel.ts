import * as z from 'zod';

/** Answer (`202`) of `POST /service/ask/{askId}/cancel`; the ask's stream then ends with `Cancelled`. */
export const CancelResultSchema = z.object({ askId: z.string(), status: z.literal('cancelling') });

export type CancelResult = z.infer<typeof CancelResultSchema>;
