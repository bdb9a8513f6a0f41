import { z } from 'zod';
import { WEBHOOK_EVENTS } from './names.js';

export { WEBHOOK_EVENTS };
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS);

/** Webhooks a project may have: each event is one delivery per webhook, so the fan-out stays small. */
export const MAX_WEBHOOKS_PER_PROJECT = 10;

const url = z.url({ protocol: /^https?$/ }).max(2000);
const events = z
  .array(WebhookEventSchema)
  .min(1, 'subscribe to at least one event')
  .max(WEBHOOK_EVENTS.length)
  .refine((e) => new Set(e).size === e.length, 'each event once');

/** `POST /manage/projects/{id}/webhooks`. */
export const WebhookInputSchema = z.strictObject({
  url,
  events,
  enabled: z.boolean().default(true),
});

/** `PATCH /manage/projects/{id}/webhooks/{webhookId}`: what is given changes, the rest stays. */
export const WebhookPatchSchema = z
  .strictObject({ url: url.optional(), events: events.optional(), enabled: z.boolean().optional() })
  .refine((p) => Object.keys(p).length > 0, 'give url, events or enabled');

export const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventSchema),
  enabled: z.boolean(),
  /** Why Askflow turned it off (the receiver answered 410 Gone); null otherwise. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The answer of create and rotate: the only time the secret (`whsec_<base64>`) is shown. */
export const WebhookWithSecretSchema = WebhookSchema.extend({ secret: z.string() });
export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) });

export const WebhookDeliveryStatusSchema = z.enum(['pending', 'delivering', 'delivered', 'failed']);

export const WebhookDeliverySchema = z.object({
  /** The Standard Webhooks message id (`webhook-id`), the same on every attempt and redelivery. */
  id: z.string(),
  event: WebhookEventSchema,
  status: WebhookDeliveryStatusSchema,
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  /** When the next attempt is due, while one is. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The body sent: `{type, timestamp, data}`. */
  payload: z.object({ type: WebhookEventSchema, timestamp: z.string(), data: z.record(z.string(), z.unknown()) }),
});

/** Query of `GET …/webhooks/{webhookId}/deliveries`, newest first; `before` pages back by createdAt. */
export const WebhookDeliveryListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.iso.datetime({ offset: true }).optional(),
  status: WebhookDeliveryStatusSchema.optional(),
});

export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });

export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
export type WebhookInput = z.infer<typeof WebhookInputSchema>;
export type WebhookPatch = z.infer<typeof WebhookPatchSchema>;
export type WebhookView = z.infer<typeof WebhookSchema>;
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;
export type WebhookList = z.infer<typeof WebhookListSchema>;
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;
export type WebhookDeliveryView = z.infer<typeof WebhookDeliverySchema>;
export type WebhookDeliveryListQuery = z.infer<typeof WebhookDeliveryListQuerySchema>;
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;
