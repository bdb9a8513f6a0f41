// The private-address guard for every outbound request a tenant can aim (URL ingestion, tool
// calls): a project owner must not be able to make our workers read the cloud metadata service,
// the database or anything else on our side of the network.
import { lookup as lookupCallback, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { hostAllowed } from './hostAllowlist.js';
import { classifyAddress, type AddressClass } from './ipClass.js';
import { matchServiceEndpoint, resolveServiceEndpoints, serviceEndpointsFromEnv, type ServiceEndpoint } from './serviceEndpoints.js';

export type { AddressClass } from './ipClass.js';

export interface UrlPolicy {
  /** Lets loopback (127/8, ::1) through: local development and tests. */
  allowLoopback: boolean;
  /** Lets private networks (RFC 1918, CGNAT, fc00::/7) and loopback through: self-hosting beside the sources. */
  allowPrivate: boolean;
  /** Askflow's own services: refused whatever the two settings above say. */
  services?: readonly ServiceEndpoint[];
  /** The project's host allowlist; empty or absent: any host the rules above allow. */
  allowedHosts?: readonly string[];
}

export class BlockedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly addressClass: AddressClass,
    /** Set when the address is allowed as such but is one of Askflow's own services, or off the project's allowlist. */
    readonly why?: string,
  ) {
    const shown = host === address ? address : `${host} (${address})`;
    super(`refusing to connect to ${shown}: ${why ?? `it is a ${addressClass} address`}`);
    this.name = 'BlockedAddressError';
  }
}

/** Whether `policy` lets a connection to an address of this class through. Metadata and link-local never are. */
export function isAllowed(cls: AddressClass, policy: UrlPolicy): boolean {
  if (cls === 'public') return true;
  if (cls === 'loopback') return policy.allowLoopback || policy.allowPrivate;
  if (cls === 'private') return policy.allowPrivate;
  return false;
}

/** Throws BlockedAddressError unless `policy` allows connecting to `address` (an IP literal) on `port`. */
export function assertAllowedAddress(host: string, address: string, policy: UrlPolicy, port?: number): void {
  const cls = isIP(address) ? classifyAddress(address) : 'public';
  if (!isAllowed(cls, policy)) throw new BlockedAddressError(host, address, cls);
  const service = port !== undefined && policy.services?.length ? matchServiceEndpoint(policy.services, host, address, port) : null;
  if (service) throw new BlockedAddressError(host, address, cls, `port ${port} there is ${service.label}, one of Askflow's own services`);
}

function portOf(url: URL): number {
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

/**
 * The parsed URL when it is http(s) and every address its host resolves to is allowed. All of
 * them, not the first: the connection may use any, and an attacker controls the order.
 */
export async function assertPublicUrl(url: string, policy: UrlPolicy): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`"${url}" is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`only http and https URLs can be fetched, not ${parsed.protocol.replace(/:$/, '')}`);
  }
  // WHATWG parsing has already turned 0x7f.1, 2130706433 and the like into dotted IPv4.
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!hostAllowed(policy.allowedHosts ?? [], parsed)) {
    throw new BlockedAddressError(host, host, isIP(host) ? classifyAddress(host) : 'public', `${parsed.host} is not on the project's allowed hosts`);
  }
  const port = portOf(parsed);
  if (policy.services?.length) await resolveServiceEndpoints(policy.services);
  // By name first: a service named in the configuration is refused even when the name does not resolve here.
  assertAllowedAddress(host, host, policy, port);
  if (isIP(host)) return parsed;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch (err) {
    throw new Error(`could not resolve ${host}: ${(err as Error).message}`, { cause: err });
  }
  if (!addresses.length) throw new Error(`could not resolve ${host}: no addresses`);
  for (const { address } of addresses) assertAllowedAddress(host, address, policy, port);
  return parsed;
}

/**
 * A `lookup` for node:net / http(s) sockets that fails when any address the name resolves to is
 * blocked. Checking in the socket's own lookup closes the gap between assertPublicUrl's lookup
 * and the connection's (DNS rebinding): the address checked is the address connected to.
 * (Sockets do not call it for IP literals; assertPublicUrl has checked those.)
 */
export function guardedLookup(policy: UrlPolicy, port?: number): LookupFunction {
  return (hostname, options, callback) => {
    lookupCallback(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      try {
        if (!addresses.length) throw new Error(`could not resolve ${hostname}: no addresses`);
        for (const { address } of addresses) assertAllowedAddress(hostname, address, policy, port);
      } catch (blocked) {
        return callback(blocked as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/**
 * The policy of this process's environment: `ASKFLOW_ALLOW_PRIVATE_URLS` (`none` (default),
 * `loopback` or `private`), and Askflow's own endpoints (serviceEndpointsFromEnv) always refused.
 * `allowedHosts`: the project's allowlist, when the caller knows the project.
 */
export function urlPolicyFromEnv(env: NodeJS.ProcessEnv = process.env, allowedHosts: readonly string[] = []): UrlPolicy {
  const key = `${env.ASKFLOW_ALLOW_PRIVATE_URLS}|${env.TEMPORAL_ADDRESS}|${env.TEMPORAL_UI_URL}|${env.DATABASE_URL}|${env.HOST}|${env.PORT}|${env.METRICS_HOST}|${env.METRICS_PORT}|${env.ASKFLOW_DENY_ENDPOINTS}|${env.OTEL_EXPORTER_OTLP_ENDPOINT}|${env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT}`;
  let base = policies.get(key);
  if (!base) {
    base = { ...privateUrlSetting(env), services: serviceEndpointsFromEnv(env) };
    policies.set(key, base);
  }
  return allowedHosts.length ? { ...base, allowedHosts } : base;
}

const policies = new Map<string, UrlPolicy>();

function privateUrlSetting(env: NodeJS.ProcessEnv): Pick<UrlPolicy, 'allowLoopback' | 'allowPrivate'> {
  const value = (env.ASKFLOW_ALLOW_PRIVATE_URLS ?? '').trim().toLowerCase();
  switch (value) {
    case '':
    case 'none':
      return { allowLoopback: false, allowPrivate: false };
    case 'loopback':
      return { allowLoopback: true, allowPrivate: false };
    case 'private':
      return { allowLoopback: true, allowPrivate: true };
    default:
      // A typo must not silently widen (or narrow) what tenants can reach.
      throw new Error(`ASKFLOW_ALLOW_PRIVATE_URLS must be none, loopback or private, not "${value}"`);
  }
}
