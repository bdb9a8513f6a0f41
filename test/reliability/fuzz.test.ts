// Property-based fuzzing of every route (fast-check): whatever arrives — any method, ids, query,
// headers, encodings, bodies — the answer is never a 5xx, and every error is the JSON error body
// (OpenAI's on the OpenAI-compatible door under /v1).
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { ErrorBodySchema, OpenAiErrorBodySchema } from '@askflow/contract';
import { closeDb, stackInfo } from '../stack/context.js';
import { appRoutes } from './routeTable.js';
import { tenantWithEverything, type Tenant } from './tenant.js';

/** Requests in all: runs × batch, each batch sent concurrently. */
const RUNS = 500;
const BATCH = 20;

let t: Tenant;
let other: Tenant;
beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithEverything('fuzzed'), tenantWithEverything('bystander')]);
}, 60_000);
afterAll(closeDb);

const routes = appRoutes();

/** Strings that have broken parsers before: controls, NUL, escapes, lone surrogates, huge, numeric edges. */
const nasty = fc.constantFrom('', ' ', '%00', 'a%00b', '..%2F..%2Fetc', '%E0%A4%A', '%', '-1', '0', '1e309', 'NaN', 'null', '[]', '{}', '%F0%9F%92%A9', '%ED%A0%80', 'x'.repeat(5000), "' OR 1=1 --", '<script>');
const segment = fc.oneof(nasty, fc.uuid().map(String), fc.string({ maxLength: 40 }).map(encodeURIComponent), fc.integer().map(String));

/** A value for `:name`: the fuzzed tenant's real object (so handlers run), another's, or junk. */
function param(name: string, method: string, path: string): fc.Arbitrary<string> {
  const own: Record<string, string[]> = {
    id: [t.tenantId, other.tenantId],
    // The key the fuzzer authenticates with is never revoked (DELETE gets the spare one).
    keyId: [t.spareKeyId, other.keyId],
    toolId: [t.toolId, other.toolId],
    docId: [t.docId, other.docId],
    threadId: [t.threadId, other.threadId],
    batchId: [t.batchId, other.batchId],
    name: [t.provider, 'openai'],
    askId: [t.askId, other.askId],
    file: ['index.js', '..%2F..%2Fpackage.json'],
  };
  // Deleting the fuzzed project would leave nothing to fuzz: that route gets the bystander's id or junk.
  const choices = method === 'DELETE' && path === '/manage/projects/:id' && name === 'id' ? [other.tenantId] : (own[name] ?? []);
  return choices.length ? fc.oneof({ arbitrary: fc.constantFrom(...choices), weight: 3 }, { arbitrary: segment, weight: 1 }) : segment;
}

const queryArb = fc.option(
  fc.dictionary(fc.constantFrom('limit', 'before', 'search', 'from', 'to', 'bucket', 'lastEventId', 'q', 'page'), fc.oneof(nasty, fc.integer().map(String), fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.string({ maxLength: 30 })), { maxKeys: 3 }),
  { nil: undefined },
);

