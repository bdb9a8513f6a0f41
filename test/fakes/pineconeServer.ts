// A real HTTP server speaking Pinecone's data-plane REST API (the paths, headers and JSON the
// `@pinecone-database/pinecone` SDK sends), so PineconeVectorIndex is tested through the actual
// SDK, fetch and error mapping. One cosine index: vectors kept per namespace in memory.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closedWithFile } from './openServers.js';

export type Metadata = Record<string, unknown>;

export interface FakeVector {
  id: string;
  values: number[];
  metadata?: Metadata;
}

export interface RecordedPineconeRequest {
  method: string;
  path: string;
  /** Query-string parameters (the SDK sends none for the calls faked here, but a test may want to check). */
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body; undefined when there was none or it was not JSON. */
  body: Record<string, unknown> | undefined;
}

export interface PineconeServer {
  /** `http://127.0.0.1:<port>`: pass as the index host (the SDK keeps an explicit scheme). */
  host: string;
  apiKey: string;
  requests: RecordedPineconeRequest[];
  /** What each namespace holds now, by namespace name. */
  namespaces(): Map<string, FakeVector[]>;
  close(): Promise<void>;
}

/** Pinecone's own limits, so a client that ignores them fails here as it would there. */
const MAX_UPSERT_VECTORS = 1000;
const MAX_TOP_K = 10_000;
const MAX_DELETE_IDS = 1000;

/** Pinecone answers data-plane errors as gRPC-style `{ code, message, details }`. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly grpcCode: number,
    message: string,
  ) {
    super(message);
  }
}
const badRequest = (message: string) => new HttpError(400, 3, message);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numbers(value: unknown, what: string): number[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw badRequest(`${what} must be a non-empty array of finite numbers`);
  }
  return value as number[];
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Pinecone's metadata filter language, the parts an app uses: `$eq $ne $in $nin $and $or` and bare values as `$eq`. */
export function matchesFilter(metadata: Metadata | undefined, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, condition]) => {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(condition) || !condition.every(isObject)) throw badRequest(`${key} takes an array of filters`);
      const parts = condition as Record<string, unknown>[];
      return key === '$and' ? parts.every((f) => matchesFilter(metadata, f)) : parts.some((f) => matchesFilter(metadata, f));
    }
    const value = metadata?.[key];
    const ops = isObject(condition) ? condition : { $eq: condition };
    return Object.entries(ops).every(([op, operand]) => {
      switch (op) {
        case '$eq':
          return value === operand;
        case '$ne':
          return value !== operand;
        case '$in':
        case '$nin':
          if (!Array.isArray(operand)) throw badRequest(`${op} takes an array`);
          return operand.includes(value) === (op === '$in');
        default:
          throw badRequest(`unsupported filter operator ${op}`);
      }
    });
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * `dimension`: the index's; when left out, the first upsert fixes it (as creating the index
 * would). Every other vector, stored or queried, must match it.
 */
