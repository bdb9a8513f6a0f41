import type { IncomingMessage, ServerResponse } from 'node:http';
import { SERVICE_HEADERS } from '@askflow/contract/names';
import { SignatureVerificationError, verifySignature, verifyWebhook, WEBHOOK_HEADERS, type SignatureFailure, type WebhookPayload } from './signatures.js';

export interface VerifyToolCallsOptions {
  /** The project's signing secret, shared with Askflow: checks tool calls (`X-Service-Signature`). */
  secret?: string;
  /** A webhook's secret (`whsec_…`, shown when it was created): checks webhook deliveries (`webhook-signature`). */
  webhookSecret?: string;
  /** Seconds a timestamp (`X-Service-Timestamp` or `webhook-timestamp`) stays acceptable, either way; default 300. */
  tolerance?: number;
}

/** What the middleware puts on the request, as `req.askflowWebhook`, once a webhook delivery checked out. */
export interface VerifiedWebhook {
  /** `webhook-id`: the same on every attempt and redelivery of one message, so it de-duplicates them. */
  messageId: string;
  /** `webhook-timestamp` of this attempt, Unix seconds. */
  timestamp: number;
  /** The parsed body: `{type, timestamp, data}`. */
  event: WebhookPayload;
  /** The exact bytes that were verified. */
  rawBody: Buffer;
}

/** What `verifyToolCalls()` puts on the request, as `req.askflow`, once the signature checked out. */
export interface VerifiedToolCall {
  /** `X-Service-Request-Id`: the same on every retry of one tool call, so it de-duplicates them. */
  requestId: string;
  /** `X-Service-Tenant-Id`: the project the call is for. */
  tenantId: string;
  /** `X-Service-Timestamp`, Unix seconds. */
  timestamp: number;
  /** The exact bytes that were verified. */
  rawBody: Buffer;
}

declare global {
  // Express types its request through this global namespace; adding to it types `req.askflow`
  // for Express users without this package depending on Express.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      askflow?: VerifiedToolCall;
      askflowWebhook?: VerifiedWebhook;
    }
  }
}

type ToolCallRequest = IncomingMessage & { body?: unknown; askflow?: VerifiedToolCall; askflowWebhook?: VerifiedWebhook };
type Next = (err?: unknown) => void;

/** Tool calls are small; a body beyond this is refused before it is buffered whole. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

class BodyTooLarge extends Error {}

/**
 * Express (or Connect, or plain `node:http`) middleware that lets through only requests Askflow
 * signed, in either scheme. A tool call: it checks `X-Service-Signature` over the exact bytes
 * received and `X-Service-Timestamp` against `tolerance` with `secret`, then sets `req.askflow`
 * (`requestId`, `tenantId`, `timestamp`, `rawBody`). A webhook delivery (it carries
 * `webhook-signature`): it checks the Standard Webhooks headers with `webhookSecret`, then sets
 * `req.askflowWebhook` (`messageId`, `timestamp`, `event`, `rawBody`). Either way `req.body` is
 * the parsed JSON; anything else gets a 401 with a JSON error naming the failed check.
 *
 * Mount it before any body parser (it then reads the body itself), or after `express.raw()`
 * with a `type` that matches every request (see the README). After `express.json()` the exact
 * bytes are gone, so it refuses to guess and passes an error to `next`.
 */
export function verifyToolCalls(options: VerifyToolCallsOptions): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
  const given = (s: unknown) => typeof s === 'string' && s !== '';
  if (!options || (!given(options.secret) && !given(options.webhookSecret))) {
    throw new TypeError("verifyToolCalls: `secret` is required (the signing secret shared with Askflow), or `webhookSecret` (a webhook's whsec_ secret) for webhook deliveries");
  }
  for (const name of ['secret', 'webhookSecret'] as const) {
    if (options[name] !== undefined && !given(options[name])) throw new TypeError(`verifyToolCalls: \`${name}\` must be a non-empty string`);
  }
  const { tolerance } = options;
  if (tolerance !== undefined && !(typeof tolerance === 'number' && Number.isFinite(tolerance) && tolerance > 0)) {
    throw new TypeError('verifyToolCalls: `tolerance` must be a positive number of seconds');
  }
  return (req, res, next) => {
    verify(req as ToolCallRequest, res, options, tolerance).then(
      (verified) => verified && next(),
      (err: unknown) => next(err),
    );
  };
}

