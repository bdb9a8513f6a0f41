import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import { ProviderError } from './errors.js';

/** A caller-supplied JSON Schema (draft-07), as received in an ask's `jsonSchema`. */
export type JsonSchema = Record<string, unknown>;

// ajv-formats is CommonJS; from ESM its default import is `module.exports`, whose `.default`
// is the plugin (this holds both for tsc under NodeNext and at run time).
const addFormats = formats.default;

// One instance for the process: building an Ajv is costly, and validators compiled from it are
// reused across asks. `strict: false` because callers write schemas for their model provider,
// with keywords (e.g. `additionalProperties` on every level, vendor extensions) Ajv's strict
// mode would refuse; `allErrors` so a failure lists everything wrong in one go.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

type Compiled = { ok: true; validate: ValidateFunction } | { ok: false; message: string };

// Compiled validators by the schema's JSON text: the same project sends the same schema on
// every ask. Bounded, because schemas come from callers and the worker lives long.
const MAX_CACHED = 256;
const cache = new Map<string, Compiled>();

function compile(schema: JsonSchema): Compiled {
  const key = JSON.stringify(schema);
  const hit = cache.get(key);
  if (hit) {
    // Refresh its place so the cache evicts the least recently used schema.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  let compiled: Compiled;
  try {
    compiled = { ok: true, validate: ajv.compile(schema) };
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    const foreignDraft = typeof schema.$schema === 'string' && !schema.$schema.includes('draft-07');
    compiled = {
      ok: false,
      message: `${detail}${foreignDraft ? ' (schemas are read as draft-07; leave out "$schema" or name draft-07)' : ''}`,
    };
  } finally {
    // Ajv keeps every compiled schema object (and its `$id`) in its own unbounded registry;
    // our cache holds the validator, so drop Ajv's entry. This also lets two callers reuse
    // one `$id` for different schemas.
    ajv.removeSchema(schema);
  }
  cache.set(key, compiled);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return compiled;
}

/**
 * Whether `schema` is usable, so the api can answer 400 before starting an ask. `message` is
 * Ajv's reason alone (e.g. `schema is invalid: data/type must be …`); callers add their framing.
 */
export function compileJsonSchema(schema: JsonSchema): { ok: true } | { ok: false; message: string } {
  const compiled = compile(schema);
  return compiled.ok ? { ok: true } : compiled;
}

/** A request whose schema cannot be compiled is the caller's fault: refused, never retried. */
export function invalidSchema(message: string): ProviderError {
  return new ProviderError(`jsonSchema is not a valid JSON Schema: ${message}`, 'refused', false);
}

function describe(errors: ErrorObject[]): string {
  return errors
    .slice(0, 10)
    .map((e) => {
      const extra = e.keyword === 'additionalProperties' ? ` ("${String(e.params.additionalProperty)}")` : '';
      return `${e.instancePath || '/'} ${e.message ?? e.keyword}${extra}`;
    })
    .join('; ');
}

// Some OpenAI-compatible servers wrap JSON-mode output in a Markdown code fence; the object
// inside is still the answer.
const FENCED = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/i;

/**
 * The model's `text` as a JSON object, checked against `schema` when given, re-serialized
 * compactly. Throws ProviderError `output_invalid` (not retryable: the same request would
 * likely produce the same shape) saying what is wrong.
 */
export function assertJsonAnswer(text: string, schema: JsonSchema | undefined): string {
  const trimmed = text.trim();
  const body = FENCED.exec(trimmed)?.[1] ?? trimmed;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new ProviderError(`the answer is not JSON: ${JSON.stringify(trimmed.slice(0, 120))}`, 'output_invalid', false);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProviderError('the answer is JSON but not a JSON object', 'output_invalid', false);
  }
  if (schema) {
    const compiled = compile(schema);
    if (!compiled.ok) throw invalidSchema(compiled.message);
    if (!compiled.validate(value)) {
      throw new ProviderError(`the answer does not match the jsonSchema: ${describe(compiled.validate.errors ?? [])}`, 'output_invalid', false);
    }
  }
  return JSON.stringify(value);
}
