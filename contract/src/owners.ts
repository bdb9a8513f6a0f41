import * as z from 'zod';

/** A project owner as the management API shows it: never its password hash. */
export const OwnerSchema = z.object({ id: z.string(), email: z.string() });

/** Answer of `POST /manage/signup` and `POST /manage/tokens`: the owner and a new bearer token. */
export const OwnerTokenSchema = z.object({ owner: OwnerSchema, token: z.string() });

export type Owner = z.infer<typeof OwnerSchema>;
export type OwnerToken = z.infer<typeof OwnerTokenSchema>;
