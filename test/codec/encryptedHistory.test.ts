import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { AskResponseSchema } from '@askflow/contract';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { askflowDataConverter } from '../../codec/dataConverter.js';
import { keyringFrom } from '../../codec/keyring.js';
import { payloadCipher, ENCRYPTED_ENCODING } from '../../codec/payloadCipher.js';
import { codecServer } from '../../codec/server.js';
import { ask, closeDb, db, expectJson, stackInfo, temporalClient } from '../stack/context.js';
import { decodedHistory, payloadsIn } from '../stack/historyPayloads.js';
import { weatherProject } from '../stack/weatherProject.js';

afterAll(closeDb);

const text = (b: Uint8Array | null | undefined) => Buffer.from(b ?? new Uint8Array()).toString('utf8');
/** All a history says, as an operator (or a URL fetcher) reading it would see it: JSON and every payload's bytes. */
const readable = (history: unknown) => `${historyToJSON(history as never)}\n${payloadsIn(history).map((p) => text(p.payload.data)).join('\n')}`;

describe('Temporal payloads are encrypted', () => {
  it("an ask's history holds no clear message, tool result or answer; the keyholder's codec reads them all", async () => {
    const p = await weatherProject();
    p.tool.script({ status: 200, body: { temperature: 7, conditions: 'sleet-marker-7781', city: 'Oslo' } });
    const message = "What's the weather in Oslo today?";
    const res = await ask(p, { message });
    const answer = AskResponseSchema.parse(await expectJson(res, 200));
    await p.tool.close();
    expect(answer.toolUsed).toBe('getWeather');
    expect(answer.answer).toContain('sleet-marker-7781');
    const { rows } = await db().query<{ workflow_id: string }>(`SELECT workflow_id FROM turns WHERE thread_id = $1`, [answer.threadId]);

    const { client, close } = await temporalClient();
    try {
      // The answer came once the turn was stored; the run's history is whole once it has ended.
      const run = client.workflow.getHandle(rows[0]!.workflow_id);
      await run.result();
      const history = await run.fetchHistory();
      const stored = readable(history);
      for (const secret of [message, 'sleet-marker-7781', answer.answer.slice(0, 40)]) expect(stored).not.toContain(secret);
      const payloads = payloadsIn(history);
      expect(payloads.length).toBeGreaterThan(5);
      // Every payload this ask wrote is sealed, naming the key that sealed it — except what Temporal
      // itself must read: search attributes (ids, model, intent: for listing asks) and the SDK's own
      // local-activity bookkeeping in markers (sequence numbers and times).
      const clear = payloads.filter((p) => text(p.payload.metadata?.encoding) !== ENCRYPTED_ENCODING);
      expect(clear.filter((p) => !/searchAttributes\.indexedFields|markerRecordedEventAttributes\.details\.data\./.test(p.path))).toEqual([]);
      expect(payloads.length - clear.length).toBeGreaterThan(5);

      const codec = askflowDataConverter({ ASKFLOW_MASTER_KEY: stackInfo().masterKey }).payloadCodecs![0]!;
      const opened = readable(await decodedHistory(history, codec));
      for (const secret of [message, 'sleet-marker-7781', answer.answer.slice(0, 40)]) expect(opened).toContain(secret);
    } finally {
      await close();
    }
  }, 60_000);
});

