import * as z from 'zod';

/** Deepest nesting of a JSON Schema the service takes (an ask's `jsonSchema`, a tool's `parameters`). */
export const MAX_SCHEMA_DEPTH = 32;

/** Depth of a JSON value and whether it has a `$ref` key anywhere; iterative, so any input is safe to measure. */
function inspect(value: unknown): { depth: number; hasRef: boolean } {
  let depth = 0;
  let hasRef = false;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    depth = Math.max(depth, d + 1);
    if (depth > MAX_SCHEMA_DEPTH) break;
    if (!Array.isArray(v) && Object.hasOwn(v, '$ref')) hasRef = true;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return { depth, hasRef };
}

/**
 * A JSON Schema object from a caller. `$ref` is refused: a reference can make the schema
 * recursive (`{"$ref": "#"}`), and the schema is walked by code that recurses — model
 * providers' converters, the offline model's answer shaping — so it must be a plain tree. A
 * definition used twice is written out twice.
 */
export const JsonSchemaObject = z
  .record(z.string(), z.unknown())
  .superRefine((schema, ctx) => {
    const { depth, hasRef } = inspect(schema);
    if (depth > MAX_SCHEMA_DEPTH) ctx.addIssue({ code: 'custom', message: `is nested more than ${MAX_SCHEMA_DEPTH} levels deep` });
    else if (hasRef) ctx.addIssue({ code: 'custom', message: '"$ref" is not supported: write the referenced schema out in place' });
  });
