// A real HTTP proxy between the client and the real api: it records what the client sent and
// when the client hung up, and can break the network in the ways a client must survive.
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closedWithFile } from '../fakes/openServers.js';

export type Fault =
  /** Forward as is. */
  | { kind: 'pass' }
  /** Cut the connection without forwarding: the service never sees the request. */
  | { kind: 'drop' }
  /** Answer this status and error body without forwarding. */
  | { kind: 'status'; status: number; code: string; headers?: Record<string, string> }
  /** Forward and let the service finish, then answer 503 instead: the response is lost on the way back. */
  | { kind: 'loseResponse' }
  /** Forward, but cut the connection once the response body contains `after`. */
  | { kind: 'cut'; after: string }
  /** Forward, but say nothing back (the client can only time out). */
  | { kind: 'hang' }
  /**
   * Forward until the response body holds `after` and the blank line that ends its SSE event,
   * then forward nothing more and keep the connection open: only the client can end it.
   */
  | { kind: 'hold'; after: string };

export interface ProxiedRequest {
  method: string;
  /** The path forwarded (without a `/~<key>` prefix). */
  url: string;
  /** The key of a `/~<key>/…` request (see `injectFor`); null for other requests. */
  key: string | null;
  headers: IncomingHttpHeaders;
  fault: Fault['kind'];
  /** Status and headers the service answered (not what a fault replaced them with). */
  upstreamStatus: number | null;
  upstreamHeaders: IncomingHttpHeaders;
  /** The client closed the connection before the response was complete. */
  clientHungUp: boolean;
  /** Resolves when the client's side of this exchange has closed, for whatever reason. */
  closed: Promise<void>;
}

export interface FaultyProxy {
  baseUrl: string;
  requests: ProxiedRequest[];
  /** Queue faults for the next requests, one each, in order; then requests pass. */
  inject(...faults: Fault[]): void;
  /**
   * Queue faults for the next requests under `/~<key>/` only (the prefix is stripped before
   * forwarding): a client whose baseUrl is `${baseUrl}/~<key>` gets them whatever else is
   * going through the proxy at the same time, e.g. from another process.
   */
  injectFor(key: string, ...faults: Fault[]): void;
  /** Serves `files` (path → content and type) itself, for pages that must share the api's origin. */
  serve(files: Record<string, { body: string | Uint8Array; type: string }>): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  const upstream = new URL(target);
  const requests: ProxiedRequest[] = [];
  let faults: Fault[] = [];
  const keyed = new Map<string, Fault[]>();
  let files: Record<string, { body: string | Uint8Array; type: string }> = {};

  const server = createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (file) return void res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
    const prefix = /^\/~([\w.-]+)(\/.*)$/.exec(req.url ?? '');
    const key = prefix?.[1] ?? null;
    const url = prefix?.[2] ?? req.url ?? '';
    const fault = (key !== null ? keyed.get(key)?.shift() : faults.shift()) ?? { kind: 'pass' };
    let markClosed!: () => void;
    const record: ProxiedRequest = {
      method: req.method ?? '',
      url,
      key,
      headers: req.headers,
      fault: fault.kind,
      upstreamStatus: null,
      upstreamHeaders: {},
      clientHungUp: false,
      closed: new Promise((resolve) => (markClosed = resolve)),
    };
    requests.push(record);
    let cutByProxy = false;
    res.on('close', () => {
      record.clientHungUp = !res.writableFinished && !cutByProxy;
      markClosed();
    });

    if (fault.kind === 'drop') {
      cutByProxy = true;
      return void req.socket.destroy();
    }
    if (fault.kind === 'status') {
      res.writeHead(fault.status, { 'content-type': 'application/json', 'x-request-id': 'proxy-fault', ...fault.headers });
      return void res.end(JSON.stringify({ error: { code: fault.code, message: `injected ${fault.status}`, requestId: 'proxy-fault' } }));
    }

    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: url, headers: { ...req.headers, host: upstream.host } },
      (up) => {
        record.upstreamStatus = up.statusCode ?? null;
        record.upstreamHeaders = up.headers;
        if (fault.kind === 'hang') return void up.resume();
        if (fault.kind === 'loseResponse') {
          up.resume();
          up.on('end', () => {
            res.writeHead(503, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: { code: 'Unavailable', message: 'injected: response lost', requestId: 'proxy-fault' } }));
          });
          return;
        }
        res.writeHead(up.statusCode ?? 502, up.headers);
        if (fault.kind === 'cut') {
          let seen = '';
          up.on('data', (chunk: Buffer) => {
            if (cutByProxy) return;
            seen += chunk.toString('utf8');
            if (!seen.includes(fault.after)) return void res.write(chunk);
            cutByProxy = true;
            up.destroy();
            // Deliver this chunk, then cut: the client has the event and loses the rest.
            res.write(chunk, () => res.socket?.destroy());
          });
          up.on('end', () => res.end());
          return;
        }
        if (fault.kind === 'hold') {
          let seen = '';
          let holding = false;
          up.on('data', (chunk: Buffer) => {
            if (holding) return;
            seen += chunk.toString('utf8');
            res.write(chunk);
            const at = seen.indexOf(fault.after);
            holding = at !== -1 && seen.indexOf('\n\n', at) !== -1;
          });
          return;
        }
        up.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    // A client that hangs up hangs up on the service too, as it would without a proxy.
    res.on('close', () => forwarded.destroy());
    req.pipe(forwarded);
  });
  closedWithFile(server);

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    inject: (...more) => void faults.push(...more),
    injectFor: (key, ...more) => void keyed.set(key, [...(keyed.get(key) ?? []), ...more]),
    serve: (more) => void (files = { ...files, ...more }),
    reset: () => {
      requests.length = 0;
      faults = [];
      keyed.clear();
      files = {};
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
