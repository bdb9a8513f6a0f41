import type { LookupAddress } from 'node:dns';
import { assertPublicUrl, BlockedAddressError, guardedLookup, urlPolicyFromEnv, type AddressClass, type UrlPolicy } from '../../net/addressGuard.js';
import { classifyAddress } from '../../net/ipClass.js';

const NONE: UrlPolicy = { allowLoopback: false, allowPrivate: false };
const LOOPBACK: UrlPolicy = { allowLoopback: true, allowPrivate: false };
const PRIVATE: UrlPolicy = { allowLoopback: true, allowPrivate: true };

/** Addresses of each class, as they appear in a URL's host. */
const EXAMPLES: Record<AddressClass, string[]> = {
  public: ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '192.169.0.1', '[2606:4700:4700::1111]', '[::ffff:8.8.8.8]'],
  loopback: ['127.0.0.1', '127.8.9.10', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '2130706433', '0x7f.1', '127.1'],
  private: ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '[fc00::1]', '[fd12:3456::1]', '[::ffff:10.0.0.1]', '[::ffff:192.168.0.1]'],
  'link-local': ['169.254.1.1', '[fe80::1]', '[::ffff:169.254.0.7]'],
  metadata: ['169.254.169.254', '[fd00:ec2::254]', '100.100.100.200', '[::ffff:169.254.169.254]', '[::ffff:a9fe:a9fe]', '[64:ff9b::a9fe:a9fe]', '[2002:a9fe:a9fe::1]'],
  unspecified: ['0.0.0.0', '0.1.2.3', '[::]'],
  multicast: ['224.0.0.1', '239.255.255.250', '[ff02::1]'],
  reserved: ['240.0.0.1', '255.255.255.255', '192.0.2.1', '198.51.100.7', '203.0.113.9', '[2001:db8::1]', '[fec0::1]'],
};

const ALLOWED_BY: Record<AddressClass, UrlPolicy[]> = {
  public: [NONE, LOOPBACK, PRIVATE],
  loopback: [LOOPBACK, PRIVATE],
  private: [PRIVATE],
  'link-local': [],
  metadata: [],
  unspecified: [],
  multicast: [],
  reserved: [],
};

/** What assertPublicUrl does with `url`: the class it blocked, or 'allowed'. */
async function outcome(url: string, policy: UrlPolicy): Promise<AddressClass | 'allowed'> {
  try {
    await assertPublicUrl(url, policy);
    return 'allowed';
  } catch (err) {
    if (err instanceof BlockedAddressError) return err.addressClass;
    throw err;
  }
}

describe('assertPublicUrl on IP literals', () => {
  const cases = Object.entries(EXAMPLES).flatMap(([cls, hosts]) => hosts.map((host) => [cls as AddressClass, host] as const));

  it.each(cases)('%s: %s is refused or allowed per policy', async (cls, host) => {
    for (const [name, policy] of Object.entries({ NONE, LOOPBACK, PRIVATE })) {
      const expected = ALLOWED_BY[cls].includes(policy) ? 'allowed' : cls;
      expect([name, await outcome(`http://${host}:8080/path`, policy)]).toEqual([name, expected]);
    }
  });

  it('returns the parsed URL when allowed', async () => {
    const url = await assertPublicUrl('https://8.8.8.8/dns?q=1', NONE);
    expect(url).toBeInstanceOf(URL);
    expect(url.href).toBe('https://8.8.8.8/dns?q=1');
  });

  it('names the address and its class in the error', async () => {
    const err = await assertPublicUrl('http://169.254.169.254/latest/meta-data/', PRIVATE).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ name: 'BlockedAddressError', address: '169.254.169.254', addressClass: 'metadata' });
    expect((err as Error).message).toBe('refusing to connect to 169.254.169.254: it is a metadata address');
  });
});

describe('assertPublicUrl on host names', () => {
  it('resolves localhost and refuses it unless loopback is allowed', async () => {
    const err = await assertPublicUrl('http://localhost:3000/', NONE).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlockedAddressError);
    expect(err).toMatchObject({ host: 'localhost', addressClass: 'loopback' });
    expect((err as Error).message).toMatch(/^refusing to connect to localhost \((127\.0\.0\.1|::1)\): it is a loopback address$/);
    expect((await assertPublicUrl('http://localhost:3000/', LOOPBACK)).hostname).toBe('localhost');
    expect((await assertPublicUrl('http://localhost:3000/', PRIVATE)).hostname).toBe('localhost');
  });

  it.each(['ftp://example.com/file', 'file:///etc/passwd', 'javascript:alert(1)', 'gopher://127.0.0.1:6379/_INFO'])('refuses the scheme of %s', async (url) => {
    await expect(assertPublicUrl(url, PRIVATE)).rejects.toThrow(/only http and https/);
  });

  it('refuses what is not a URL', async () => {
    await expect(assertPublicUrl('not a url', PRIVATE)).rejects.toThrow(/not a valid URL/);
  });
});

describe('guardedLookup (the socket-side check)', () => {
  const lookupWith = (policy: UrlPolicy, all: boolean) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[] }>((resolve) =>
      guardedLookup(policy)('localhost', { all }, (err, address) => resolve({ err, address })),
    );

  it('fails the connection when the name resolves to a blocked address', async () => {
    const { err } = await lookupWith(NONE, false);
    expect(err).toBeInstanceOf(BlockedAddressError);
  });

  it('answers like dns.lookup when allowed, for one address or all', async () => {
    const one = await lookupWith(LOOPBACK, false);
    expect(one.err).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(one.address);
    const all = await lookupWith(LOOPBACK, true);
    expect(Array.isArray(all.address) && all.address.length).toBeGreaterThan(0);
  });
});

describe('classifyAddress', () => {
  it('throws for what is not an IP address', () => {
    expect(() => classifyAddress('example.com')).toThrow(/not an IP address/);
    expect(() => classifyAddress('1.2.3.256')).toThrow(/not an IP address/);
  });

  it('reads full, compressed and zoned IPv6 forms alike', () => {
    expect(classifyAddress('0:0:0:0:0:ffff:169.254.169.254')).toBe('metadata');
    expect(classifyAddress('0:0:0:0:0:0:0:1')).toBe('loopback');
    expect(classifyAddress('fe80::1%eth0')).toBe('link-local');
  });
});

describe('urlPolicyFromEnv', () => {
  it.each([
    [undefined, NONE],
    ['none', NONE],
    ['loopback', LOOPBACK],
    ['private', PRIVATE],
    [' Private ', PRIVATE],
  ])('ASKFLOW_ALLOW_PRIVATE_URLS=%s', (value, policy) => {
    expect(urlPolicyFromEnv(value === undefined ? {} : { ASKFLOW_ALLOW_PRIVATE_URLS: value })).toMatchObject(policy);
  });

  it('refuses an unknown value rather than guess', () => {
    expect(() => urlPolicyFromEnv({ ASKFLOW_ALLOW_PRIVATE_URLS: 'all' })).toThrow(/none, loopback or private/);
  });
});
