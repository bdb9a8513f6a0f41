// An outbound HTTP request a tenant can aim (URL ingestion, tool calls), bounded in where it may
// go (the address guard, on every hop), how long it may take and how much it may read.
//
// node:http rather than fetch, for two reasons. Redirects must be followed by hand anyway, to
// check each hop. And the socket's own DNS lookup goes through the guard too (guardedLookup),
// so a host that answers our check with a public address and the connection with a private one
// (DNS rebinding) is refused as well: the address that is checked is the address connected to.
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { assertPublicUrl, BlockedAddressError, guardedLookup, type UrlPolicy } from './addressGuard.js';

export interface FetchBoundedOptions {
  policy: UrlPolicy;
  /** For the whole exchange: every hop, and reading the body. */
  timeoutMs: number;
  /** Most body bytes to read (after decompression, so a small gzip bomb cannot exhaust memory). */
  maxBytes: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string | Uint8Array;
  /** Default 5. */
  maxRedirects?: number;
}

export interface BoundedResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
  /** The URL finally answered, after redirects. */
  url: string;
}

export class FetchBoundedError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'too_large' | 'too_many_redirects' | 'network',
  ) {
    super(message);
    this.name = 'FetchBoundedError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Credentials for one origin must not follow a redirect to another (as fetch does too).
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

export async function fetchBounded(url: string, opts: FetchBoundedOptions): Promise<BoundedResponse> {
  const maxRedirects = opts.maxRedirects ?? 5;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  const timeout = () => new FetchBoundedError(`${url} did not answer within ${opts.timeoutMs} ms`, 'timeout');
  const expired = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(timeout()), { once: true }));
  expired.catch(() => undefined); // only ever raced; never left unhandled

  let method = (opts.method ?? 'GET').toUpperCase();
  let body = opts.body;
  const headers: Record<string, string> = { 'user-agent': 'Askflow/1.0', 'accept-encoding': 'gzip, deflate, br' };
  for (const [name, value] of Object.entries(opts.headers ?? {})) headers[name.toLowerCase()] = value;

  try {
    let current = url;
    for (let hop = 0; ; hop++) {
      // Checked before any connection: a redirect to a blocked literal address never connects.
      const target = await Promise.race([assertPublicUrl(current, opts.policy), expired]);
      const res = await Promise.race([send(target, method, headers, body, opts.policy, controller.signal), expired]);
      const location = res.headers.location;
      if (!REDIRECTS.has(res.statusCode ?? 0) || !location) {
        const data = await Promise.race([readBounded(res, opts.maxBytes, target), expired]);
        return { status: res.statusCode ?? 0, headers: toHeaders(res), body: data, url: target.href };
      }
      res.destroy();
      if (hop >= maxRedirects) throw new FetchBoundedError(`${url} redirected more than ${maxRedirects} times`, 'too_many_redirects');
      const next = new URL(location, target);
      if (next.origin !== target.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
      // As browsers do: 303 always, and 301/302 after a POST, continue as a GET without the body.
      if (res.statusCode === 303 || (method === 'POST' && (res.statusCode === 301 || res.statusCode === 302))) {
        if (method !== 'HEAD') method = 'GET';
        body = undefined;
        delete headers['content-type'];
        delete headers['content-length'];
      }
      current = next.href;
    }
  } catch (err) {
    if (controller.signal.aborted) throw timeout();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** One request; resolves with the response once its headers arrive. */
function send(target: URL, method: string, headers: OutgoingHttpHeaders, body: string | Uint8Array | undefined, policy: UrlPolicy, signal: AbortSignal) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(target, {
      method,
      headers,
      signal,
      lookup: guardedLookup(policy, Number(target.port || (target.protocol === 'https:' ? 443 : 80))),
      agent: false, // a fresh connection per request: no pooled socket outlives its check
    });
    req.once('response', resolve);
    req.once('error', (err) => reject(err instanceof BlockedAddressError ? err : networkError(target, err)));
    req.end(body);
  });
}

function networkError(target: URL, err: unknown): Error {
  const { message, code } = err as { message?: string; code?: string };
  return new FetchBoundedError(`could not fetch ${target.href}: ${code ?? message ?? String(err)}`, 'network');
}

/** The decoded body, refused as soon as it grows past maxBytes. */
async function readBounded(res: IncomingMessage, maxBytes: number, target: URL): Promise<Uint8Array> {
  const tooLarge = () => new FetchBoundedError(`${target.href} sent more than ${maxBytes} bytes`, 'too_large');
  const encoding = (res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const declared = Number(res.headers['content-length']);
  if (encoding === 'identity' && Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw tooLarge();
  }
  const decoded: Readable = decoderFor(encoding, res);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of decoded) {
      const piece = chunk as Buffer;
      total += piece.length;
      if (total > maxBytes) throw tooLarge();
      chunks.push(piece);
    }
  } catch (err) {
    if (err instanceof FetchBoundedError) throw err;
    throw networkError(target, err);
  } finally {
    res.destroy();
    if (decoded !== res) decoded.destroy();
  }
  return new Uint8Array(Buffer.concat(chunks, total));
}

function decoderFor(encoding: string, res: IncomingMessage): Readable {
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : encoding === 'br' ? createBrotliDecompress() : null;
  // identity, or an encoding the caller asked for and will decode itself
  if (!decoder) return res;
  // pipeline, not pipe: a connection dropped mid-body must fail the read, not leave it waiting.
  return pipeline(res, decoder, () => undefined);
}

function toHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}
