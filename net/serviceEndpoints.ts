// Askflow's own services — Temporal (gRPC, HTTP API, Web UI, metrics), PostgreSQL, the api,
// the codec endpoint — are never a tool or knowledge target, whatever ASKFLOW_ALLOW_PRIVATE_URLS
// says: with loopback or private addresses allowed (as `npm start` and self-hosting need), a
// knowledge URL aimed at Temporal's HTTP API would otherwise read any tenant's workflow history.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { classifyAddress } from './ipClass.js';

export interface ServiceEndpoint {
  /** As configured: a name or an IP literal. */
  host: string;
  /** null: every port of that host. */
  port: number | null;
  /** What it is, for the refusal's message. */
  label: string;
}

/** `host:port`, `[v6]:port`, `host` or a URL, as they appear in the environment; null when unreadable. */
export function parseEndpoint(value: string, label: string, defaultPort: number | null = null): ServiceEndpoint | null {
  const text = value.trim();
  if (!text) return null;
  try {
    const url = new URL(text.includes('://') ? text : `tcp://${text}`);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!host) return null;
    const port = url.port ? Number(url.port) : text.includes('://') ? (DEFAULT_PORTS[url.protocol] ?? defaultPort) : defaultPort;
    return { host: host.toLowerCase(), port, label };
  } catch {
    return null;
  }
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'postgres:': 5432, 'postgresql:': 5432 };

/** The endpoints the environment names: the services this process talks to, and ASKFLOW_DENY_ENDPOINTS. */
export function serviceEndpointsFromEnv(env: NodeJS.ProcessEnv): ServiceEndpoint[] {
  const found: (ServiceEndpoint | null)[] = [
    parseEndpoint(env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233', 'the Temporal frontend', 7233),
    env.TEMPORAL_UI_URL ? parseEndpoint(env.TEMPORAL_UI_URL, 'the Temporal Web UI') : null,
    env.DATABASE_URL ? parseEndpoint(env.DATABASE_URL, 'PostgreSQL', 5432) : null,
    // The api itself, in the api process (the launcher lists it for the worker).
    env.PORT && env.PORT !== '0' ? parseEndpoint(`${env.HOST ?? '127.0.0.1'}:${env.PORT}`, 'the Askflow api') : null,
    // This process's own /metrics (the launcher lists the other processes' too).
    env.METRICS_PORT && env.METRICS_PORT !== '0' ? parseEndpoint(`${env.METRICS_HOST ?? '127.0.0.1'}:${env.METRICS_PORT}`, 'Askflow’s metrics') : null,
    // Where traces are exported: a tool posting spans into the operators' collector is no tool call.
    env.OTEL_EXPORTER_OTLP_ENDPOINT ? parseEndpoint(env.OTEL_EXPORTER_OTLP_ENDPOINT, 'the OpenTelemetry collector') : null,
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? parseEndpoint(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, 'the OpenTelemetry collector') : null,
    ...(env.ASKFLOW_DENY_ENDPOINTS ?? '').split(',').map((e) => parseEndpoint(e, 'one of Askflow’s own services (ASKFLOW_DENY_ENDPOINTS)')),
  ];
  return found.filter((e): e is ServiceEndpoint => e !== null);
}

/** Whether a host names this machine: a connection to any of its addresses reaches a service bound to it. */
function isThisMachine(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (!isIP(host)) return false;
  const cls = classifyAddress(host);
  return cls === 'loopback' || cls === 'unspecified' || localAddresses().has(host);
}

let cachedLocal: { at: number; addresses: Set<string> } | null = null;
/** This machine's interface addresses (a service on 0.0.0.0 answers on each), re-read every minute. */
function localAddresses(): Set<string> {
  if (!cachedLocal || Date.now() - cachedLocal.at > 60_000) {
    const addresses = new Set<string>();
    for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) addresses.add(a.address.toLowerCase());
    cachedLocal = { at: Date.now(), addresses };
  }
  return cachedLocal.addresses;
}

/** A v4-mapped v6 address (::ffff:127.0.0.1) compared as the v4 address it is. */
function normal(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}

/** Names of endpoints resolved to addresses (empty until resolved), refreshed every five minutes. */
const resolved = new Map<string, { at: number; addresses: Set<string>; pending: Promise<void> }>();

function resolveName(name: string): Promise<void> {
  const hit = resolved.get(name);
  if (hit && Date.now() - hit.at < 300_000) return hit.pending;
  const entry = { at: Date.now(), addresses: hit?.addresses ?? new Set<string>(), pending: Promise.resolve() };
  entry.pending = lookup(name, { all: true }).then(
    (list) => void (entry.addresses = new Set(list.map((a) => normal(a.address)))),
    () => undefined, // unresolvable now: matched by name alone until it resolves
  );
  resolved.set(name, entry);
  return entry.pending;
}

/** Resolves the endpoints given by name, so matchServiceEndpoint can compare addresses. */
export async function resolveServiceEndpoints(endpoints: readonly ServiceEndpoint[]): Promise<void> {
  await Promise.all(endpoints.filter((e) => !isIP(e.host) && !isThisMachine(e.host)).map((e) => resolveName(e.host)));
}

/**
 * The service endpoint a connection to `address`:`port` (reached by the name `host`) would
 * reach, or null. An endpoint on this machine matches any loopback or local address on its
 * port; one given by name matches that name and the addresses it resolved to.
 */
export function matchServiceEndpoint(endpoints: readonly ServiceEndpoint[], host: string, address: string, port: number): ServiceEndpoint | null {
  const target = normal(address);
  const targetIsLocal = isThisMachine(target);
  for (const endpoint of endpoints) {
    if (endpoint.port !== null && endpoint.port !== port) continue;
    if (isThisMachine(endpoint.host)) {
      if (targetIsLocal) return endpoint;
    } else if (normal(endpoint.host) === target || endpoint.host === host.toLowerCase() || resolved.get(endpoint.host)?.addresses.has(target)) {
      return endpoint;
    }
  }
  return null;
}
