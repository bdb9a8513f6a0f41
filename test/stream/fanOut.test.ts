// A thousand viewers of one answer (a shared screen, a support dashboard): each must see it
// arrive live, not only when it is over. Temporal takes a handful of concurrent update polls per
// run, so the api shares one reader per ask among all its streams (api/ask/askHub.ts).
import { ASK_ID_HEADER } from '@askflow/contract';
import { startChatCompletionsProcess } from '../fakes/chatCompletionsProcess.js';
import { closeDb, expectJson, managedProject, manage } from '../stack/context.js';
import { startReplica, type Replica } from '../stack/replicas.js';
import { collect, openStream, rebuiltAnswer } from '../stack/sse.js';

const READERS = 1_000;
// In a process of its own: a thousand readers load this one enough to hold back a server here.
let llm: Awaited<ReturnType<typeof startChatCompletionsProcess>>;
let api: Replica;
let p: Awaited<ReturnType<typeof managedProject>>;

beforeAll(async () => {
  llm = await startChatCompletionsProcess();
  p = await managedProject();
  await expectJson(await manage(p.owner.token, 'PUT', `/projects/${p.tenantId}/providers/openai`, { baseUrl: llm.baseUrl, apiKey: llm.apiKey }), 200);
  await expectJson(await manage(p.owner.token, 'PATCH', `/projects/${p.tenantId}`, { chatModel: 'openai:gpt-4o-mini' }), 200);
  // Its own api, so the thousand streams are counted against nobody else's limits or hub.
  api = await startReplica('api', { RATE_LIMIT_KEY_PER_MINUTE: '100000', RATE_LIMIT_PROJECT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await api?.stop();
  await llm.close();
  await closeDb();
});

/** Reads one SSE response to its end; when its first delta and its end arrived. */
async function watch(res: Response): Promise<{ firstDeltaAt: number | null; endedAt: number; text: string }> {
  let firstDeltaAt: number | null = null;
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    if (firstDeltaAt === null && text.includes('event: delta')) firstDeltaAt = Date.now();
  }
  return { firstDeltaAt, endedAt: Date.now(), text };
}

describe('fan-out', () => {
  it(`${READERS} readers of one running ask all get its events live, before it ends`, async () => {
    // Long enough (30 s) that a thousand connections are all open while it is still being
    // written, even on a busy machine where opening them takes most of that.
    const chunks = Array.from({ length: 300 }, (_, i) => `w${i} `);
    // Scripted for a retry too: on a busy machine the generation may be retried (the stream
    // then says `reset`); the readers must still all follow the one answer the ask gives.
    const behaviour = { chunks, tokenIntervalMs: 100 };
    await llm.script(behaviour, behaviour, behaviour);
    const owner = await openStream('/service/ask/stream', { baseUrl: api.baseUrl!, body: { tenantId: p.tenantId, message: 'for everyone' }, headers: { 'X-API-Key': p.apiKey } });
    const askId = owner.response.headers.get(ASK_ID_HEADER)!;
    const head = await collect(owner, (e) => e.type === 'delta');

    const joined = Date.now();
    const readers = await Promise.all(
      Array.from({ length: READERS }, () =>
        // fetch's default pool opens as many connections to one origin as are asked for.
        fetch(`${api.baseUrl}/service/ask/${askId}/events`, { headers: { 'X-API-Key': p.apiKey } }),
      ),
    );
    // Counted by status, so a failure says what the others got (a 429, a 503…).
    const statuses: Record<number, number> = {};
    for (const r of readers) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    expect(statuses).toEqual({ 200: READERS });
    // Should the test run out of time on a busy machine, say how far each side got.
    let ended = 0;
    let ownerDone = false;
    const progress = setTimeout(() => console.log(`[fan-out] after 200 s: owner ${ownerDone ? 'done' : 'still reading'}, ${ended}/${READERS} readers ended`), 200_000);
    const watched = Promise.all(readers.map((r) => watch(r).finally(() => ended++)));
    const rest = await collect(owner);
    ownerDone = true;
    const ownerDoneAt = Date.now();
    const seen = await watched;
    clearTimeout(progress);

    const resets = [...head, ...rest].filter((e) => e.type === 'reset');
    if (resets.length) console.log(`[fan-out] the generation started over: ${JSON.stringify(resets)}`);
    expect(rest.at(-1)!.type).toBe('done');
    const answer = rebuiltAnswer([...head, ...rest]);
    expect(answer).toBe(chunks.join(''));
    // Live: each reader had a delta while the answer was still being written…
    const live = seen.filter((s) => s.firstDeltaAt !== null && s.firstDeltaAt < ownerDoneAt - 500).length;
    console.log(`[fan-out] ${live}/${READERS} readers live; joined in ${ownerDoneAt - joined} ms before the end`);
    expect(live).toBe(READERS);
    // …and each got the whole stream, ending with done.
    for (const s of seen) {
      expect(s.text).toContain('event: done');
      expect(s.text).toContain('"content":"w299 "');
    }
  }, 240_000);
});
