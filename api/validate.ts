import type { z } from 'zod';
import { ApiError } from './errors.js';
import { assertSafeJson } from './jsonShape.js';

/** Plain-language messages for the two commonest mistakes: a missing field and a wrong type. */
function describe(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_type') return undefined;
  return issue.input === undefined ? 'is required' : `must be ${issue.expected === 'record' ? 'an object' : `a ${issue.expected}`}`;
}

/** Parses with a contract schema; failures become one 400 `ValidationError` listing every problem. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  assertSafeJson(value);
  const parsed = schema.safeParse(value ?? {}, { error: describe });
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message,
  }));
  const summary = details.map((d) => `${d.path}: ${d.message}`).join('; ');
  throw new ApiError('ValidationError', `Invalid request body — ${summary}`, details);
}
