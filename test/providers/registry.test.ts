import { ProviderKindSchema } from '@askflow/contract';
import { kindInfos } from '../../providers/catalog.js';
import { builtInConnection, chatProviderFor, kindOf, offeredModels, providerKinds } from '../../providers/registry.js';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { chatRequest } from './requests.js';

let server: ChatCompletionsServer;
beforeAll(async () => (server = await startChatCompletionsServer()));
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('the provider registry', () => {
  it('registers exactly the kinds the management API accepts for connections, plus built-in ones', () => {
    // The contract's list is the wire's; every kind on it needs an adapter, and every adapter
    // that needs a connection must be creatable through the API.
    expect(providerKinds().filter((k) => k.needsConnection).map((k) => k.name).sort()).toEqual([...ProviderKindSchema.options].sort());
    for (const kind of providerKinds().filter((k) => !k.needsConnection)) {
      expect(builtInConnection(kind.name)).toEqual({ name: kind.name, kind: kind.name, baseUrl: '', apiKey: null });
    }
  });

  it("has the catalog the api checks models with describe every registered kind as its implementation does", () => {
    const info = (k: { name: string; needsConnection: boolean; chatModels?: readonly string[]; embeddingModels?: readonly string[] }) => ({ name: k.name, needsConnection: k.needsConnection, chatModels: k.chatModels, embeddingModels: k.embeddingModels });
    expect(kindInfos().map(info)).toEqual(providerKinds().map(info));
  });

  it('gives the built-in local connection, and none for names a project must connect itself', () => {
    expect(builtInConnection('local')).toEqual({ name: 'local', kind: 'local', baseUrl: '', apiKey: null });
    expect(builtInConnection('openai')).toBeNull();
    expect(builtInConnection('acme')).toBeNull();
    expect(kindOf('openai')?.needsConnection).toBe(true);
    expect(kindOf('acme')).toBeUndefined();
  });

  it('knows which models a connection offers: a fixed list for local, whatever the server has for openai', () => {
    const local = builtInConnection('local')!;
    expect(offeredModels(local, 'chat')).toEqual(['local:extractive']);
    expect(offeredModels(local, 'embeddings')).toEqual(['local:lexical-256']);
    expect(offeredModels({ name: 'acme', kind: 'openai' }, 'chat')).toBeUndefined();
  });

  it('answers offline on the local connection', async () => {
    const provider = chatProviderFor(builtInConnection('local')!);
    const result = await provider.generate(chatRequest({ message: 'When do refunds arrive?', context: [{ source: 'faq', text: 'Refunds arrive within 5 days.' }] }));
    expect(result.text).toBe('Refunds arrive within 5 days. (faq)');
    expect(server.requests).toHaveLength(0);
  });

  it('speaks OpenAI chat completions on an openai connection, named after the connection, with its key', async () => {
    const provider = chatProviderFor({ name: 'acme', kind: 'openai', baseUrl: server.baseUrl, apiKey: server.apiKey });
    expect(provider.name).toBe('acme');
    const result = await provider.generate(chatRequest({ model: 'gpt-test' }));
    expect(result.text.length).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(1);
  });

  it('still calls a server whose connection has no key (the server decides), and says who refused', async () => {
    const provider = chatProviderFor({ name: 'selfhosted', kind: 'openai', baseUrl: server.baseUrl, apiKey: null });
    await expect(provider.generate(chatRequest())).rejects.toMatchObject({ kind: 'refused', status: 401, message: expect.stringContaining('selfhosted') });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer no-key']);
  });

  it('refuses a connection of a kind that is not registered', () => {
    expect(() => chatProviderFor({ name: 'acme', kind: 'smoke-signals', baseUrl: server.baseUrl, apiKey: null })).toThrow(
      'provider "acme" is of kind "smoke-signals", which is not registered',
    );
  });
});