export async function startPineconeServer(opts: { apiKey?: string; dimension?: number } = {}): Promise<PineconeServer> {
  const apiKey = opts.apiKey ?? `pcsk_test_${randomUUID()}`;
  const requests: RecordedPineconeRequest[] = [];
  const store = new Map<string, Map<string, FakeVector>>();
  let dimension = opts.dimension;

  const checkDimension = (values: number[]) => {
    dimension ??= values.length;
    if (values.length !== dimension) throw badRequest(`Vector dimension ${values.length} does not match the dimension of the index ${dimension}`);
  };
  const namespaceOf = (body: Record<string, unknown>) => (typeof body.namespace === 'string' && body.namespace ? body.namespace : '__default__');

  function upsert(body: Record<string, unknown>) {
    const vectors = body.vectors;
    if (!Array.isArray(vectors) || vectors.length === 0) throw badRequest('vectors must be a non-empty array');
    if (vectors.length > MAX_UPSERT_VECTORS) throw badRequest(`at most ${MAX_UPSERT_VECTORS} vectors per upsert, got ${vectors.length}`);
    const parsed = vectors.map((v: unknown): FakeVector => {
      if (!isObject(v) || typeof v.id !== 'string' || !v.id) throw badRequest('every vector needs a string id');
      const values = numbers(v.values, `values of ${v.id}`);
      checkDimension(values);
      if (v.metadata !== undefined && !isObject(v.metadata)) throw badRequest(`metadata of ${v.id} must be an object`);
      return { id: v.id, values, ...(v.metadata ? { metadata: v.metadata } : {}) };
    });
    const ns = namespaceOf(body);
    const records = store.get(ns) ?? new Map<string, FakeVector>();
    store.set(ns, records);
    for (const v of parsed) records.set(v.id, v);
    return { upsertedCount: parsed.length };
  }

  function query(body: Record<string, unknown>) {
    const topK = body.topK;
    if (typeof topK !== 'number' || !Number.isInteger(topK) || topK < 1 || topK > MAX_TOP_K) throw badRequest(`topK must be an integer from 1 to ${MAX_TOP_K}`);
    if (body.vector === undefined) throw badRequest('this fake answers queries by vector only');
    const vector = numbers(body.vector, 'vector');
    checkDimension(vector);
    const filter = body.filter;
    if (filter !== undefined && !isObject(filter)) throw badRequest('filter must be an object');
    const ns = namespaceOf(body);
    const candidates = [...(store.get(ns)?.values() ?? [])].filter((v) => !filter || matchesFilter(v.metadata, filter));
    const matches = candidates
      .map((v) => ({ v, score: cosine(vector, v.values) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, topK)
      .map(({ v, score }) => ({
        id: v.id,
        score,
        values: body.includeValues === true ? v.values : [],
        ...(body.includeMetadata === true && v.metadata ? { metadata: v.metadata } : {}),
      }));
    return { results: [], matches, namespace: ns, usage: { readUnits: 1 } };
  }

  function remove(body: Record<string, unknown>) {
    const modes = [body.ids !== undefined, body.deleteAll === true, body.filter !== undefined].filter(Boolean).length;
    if (modes !== 1) throw badRequest('give exactly one of ids, deleteAll or filter');
    const ns = namespaceOf(body);
    const records = store.get(ns);
    // As serverless Pinecone does for a namespace that was never written (or was emptied away).
    if (!records) throw new HttpError(404, 5, 'Namespace not found');
    if (body.deleteAll === true) {
      store.delete(ns);
    } else if (body.ids !== undefined) {
      const ids = body.ids;
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_DELETE_IDS) throw badRequest(`ids must hold 1 to ${MAX_DELETE_IDS} ids`);
      for (const id of ids) records.delete(String(id));
    } else {
      if (!isObject(body.filter) || Object.keys(body.filter).length === 0) throw badRequest('filter must be a non-empty object');
      for (const [id, v] of records) if (matchesFilter(v.metadata, body.filter)) records.delete(id);
    }
    return {};
  }

  const routes: Record<string, (body: Record<string, unknown>) => unknown> = {
    'POST /vectors/upsert': upsert,
    'POST /query': query,
    'POST /vectors/delete': remove,
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const raw = await readBody(req);
    let body: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : undefined;
      body = isObject(parsed) ? parsed : undefined;
    } catch {
      body = undefined;
    }
    requests.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body });

    const route = routes[`${req.method ?? ''} ${url.pathname}`];
    if (!route) throw new HttpError(404, 5, `no route for ${req.method ?? ''} ${url.pathname}`);
    // Node lower-cases header names; the SDK sends `Api-Key`.
    if (req.headers['api-key'] !== apiKey) throw new HttpError(401, 16, 'Invalid API Key');
    if (!req.headers['x-pinecone-api-version']) throw badRequest('missing X-Pinecone-Api-Version header');
    if (!body) throw badRequest('the body must be a JSON object');
    sendJson(res, 200, route(body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof HttpError) return sendJson(res, err.status, { code: err.grpcCode, message: err.message, details: [] });
      sendJson(res, 500, { code: 13, message: `fake server failed: ${String(err)}`, details: [] });
    });
  });
  closedWithFile(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    host: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    namespaces: () => new Map([...store].map(([ns, records]) => [ns, [...records.values()].map((v) => ({ ...v }))])),
    close: async () => {
      // Keep-alive sockets from fetch would otherwise hold close() open.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
