// Thread policy ("double texting"): asks that arrive on a thread while it answers another are
// queued behind it and see its turn (`enqueue`), refused (`reject`, 409 ThreadBusy), or cancel it
// (`interrupt`: its partial answer is not stored). Turns are stored in the order the asks ran.
// The model is a real HTTP server speaking OpenAI's protocol, slowed down so asks overlap.
import { AskAcceptedSchema, AskResponseSchema, ThreadTurnsSchema, type ThreadConcurrency } from '@askflow/contract';
import { startChatCompletionsServer, type ChatCompletionsServer, type WireMessage } from '../fakes/chatCompletionsServer.js';
import { ask, closeDb, db, expectJson, managedProject, manage, stackInfo } from '../stack/context.js';
import { collect, openStream } from '../stack/sse.js';

let model: ChatCompletionsServer;
beforeAll(async () => (model = await startChatCompletionsServer()));
afterAll(async () => {
  await model.close();
  await closeDb();
});
beforeEach(() => model.reset());

async function projectWith(threadConcurrency: ThreadConcurrency) {
  const p = await managedProject();
  await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/openai`, { baseUrl: model.baseUrl, apiKey: model.apiKey }), 200);
  const view = await expectJson<{ threadConcurrency: string }>(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'openai:gpt-4o-mini', threadConcurrency }), 200);
  expect(view.threadConcurrency).toBe(threadConcurrency);
  return p;
}

type Project = Awaited<ReturnType<typeof projectWith>>;

/** Starts an ask in the background (202 at once); its id and thread. */
async function startInBackground(p: Project, body: Record<string, unknown>) {
  return AskAcceptedSchema.parse(await expectJson(await ask(p, body, { Prefer: 'respond-async' }), 202));
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function turnsOf(p: Project, threadId: string) {
  return ThreadTurnsSchema.parse(await expectJson(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/threads/${threadId}`), 200)).turns;
}

const text = (m: WireMessage) => (typeof m.content === 'string' ? m.content : (m.content ?? []).map((c) => c.text ?? '').join(''));
/** The conversation the model was sent with a request, as `role: text` lines (system prompt left out). */
const conversation = (i: number) => model.requests[i]!.body!.messages.filter((m) => m.role !== 'system').map((m) => `${m.role}: ${text(m)}`);

