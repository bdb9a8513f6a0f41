import * as z from 'zod';

export const ModelEntrySchema = z.object({
  /** `<provider>:<model>`; echoed back verbatim in `model` of the ask call. */
  id: z.string(),
  provider: z.string(),
  model: z.string(),
  isDefault: z.boolean(),
});

export const ModelMenuSchema = z.object({
  switchable: z.boolean(),
  defaultId: z.string(),
  models: z.array(ModelEntrySchema).min(1),
});

export type ModelEntry = z.infer<typeof ModelEntrySchema>;
export type ModelMenu = z.infer<typeof ModelMenuSchema>;
