import { ApiError } from './errors.js';

/**
 * Deepest nesting any request body or query may have. Contract objects are at most a few levels
 * deep; a caller's `metadata` or `jsonSchema` past this is refused up front, because every later
 * reader (Ajv, the workflow's payload converter, the worker's JSON handling) recurses and a
 * deep enough value overflows its stack far from the request that sent it.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Refuses a parsed body or query holding a NUL character in any string or key (PostgreSQL's
 * text cannot store one, so it would fail only when the turn is saved, after the answer) or
 * nested deeper than MAX_JSON_DEPTH. Iterative, so a hostile value cannot overflow this check.
 */
export function assertSafeJson(value: unknown, where: '(body)' | '(query)' = '(body)'): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (item.value.includes('\0')) refuse(item.path || where, 'must not contain a NUL character (\\u0000)');
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_JSON_DEPTH) refuse(item.path || where, `is nested more than ${MAX_JSON_DEPTH} levels deep`);
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (key.includes('\0')) refuse(path.replace(/\0/g, '\\u0000'), 'has a key with a NUL character (\\u0000)');
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
}

function refuse(path: string, message: string): never {
  throw new ApiError('ValidationError', `Invalid request — ${path}: ${message}`, [{ path, message }]);
}