describe('thread policy', () => {
  it('enqueue (the default): asks on a busy thread wait their turn, each sees the turns before it, stored in order', async () => {
    const p = await projectWith('enqueue');
    model.script({ delayMs: 1500, content: 'Answer one.' }, { content: 'Answer two.' }, { content: 'Answer three.' });
    const first = await startInBackground(p, { message: 'Question one' });
    await until('the first ask reaches the model', () => model.requests.length === 1);

    // The second follows the stream: it is told it waits, then answers after the first.
    const second = openStream('/service/ask/stream', { body: { tenantId: p.tenantId, threadId: first.threadId, message: 'Question two' }, headers: { 'X-API-Key': p.apiKey } });
    await new Promise((r) => setTimeout(r, 300));
    const third = ask(p, { threadId: first.threadId, message: 'Question three' });

    const events = (await collect(await second)).map((e) => e.event);
    expect(events[0]).toMatchObject({ type: 'thinking', phase: 'queued', reason: expect.stringContaining(first.askId) });
    expect(events.at(-1)).toMatchObject({ type: 'done', answer: 'Answer two.', threadId: first.threadId });
    expect(AskResponseSchema.parse(await expectJson(await third, 200)).answer).toBe('Answer three.');

    // The model saw each ask only after the one before had been answered, with its turn.
    expect(conversation(0)).toEqual(['user: Question one']);
    expect(conversation(1)).toEqual(['user: Question one', 'assistant: Answer one.', 'user: Question two']);
    expect(conversation(2)).toEqual(['user: Question one', 'assistant: Answer one.', 'user: Question two', 'assistant: Answer two.', 'user: Question three']);
    expect((await turnsOf(p, first.threadId)).map((t) => [t.userMessage, t.answer])).toEqual([
      ['Question one', 'Answer one.'],
      ['Question two', 'Answer two.'],
      ['Question three', 'Answer three.'],
    ]);
    // Nothing is left queued once the thread is idle.
    expect((await db().query('SELECT 1 FROM thread_asks WHERE thread_id = $1', [first.threadId])).rowCount).toBe(0);
  }, 60_000);

  it('enqueue: many asks sent at once on one thread all answer, one at a time, in the order they came', async () => {
    const p = await projectWith('enqueue');
    const opening = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'Opening' }), 200));
    model.reset();
    const asks = [];
    for (let i = 0; i < 5; i++) {
      asks.push(ask(p, { threadId: opening.threadId, message: `Burst ${i}` }));
      await new Promise((r) => setTimeout(r, 30));
    }
    const answers = await Promise.all(asks.map(async (a) => AskResponseSchema.parse(await expectJson(await a, 200))));
    expect(answers).toHaveLength(5);
    // Each request carried every turn stored before it: they ran one after another.
    model.requests.forEach((_, i) => expect(conversation(i).filter((l) => l.startsWith('user: '))).toHaveLength(i + 2));
    const sent = model.requests.map((_, i) => conversation(i).at(-1));
    const stored = (await turnsOf(p, opening.threadId)).map((t) => `user: ${t.userMessage}`);
    expect(stored).toEqual(['user: Opening', ...sent]);
    expect(new Set(sent)).toEqual(new Set([0, 1, 2, 3, 4].map((i) => `user: Burst ${i}`)));
  }, 90_000);

  it('reject: an ask on a busy thread is refused with 409 ThreadBusy; once the thread is free it runs', async () => {
    const p = await projectWith('reject');
    model.script({ delayMs: 1500, content: 'Slow answer.' });
    const first = await startInBackground(p, { message: 'Take your time' });
    await until('the first ask reaches the model', () => model.requests.length === 1);

    const busy = await ask(p, { threadId: first.threadId, message: 'Are you done?' }, { 'Idempotency-Key': 'busy-1' });
    expect(busy.status).toBe(409);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(((await busy.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'ThreadBusy', message: expect.stringContaining(first.threadId) });
    // Another thread of the project is not busy.
    expect((await ask(p, { message: 'Elsewhere' })).status).toBe(200);

    await until('the first ask has answered', async () => ((await (await fetch(`${stackInfo().baseUrl}/service/ask/${first.askId}`, { headers: { 'X-API-Key': p.apiKey } })).json()) as { status: string }).status === 'completed');
    // The refused request's Idempotency-Key was not used up: the same request now runs.
    const later = AskResponseSchema.parse(await expectJson(await ask(p, { threadId: first.threadId, message: 'Are you done?' }, { 'Idempotency-Key': 'busy-1' }), 200));
    expect(later.threadId).toBe(first.threadId);
    expect((await turnsOf(p, first.threadId)).map((t) => t.userMessage)).toEqual(['Take your time', 'Are you done?']);
  }, 60_000);

  it('interrupt: the running ask is cancelled and its partial answer not stored; the new one runs without it', async () => {
    const p = await projectWith('interrupt');
    const opening = AskResponseSchema.parse(await expectJson(await ask(p, { message: 'Hello' }), 200));
    model.reset();
    model.script({ chunks: ['A long ', 'answer ', 'that ', 'never ', 'ends'], tokenIntervalMs: 1000 }, { content: 'The new answer.' });
    const running = await openStream('/service/ask/stream', { body: { tenantId: p.tenantId, threadId: opening.threadId, message: 'Tell me a long story' }, headers: { 'X-API-Key': p.apiKey } });
    const seen = await collect(running, (e) => e.event.type === 'delta');
    expect(seen.at(-1)!.event).toMatchObject({ type: 'delta' });

    const newer = AskResponseSchema.parse(await expectJson(await ask(p, { threadId: opening.threadId, message: 'Actually, just say hi' }), 200));
    expect(newer.answer).toBe('The new answer.');
    const rest = (await collect(running)).map((e) => e.event);
    expect(rest.at(-1)).toMatchObject({ type: 'error', code: 'Cancelled' });

    // The new ask's model saw the thread without the interrupted turn.
    expect(conversation(1)).toEqual(['user: Hello', 'assistant: ' + opening.answer, 'user: Actually, just say hi']);
    expect((await turnsOf(p, opening.threadId)).map((t) => t.userMessage)).toEqual(['Hello', 'Actually, just say hi']);
  }, 60_000);
});
