// Requests a hostile or careless caller sends: each is refused at once with a JSON error and
// the right status, before anything is started or stored — never a 500, a late failure or a
// plain-text answer from the HTTP layer.
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { AskResponseSchema, ErrorBodySchema } from '@askflow/contract';
import { ask, call, closeDb, db, expectJson, managedProject, manage, postJson, signUp, stackInfo } from '../stack/context.js';
import { startReplica, type Replica } from '../stack/replicas.js';
import { collect, openStream } from '../stack/sse.js';
import { startTcpProxy } from '../stack/tcpProxy.js';

let p: Awaited<ReturnType<typeof managedProject>>;

beforeAll(async () => {
  p = await managedProject({ name: 'hostile input' });
});
afterAll(closeDb);

async function expectError(res: Response, status: number, code: string) {
  const text = await res.text();
  expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({ status, type: expect.stringMatching(/^application\/json/) });
  const body = ErrorBodySchema.parse(JSON.parse(text));
  expect(body.error.code).toBe(code);
  return body.error;
}

async function turnCount(): Promise<number> {
  const { rows } = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM turns WHERE project_id = $1`, [p.tenantId]);
  return rows[0]!.n;
}

function nested(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

describe('a NUL character', () => {
  it('in any field of an ask is refused with 400 before a run starts or a turn is stored', async () => {
    const before = await turnCount();
    const started = Date.now();
    for (const body of [
      { message: 'hello\u0000world' },
      { message: 'hi', externalThreadId: 'thread\u0000x' },
      { message: 'hi', externalUserId: '\u0000' },
      { message: 'hi', metadata: { note: 'a\u0000b' } },
      { message: 'hi', metadata: { 'k\u0000': 1 } },
    ]) {
      const error = await expectError(await ask(p, body), 400, 'ValidationError');
      expect(error.message).toMatch(/NUL/);
    }
    // Refused up front: not after 26 s of retries.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await turnCount()).toBe(before);
  });

  it('in management names, prompts, parameter keys and thread search is refused with 400', async () => {
    const { token } = p.owner;
    const base = `/projects/${p.tenantId}`;
    const cases: [string, string, unknown][] = [
      ['POST', '/projects', { name: 'bad\u0000name' }],
      ['PATCH', base, { systemPrompt: 'be nice\u0000' }],
      ['POST', `${base}/keys`, { mode: 'test', name: 'key\u0000' }],
      ['POST', `${base}/tools`, { name: 'tool', description: 'x\u0000', url: 'http://127.0.0.1:9/x' }],
      ['POST', `${base}/tools`, { name: 'tool', description: 'd', url: 'http://127.0.0.1:9/x', parameters: { type: 'object', properties: { 'q\u0000': { type: 'string' } } } }],
      ['POST', `${base}/knowledge`, { name: 'doc\u0000.txt', text: 'content' }],
    ];
    for (const [method, path, body] of cases) await expectError(await manage(token, method, path, body), 400, 'ValidationError');
    await expectError(await manage(token, 'GET', `${base}/threads?search=a%00b`), 400, 'ValidationError');
  });
});

describe('numbers and dates out of range', () => {
  it('are refused with 400 instead of failing in the database', async () => {
    const { token } = p.owner;
    const base = `/projects/${p.tenantId}`;
    await expectError(await manage(token, 'PATCH', base, { rateLimitPerMinute: 2 ** 31 }), 400, 'ValidationError');
    await expectError(await manage(token, 'PATCH', base, { keyRateLimitPerMinute: 2 ** 40 }), 400, 'ValidationError');
    await expectError(await manage(token, 'PUT', `${base}/prices`, { prices: [{ modelId: 'local:extractive', inputPerMillion: 1e9, outputPerMillion: 1 }] }), 400, 'ValidationError');
    const twice = await expectError(
      await manage(token, 'PUT', `${base}/prices`, {
        prices: [
          { modelId: 'local:extractive', inputPerMillion: 1, outputPerMillion: 1 },
          { modelId: 'local:extractive', inputPerMillion: 2, outputPerMillion: 2 },
        ],
      }),
      400,
      'ValidationError',
    );
    expect(twice.message).toMatch(/priced twice/);
    for (const before of ['+275760-09-13T00:00:00.000Z', '99999-01-01T00:00:00Z', 'yesterday']) {
      await expectError(await manage(token, 'GET', `${base}/threads?before=${encodeURIComponent(before)}`), 400, 'ValidationError');
    }
    await expectError(await manage(token, 'GET', `${base}/threads?limit=0`), 400, 'ValidationError');
    // A good request still works.
    await expectJson(await manage(token, 'GET', `${base}/threads?before=2030-01-01T00:00:00Z&limit=5`), 200);
  });
});

describe('deep and self-referring JSON', () => {
  it('refuses metadata nested 5,000 levels and jsonSchema nested 3,000 levels or recursive by $ref', async () => {
    // Written out by hand: JSON.stringify itself would overflow on values this deep.
    const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const raw = (fields: string) => postJson('/service/ask', `{"tenantId":"${p.tenantId}","message":"hi",${fields}}`, { 'X-API-Key': p.apiKey });
    await expectError(await raw(`"metadata":${deep(5000)}`), 400, 'ValidationError');
    await expectError(await raw(`"responseFormat":"json_object","jsonSchema":${deep(3000)}`), 400, 'ValidationError');
    const ref = await expectError(await ask(p, { message: 'hi', responseFormat: 'json_object', jsonSchema: { $ref: '#' } }), 400, 'ValidationError');
    expect(ref.message).toMatch(/\$ref/);
    await expectError(
      await manage(p.owner.token, 'POST', `/projects/${p.tenantId}/tools`, { name: 'loop', description: 'd', url: 'http://127.0.0.1:9/x', parameters: { type: 'object', properties: { a: { $ref: '#' } } } }),
      400,
      'ValidationError',
    );
  });

  it('still answers an ask with ordinary metadata and a plain jsonSchema', async () => {
    const res = await ask(p, { message: 'hello', metadata: { requestType: 'x', nested: nested(10) }, responseFormat: 'json_object', jsonSchema: { type: 'object', properties: { answer: { type: 'string' } } } });
    AskResponseSchema.parse(await expectJson(res, 200));
  });
});

describe('header values an ask hands to tools', () => {
  it('refuses CR/LF, control and non-Latin-1 characters and bad header names with 400', async () => {
    for (const body of [
      { message: 'hi', authToken: 'abc\r\nX-Evil: 1' },
      { message: 'hi', authToken: 'tøken✓' },
      { message: 'hi', headers: { 'X-Trace': 'a\nb' } },
      { message: 'hi', headers: { 'X-Trace': '日本' } },
      { message: 'hi', headers: { 'Bad Name': 'v' } },
      { message: 'hi', toolHeaders: { 'X-Secret': 'a\rb' } },
    ]) {
      await expectError(await ask(p, body), 400, 'ValidationError');
    }
    // Latin-1 and visible ASCII are fine.
    expect((await ask(p, { message: 'hi', authToken: 'tøken-ok', headers: { 'X-Trace': 'café 1' } })).status).toBe(200);
  });
});

describe('the HTTP layer itself', () => {
  it('answers a wrong method with 405 JSON and Allow, an unknown path with 404 JSON', async () => {
    const res = await call('DELETE', '/service/ask', { headers: { 'X-API-Key': p.apiKey } });
    await expectError(res, 405, 'MethodNotAllowed');
    expect(res.headers.get('allow')).toMatch(/POST/);
    await expectError(await call('PUT', '/health'), 405, 'MethodNotAllowed');
    await expectError(await call('GET', '/no/such/path'), 404, 'NotFound');
  });

  it('answers a NUL in the path with 400 JSON before it reaches a query (found by the fuzzer)', async () => {
    const owner = await signUp();
    const project = await expectJson<{ id: string }>(await manage(owner.token, 'POST', '/projects', { name: 'nul path' }), 201);
    await expectError(await manage(owner.token, 'DELETE', `/projects/${project.id}/providers/%00`), 400, 'ValidationError');
    await expectError(await call('GET', `/service/ask/ask-x%00/events`, { headers: { 'X-API-Key': p.apiKey } }), 400, 'ValidationError');
  });

  it('answers a body that is not the gzip its Content-Encoding says with 400 JSON', async () => {
    const notGzip = await postJson('/service/ask', JSON.stringify({ tenantId: p.tenantId, message: 'hi' }), { 'X-API-Key': p.apiKey, 'Content-Encoding': 'gzip' });
    await expectError(notGzip, 400, 'ValidationError');
    // Brotli's errors are not zlib's Z_* ones: found by the fuzzer (test/reliability/fuzz.test.ts).
    const notBrotli = await postJson('/service/ask', 'ERCiM|`l>', { 'X-API-Key': p.apiKey, 'Content-Encoding': 'br' });
    await expectError(notBrotli, 400, 'ValidationError');
    // A real gzip body is read.
    const res = await fetch(`${stackInfo().baseUrl}/service/ask`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'X-API-Key': p.apiKey },
      body: gzipSync(JSON.stringify({ tenantId: p.tenantId, message: 'hello' })),
    });
    expect(res.status).toBe(200);
  });

  it('answers malformed HTTP with a JSON 400, not Node plain text', async () => {
    const { port } = new URL(stackInfo().baseUrl);
    const raw = await rawExchange(Number(port), 'GET /health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ error: { code: 'ValidationError' } });
  });
});

