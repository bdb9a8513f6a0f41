// The spans of each outbound call, as an OpenTelemetry SDK records them: a model call over the
// OpenAI protocol, embeddings, a Pinecone query and a signed tool call — each a client span with
// the GenAI (or database) conventions' attributes, child of the span that made it; failures
// marked; message text only when asked for; the tool handed the call's traceparent.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { PineconeVectorIndex } from '../../knowledge/vectors/pinecone.js';
import { urlPolicyFromEnv } from '../../net/addressGuard.js';
import { sendToolCall } from '../../net/toolCall.js';
import { chatProviderFor, embedderFor } from '../../providers/registry.js';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../fakes/chatCompletionsServer.js';
import { startPineconeServer, type PineconeServer } from '../fakes/pineconeServer.js';
import { chatRequest } from '../providers/requests.js';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();

let llm: ChatCompletionsServer;
let pinecone: PineconeServer;
let tool: Server;
const toolHeaders: IncomingHttpHeaders[] = [];
beforeAll(async () => {
  llm = await startChatCompletionsServer();
  pinecone = await startPineconeServer({ dimension: 3 });
  tool = createServer((req, res) => {
    toolHeaders.push(req.headers);
    req.resume().on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'));
  });
  await new Promise<void>((r) => tool.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await llm.close();
  await pinecone.close();
  await new Promise((r) => tool.close(r));
  await provider.shutdown();
});
beforeEach(() => {
  exporter.reset();
  llm.reset();
});

const connection = () => ({ name: 'acme', kind: 'openai', baseUrl: llm.baseUrl, apiKey: llm.apiKey });
const spanNamed = (name: string): ReadableSpan => {
  const found = exporter.getFinishedSpans().filter((s) => s.name === name);
  expect(found.map((s) => s.name)).toEqual([name]);
  return found[0]!;
};

/** Runs `fn` under a parent span of the test's own, and gives that span's id. */
async function underParent<T>(fn: () => Promise<T>): Promise<{ value: T; parentId: string; traceId: string }> {
  const parent = trace.getTracer('test').startSpan('parent');
  try {
    const value = await context.with(trace.setSpan(context.active(), parent), fn);
    return { value, parentId: parent.spanContext().spanId, traceId: parent.spanContext().traceId };
  } finally {
    parent.end();
  }
}

describe('outbound spans', () => {
  it('a model call is a GenAI chat client span under its caller, with the server, tokens and no message text', async () => {
    const { parentId } = await underParent(() => chatProviderFor(connection()).generate(chatRequest({ model: 'gpt-test', message: 'What is the secret plan?' })));
    const span = spanNamed('chat gpt-test');
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.parentSpanId).toBe(parentId);
    expect(span.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-test',
      'gen_ai.output.type': 'text',
      'gen_ai.response.finish_reasons': ['stop'],
      'server.address': '127.0.0.1',
      'server.port': Number(new URL(llm.baseUrl).port),
    });
    expect(span.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
    expect(span.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
    expect(JSON.stringify(span.attributes)).not.toContain('secret plan');
  });

  it('with content capture on, the messages and the answer are on the span; a stream marks its first token', async () => {
    llm.script({ chunks: ['Fine ', 'thanks'] });
    const pieces: string[] = [];
    await chatProviderFor(connection(), undefined, { captureContent: true }).generate(chatRequest({ model: 'gpt-test', message: 'How are you?' }), (p) => void pieces.push(p));
    const span = spanNamed('chat gpt-test');
    expect(pieces.join('')).toBe('Fine thanks');
    expect(JSON.parse(String(span.attributes['gen_ai.input.messages']))).toContainEqual({ role: 'user', parts: [{ type: 'text', content: 'How are you?' }] });
    expect(JSON.parse(String(span.attributes['gen_ai.output.messages']))).toEqual([{ role: 'assistant', parts: [{ type: 'text', content: 'Fine thanks' }], finish_reason: 'stop' }]);
    expect(span.events.map((e) => e.name)).toEqual(['gen_ai.first_token']);
  });

  it('a failed model call marks its span failed with the exception', async () => {
    llm.script({ status: 400, message: 'bad request from the test' });
    await expect(chatProviderFor(connection()).generate(chatRequest({ model: 'gpt-test' }))).rejects.toThrow();
    const span = spanNamed('chat gpt-test');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.events.map((e) => e.name)).toContain('exception');
  });

  it('embeddings and a Pinecone query are client spans of their own', async () => {
    const embedder = embedderFor(connection(), 'text-embedding-3-small');
    llm.script({ dimensions: embedder.dimensions });
    await embedder.embed(['one', 'two']);
    expect(spanNamed('embeddings text-embedding-3-small').attributes).toMatchObject({ 'gen_ai.operation.name': 'embeddings', 'gen_ai.request.model': 'text-embedding-3-small', 'askflow.inputs': 2, 'server.address': '127.0.0.1' });

    const index = new PineconeVectorIndex({ apiKey: pinecone.apiKey, indexHost: pinecone.host });
    await index.upsert('project-1', [{ chunkId: 'c1', documentId: 'd1', vector: [1, 0, 0] }]);
    const { value: matches, parentId } = await underParent(() => index.query('project-1', [1, 0, 0], 3));
    expect(matches.map((m) => m.chunkId)).toEqual(['c1']);
    const query = spanNamed('query pinecone');
    expect(query.kind).toBe(SpanKind.CLIENT);
    expect(query.parentSpanId).toBe(parentId);
    expect(query.attributes).toMatchObject({ 'db.system.name': 'pinecone', 'db.operation.name': 'query', 'db.namespace': 'project-1', 'db.query.top_k': 3, 'server.address': '127.0.0.1', 'server.port': Number(new URL(pinecone.host).port) });
  });

  it("a tool call is an execute_tool span whose context the tool receives as traceparent, replacing a caller's", async () => {
    const url = `http://127.0.0.1:${(tool.address() as AddressInfo).port}/tool?key=hidden`;
    const { value: outcome, parentId, traceId } = await underParent(() =>
      sendToolCall(
        { tool: { name: 'lookup', url, method: 'POST', timeoutMs: 5000, forwardHeaders: ['traceparent'] }, arguments: { id: 1 }, tenantId: 't', requestId: 'r', headers: { traceparent: '00-11111111111111111111111111111111-2222222222222222-01' }, secrets: ['s'] },
        urlPolicyFromEnv({ ASKFLOW_ALLOW_PRIVATE_URLS: 'loopback' }),
      ),
    );
    expect(outcome).toMatchObject({ kind: 'ok', status: 200 });
    const span = spanNamed('execute_tool lookup');
    expect(span.parentSpanId).toBe(parentId);
    expect(span.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'lookup', 'http.response.status_code': 200, 'askflow.tool.outcome': 'ok' });
    // The query string (where owners put keys) never reaches the span.
    expect(span.attributes['url.full']).toBe(url.replace('?key=hidden', ''));
    expect(toolHeaders.at(-1)!.traceparent).toBe(`00-${traceId}-${span.spanContext().spanId}-01`);
  });
});
