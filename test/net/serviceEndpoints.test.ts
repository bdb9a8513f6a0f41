// Askflow's own services are never a tool or knowledge target, whatever ASKFLOW_ALLOW_PRIVATE_URLS
// allows; a project's allowlist narrows its targets further.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertPublicUrl, BlockedAddressError, urlPolicyFromEnv } from '../../net/addressGuard.js';
import { fetchBounded } from '../../net/fetchBounded.js';
import { hostAllowed } from '../../net/hostAllowlist.js';
import { parseEndpoint, serviceEndpointsFromEnv } from '../../net/serviceEndpoints.js';
import { sendToolCall } from '../../net/toolCall.js';

const ENV = {
  ASKFLOW_ALLOW_PRIVATE_URLS: 'private',
  TEMPORAL_ADDRESS: '127.0.0.1:7233',
  TEMPORAL_UI_URL: 'http://127.0.0.1:8233',
  DATABASE_URL: 'postgres://askflow@localhost:54329/askflow',
  ASKFLOW_DENY_ENDPOINTS: '127.0.0.1:8787, 10.1.2.3:9090, internal.example.test',
};

async function refusal(url: string, env: NodeJS.ProcessEnv = ENV, allowedHosts: string[] = []): Promise<string | 'allowed'> {
  try {
    await assertPublicUrl(url, urlPolicyFromEnv(env, allowedHosts));
    return 'allowed';
  } catch (err) {
    if (err instanceof BlockedAddressError) return err.message;
    throw err;
  }
}

describe('service endpoints from the environment', () => {
  it('reads Temporal, its UI, PostgreSQL, the api and the extra list', () => {
    expect(serviceEndpointsFromEnv({ ...ENV, PORT: '8787', HOST: '0.0.0.0' }).map((e) => `${e.host}:${e.port ?? '*'}`)).toEqual([
      '127.0.0.1:7233',
      '127.0.0.1:8233',
      'localhost:54329',
      '0.0.0.0:8787',
      '127.0.0.1:8787',
      '10.1.2.3:9090',
      'internal.example.test:*',
    ]);
    expect(parseEndpoint('[::1]:7233', 'x')).toEqual({ host: '::1', port: 7233, label: 'x' });
    // Where traces are exported is no target either.
    expect(serviceEndpointsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.internal:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otlp.example.test/v1/traces' }).slice(1)).toEqual([
      { host: 'collector.internal', port: 4318, label: 'the OpenTelemetry collector' },
      { host: 'otlp.example.test', port: 443, label: 'the OpenTelemetry collector' },
    ]);
    expect(parseEndpoint('postgres://u:p@db.internal/askflow', 'x')).toEqual({ host: 'db.internal', port: 5432, label: 'x' });
  });

  it('refuses every spelling of a local service on its port, even with private addresses allowed', async () => {
    for (const url of [
      'http://127.0.0.1:8233/api/v1/namespaces/default/workflows',
      'http://localhost:8233/',
      'http://127.8.9.10:7233/',
      'http://[::1]:54329/',
      'http://[::ffff:127.0.0.1]:8787/',
      'http://2130706433:7233/',
      'http://10.1.2.3:9090/metrics',
      'http://internal.example.test/anything',
    ]) {
      expect([url, await refusal(url)]).toEqual([url, expect.stringMatching(/one of Askflow's own services/)]);
    }
  });

  it('lets other ports of the same hosts through as the private-URL setting says', async () => {
    expect(await refusal('http://127.0.0.1:9999/tool')).toBe('allowed');
    expect(await refusal('http://10.1.2.3:9091/')).toBe('allowed');
    expect(await refusal('http://127.0.0.1:9999/tool', { ...ENV, ASKFLOW_ALLOW_PRIVATE_URLS: 'none' })).toMatch(/loopback address/);
  });

  it('is checked on the connection too: a redirect to a service is refused', async () => {
    const service = await listen((_req, res) => res.end('secret history'));
    const port = (service.address() as AddressInfo).port;
    const redirector = await listen((_req, res) => res.writeHead(302, { Location: `http://127.0.0.1:${port}/history` }).end());
    const env = { ...ENV, ASKFLOW_DENY_ENDPOINTS: `127.0.0.1:${port}` };
    try {
      const direct = await fetchBounded(`http://127.0.0.1:${(redirector.address() as AddressInfo).port}/`, { policy: urlPolicyFromEnv(env), timeoutMs: 5000, maxBytes: 1000 }).catch((e: unknown) => e);
      expect(direct).toBeInstanceOf(BlockedAddressError);
    } finally {
      service.close();
      redirector.close();
    }
  });
});

describe('a project allowlist', () => {
  it('matches exact hosts, subdomain wildcards and ports', () => {
    const list = ['api.example.com', '*.tools.example.com', '127.0.0.1:9999'];
    const ok = (u: string) => hostAllowed(list, new URL(u));
    expect(ok('https://api.example.com/x')).toBe(true);
    expect(ok('https://API.EXAMPLE.COM/x')).toBe(true);
    expect(ok('https://a.tools.example.com/')).toBe(true);
    expect(ok('https://tools.example.com/')).toBe(false);
    expect(ok('https://evil-api.example.com/')).toBe(false);
    expect(ok('https://api.example.com.evil.test/')).toBe(false);
    expect(ok('http://127.0.0.1:9999/')).toBe(true);
    expect(ok('http://127.0.0.1:9998/')).toBe(false);
    expect(hostAllowed([], new URL('https://anything.test/'))).toBe(true);
  });

  it('refuses a host off the list before any lookup', async () => {
    expect(await refusal('http://127.0.0.1:9999/tool', ENV, ['api.example.com'])).toMatch(/not on the project's allowed hosts/);
    expect(await refusal('http://127.0.0.1:9999/tool', ENV, ['127.0.0.1:9999'])).toBe('allowed');
  });
});

describe('a tool call with a header no HTTP request can carry', () => {
  it('fails at once (not retried) with a plain reason', async () => {
    const outcome = await sendToolCall(
      { tool: { name: 't', url: 'http://127.0.0.1:9/', method: 'POST', timeoutMs: 1000, forwardHeaders: [] }, arguments: {}, tenantId: 'x', requestId: 'r', authToken: 'a\r\nX-Injected: 1', secrets: ['s'] },
      urlPolicyFromEnv({ ASKFLOW_ALLOW_PRIVATE_URLS: 'loopback' }),
    );
    expect(outcome).toEqual({ kind: 'fail', reason: expect.stringMatching(/Authorization header has a character HTTP headers cannot carry/) });
  });
});

function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer(handler!);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
