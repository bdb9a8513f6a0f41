import { ProviderError } from '../../providers/errors.js';
import { assertJsonAnswer, compileJsonSchema } from '../../providers/jsonOutput.js';
import { LocalProvider } from '../../providers/kinds/local/chat.js';
import { tokenCount } from '../../text/tokens.js';
import type { ChatRequest } from '../../providers/types.js';

const answerSchema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };

function thrown(fn: () => unknown): ProviderError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ProviderError);
    return err as ProviderError;
  }
  throw new Error('expected a ProviderError, nothing was thrown');
}

describe('compileJsonSchema', () => {
  it('accepts a valid schema, formats included', () => {
    expect(compileJsonSchema({ type: 'object', properties: { email: { type: 'string', format: 'email' } } })).toEqual({ ok: true });
  });

  it('rejects an invalid schema with a message saying why', () => {
    const result = compileJsonSchema({ type: 'nope' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^schema is invalid: .*type/);
  });

  it('rejects an unresolvable $ref', () => {
    expect(compileJsonSchema({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }).ok).toBe(false);
  });

  it('lets different schemas share an $id (Ajv does not keep them registered)', () => {
    expect(compileJsonSchema({ $id: 'https://example.com/answer', type: 'object' })).toEqual({ ok: true });
    expect(compileJsonSchema({ $id: 'https://example.com/answer', type: 'object', required: ['x'] })).toEqual({ ok: true });
    expect(() => assertJsonAnswer('{}', { $id: 'https://example.com/answer', type: 'object', required: ['x'] })).toThrow(/required property 'x'/);
  });
});

describe('assertJsonAnswer', () => {
  it('returns compact JSON for a JSON object, with or without a schema', () => {
    expect(assertJsonAnswer(' {"answer": "Oslo"} ', undefined)).toBe('{"answer":"Oslo"}');
    expect(assertJsonAnswer('{"answer": "Oslo"}', answerSchema)).toBe('{"answer":"Oslo"}');
  });

  it.each([
    ['text', 'Oslo'],
    ['an array', '[1]'],
    ['a string', '"Oslo"'],
    ['null', 'null'],
  ])('refuses %s as output_invalid, not retryable', (_what, text) => {
    expect(thrown(() => assertJsonAnswer(text, undefined))).toMatchObject({ kind: 'output_invalid', retryable: false });
  });

  it('lists every schema violation with its path', () => {
    const schema = { type: 'object', properties: { answer: { type: 'string' }, n: { type: 'integer', minimum: 1 } }, required: ['answer', 'n'] };
    const err = thrown(() => assertJsonAnswer('{"n": 0}', schema));
    expect(err.kind).toBe('output_invalid');
    expect(err.message).toContain("/ must have required property 'answer'");
    expect(err.message).toContain('/n must be >= 1');
  });
});

describe('LocalProvider JSON output', () => {
  const local = new LocalProvider();
  const req: ChatRequest = {
    model: 'extractive',
    system: '',
    history: [],
    message: 'What is the capital of Norway?',
    context: [{ source: 'kb', text: 'Oslo is the capital of Norway. Bergen has rain.' }],
    temperature: 0,
  };

  it('answers {"answer": <extractive text>} for json_object, counting the JSON as completion', async () => {
    const plain = await local.generate(req);
    const json = await local.generate({ ...req, responseFormat: { type: 'json_object' } });
    expect(plain.text).toBe('Oslo is the capital of Norway. (kb)');
    expect(JSON.parse(json.text)).toEqual({ answer: plain.text });
    expect(json.usage.completionTokens).toBe(tokenCount(json.text));
    expect(json.usage.completionTokens).toBeGreaterThan(plain.usage.completionTokens);
    expect(json.usage.totalTokens).toBe(json.usage.promptTokens + json.usage.completionTokens);
  });

  it('answers the same object when a schema it satisfies is given', async () => {
    const json = await local.generate({ ...req, responseFormat: { type: 'json_object', schema: answerSchema } });
    expect(JSON.parse(json.text)).toEqual({ answer: 'Oslo is the capital of Norway. (kb)' });
  });

  it('refuses a schema it cannot satisfy, pointing to an OpenAI-compatible provider', async () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const err: unknown = await local.generate({ ...req, responseFormat: { type: 'json_object', schema } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ kind: 'output_invalid', retryable: false });
    const message = (err as ProviderError).message;
    expect(message).toContain('offline local model cannot produce JSON matching this jsonSchema');
    expect(message).toContain("must have required property 'city'");
    expect(message).toContain('OpenAI-compatible provider');
  });
});