/** Bodies: none, JSON of any shape, a plausible object with junk in it, deep nesting, raw bytes. */
const bodyArb: fc.Arbitrary<{ text?: string | Uint8Array; type?: string; encoding?: string }> = fc.oneof(
  fc.constant({}),
  fc.jsonValue({ maxDepth: 4 }).map((v) => ({ text: JSON.stringify(v), type: 'application/json' })),
  fc
    .record({ tenantId: fc.oneof(fc.constant(''), fc.uuid().map(String)), message: fc.oneof(fc.string({ maxLength: 200 }), nasty), name: fc.oneof(fc.string(), nasty), mode: fc.oneof(fc.constantFrom('live', 'test'), fc.string()), dailyTokens: fc.oneof(fc.integer(), fc.double()), text: fc.string(), url: fc.oneof(fc.webUrl(), nasty), metadata: fc.jsonValue({ maxDepth: 3 }) }, { requiredKeys: [] })
    .map((o) => ({ text: JSON.stringify(o), type: 'application/json' })),
  // A plausible chat-completions body (the OpenAI-compatible door), with junk in it.
  fc
    .record({
      model: fc.oneof(fc.constantFrom('default', 'local:extractive', 'openai:nope'), nasty),
      messages: fc.array(
        fc.record({
          role: fc.oneof(fc.constantFrom('system', 'developer', 'user', 'assistant', 'tool'), nasty),
          content: fc.oneof(fc.string({ maxLength: 200 }), nasty, fc.constant(null), fc.array(fc.record({ type: fc.oneof(fc.constantFrom('text', 'image_url'), nasty), text: fc.string({ maxLength: 50 }) }), { maxLength: 3 })),
        }, { requiredKeys: ['role'] }),
        { maxLength: 5 },
      ),
      stream: fc.boolean(),
      n: fc.integer(),
      tools: fc.option(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 2 })),
      response_format: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant({ type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object' } } })),
      askflow: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.record({ threadId: segment, externalThreadId: fc.string() }, { requiredKeys: [] })),
    }, { requiredKeys: [] })
    .map((o) => ({ text: JSON.stringify(o), type: 'application/json' })),
  fc.integer({ min: 30, max: 6000 }).map((n) => ({ text: `${'['.repeat(n)}${']'.repeat(n)}`, type: 'application/json' })),
  fc.string({ maxLength: 300 }).map((s) => ({ text: s, type: 'application/json' })),
  fc.uint8Array({ maxLength: 300 }).map((b) => ({ text: b, type: fc.sample(fc.constantFrom('application/json', 'application/octet-stream', 'text/plain', 'multipart/form-data; boundary=x', 'application/zip'), 1)[0]! })),
  fc.jsonValue({ maxDepth: 2 }).map((v) => ({ text: gzipSync(JSON.stringify(v)), type: 'application/json', encoding: 'gzip' })),
  fc.string({ maxLength: 100 }).map((s) => ({ text: s, type: 'application/json', encoding: fc.sample(fc.constantFrom('gzip', 'deflate', 'br', 'compress', 'identity, gzip'), 1)[0]! })),
);

// Mostly credentials that open the door, so the handlers behind it are what gets fuzzed.
const authArb = fc.oneof(
  { arbitrary: fc.constant('proper'), weight: 6 },
  { arbitrary: fc.constantFrom('owner', 'apiKey', 'otherOwner', 'junkBearer', 'junkKey', 'none'), weight: 2 },
);

const requestArb = fc.record({
  route: fc.constantFrom(...routes),
  // Mostly the route's own method; now and then one it does not take.
  strangeMethod: fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'), weight: 1 }),
  query: queryArb,
  auth: authArb,
  body: bodyArb,
  ip: fc.ipV4(),
  tenantHeader: fc.option(fc.oneof(fc.constant('OWN'), fc.uuid().map(String), nasty), { nil: undefined }),
  seed: fc.infiniteStream(fc.nat()),
});
type FuzzRequest = typeof requestArb extends fc.Arbitrary<infer R> ? R : never;

