import type { z } from 'zod';
import { ApiError } from './errors.js';
import { assertSafeJson } from './jsonShape.js';

/** Plain-language messages for the two commonest mistakes: a missing field and a wrong type. */
function describe(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_type') return undefined;
  if (issue.input === undefined) return 'is required';
  const expected = issue.expected === 'record' ? 'object' : issue.expected;
  return `must be ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}`;
}

/**
 * An issue as the caller reads it. A refused key of a record (a header name with a space) says
 * what a key must be, from the key schema's own message, rather than zod's "Invalid key in record".
 */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `unknown field(s): ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_key' && issue.issues.length) return `is not accepted as a name: ${issue.issues.map((i) => i.message).join('; ')}`;
  return issue.message;
}

/** Parses with a contract schema; failures become one 400 `ValidationError` listing every problem. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  assertSafeJson(value);
  const parsed = schema.safeParse(value ?? {}, { error: describe });
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: messageOf(issue),
  }));
  const summary = details.map((d) => `${d.path}: ${d.message}`).join('; ');
  throw new ApiError('ValidationError', `Invalid request body — ${summary}`, details);
}
