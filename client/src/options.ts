import { levelled, isLogLevel, type Logger, type LogLevel } from './logger.js';
import { isBrowser, readEnv, refuseBrowserUnlessAllowed } from './runtime.js';
import type { Fetch, Transport } from './transport.js';

/** What both clients take besides their credential. */
export interface ClientOptions {
  /** Defaults to `ASKFLOW_BASE_URL`, else `http://127.0.0.1:8787` (the `npm start` stack). */
  baseUrl?: string;
  /**
   * Milliseconds one attempt may take before it counts as timed out; default 60 000. For a
   * stream it is the longest silence tolerated (the service sends a keep-alive every 15 s).
   */
  timeout?: number;
  /** Further attempts after a failure a retry can cure (network, timeout, 429, 5xx); default 2, 0 turns retries off. */
  retries?: number;
  /** Another name for `retries` (as other SDKs call it); give one or the other. */
  maxRetries?: number;
  /** The `fetch` to call instead of the runtime's own. */
  fetch?: Fetch;
  /**
   * Added to every request the client makes (e.g. `{ dispatcher }` for an undici proxy agent,
   * `{ keepalive: true }`, extra `headers`); the client's own method, body, signal and
   * authentication headers take precedence.
   */
  fetchOptions?: RequestInit;
  /** Where log lines go; default `console`. */
  logger?: Logger;
  /** Default `ASKFLOW_LOG`, else `warn`. */
  logLevel?: LogLevel;
  /**
   * Lets the client run in a web page, where the key it holds is readable by anyone who opens
   * the page. Off by default; see the README before turning it on.
   */
  dangerouslyAllowBrowser?: boolean;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_RETRIES = 2;

function number(who: string, value: number | undefined, name: string, isValid: (n: number) => boolean, rule: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !isValid(value)) throw new TypeError(`${who}: \`${name}\` must be ${rule}`);
  return value;
}

/** A required credential option, or a TypeError naming it. */
export function requireString(who: string, value: unknown, name: string, hint: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`${who}: \`${name}\` is required (${hint})`);
  return value;
}

/** The checked options as the transport uses them, with `auth` the headers that authenticate every call. */
export function transportFrom(who: string, options: ClientOptions, credential: string, auth: Record<string, string>): Transport {
  refuseBrowserUnlessAllowed(who, credential, options.dangerouslyAllowBrowser);
  const timeout = number(who, options.timeout, 'timeout', (n) => Number.isFinite(n) && n > 0, 'a positive number of milliseconds') ?? DEFAULT_TIMEOUT_MS;
  const wholeNumber = (n: number) => Number.isInteger(n) && n >= 0;
  const retries = number(who, options.retries, 'retries', wholeNumber, 'a whole number ≥ 0');
  const maxRetries = number(who, options.maxRetries, 'maxRetries', wholeNumber, 'a whole number ≥ 0');
  if (retries !== undefined && maxRetries !== undefined && retries !== maxRetries) {
    throw new TypeError(`${who}: \`retries\` and \`maxRetries\` are the same option; give one of them`);
  }
  if (options.fetch !== undefined && typeof options.fetch !== 'function') throw new TypeError(`${who}: \`fetch\` must be a function`);
  const logLevel = options.logLevel ?? readEnv('ASKFLOW_LOG') ?? 'warn';
  if (!isLogLevel(logLevel)) throw new TypeError(`${who}: \`logLevel\` must be one of off, error, warn, info, debug (got ${String(logLevel)})`);
  const logger = options.logger ?? console;
  const given = options.fetch;
  return {
    baseUrl: (options.baseUrl ?? readEnv('ASKFLOW_BASE_URL') ?? 'http://127.0.0.1:8787').replace(/\/+$/, ''),
    auth,
    timeout,
    retries: retries ?? maxRetries ?? DEFAULT_RETRIES,
    // Called as a plain function: a browser's fetch refuses to run as a method of another object.
    fetch: given ?? ((input, init) => globalThis.fetch(input, init)),
    fetchOptions: options.fetchOptions ?? {},
    log: levelled(logger, logLevel),
    // Browsers set their own User-Agent, and a custom one would cost a CORS preflight.
    userAgent: isBrowser() ? null : 'askflow-js',
  };
}
