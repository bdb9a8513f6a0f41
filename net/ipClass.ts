// Classifies an IP address literal by where it leads, for the private-address guard. Parsed by
// hand (no BlockList) so IPv4 embedded in IPv6 (mapped, compatible, NAT64, 6to4) is judged by
// the IPv4 address it really reaches.
import { isIPv4, isIPv6 } from 'node:net';

export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'metadata' | 'unspecified' | 'multicast' | 'reserved';

/** [network, prefix length, class], most specific first: the first match wins. */
type V4Rule = [string, number, AddressClass];

const V4_RULES: V4Rule[] = [
  // Cloud instance metadata: credentials live here. 100.100.100.200 (Alibaba) sits inside CGNAT
  // and 168.63.129.16 (Azure wire server) is a public address, so both need naming explicitly.
  ['169.254.169.254', 32, 'metadata'],
  ['100.100.100.200', 32, 'metadata'],
  ['168.63.129.16', 32, 'metadata'],
  ['0.0.0.0', 8, 'unspecified'], // "this network"; Linux connects 0.0.0.0 to the local host
  ['127.0.0.0', 8, 'loopback'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['100.64.0.0', 10, 'private'], // CGNAT: another tenant's network at a carrier, or Tailscale
  ['169.254.0.0', 16, 'link-local'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes 255.255.255.255 broadcast
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['192.0.2.0', 24, 'reserved'], // documentation (TEST-NET-1..3)
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['192.88.99.0', 24, 'reserved'], // 6to4 relay anycast (deprecated)
];

const V4_COMPILED = V4_RULES.map(([net, bits, cls]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { net: (parseV4(net)! & mask) >>> 0, mask, cls };
});

/** The address as a 32-bit number, or null when it is not a dotted IPv4 literal. */
function parseV4(ip: string): number | null {
  if (!isIPv4(ip)) return null;
  return ip.split('.').reduce((acc, part) => ((acc << 8) | Number(part)) >>> 0, 0);
}

export function classifyV4(value: number): AddressClass {
  for (const rule of V4_COMPILED) if (((value & rule.mask) >>> 0) === rule.net) return rule.cls;
  return 'public';
}

/** Eight 16-bit groups, or null. Accepts `::` compression, a dotted IPv4 tail and a zone (`%eth0`). */
function parseV6(ip: string): number[] | null {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  let text = bare;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = parseV4(dotted[1]!)!;
    tail.push(v4 >>> 16, v4 & 0xffff);
    text = text.slice(0, -dotted[1]!.length).replace(/:$/, ':0'); // placeholder group, dropped below
  }
  const [head = '', rest] = text.split('::') as [string, string | undefined];
  const toGroups = (s: string) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  let left = toGroups(head);
  let right = rest === undefined ? [] : toGroups(rest);
  if (dotted) {
    // Drop the placeholder that stood for the IPv4 tail.
    if (rest === undefined) left = left.slice(0, -1);
    else right = right.slice(0, -1);
  }
  const fill = 8 - left.length - right.length - tail.length;
  if (fill < 0 || (rest === undefined && fill !== 0)) return null;
  return [...left, ...new Array<number>(fill).fill(0), ...right, ...tail];
}

export function classifyV6(g: number[]): AddressClass {
  const v4At = (hi: number) => (((g[hi]! << 16) | g[hi + 1]!) >>> 0);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  // fd00:ec2::254, AWS's IPv6 metadata endpoint (inside fc00::/7, so checked first).
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && zeros(2, 7) && g[7] === 0x254) return 'metadata';
  // IPv4 inside IPv6 reaches the IPv4 address: judge that one.
  if (zeros(0, 5) && g[5] === 0xffff) return classifyV4(v4At(6)); // ::ffff:a.b.c.d, mapped
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return classifyV4(v4At(6)); // ::ffff:0:a.b.c.d, translated
  if (zeros(0, 6)) return classifyV4(v4At(6)); // ::a.b.c.d, compatible (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return classifyV4(v4At(6)); // NAT64 well-known prefix
  if (g[0] === 0x2002) return classifyV4(v4At(1)); // 6to4
  if ((g[0]! & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'reserved'; // documentation
  if (g[0] === 0x2001 && g[1]! < 0x200) return 'reserved'; // 2001::/23 IETF special purpose (Teredo, benchmarking, ORCHID)
  // Only 2000::/3 is global unicast; everything else (site-local, discard, NAT64 local use, …) is not public.
  if ((g[0]! & 0xe000) !== 0x2000) return 'reserved';
  return 'public';
}

/** The class of an IPv4 or IPv6 literal; throws when `ip` is neither. */
export function classifyAddress(ip: string): AddressClass {
  const v4 = parseV4(ip);
  if (v4 !== null) return classifyV4(v4);
  const v6 = parseV6(ip);
  if (v6) return classifyV6(v6);
  throw new Error(`"${ip}" is not an IP address`);
}
