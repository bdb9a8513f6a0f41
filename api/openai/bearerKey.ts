import type { KeySource } from '../middleware/apiKey.js';

/**
 * OpenAI's way of sending a key: `Authorization: Bearer <key>`. The Askflow key names its
 * project, so no tenant id travels with it.
 */
export const BEARER_KEY: KeySource = {
  read: (ctx) => /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'))?.[1] ?? '',
  missing: 'Missing API key: send your Askflow key as "Authorization: Bearer <key>"',
};
