import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Payload, PayloadCodec } from '@temporalio/common';

/** More than a page of history's payloads; a request past it is refused, not buffered. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** A payload as the Temporal Web UI sends it: proto JSON, bytes in base64. */
interface JsonPayload {
  metadata?: Record<string, string>;
  data?: string;
}

const fromJson = (p: JsonPayload): Payload => ({
  metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64')])),
  data: Buffer.from(p.data ?? '', 'base64'),
});
const toJson = (p: Payload): JsonPayload => ({
  metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v ?? new Uint8Array()).toString('base64')])),
  data: Buffer.from(p.data ?? new Uint8Array()).toString('base64'),
});

export interface CodecServerOptions {
  codec: PayloadCodec;
  /** Origins whose pages may call it (the Web UI's); others get no CORS headers. */
  origins: string[];
  /** When set, required as `Authorization: Bearer <token>`. */
  token?: string | undefined;
}

/**
 * The remote codec endpoint the Temporal Web UI (and `temporal --codec-endpoint`) calls to show
 * operators who hold the key what encrypted payloads say: POST /decode and /encode with
 * `{"payloads":[…]}`, the Temporal remote-codec protocol.
 */
export function codecServer(opts: CodecServerOptions): Server {
  const allowed = new Set(opts.origins);
  const token = opts.token ? Buffer.from(`Bearer ${opts.token}`) : null;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, code: string, message: string) => send(res, status, { error: { code, message } });

  const readBody = (req: IncomingMessage) =>
    new Promise<string | null>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY_BYTES) {
          resolve(null);
          req.destroy();
        } else chunks.push(c);
      });
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  return createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, (req, res) => {
    const origin = req.headers.origin;
    if (origin && allowed.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
    }
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'POST');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization, X-Namespace');
      res.writeHead(204).end();
      return;
    }
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/decode' && path !== '/encode') return fail(res, 404, 'NotFound', 'POST /decode or /encode');
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return fail(res, 405, 'MethodNotAllowed', `${path} takes POST`);
    }
    if (token) {
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== token.length || !timingSafeEqual(given, token)) return fail(res, 401, 'Unauthorized', 'A valid Authorization: Bearer token is required');
    }
    void (async () => {
      const raw = await readBody(req);
      if (raw === null) return fail(res, 413, 'PayloadTooLarge', `At most ${MAX_BODY_BYTES} bytes`);
      let payloads: Payload[];
      try {
        const body = JSON.parse(raw) as { payloads?: unknown };
        if (!Array.isArray(body.payloads)) throw new Error('no payloads');
        payloads = (body.payloads as JsonPayload[]).map(fromJson);
      } catch {
        return fail(res, 400, 'ValidationError', 'The body must be {"payloads":[{"metadata":{…},"data":"<base64>"}]}');
      }
      try {
        const out = path === '/decode' ? await opts.codec.decode(payloads) : await opts.codec.encode(payloads);
        send(res, 200, { payloads: out.map(toJson) });
      } catch (err) {
        fail(res, 400, 'CodecError', (err as Error).message);
      }
    })().catch(() => fail(res, 400, 'ValidationError', 'The request could not be read'));
  });
}
