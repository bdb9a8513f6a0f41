// Responses checked against the contract: a missing or mistyped field fails the parse, and a
// field the server sends but the contract does not name fails the comparison (zod drops
// unknown keys, so the parsed value then differs from what arrived).
import type { z } from 'zod';
import { expectJson } from './context.js';

/** `value` is exactly a `schema`: nothing missing, nothing extra, at any depth. */
export function expectShape<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.parse(value);
  expect(parsed).toStrictEqual(value);
  return parsed;
}

/** The response's JSON, with the expected status, exactly in the contract's shape. */
export async function expectWire<S extends z.ZodType>(schema: S, res: Response, status: number): Promise<z.infer<S>> {
  return expectShape(schema, await expectJson<unknown>(res, status));
}