async function verify(req: ToolCallRequest, res: ServerResponse, secrets: Pick<VerifyToolCallsOptions, 'secret' | 'webhookSecret'>, tolerance: number | undefined): Promise<boolean> {
  let rawBody: Buffer;
  try {
    rawBody = await readRawBody(req);
  } catch (err) {
    if (err instanceof BodyTooLarge) return refuse(res, 413, 'PayloadTooLarge', 'body_too_large', err.message);
    throw err;
  }
  const header = (name: string) => {
    const value = req.headers[name.toLowerCase()];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  // The scheme is told by the headers; each is checked only with its own secret.
  if (header(WEBHOOK_HEADERS.signature) && !header(SERVICE_HEADERS.signature)) {
    if (!secrets.webhookSecret) return refuse(res, 401, 'InvalidSignature', 'unexpected_scheme', 'This endpoint takes tool calls, not webhook deliveries (no webhookSecret is set)');
    try {
      const event = verifyWebhook(rawBody, req.headers, secrets.webhookSecret, tolerance !== undefined ? { toleranceSeconds: tolerance } : {});
      req.askflowWebhook = { messageId: header(WEBHOOK_HEADERS.id), timestamp: Number(header(WEBHOOK_HEADERS.timestamp)), event, rawBody };
    } catch (err) {
      if (err instanceof SignatureVerificationError) return refuse(res, 401, 'InvalidSignature', err.reason, err.message);
      throw err;
    }
    req.body = parsedBody(rawBody, req.headers['content-type']);
    return true;
  }
  if (!secrets.secret) return refuse(res, 401, 'InvalidSignature', 'unexpected_scheme', 'This endpoint takes webhook deliveries, not tool calls (no secret is set)');
  const timestamp = header(SERVICE_HEADERS.timestamp);
  try {
    verifySignature({ signature: header(SERVICE_HEADERS.signature), timestamp, body: rawBody, secret: secrets.secret, ...(tolerance !== undefined ? { tolerance } : {}) });
  } catch (err) {
    if (err instanceof SignatureVerificationError) return refuse(res, 401, 'InvalidSignature', err.reason, err.message);
    throw err;
  }
  const requestId = header(SERVICE_HEADERS.requestId);
  const tenantId = header(SERVICE_HEADERS.tenantId);
  if (!requestId || !tenantId) {
    return refuse(res, 401, 'InvalidSignature', 'missing_headers', `${SERVICE_HEADERS.requestId} and ${SERVICE_HEADERS.tenantId} are required`);
  }
  req.askflow = { requestId, tenantId, timestamp: Number(timestamp), rawBody };
  req.body = parsedBody(rawBody, req.headers['content-type']);
  return true;
}

/** The bytes as received: from `express.raw()`, or read here when no parser has touched the stream. */
async function readRawBody(req: ToolCallRequest): Promise<Buffer> {
  if (Buffer.isBuffer(req.body)) return req.body;
  // Express 4's parsers leave `{}` on requests they skipped; the stream is then still unread.
  const untouched = req.body === undefined || (isPlainObject(req.body) && Object.keys(req.body).length === 0);
  if (!untouched || req.readableEnded) {
    throw new Error(
      "verifyToolCalls() needs the raw request body to check its signature, but a body parser already consumed it: mount verifyToolCalls() before express.json(), or use express.raw({ type: '*/*' }) in front of it",
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge(`The body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** The JSON body Askflow sends, parsed; any other body stays as its bytes. */
function parsedBody(raw: Buffer, contentType: string | undefined): unknown {
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(contentType ?? '')) return raw;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return raw;
  }
}

function refuse(res: ServerResponse, status: number, code: string, reason: SignatureFailure | 'missing_headers' | 'body_too_large' | 'unexpected_scheme', message: string): false {
  const body = JSON.stringify({ error: { code, reason, message } });
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
  return false;
}
