import { ProviderError } from '../../providers/errors.js';
import { LocalProvider } from '../../providers/kinds/local/chat.js';
import type { OpenAICompatibleProvider } from '../../providers/kinds/openai/chat.js';
import { tokenCount } from '../../text/tokens.js';
import type { ChatRequest, ContextPassage, ToolSpec } from '../../providers/types.js';
import type { ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { chatRequest, onlyBody as onlyBodyOf, providerFixture } from './requests.js';

let server: ChatCompletionsServer;
let provider: OpenAICompatibleProvider;

beforeAll(async () => ({ server, provider } = await providerFixture()));
afterAll(() => server.close());
beforeEach(() => server.reset());

const onlyBody = () => onlyBodyOf(server);

const weather: ToolSpec = {
  name: 'getWeather',
  description: 'Current weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const orders: ToolSpec = {
  name: 'listOrders',
  description: "List a customer's orders by status",
  parameters: { type: 'object', properties: { status: { type: 'string', enum: ['open', 'shipped', 'cancelled'] } }, required: ['status'] },
};

const ask = (message: string, overrides: Partial<ChatRequest> = {}) => chatRequest({ message, ...overrides });

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err: unknown = await promise.then(
    () => new Error('expected a ProviderError, but the call resolved'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('OpenAICompatibleProvider.chooseTool', () => {
  it('offers the tools as functions with tool_choice auto, over the same messages as an answer', async () => {
    await provider.chooseTool(
      ask("What's the weather in Oslo?", {
        system: 'You are terse.',
        context: [{ source: 'kb/norway.md', text: 'Oslo is the capital of Norway.' }],
        history: [{ role: 'user', content: 'Hi' }],
        temperature: 0.3,
        // Not asked of a tool choice: the instruction would compete with the call.
        responseFormat: { type: 'json_object' },
      }),
      [weather, orders],
    );
    const body = onlyBody();
    expect(body.tool_choice).toBe('auto');
    expect(body.tools).toEqual([
      { type: 'function', function: { name: 'getWeather', description: 'Current weather for a city', parameters: weather.parameters } },
      { type: 'function', function: { name: 'listOrders', description: "List a customer's orders by status", parameters: orders.parameters } },
    ]);
    expect(body.model).toBe('gpt-test');
    expect(body.temperature).toBe(0.3);
    expect(body.stream).toBeUndefined();
    expect(body.response_format).toBeUndefined();
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'system', 'user', 'user']);
    expect(body.messages[1]!.content).toContain('[kb/norway.md]\nOslo is the capital of Norway.');
    expect(body.messages.slice(2).map((m) => m.content)).toEqual(['Hi', "What's the weather in Oslo?"]);
  });

  it('returns the called tool with its arguments parsed, and the usage the server reports', async () => {
    server.script({
      toolCall: { name: 'getWeather', arguments: '{"city": "Oslo", "days": 2}' },
      usage: { prompt_tokens: 52, completion_tokens: 9, total_tokens: 61 },
    });
    const { choice, usage } = await provider.chooseTool(ask("What's the weather in Oslo?"), [weather, orders]);
    expect(choice).toEqual({ name: 'getWeather', arguments: { city: 'Oslo', days: 2 } });
    expect(usage).toEqual({ promptTokens: 52, completionTokens: 9, totalTokens: 61 });
  });

  it('reads empty arguments as none', async () => {
    server.script({ toolCall: { name: 'listOrders', arguments: '' } });
    const { choice } = await provider.chooseTool(ask('Show my orders'), [orders]);
    expect(choice).toEqual({ name: 'listOrders', arguments: {} });
  });

  it('ignores a call to a tool it was not offered', async () => {
    server.script({ toolCall: { name: 'deleteEverything', arguments: '{}' } });
    const { choice } = await provider.chooseTool(ask('Clean up'), [weather]);
    expect(choice).toBeNull();
  });

  it.each([
    ['not JSON', '{"city": Oslo'],
    ['a JSON array', '["Oslo"]'],
  ])('refuses arguments that are %s as output_invalid, not retryable', async (_what, args) => {
    server.script({ toolCall: { name: 'getWeather', arguments: args } });
    const err = await failure(provider.chooseTool(ask('Weather in Oslo?'), [weather]));
    expect(err).toMatchObject({ kind: 'output_invalid', retryable: false });
    expect(err.message).toContain('getWeather');
  });

  it('returns null when the model answers instead of calling, counting usage itself when the server sends none', async () => {
    server.script({ content: 'No tool needed.', noUsage: true });
    const { choice, usage } = await provider.chooseTool(ask('Hello there'), [weather]);
    expect(choice).toBeNull();
    const body = onlyBody();
    const prompt = `Hello there\n${JSON.stringify(body.tools)}`;
    expect(usage).toEqual({
      promptTokens: tokenCount(prompt),
      completionTokens: tokenCount('No tool needed.'),
      totalTokens: tokenCount(prompt) + tokenCount('No tool needed.'),
    });
  });

  it('classifies failures as generate does', async () => {
    server.script({ status: 429, retryAfter: 3 });
    expect(await failure(provider.chooseTool(ask('Weather in Oslo?'), [weather]))).toMatchObject({
      kind: 'rate_limited',
      retryable: true,
      retryAfterMs: 3_000,
    });
  });

  it('asks nothing when there are no tools', async () => {
    const { choice, usage } = await provider.chooseTool(ask('Weather in Oslo?'), []);
    expect(choice).toBeNull();
    expect(usage.totalTokens).toBe(0);
    expect(server.requests).toHaveLength(0);
  });
});

describe('LocalProvider.chooseTool', () => {
  const local = new LocalProvider();
  const choose = async (message: string, tools: ToolSpec[]) => (await local.chooseTool(ask(message), tools)).choice;

  it('picks the tool whose name the question mentions, with the city from the question', async () => {
    expect(await choose("What's the weather in Oslo today?", [orders, weather])).toEqual({ name: 'getWeather', arguments: { city: 'Oslo' } });
  });

  it('takes a multi-word proper name, or the words after "in"/"for" when nothing is capitalized', async () => {
    expect(await choose("What's the weather like in New York?", [weather])).toEqual({ name: 'getWeather', arguments: { city: 'New York' } });
    expect(await choose('weather for bergen tomorrow', [weather])).toEqual({ name: 'getWeather', arguments: { city: 'bergen' } });
    expect(await choose('weather in the city of bergen', [weather])).toEqual({ name: 'getWeather', arguments: { city: 'bergen' } });
  });

  it("does not take another argument's enum value for a name", async () => {
    const withUnits: ToolSpec = {
      ...weather,
      parameters: { type: 'object', properties: { city: { type: 'string' }, units: { enum: ['celsius', 'fahrenheit'] } }, required: ['city'] },
    };
    expect(await choose("What's the weather in Fahrenheit for Oslo?", [withUnits])).toEqual({
      name: 'getWeather',
      arguments: { city: 'Oslo', units: 'fahrenheit' },
    });
  });

  it('prefers a quoted phrase for a string argument', async () => {
    const search: ToolSpec = {
      name: 'searchDocumentation',
      description: 'Full-text search of the product documentation',
      parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    };
    expect(await choose(`What's in the documentation about 'rate limits'?`, [search])).toEqual({
      name: 'searchDocumentation',
      arguments: { query: 'rate limits' },
    });
  });

  it('picks the enum value the question mentions, as the schema spells it', async () => {
    expect(await choose('Which of my orders have SHIPPED?', [weather, orders])).toEqual({ name: 'listOrders', arguments: { status: 'shipped' } });
  });

  it('takes the first number for numeric arguments (integers skip decimals) and yes/no for booleans', async () => {
    const convert: ToolSpec = {
      name: 'convertCurrency',
      description: 'Convert an amount of money between currencies',
      parameters: {
        type: 'object',
        properties: { amount: { type: 'number' }, decimals: { type: 'integer' }, roundUp: { type: 'boolean' }, note: { type: 'string' } },
        required: ['amount'],
      },
    };
    expect(await choose('Convert 12.5 EUR to USD currency with 2 decimals, no rounding', [convert])).toEqual({
      name: 'convertCurrency',
      // `note` is neither quoted nor a name-like property: left out rather than guessed.
      arguments: { amount: 12.5, decimals: 2, roundUp: false },
    });
  });

  it('chooses by description when it shares two subject words with the question, not one', async () => {
    const fx: ToolSpec = { name: 'fx', description: 'Current exchange rates between currencies', parameters: { type: 'object', properties: {} } };
    expect(await choose('What are the exchange rates today?', [fx])).toEqual({ name: 'fx', arguments: {} });
    expect(await choose('What are the rates?', [fx])).toBeNull();
  });

  it('chooses nothing when a required argument is not in the question', async () => {
    expect(await choose("What's the weather today?", [weather])).toBeNull();
    expect(await choose('Which of my orders are late?', [orders])).toBeNull();
  });

  it('chooses nothing for an unrelated question, nor for a shared generic verb', async () => {
    expect(await choose('How do I reset my password?', [weather, orders])).toBeNull();
    expect(await choose('How do I get to Oslo airport?', [weather])).toBeNull();
  });

  it('chooses nothing when two tools match equally well', async () => {
    const twin: ToolSpec = { ...weather, name: 'weatherNow' };
    expect(await choose("What's the weather in Oslo?", [weather, twin])).toBeNull();
  });

  it('counts usage: the question and tool specs in, the choice as JSON out', async () => {
    const { choice, usage } = await local.chooseTool(ask("What's the weather in Oslo today?"), [weather]);
    const prompt = `What's the weather in Oslo today?\n${JSON.stringify([weather])}`;
    expect(usage).toEqual({
      promptTokens: tokenCount(prompt),
      completionTokens: tokenCount(JSON.stringify(choice)),
      totalTokens: tokenCount(prompt) + tokenCount(JSON.stringify(choice)),
    });
    expect(usage.completionTokens).toBeGreaterThan(5);
  });
});

describe('answers from a tool result', () => {
  const result: ContextPassage = {
    source: 'getWeather',
    kind: 'tool',
    text: JSON.stringify({ city: 'Oslo', current: { temperatureC: 4, conditions: 'light rain' }, alerts: [], hours: [5, 6] }),
  };
  const knowledge: ContextPassage = { source: 'kb/oslo.md', text: 'Oslo has mild, wet weather in spring. Bergen is rainier.' };

  describe('LocalProvider', () => {
    const local = new LocalProvider();

    it('reads the JSON result out as sentences, then the matching knowledge, and streams the same text', async () => {
      const req = ask("What's the weather in Oslo?", { model: 'extractive', context: [knowledge, result] });
      const plain = await local.generate(req);
      expect(plain.text).toBe(
        'From getWeather: city: Oslo. current.temperatureC: 4. current.conditions: light rain. alerts: none. hours: 5, 6. ' +
          'Oslo has mild, wet weather in spring. (kb/oslo.md)',
      );
      const deltas: string[] = [];
      const streamed = await local.generate(req, (d) => void deltas.push(d));
      expect(streamed).toEqual(plain);
      expect(deltas.length).toBeGreaterThan(1);
      expect(deltas.join('')).toBe(plain.text);
    });

    it('numbers list items that are objects, and says the result alone when no knowledge matches', async () => {
      const list: ContextPassage = { source: 'listOrders', kind: 'tool', text: '[{"id": 7, "status": "shipped"}, {"id": 9, "status": "open"}]' };
      const { text } = await local.generate(ask('Which orders shipped?', { context: [list, { source: 'kb', text: 'Returns take a week.' }] }));
      expect(text).toBe('From listOrders: 1.id: 7. 1.status: shipped. 2.id: 9. 2.status: open.');
    });

    it('gives a result that is not JSON as it came, and an empty one as empty', async () => {
      const plainText: ContextPassage = { source: 'getWeather', kind: 'tool', text: '  Sunny,\n 21 degrees.  ' };
      expect((await local.generate(ask('Weather?', { context: [plainText] }))).text).toBe('From getWeather: Sunny, 21 degrees.');
      const empty: ContextPassage = { source: 'getWeather', kind: 'tool', text: '{}' };
      expect((await local.generate(ask('Weather?', { context: [empty] }))).text).toBe('From getWeather: the result is empty.');
    });
  });

  it('OpenAICompatibleProvider puts the result in its own labelled system message, apart from knowledge', async () => {
    await provider.generate(ask("What's the weather in Oslo?", { context: [knowledge, result] }));
    const { messages } = onlyBody();
    expect(messages.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    const [passages, tool] = messages.map((m) => String(m.content));
    expect(passages).toContain('[kb/oslo.md]\nOslo has mild, wet weather in spring.');
    expect(passages).not.toContain('getWeather');
    expect(tool).toContain(`Result of calling tool getWeather:\n${result.text}`);
    expect(tool).not.toContain('kb/oslo.md');
  });
});