describe('the payload cipher', () => {
  const key = (n: number) => Buffer.alloc(32, n).toString('base64');
  const payload = { metadata: { encoding: Buffer.from('json/plain') }, data: Buffer.from('{"message":"hi"}') };

  it('rotates: a keyring with a new key first still opens what the old key sealed', async () => {
    const old = payloadCipher(keyringFrom(`k1:${key(1)}`, Buffer.alloc(32)));
    const rotated = payloadCipher(keyringFrom(`k2:${key(2)},k1:${key(1)}`, Buffer.alloc(32)));
    const [sealedOld] = await old.encode([payload]);
    const [sealedNew] = await rotated.encode([payload]);
    expect(text(sealedNew!.metadata!['encryption-key-id'])).toBe('k2');
    expect(text((await rotated.decode([sealedOld!]))[0]!.data)).toBe('{"message":"hi"}');
    await expect(old.decode([sealedNew!])).rejects.toThrow(/key "k2".*not in this process's keyring/);
  });

  it('refuses a tampered payload and passes one that was never encrypted through', async () => {
    const cipher = payloadCipher(keyringFrom(undefined, Buffer.alloc(32, 9)));
    const [sealed] = await cipher.encode([payload]);
    const tampered = { ...sealed!, data: Buffer.from(sealed!.data!) };
    tampered.data[20] = tampered.data[20]! ^ 1;
    await expect(cipher.decode([tampered])).rejects.toThrow();
    expect(await cipher.decode([payload])).toEqual([payload]);
    // The key id in the metadata is authenticated too: relabelled, it no longer opens.
    const relabelled = { ...sealed!, metadata: { ...sealed!.metadata, 'encryption-key-id': Buffer.from('other') } };
    await expect(cipher.decode([relabelled])).rejects.toThrow(/not in this process's keyring/);
  });

  it('refuses malformed keyrings with a clear message', () => {
    expect(() => keyringFrom('k1:c2hvcnQ=', Buffer.alloc(32))).toThrow(/needs 32/);
    expect(() => keyringFrom(`bad id:${key(1)}`, Buffer.alloc(32))).toThrow(/not a key id/);
    expect(() => keyringFrom(`k1:${key(1)},k1:${key(2)}`, Buffer.alloc(32))).toThrow(/listed twice/);
  });
});

describe('the codec endpoint (for the Temporal Web UI)', () => {
  const json = (p: { metadata?: Record<string, Uint8Array | null> | null; data?: Uint8Array | null }) => ({
    metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v ?? new Uint8Array()).toString('base64')])),
    data: Buffer.from(p.data ?? new Uint8Array()).toString('base64'),
  });

  it("decodes the stack's payloads for the UI's origin, and answers errors in JSON", async () => {
    const { codecUrl, temporalUiUrl, masterKey } = stackInfo();
    const codec = askflowDataConverter({ ASKFLOW_MASTER_KEY: masterKey }).payloadCodecs![0]!;
    const [sealed] = await codec.encode([{ metadata: { encoding: Buffer.from('json/plain') }, data: Buffer.from('"a secret"') }]);
    const uiOrigin = new URL(temporalUiUrl!).origin;

    const preflight = await fetch(`${codecUrl}/decode`, { method: 'OPTIONS', headers: { Origin: uiOrigin, 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(uiOrigin);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('X-Namespace');

    const res = await fetch(`${codecUrl}/decode`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: uiOrigin, 'X-Namespace': 'default' }, body: JSON.stringify({ payloads: [json(sealed!)] }) });
    const body = await expectJson<{ payloads: { data: string }[] }>(res, 200);
    expect(Buffer.from(body.payloads[0]!.data, 'base64').toString()).toBe('"a secret"');

    const elsewhere = await fetch(`${codecUrl}/decode`, { method: 'POST', headers: { Origin: 'http://evil.example' }, body: JSON.stringify({ payloads: [] }) });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    expect(await expectJson(await fetch(`${codecUrl}/decode`), 405)).toMatchObject({ error: { code: 'MethodNotAllowed' } });
    expect(await expectJson(await fetch(`${codecUrl}/decode`, { method: 'POST', body: '{"payloads":1}' }), 400)).toMatchObject({ error: { code: 'ValidationError' } });
    expect(await expectJson(await fetch(`${codecUrl}/nothing`, { method: 'POST', body: '{}' }), 404)).toMatchObject({ error: { code: 'NotFound' } });
  });

  it('with a token set, asks for it', async () => {
    const server = codecServer({ codec: payloadCipher(keyringFrom(undefined, Buffer.alloc(32, 3))), origins: [], token: 'a-long-enough-token' });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/encode`;
    try {
      const call = (auth?: string) => fetch(url, { method: 'POST', headers: auth ? { Authorization: auth } : {}, body: JSON.stringify({ payloads: [] }) });
      expect(await expectJson(await call(), 401)).toMatchObject({ error: { code: 'Unauthorized' } });
      expect(await expectJson(await call('Bearer wrong-token-of-some-length'), 401)).toMatchObject({ error: { code: 'Unauthorized' } });
      expect(await expectJson(await call('Bearer a-long-enough-token'), 200)).toEqual({ payloads: [] });
    } finally {
      server.close();
    }
  });
});