async function send(r: FuzzRequest & { path: string }): Promise<{ what: string; status: number; problem: string | null }> {
  const method = r.strangeMethod ?? r.route.method;
  const url = `${stackInfo().baseUrl}${r.path}${r.query ? `?${new URLSearchParams(r.query).toString()}` : ''}`;
  const headers: Record<string, string> = { 'X-Forwarded-For': r.ip };
  // The credential the route takes: an API key on /service (on /v1 as a Bearer token), the owner's token elsewhere.
  const door = r.route.path.startsWith('/v1');
  let auth = r.auth === 'proper' ? (r.route.path.startsWith('/service') || door ? 'apiKey' : 'owner') : r.auth;
  // Signing out would end the fuzzer's own session (and the bystander's) for every later request.
  if (method === 'DELETE' && /^\/manage\/(tokens\/current|session)$/.test(r.path) && (auth === 'owner' || auth === 'otherOwner')) auth = 'junkBearer';
  if (auth === 'owner') headers.Authorization = `Bearer ${t.owner.token}`;
  if (auth === 'otherOwner') headers.Authorization = `Bearer ${other.owner.token}`;
  if (auth === 'junkBearer') headers.Authorization = 'Bearer askflow_owner_nope';
  const key = auth === 'apiKey' ? t.apiKey : auth === 'junkKey' ? 'askflow_test_junk' : null;
  if (key) {
    if (door) headers.Authorization = `Bearer ${key}`;
    else headers['X-API-Key'] = key;
  }
  if (r.tenantHeader) headers['X-Tenant-Id'] = r.tenantHeader === 'OWN' ? t.tenantId : r.tenantHeader;
  if (r.body.type) headers['Content-Type'] = r.body.type;
  if (r.body.encoding) headers['Content-Encoding'] = r.body.encoding;
  const withBody = r.body.text !== undefined && method !== 'GET' && method !== 'HEAD';
  const what = `${method} ${r.path.slice(0, 120)} (${r.auth}${withBody ? `, ${r.body.type ?? ''} ${r.body.encoding ?? ''}` : ''})`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 30_000);
  try {
    const body = typeof r.body.text === 'string' ? r.body.text : new Blob([Buffer.from(r.body.text ?? [])]);
    const res = await fetch(url, { method, headers, ...(withBody ? { body } : {}), signal: controller.signal });
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('text/event-stream')) {
      // A stream that opened is an ask answering: its events are the stream tests' business.
      controller.abort();
      return { what, status: res.status, problem: res.status >= 500 ? `${res.status} stream` : null };
    }
    const text = await res.text();
    const status = res.status;
    if (status >= 500) return { what, status, problem: `${status}: ${text.slice(0, 300)}` };
    if (res.status >= 400 && method !== 'HEAD') {
      if (!type.includes('application/json')) return { what, status, problem: `${status} answered ${type}: ${text.slice(0, 200)}` };
      // The OpenAI-compatible door answers in OpenAI's error shape, everything else in Askflow's.
      const parsed = (door ? OpenAiErrorBodySchema : ErrorBodySchema).safeParse(JSON.parse(text));
      if (!parsed.success) return { what, status, problem: `${status} error body is not the JSON error shape: ${text.slice(0, 200)}` };
    }
    return { what, status, problem: null };
  } catch (err) {
    return { what, status: 0, problem: `no answer: ${(err as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

describe('fuzzing every route', () => {
  it(`${RUNS * BATCH} random requests: no 5xx, every error a JSON error body`, async () => {
    let sent = 0;
    const requests = fc.array(
      requestArb.chain((r) => {
        const names = [...r.route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
        return fc.tuple(...names.map((n) => param(n, r.strangeMethod ?? r.route.method, r.route.path))).map((values) => {
          let i = 0;
          return { ...r, path: r.route.path.replace(/:(\w+)/g, () => values[i++]!) };
        });
      }),
      { minLength: BATCH, maxLength: BATCH },
    );
    // Every problem is kept (not just the first, shrunk): one run shows all there is to fix.
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requests, async (batch) => {
        const results = await Promise.all(batch.map((r) => send(r)));
        sent += results.length;
        for (const { status } of results) statuses.set(status, (statuses.get(status) ?? 0) + 1);
        problems.push(...results.filter((x) => x.problem).map((x) => `${x.what} → ${x.problem}`));
      }),
      { numRuns: RUNS },
    );
    expect(problems.slice(0, 20)).toEqual([]);
    console.log(`[fuzz] ${sent} requests by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    // The fuzzer gets past the door, not only refused at it: handlers ran and answered.
    const ok = [...statuses].filter(([s]) => s >= 200 && s < 300).reduce((n, [, c]) => n + c, 0);
    expect(ok).toBeGreaterThan(sent * 0.02);
    expect(statuses.size).toBeGreaterThan(6);
    expect(sent).toBe(RUNS * BATCH);
  }, 600_000);
});
