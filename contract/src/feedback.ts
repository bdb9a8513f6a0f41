import * as z from 'zod';

/** Body of `POST /service/feedback` (answered `204`): an end user's rating of an answered ask, replaceable. */
export const FeedbackRequestSchema = z.strictObject({
  tenantId: z.string().min(1),
  askId: z.string().min(1).max(200),
  rating: z.union([z.literal(1), z.literal(-1)]),
  comment: z.string().max(2000).optional(),
});

export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;
