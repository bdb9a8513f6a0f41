import * as z from 'zod';

export const ApiKeyModeSchema = z.enum(['live', 'test']);

/** An API key as listed: never the key itself, only its first characters (`prefix`). */
export const ApiKeySchema = z.object({
  id: z.string(),
  mode: ApiKeyModeSchema,
  prefix: z.string(),
  /** Empty when the key was made without a name. */
  name: z.string(),
  createdAt: z.string(),
  /** Kept to the minute. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

/** Answer of `POST /manage/projects/{id}/keys`: the only time the key itself is shown. */
export const CreatedApiKeySchema = ApiKeySchema.extend({ key: z.string() });

export const ApiKeyListSchema = z.object({ keys: z.array(ApiKeySchema) });

export type ApiKeyMode = z.infer<typeof ApiKeyModeSchema>;
export type ApiKeyView = z.infer<typeof ApiKeySchema>;
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;
