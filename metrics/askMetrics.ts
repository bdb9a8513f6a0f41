// What Askflow counts. The api sees each ask from the outside (latency as the client feels it,
// outcome, rejections, open streams); the worker sees what each ask spent (tokens, cost, tool
// calls, retrieval time). Names follow Prometheus conventions: base units, `_total` counters.
import { Counter, Gauge, Histogram } from 'prom-client';
import { registry } from './registry.js';

const registers = [registry];
/** Seconds: from a few ms (a local answer) to the ask timeout (120 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

// api
export const httpRequests = new Counter({ name: 'askflow_http_requests_total', help: 'HTTP requests by method, route template and status.', labelNames: ['method', 'route', 'status'], registers });
export const httpDuration = new Histogram({ name: 'askflow_http_request_duration_seconds', help: 'HTTP request handling time (until the response is ended) by method and route template.', labelNames: ['method', 'route'], buckets: LATENCY_BUCKETS, registers });
export const asks = new Counter({
  name: 'askflow_asks_total',
  help: 'Asks answered or failed, by intent, model, outcome (answered, failed, cancelled, timeout), mode (json, stream) and key mode (test, live).',
  labelNames: ['intent', 'model', 'outcome', 'mode', 'key_mode', 'tenant'],
  registers,
});
export const askDuration = new Histogram({ name: 'askflow_ask_duration_seconds', help: 'An ask end to end, from the request to its answer (JSON) or its last event (stream).', labelNames: ['mode', 'outcome'], buckets: LATENCY_BUCKETS, registers });
export const firstDelta = new Histogram({ name: 'askflow_first_delta_seconds', help: 'A streamed ask, from the request to its first answer token on the wire.', buckets: LATENCY_BUCKETS, registers });
export const rejections = new Counter({ name: 'askflow_rejections_total', help: 'Asks refused before they started, by reason (rate_limit, budget, no_worker, thread_busy).', labelNames: ['reason', 'tenant'], registers });
export const streamsOpen = new Gauge({ name: 'askflow_sse_streams_open', help: 'Server-sent event streams open now.', registers });

// worker
export const tokens = new Counter({ name: 'askflow_tokens_total', help: 'Model tokens of stored turns, by model and type (prompt, completion).', labelNames: ['model', 'type', 'tenant'], registers });
export const cost = new Counter({ name: 'askflow_cost_usd_total', help: 'Cost of stored turns in US dollars, by model (from the project’s prices).', labelNames: ['model', 'tenant'], registers });
export const toolCalls = new Counter({ name: 'askflow_tool_calls_total', help: 'Tool call attempts by tool and outcome (ok, failed, retryable).', labelNames: ['tool', 'outcome'], registers });
export const toolRetries = new Counter({ name: 'askflow_tool_call_retries_total', help: 'Tool call attempts after the first, by tool.', labelNames: ['tool'], registers });
export const retrievalDuration = new Histogram({ name: 'askflow_retrieval_duration_seconds', help: 'Knowledge search time per query (hybrid lexical and vector).', buckets: LATENCY_BUCKETS, registers });