describe('slow clients and a database that is gone', () => {
  let replica: Replica | undefined;
  afterEach(async () => {
    await replica?.kill();
    replica = undefined;
  });

  it('cuts off a request whose body trickles in with a JSON 408', async () => {
    replica = await startReplica('api', { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1500' });
    const { port } = new URL(replica.baseUrl!);
    const raw = await rawExchange(
      Number(port),
      `POST /service/ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-API-Key: ${p.apiKey}\r\nContent-Length: 100\r\n\r\n{"tenantId":`,
      10_000,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 408 /);
    expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).toMatch(/"code":"RequestTimeout"/);
  });

  it('answers 503 Unavailable, not 500, while PostgreSQL cannot be reached', async () => {
    const pg = new URL(stackInfo().databaseUrl);
    const proxy = await startTcpProxy({ host: pg.hostname, port: Number(pg.port || 5432) });
    const viaProxy = new URL(pg);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    replica = await startReplica('api', { DATABASE_URL: viaProxy.toString() });
    const url = `${replica.baseUrl!}/service/ask`;
    const body = JSON.stringify({ tenantId: p.tenantId, message: 'hello' });
    const headers = { 'Content-Type': 'application/json', 'X-API-Key': p.apiKey };
    expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(200);
    await proxy.cut();
    await expectError(await fetch(url, { method: 'POST', headers, body }), 503, 'Unavailable');
    await expectError(await fetch(`${replica.baseUrl!}/manage/projects`, { headers: { Authorization: `Bearer ${p.owner.token}` } }), 503, 'Unavailable');
  });
});

describe('resuming a finished stream', () => {
  it('past its last event yields nothing more, not an error', async () => {
    const first = await openStream('/service/ask/stream', { body: { tenantId: p.tenantId, message: 'hello' }, headers: { 'X-API-Key': p.apiKey } });
    const events = await collect(first);
    const last = events.at(-1)!;
    expect(last.type).toBe('done');
    const askId = first.response.headers.get('askflow-ask-id')!;
    const resumed = await openStream(`/service/ask/${askId}/events`, { method: 'GET', headers: { 'X-API-Key': p.apiKey, 'Last-Event-ID': String(last.id) } });
    expect(resumed.response.status).toBe(200);
    expect(await collect(resumed)).toEqual([]);
    // From one before the end, the end comes once.
    const again = await openStream(`/service/ask/${askId}/events`, { method: 'GET', headers: { 'X-API-Key': p.apiKey, 'Last-Event-ID': String(last.id! - 1) } });
    expect((await collect(again)).map((e) => e.type)).toEqual(['done']);
  });
});

/** Sends raw bytes and returns everything the server answers until it closes (or `timeoutMs`). */
function rawExchange(port: number, request: string, timeoutMs = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(data);
    }, timeoutMs);
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(data);
    });
    socket.write(request);
  });
}
