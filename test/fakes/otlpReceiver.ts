// A real OTLP/HTTP trace receiver, as a collector listens on :4318: POST /v1/traces with a
// protobuf (the exporters' default) or JSON ExportTraceServiceRequest, answered with an empty
// ExportTraceServiceResponse. Spans are decoded with OpenTelemetry's own generated protobuf code
// and kept flat, with hex ids and plain attribute values, for tests to look at.
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { closedWithFile } from './openServers.js';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  service: string;
  attributes: Record<string, unknown>;
  events: string[];
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  status: number;
  startMs: number;
  endMs: number;
}

export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>`: the value of OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Export requests received, by content type. */
  requests: string[];
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; boolValue?: boolean; intValue?: number | string | { toNumber(): number }; doubleValue?: number; arrayValue?: { values?: AnyValue[] } };
type KeyValue = { key: string; value?: AnyValue };
type WireSpan = { traceId: number[] | string; spanId: number[] | string; parentSpanId?: number[] | string; name: string; kind?: number; attributes?: KeyValue[]; events?: { name: string }[]; status?: { code?: number }; startTimeUnixNano: unknown; endTimeUnixNano: unknown };
type WireRequest = { resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: WireSpan[] }[] }[] };

// OpenTelemetry's generated protobufjs code (the otlp-transformer package's own encoder).
const root = createRequire(import.meta.url)('@opentelemetry/otlp-transformer/build/src/generated/root.js') as {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: { decode(b: Uint8Array): unknown; toObject(m: unknown, o: object): WireRequest } } } } } };
};
const Request = root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

/** Ids are bytes in protobuf (decoded to arrays here) and hex strings in OTLP/JSON. */
const hex = (id: number[] | string | undefined) => (id === undefined ? '' : typeof id === 'string' ? id.toLowerCase() : Buffer.from(id).toString('hex'));
const number = (v: unknown) => (typeof v === 'object' && v && 'toNumber' in v ? (v as { toNumber(): number }).toNumber() : Number(v));

function valueOf(v: AnyValue | undefined): unknown {
  if (!v) return undefined;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) return number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(valueOf);
  return undefined;
}
const attributesOf = (kvs: KeyValue[] = []) => Object.fromEntries(kvs.map((kv) => [kv.key, valueOf(kv.value)]));

function flatten(request: WireRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((rs) => {
    const service = String(attributesOf(rs.resource?.attributes)['service.name'] ?? '');
    return (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        traceId: hex(s.traceId),
        spanId: hex(s.spanId),
        parentSpanId: hex(s.parentSpanId),
        name: s.name,
        kind: s.kind ?? 0,
        service,
        attributes: attributesOf(s.attributes),
        events: (s.events ?? []).map((e) => e.name),
        status: s.status?.code ?? 0,
        startMs: number(s.startTimeUnixNano) / 1e6,
        endMs: number(s.endTimeUnixNano) / 1e6,
      })),
    );
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const type = String(req.headers['content-type'] ?? '');
      requests.push(type);
      try {
        const decoded = type.includes('json') ? (JSON.parse(body.toString('utf8')) as WireRequest) : Request.toObject(Request.decode(body), { longs: Number, bytes: Array, defaults: false });
        spans.push(...flatten(decoded));
      } catch (err) {
        return void res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: (err as Error).message }));
      }
      // An empty ExportTraceServiceResponse: all accepted.
      if (type.includes('json')) res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      else res.writeHead(200, { 'Content-Type': 'application/x-protobuf' }).end();
    });
  });
  closedWithFile(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    requests,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
