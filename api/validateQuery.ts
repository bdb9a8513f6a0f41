import type { z } from 'zod';
import { ApiError } from './errors.js';
import { validate } from './validate.js';

/** `validate` for a query string: the same 400 `ValidationError`, worded for a query. */
export function validateQuery<S extends z.ZodType>(schema: S, query: unknown): z.infer<S> {
  try {
    return validate(schema, query);
  } catch (err) {
    if (!(err instanceof ApiError) || !err.details) throw err;
    const details = err.details.map((d) => ({ ...d, path: d.path === '(body)' ? '(query)' : d.path }));
    throw new ApiError('ValidationError', `Invalid query — ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`, details);
  }
}
