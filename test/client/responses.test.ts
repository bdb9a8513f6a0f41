// What every call gives beside its result (`.withResponse()`, `requestId`), and what a caller can
// plug in: its own fetch, fetch options, a logger and its level, `maxRetries`.
import { AskflowClient, type Logger } from '@askflow/client';
import { managedProject } from '../stack/context.js';
import { clientHarness, clientFor, type Project } from './fixtures.js';

const h = clientHarness();
let p: Project;
beforeAll(async () => {
  p = await managedProject();
});

/** A logger that keeps its lines. */
function recordingLogger(): Logger & { lines: [string, string][] } {
  const lines: [string, string][] = [];
  const at = (level: string) => (message: string) => void lines.push([level, message]);
  return { lines, error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

describe('withResponse() and requestId', () => {
  it('every call gives its data, the HTTP response and the request id it came with', async () => {
    const client = clientFor(p);
    const asked = await client.ask({ message: 'Hello there' }).withResponse();
    expect(asked.response!.status).toBe(200);
    expect(asked.requestId).toBe(asked.response!.headers.get('x-request-id'));
    expect(asked.data.requestId).toBe(asked.requestId);
    // The request id is on the result but stays out of its JSON (and of equality with the contract's shape).
    expect(Object.keys(asked.data)).not.toContain('requestId');
    expect(JSON.parse(JSON.stringify(asked.data))).toEqual({ ...asked.data });

    const background = await client.askBackground({ message: 'In the background' }).withResponse();
    expect(background.response!.status).toBe(202);
    const status = await client.getAsk(background.data.askId).withResponse();
    expect([status.response!.status, status.data.askId, status.data.requestId]).toEqual([200, background.data.askId, status.requestId]);

    const menu = await client.listModels().withResponse();
    expect(menu.data.defaultId).toBe('local:extractive');
    expect(menu.response!.headers.get('content-type')).toMatch(/application\/json/);

    const streamed = await client.askStream({ message: 'Stream it' }).withResponse();
    expect(streamed.response!.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(streamed.data.requestId).toBe(streamed.requestId);
    expect(streamed.data).not.toHaveProperty('type');

    const stream = client.askStreamIter({ message: 'Iterate it' });
    const opened = await stream.withResponse();
    expect(opened.data).toBe(stream);
    expect(opened.response!.status).toBe(200);
    // The first event was read to open the stream, and is still the first the loop sees.
    const types = [];
    for await (const event of stream) types.push(event.type);
    expect(types[0]).toBe('thinking');
    expect(types.at(-1)).toBe('done');

    // Feedback takes an answered ask: wait for the background one.
    for (let i = 0; i < 100 && (await client.getAsk(background.data.askId)).status === 'running'; i++) await new Promise((r) => setTimeout(r, 100));
    const feedback = await client.feedback({ askId: background.data.askId, rating: 1 }).withResponse();
    expect(feedback.data).toBeUndefined();
    expect(feedback.response!.ok).toBe(true);
    expect(feedback.requestId).toBe(feedback.response!.headers.get('x-request-id'));

    const ping = await client.ping().withResponse();
    expect([ping.data, ping.response!.status]).toEqual([true, 200]);
    const unreachable = await new AskflowClient({ apiKey: p.apiKey, tenantId: p.tenantId, baseUrl: 'http://127.0.0.1:9', timeout: 2000 }).ping().withResponse();
    expect(unreachable).toEqual({ data: false, response: null, requestId: null });
  });

  it('awaiting the call and reading withResponse() send one request', async () => {
    const client = clientFor(p, { baseUrl: h.proxy.baseUrl });
    const call = client.listModels();
    const [menu, full] = await Promise.all([call, call.withResponse()]);
    expect(menu).toBe(full.data);
    expect(h.proxy.requests.filter((r) => r.url === '/service/models')).toHaveLength(1);
  });
});

describe('what a caller plugs in', () => {
  it('its own fetch, called for every request', async () => {
    const seen: string[] = [];
    const client = clientFor(p, {
      fetch: (url, init) => {
        seen.push(`${init.method} ${new URL(url).pathname}`);
        return fetch(url, init);
      },
    });
    await client.ask({ message: 'Through my fetch' });
    await client.listModels();
    expect(seen).toEqual(['POST /service/ask', 'GET /service/models']);
  });

  it('fetchOptions reach every request; the client’s own headers win over them', async () => {
    const client = clientFor(p, { baseUrl: h.proxy.baseUrl, fetchOptions: { headers: { 'X-Trace-Id': 'trace-42', 'X-API-Key': 'not this one' } } });
    await client.ask({ message: 'Traced' });
    const [request] = h.proxy.requests;
    expect(request!.headers['x-trace-id']).toBe('trace-42');
    expect(request!.headers['x-api-key']).toBe(p.apiKey);
    expect(request!.upstreamStatus).toBe(200);
  });

  it('maxRetries is retries by another name; both at once must agree', async () => {
    h.proxy.inject({ kind: 'status', status: 503, code: 'Unavailable' }, { kind: 'status', status: 503, code: 'Unavailable' });
    const err = await clientFor(p, { baseUrl: h.proxy.baseUrl, maxRetries: 1 }).ask({ message: 'twice at most' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ServiceUnavailableError', status: 503 });
    expect(h.proxy.requests).toHaveLength(2);
    expect(clientFor(p, { maxRetries: 4 })).toMatchObject({ retries: 4, maxRetries: 4 });
    expect(() => clientFor(p, { retries: 1, maxRetries: 3 })).toThrow(/same option/);
  });

  it('logs requests at debug and retries at info, never the key; nothing when off', async () => {
    const logger = recordingLogger();
    h.proxy.inject({ kind: 'status', status: 503, code: 'Unavailable' });
    await clientFor(p, { baseUrl: h.proxy.baseUrl, logger, logLevel: 'debug' }).ask({ message: 'Logged' });
    const levels = logger.lines.map(([level, line]) => `${level} ${line.replace(/\d+ ms/, 'N ms').replace(/request [^)]+/, 'request ID')}`);
    expect(levels).toEqual([
      'debug askflow → POST /service/ask',
      'debug askflow ← POST /service/ask 503 in N ms (request ID)',
      expect.stringMatching(/^info askflow: POST \/service\/ask failed \(Unavailable 503\); retry 1 of 2 in N ms$/) as string,
      'debug askflow → POST /service/ask',
      'debug askflow ← POST /service/ask 200 in N ms (request ID)',
    ]);
    expect(logger.lines.some(([, line]) => line.includes(p.apiKey))).toBe(false);

    const info = recordingLogger();
    h.proxy.inject({ kind: 'status', status: 503, code: 'Unavailable' });
    await clientFor(p, { baseUrl: h.proxy.baseUrl, logger: info, logLevel: 'info' }).ask({ message: 'Less logged' });
    expect(info.lines.map(([level]) => level)).toEqual(['info']);

    const off = recordingLogger();
    await clientFor(p, { logger: off, logLevel: 'off' }).ask({ message: 'Not logged' });
    expect(off.lines).toEqual([]);
    expect(() => clientFor(p, { logLevel: 'verbose' as never })).toThrow(/logLevel/);
  });
});
