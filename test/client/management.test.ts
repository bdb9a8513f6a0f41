// The management client end to end, as a script would use it: an owner signs up, makes a project
// with a document and a tool, a key, and the project answers from both; then its conversations
// (auto-paginated threads, their turns), analytics and keys are read back.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { AnalyticsSchema, ProjectSchema, ThreadSummarySchema, TurnSchema } from '@askflow/contract';
import { AskflowClient, AskflowManagementClient, AuthenticationError, EgoZError, TimeoutError, verifyToolCalls } from '@askflow/client';
import { closeDb, stackInfo } from '../stack/context.js';

let server: Server;
let toolUrl: string;
/** Tool calls that passed `verifyToolCalls` with the project's signing secret. */
const verifiedCalls: { tenantId: string; body: unknown }[] = [];
let signingSecret = '';

beforeAll(async () => {
  // The project's tool, written as its owner would: Express behind the client's signature check.
  const app = express();
  app.post('/weather', (req, res, next) => verifyToolCalls({ secret: signingSecret })(req, res, next), (req, res) => {
    verifiedCalls.push({ tenantId: req.askflow!.tenantId, body: req.body });
    res.json({ city: (req.body as { arguments: { city?: string } }).arguments.city, temperature: 12, conditions: 'light rain' });
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  toolUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/weather`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeDb();
});

const credentials = () => ({ email: `mgmt-${process.pid}-${Date.now()}@example.test`, password: 'a long passphrase' });

describe('the management client', () => {
  it('creates a project with a document and a tool, which then answers from both', async () => {
    const baseUrl = stackInfo().baseUrl;
    const admin = await AskflowManagementClient.signUp(credentials(), { baseUrl });

    const project = await admin.projects.create({ name: 'Support bot', ragEnabled: true, toolsEnabled: true });
    expect(ProjectSchema.parse(project)).toMatchObject({ name: 'Support bot', ragEnabled: true, toolsEnabled: true, chatModel: 'local:extractive' });
    // Every call also gives its response and request id.
    const { data, response, requestId } = await admin.projects.get(project.id).withResponse();
    expect([data.id, response!.status, data.requestId]).toEqual([project.id, 200, requestId]);
    expect(requestId).toBe(response!.headers.get('x-request-id'));

    signingSecret = (await admin.tools.signingSecret(project.id)).secret;
    const tool = await admin.tools.create(project.id, {
      name: 'getWeather',
      description: 'Current weather for a city',
      url: toolUrl,
      parameters: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } },
    });
    expect(tool).toMatchObject({ name: 'getWeather', method: 'POST', timeoutMs: 10_000, forwardHeaders: [] });
    expect(await admin.tools.test(project.id, tool.id, { city: 'Bergen' })).toMatchObject({ ok: true, status: 200 });

    // Uploads: text, and a file's bytes; each waited for until ingested.
    const returns = await admin.knowledge.uploadAndWait(project.id, { name: 'returns.md', text: '# Returns\nItems can be returned within 60 days.' });
    expect(returns).toMatchObject({ name: 'returns.md', kind: 'markdown', status: 'ready', error: null });
    expect(returns.chunksEmbedded).toBe(returns.chunksTotal);
    const file = await admin.knowledge.uploadFile(project.id, 'shipping.txt', new TextEncoder().encode('Standard shipping takes 3 to 5 business days.'));
    expect(file.status).toBe('pending');
    expect(await admin.knowledge.waitUntilReady(project.id, file.id)).toMatchObject({ kind: 'text', status: 'ready' });
    expect((await admin.knowledge.chunks(project.id, file.id)).chunks.map((c) => c.text).join(' ')).toContain('3 to 5 business days');
    expect((await admin.knowledge.list(project.id)).documents.map((d) => d.name).sort()).toEqual(['returns.md', 'shipping.txt']);

    const { key, id: keyId } = await admin.keys.create(project.id, { mode: 'test', name: 'e2e' });
    const askflow = new AskflowClient({ apiKey: key, tenantId: project.id, baseUrl });

    const fromDocument = await askflow.ask({ message: 'Within how many days can items be returned?', externalThreadId: 'e2e-conversation' });
    expect(fromDocument).toMatchObject({ intent: 'rag', toolUsed: null, answer: 'Items can be returned within 60 days. (returns.md › Returns)' });
    const fromTool = await askflow.ask({ message: "What's the weather in Oslo?", externalThreadId: 'e2e-conversation' });
    expect(fromTool).toMatchObject({ intent: 'tools', toolUsed: 'getWeather', threadId: fromDocument.threadId });
    expect(fromTool.answer).toContain('light rain');
    expect(verifiedCalls.at(-1)).toEqual({ tenantId: project.id, body: { tool: 'getWeather', arguments: { city: 'Oslo' } } });

    // Its turns, oldest first, through the iterator.
    const turns = [];
    for await (const turn of admin.threads.turns(project.id, fromDocument.threadId)) turns.push(TurnSchema.parse(turn));
    expect(turns.map((t) => [t.userMessage, t.intent, t.isTest])).toEqual([
      ['Within how many days can items be returned?', 'rag', true],
      ["What's the weather in Oslo?", 'tools', true],
    ]);

    // Analytics count these test-key asks (and bill them nothing).
    const analytics = AnalyticsSchema.parse(await admin.analytics.get(project.id, { from: new Date(Date.now() - 3600_000), to: new Date(Date.now() + 60_000), bucket: 'hour' }));
    expect(analytics.totals).toEqual({ live: { asks: 0, totalTokens: 0, costUsd: 0 }, test: { asks: 2, totalTokens: expect.any(Number) as number, costUsd: 0 } });

    // A revoked key is refused from then on.
    expect((await admin.keys.list(project.id)).keys.map((k) => [k.id, k.revokedAt])).toEqual([[keyId, null]]);
    await admin.keys.revoke(project.id, keyId);
    await expect(askflow.ask({ message: 'still there?' })).rejects.toBeInstanceOf(AuthenticationError);

    // Signing out revokes the owner's token.
    await admin.signOut();
    await expect(admin.projects.list()).rejects.toBeInstanceOf(AuthenticationError);
  }, 120_000);

  it('lists every thread once, newest first, a page at a time, and stops fetching when the loop stops', async () => {
    const baseUrl = stackInfo().baseUrl;
    const admin = await AskflowManagementClient.signUp(credentials(), { baseUrl });
    const project = await admin.projects.create({ name: 'Many threads' });
    const { key } = await admin.keys.create(project.id, { mode: 'live' });
    const askflow = new AskflowClient({ apiKey: key, tenantId: project.id, baseUrl });
    // Asked at once, so several threads may share a millisecond of `updatedAt` at a page's edge.
    const asked = await Promise.all(Array.from({ length: 7 }, (_, i) => askflow.ask({ message: `question ${i}`, externalThreadId: `paged-${i}` })));

    const pages: string[] = [];
    const counting = new AskflowManagementClient({
      token: admin.token,
      baseUrl,
      fetch: (url, init) => {
        pages.push(url);
        return fetch(url, init);
      },
    });
    const listed = [];
    for await (const thread of counting.threads.list(project.id, { limit: 2 })) listed.push(ThreadSummarySchema.parse(thread));
    expect(listed.map((t) => t.id).sort()).toEqual(asked.map((a) => a.threadId).sort());
    expect(new Set(listed.map((t) => t.id)).size).toBe(7);
    const times = listed.map((t) => Date.parse(t.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(pages.length).toBeGreaterThanOrEqual(4);

    // Leaving the loop early fetches no further page.
    pages.length = 0;
    for await (const thread of counting.threads.list(project.id, { limit: 2 })) if (thread) break;
    expect(pages).toHaveLength(1);
    // Search narrows the listing, as in the console.
    const found = [];
    for await (const thread of admin.threads.list(project.id, { search: 'question 3' })) found.push(thread.externalThreadId);
    expect(found).toEqual(['paged-3']);
  }, 120_000);

  it('reports a document that cannot be ingested, and a wait that runs out', async () => {
    const baseUrl = stackInfo().baseUrl;
    const admin = await AskflowManagementClient.signUp(credentials(), { baseUrl });
    const project = await admin.projects.create({ name: 'Broken knowledge' });
    // Nothing listens on port 9 of this machine: the worker's fetch of the URL fails.
    const doc = await admin.knowledge.upload(project.id, { url: 'http://127.0.0.1:9/missing.html' });
    const failed = await admin.knowledge.waitUntilReady(project.id, doc.id, { interval: 200 }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(EgoZError);
    expect(failed).toMatchObject({ code: 'IngestionFailed', message: expect.stringContaining(doc.name) as unknown });

    const slow = await admin.knowledge.upload(project.id, { name: 'long.md', text: '# Long\n'.concat('Many words here. '.repeat(2000)) });
    const timedOut = await admin.knowledge.waitUntilReady(project.id, slow.id, { timeout: 1, interval: 1 }).catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(TimeoutError);
  }, 60_000);
});
