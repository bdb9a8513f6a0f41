import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** How to reach Temporal: the dev server, a self-hosted cluster or Temporal Cloud. */
const TemporalEnvSchema = z.object({
  TEMPORAL_ADDRESS: z.string().default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('askflow'),
  TEMPORAL_API_KEY: z.string().optional(),
  TEMPORAL_TLS: bool.optional(),
  TEMPORAL_TLS_CERT_PATH: z.string().optional(),
  TEMPORAL_TLS_KEY_PATH: z.string().optional(),
  TEMPORAL_TLS_CA_PATH: z.string().optional(),
  TEMPORAL_TLS_SERVER_NAME: z.string().optional(),
  TEMPORAL_UI_URL: z.string().optional(),
  /**
   * Worker Versioning (worker): each worker declares a deployment version, `ASKFLOW_DEPLOYMENT_NAME`
   * + build id (`ASKFLOW_BUILD_ID`, unset → a hash of the workflow code it runs). `pinned`: a run
   * stays on the version it started on, so a deploy with changed workflow code never replays a
   * running ask on new code; `auto-upgrade`: runs move to the current version (changes then go
   * behind `patched()`); `off`: unversioned workers.
   */
  ASKFLOW_WORKER_VERSIONING: z.enum(['off', 'pinned', 'auto-upgrade']).default('off'),
  ASKFLOW_DEPLOYMENT_NAME: z.string().min(1).max(255).default('askflow'),
  ASKFLOW_BUILD_ID: z.string().min(1).max(255).optional(),
  /** A prebuilt workflow bundle to run instead of this build's own (`node dist/worker/bundleMain.js <file>`). */
  ASKFLOW_WORKFLOW_BUNDLE: z.string().min(1).optional(),
});

