import { isHeaderValue, isReservedHeader, signatureHeader, SERVICE_HEADERS, type ToolCallEnvelope, type ToolView } from '@askflow/contract';
import { BlockedAddressError, type UrlPolicy } from './addressGuard.js';
import { fetchBounded, FetchBoundedError } from './fetchBounded.js';
import { retryAfterMs } from './retryAfter.js';
import { ASKFLOW, GEN_AI } from '../tracing/attributes.js';
import { inSpan, recordFailure, SpanKind, traceHeaders, type Attributes } from '../tracing/spans.js';

/** A tool's answer is read up to this size; more is refused rather than truncated. */
export const MAX_TOOL_RESPONSE_BYTES = 256 * 1024;

export interface ToolCallInput {
  /** Where and how the tool is called, as the owner configured it. */
  tool: Pick<ToolView, 'name' | 'url' | 'method' | 'timeoutMs' | 'forwardHeaders'>;
  arguments: Record<string, unknown>;
  tenantId: string;
  /** The same on every attempt, so receivers can de-duplicate retries. */
  requestId: string;
  authToken?: string | undefined;
  /** The ask's `headers`: only names on the tool's allowlist, and never reserved ones, pass. */
  headers?: Record<string, string> | undefined;
  /** The ask's `toolHeaders`: per-end-user secrets, carried in the body. */
  toolHeaders?: Record<string, string> | undefined;
  /** Active signing secrets, newest first: one signature each. */
  secrets: string[];
}

export type ToolCallOutcome =
  | { kind: 'ok'; status: number; body: string }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'fail'; reason: string; status?: number };

/**
 * The body sent to a tool (the contract's envelope): the model's arguments, plus `toolHeaders`
 * when the caller sent any.
 */
export function toolCallBody(name: string, args: Record<string, unknown>, toolHeaders?: Record<string, string>): string {
  const envelope: ToolCallEnvelope = { tool: name, arguments: args, ...(toolHeaders && Object.keys(toolHeaders).length ? { toolHeaders } : {}) };
  return JSON.stringify(envelope);
}

/** The request headers, by the spec's channels; the `X-Service-*` headers are set last and always win. */
export function toolCallHeaders(input: ToolCallInput, body: string, timestamp: number): Record<string, string> {
  const allowed = new Set(input.tool.forwardHeaders.map((h) => h.toLowerCase()));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    if (allowed.has(name.toLowerCase()) && !isReservedHeader(name)) headers[name] = value;
  }
  if (input.authToken) headers.Authorization = `Bearer ${input.authToken}`;
  headers['Content-Type'] = 'application/json';
  headers.Accept = 'application/json';
  headers[SERVICE_HEADERS.signature] = signatureHeader(input.secrets, timestamp, body);
  headers[SERVICE_HEADERS.timestamp] = String(timestamp);
  headers[SERVICE_HEADERS.requestId] = input.requestId;
  headers[SERVICE_HEADERS.tenantId] = input.tenantId;
  return headers;
}

/** Where the call goes, for its span: never the query string (owners put keys there). */
function targetAttributes(url: string, method: string): Attributes {
  try {
    const u = new URL(url);
    return { 'http.request.method': method, 'url.full': `${u.origin}${u.pathname}`, 'server.address': u.hostname, 'server.port': Number(u.port) || (u.protocol === 'https:' ? 443 : 80) };
  } catch {
    return { 'http.request.method': method };
  }
}

/** The headers with this call's W3C trace context, replacing any the caller forwarded under the same names. */
function withTraceContext(headers: Record<string, string>): Record<string, string> {
  const trace = traceHeaders();
  if (!Object.keys(trace).length) return headers;
  const own = new Set(Object.keys(trace));
  return { ...Object.fromEntries(Object.entries(headers).filter(([name]) => !own.has(name.toLowerCase()))), ...trace };
}

/**
 * One signed attempt (signed now, so every retry carries a fresh timestamp). Network errors,
 * timeouts, 5xx and 429 are worth retrying; other 4xx, refused addresses and oversize answers are not.
 * The attempt is a GenAI `execute_tool` client span whose context the tool receives as
 * `traceparent`, so its owner can join the ask's trace.
 */
export function sendToolCall(input: ToolCallInput, policy: UrlPolicy): Promise<ToolCallOutcome> {
  const attributes = { [GEN_AI.operation]: 'execute_tool', [GEN_AI.toolName]: input.tool.name, [GEN_AI.toolType]: 'function', [ASKFLOW.tool]: input.tool.name, ...targetAttributes(input.tool.url, input.tool.method) };
  return inSpan(`execute_tool ${input.tool.name}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const outcome = await attemptToolCall(input, policy);
    if (outcome.kind !== 'ok') recordFailure(span, new Error(outcome.reason));
    const status = outcome.kind === 'ok' ? outcome.status : outcome.kind === 'fail' ? outcome.status : undefined;
    if (status !== undefined) span.setAttribute('http.response.status_code', status);
    span.setAttribute('askflow.tool.outcome', outcome.kind);
    return outcome;
  });
}

async function attemptToolCall(input: ToolCallInput, policy: UrlPolicy): Promise<ToolCallOutcome> {
  const body = toolCallBody(input.tool.name, input.arguments, input.toolHeaders);
  const headers = withTraceContext(toolCallHeaders(input, body, Math.floor(Date.now() / 1000)));
  // The api refuses such values up front; an ask started before that check must still fail
  // plainly here, not be retried as if the network were at fault.
  const bad = Object.entries(headers).find(([, value]) => !isHeaderValue(value));
  if (bad) return { kind: 'fail', reason: `the ${bad[0]} header has a character HTTP headers cannot carry (CR, LF, a control character or one outside Latin-1)` };
  let res;
  try {
    res = await fetchBounded(input.tool.url, { policy, timeoutMs: input.tool.timeoutMs, maxBytes: MAX_TOOL_RESPONSE_BYTES, method: input.tool.method, headers, body, maxRedirects: 0 });
  } catch (err) {
    if (err instanceof BlockedAddressError) return { kind: 'fail', reason: err.message };
    if (err instanceof FetchBoundedError) {
      return err.reason === 'too_large' || err.reason === 'too_many_redirects'
        ? { kind: 'fail', reason: err.message }
        : { kind: 'retry', reason: err.message };
    }
    return { kind: 'retry', reason: (err as Error).message };
  }
  const text = Buffer.from(res.body).toString('utf8');
  if (res.status >= 200 && res.status < 300) return { kind: 'ok', status: res.status, body: text };
  const retryAfter = retryAfterMs(res.headers.get('retry-after'));
  if (res.status === 429 || res.status >= 500) return { kind: 'retry', reason: `HTTP ${res.status}`, ...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}) };
  return { kind: 'fail', reason: `HTTP ${res.status}: ${text.slice(0, 300)}`, status: res.status };
}