/** Every environment variable the api and worker read, in one place (documented in the README). */
const EnvSchema = TemporalEnvSchema.extend({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (npm start and npm test provide one)'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 32 bytes, base64: encrypts provider keys and other secrets at rest. `npm start`/`npm test` provide one. */
  ASKFLOW_MASTER_KEY: z.string().min(1, 'ASKFLOW_MASTER_KEY is required (32 random bytes, base64: `openssl rand -base64 32`)'),
  /** Default request limits per minute; a project may set its own. */
  RATE_LIMIT_KEY_PER_MINUTE: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_PROJECT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /**
   * Brute-force throttling: failed sign-ins per address and per account in 15 minutes, invalid
   * API keys per address and per key prefix in a minute; past them, 429 with Retry-After.
   */
  SIGNIN_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  SIGNIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  INVALID_KEYS_PER_IP: z.coerce.number().int().positive().default(100),
  INVALID_KEYS_PER_PREFIX: z.coerce.number().int().positive().default(20),
  /**
   * Behind a reverse proxy: take the client's address from the last X-Forwarded-For hop (and the
   * scheme from X-Forwarded-Proto). `false` when clients reach the api directly, so they cannot
   * claim an address.
   */
  TRUST_PROXY: bool.default(true),
  /** Length of a rate-limit window in seconds; the per-minute limits apply per window. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** An idle event stream sends a keep-alive comment this often, so proxies do not cut it. */
  SSE_KEEPALIVE_MS: z.coerce.number().int().positive().default(15_000),
  /**
   * Streamed events also reach the api by PostgreSQL NOTIFY straight from the worker (the fast
   * path); `off` leaves them to the workflow's event log alone (slower, same events).
   */
  LIVE_EVENTS: z.enum(['on', 'off']).default('on'),
  /** Upper bound on how long a JSON ask waits for its workflow before answering 504. */
  ASK_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /**
   * How long a JSON ask waits for the worker's announcement of its end before it also asks
   * Temporal for the run's result (api/ask/startAsk.ts): only a worker of an earlier version, or
   * a failure path that could not reach PostgreSQL, leaves an ask unannounced.
   */
  ASK_RESULT_FALLBACK_MS: z.coerce.number().int().positive().default(3_000),
  /** Longest wait for a request's headers, and for a whole request (headers and body), before 408. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * Temporal payload encryption (codec/): `ASKFLOW_PAYLOAD_KEYS` = `id:base64,…` (first encrypts,
   * all decrypt); unset → a key derived from ASKFLOW_MASTER_KEY. `ASKFLOW_PAYLOAD_CODEC=off`
   * stores payloads in clear.
   */
  ASKFLOW_PAYLOAD_KEYS: z.string().optional(),
  ASKFLOW_PAYLOAD_CODEC: z.enum(['aes-gcm', 'off']).default('aes-gcm'),
  /**
   * Worker: on SIGTERM it stops polling and gives running activities (a model's answer, a tool
   * call) this long to finish before they are cancelled and retried on another worker.
   */
  WORKER_SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /**
   * Worker: runs kept in its workflow cache (sticky execution). Set rather than left to the SDK,
   * whose default follows the heap limit (≈ 600 per GB above 200 MB): under a heap cap it would
   * fall to 10 — and cap concurrent workflow tasks at 10 with it. A run leaves the cache when it
   * ends; only asks in flight (streams, asks waiting their thread turn) stay in it.
   */
  ASKFLOW_WORKER_CACHED_WORKFLOWS: z.coerce.number().int().min(2).max(100_000).default(500),
  /**
   * Prometheus metrics at `/metrics` on a port of their own (api and worker; unset: none), on
   * METRICS_HOST; with METRICS_TOKEN, a bearer token is required. METRICS_TENANT_LABELS adds the
   * project id as a `tenant` label (one series per tenant: mind the cardinality).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  METRICS_TENANT_LABELS: bool.default(false),
  /**
   * Webhook deliveries (api and worker, whichever announces): the first retry after this long,
   * each next one 4× later up to ASKFLOW_WEBHOOK_RETRY_MAX_MS, for 72 hours in all.
   */
  ASKFLOW_WEBHOOK_RETRY_INITIAL_MS: z.coerce.number().int().min(100).max(3600_000).default(5_000),
  ASKFLOW_WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(100).max(24 * 3600_000).default(3 * 3600_000),
  /** How often the worker looks for deliveries left unstarted, and how old they must be: their announcer stopped between writing and starting them. */
  ASKFLOW_WEBHOOK_SWEEP_MS: z.coerce.number().int().min(100).max(3600_000).default(60_000),
  /** The built web console served at /console/; unset → console/dist in the repository. */
  CONSOLE_DIST_DIR: z.string().min(1).optional(),
});

/** The codec endpoint for the Temporal Web UI (codec/main.ts). */
const CodecServerEnvSchema = z.object({
  ASKFLOW_MASTER_KEY: z.string().min(1, 'ASKFLOW_MASTER_KEY is required'),
  ASKFLOW_PAYLOAD_KEYS: z.string().optional(),
  ASKFLOW_PAYLOAD_CODEC: z.enum(['aes-gcm', 'off']).default('aes-gcm'),
  ASKFLOW_CODEC_HOST: z.string().default('127.0.0.1'),
  ASKFLOW_CODEC_PORT: z.coerce.number().int().min(0).max(65535).default(8888),
  /** When set, `Authorization: Bearer <token>` is required (the UI sends it with its codec settings). */
  ASKFLOW_CODEC_TOKEN: z.string().min(16, 'ASKFLOW_CODEC_TOKEN must be at least 16 characters').optional(),
  /** Origins (comma-separated) whose pages may call it: the Temporal Web UI's. */
  ASKFLOW_CODEC_ORIGINS: z.string().default('http://127.0.0.1:8233,http://localhost:8233'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof EnvSchema>;
export type CodecServerEnv = z.infer<typeof CodecServerEnvSchema>;

export function readCodecServerEnv(source: NodeJS.ProcessEnv = process.env): CodecServerEnv {
  return parse(CodecServerEnvSchema, source);
}
export type TemporalEnv = z.infer<typeof TemporalEnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return parse(EnvSchema, source);
}

export function readTemporalEnv(source: NodeJS.ProcessEnv = process.env): TemporalEnv {
  return parse(TemporalEnvSchema, source);
}

function parse<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv): z.infer<S> {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
