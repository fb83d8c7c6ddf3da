import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Outbound destination rules (api.md §13.4): where the server may send requests on a user's
 * behalf (webhooks). A URL is refused when its host is, or resolves to, anything but a public
 * unicast address; the caller then connects to the address checked here, never resolving again.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Every address a name resolves to (`dns.lookup` with `all: true`); injectable for tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export type DestinationRefusal = 'INVALID_URL' | 'BLOCKED_DESTINATION';

export const MAX_URL_LENGTH = 1024;

/** The URL when its form is acceptable (http/https, no userinfo, ≤ 1024 characters), else undefined. */
export function parseDestinationUrl(raw: string): URL | undefined {
  if (raw.length > MAX_URL_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  return url;
}

const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4ToInt(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function isBlockedV4(address: string): boolean {
  const n = v4ToInt(address);
  return V4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    return n >= start && n < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail expanded). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : new Array(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

const embeddedV4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

function isBlockedV6(address: string): boolean {
  const g = v6Groups(address);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return true;
  const first = g[0]!;
  // IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d (and ::, ::1).
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    if (g[5] === 0 && g[6] === 0) return true; // ::, ::1 and friends
    return isBlockedV4(embeddedV4(g[6]!, g[7]!));
  }
  // NAT64 64:ff9b::/96 (and the local-use 64:ff9b:1::/48): the IPv4 address it stands for.
  if (first === 0x64 && g[1] === 0xff9b) {
    return g[2] !== 0 ? true : isBlockedV4(embeddedV4(g[6]!, g[7]!));
  }
  // 6to4 2002::/16: the IPv4 address in groups 1–2.
  if (first === 0x2002) return isBlockedV4(embeddedV4(g[1]!, g[2]!));
  // Only global unicast 2000::/3 is allowed; that excludes ULA fc00::/7, link-local fe80::/10,
  // multicast ff00::/8, loopback and unspecified.
  if ((first & 0xe000) !== 0x2000) return true;
  // Teredo 2001::/32, ORCHID 2001:10::/28 and 2001:20::/28, documentation 2001:db8::/32.
  if (first === 0x2001 && (g[1] === 0 || (g[1]! & 0xffe0) === 0x0020 || (g[1]! & 0xfff0) === 0x0010))
    return true;
  if (first === 0x2001 && g[1] === 0xdb8) return true;
  return false;
}

/** Whether the address is anything but a public unicast one (api.md §13.4). */
export function isBlockedAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return isBlockedV4(address);
  if (version === 6) return isBlockedV6(address);
  return true;
}

export type DestinationCheck =
  | { ok: true; url: URL; address: ResolvedAddress }
  | { ok: false; refusal: DestinationRefusal; reason: string };

/**
 * Checks a URL and the addresses its host stands for; on success names the one address to connect
 * to. `allowPrivate` lifts the address rules (not the URL form rules).
 */
export async function checkDestination(
  raw: string,
  options: { resolver?: Resolver; allowPrivate?: boolean } = {},
): Promise<DestinationCheck> {
  const url = parseDestinationUrl(raw);
  if (!url)
    return { ok: false, refusal: 'INVALID_URL', reason: 'Must be an http(s) URL without credentials' };
  // The WHATWG parser has already normalised numeric IPv4 forms (decimal, octal, hex, short).
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolver ?? systemResolver)(host);
    } catch {
      return { ok: false, refusal: 'BLOCKED_DESTINATION', reason: `Cannot resolve ${host}` };
    }
    if (addresses.length === 0) {
      return { ok: false, refusal: 'BLOCKED_DESTINATION', reason: `Cannot resolve ${host}` };
    }
  }
  if (!options.allowPrivate) {
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked) {
      return {
        ok: false,
        refusal: 'BLOCKED_DESTINATION',
        reason: `${host} is or resolves to a non-public address`,
      };
    }
  }
  return { ok: true, url, address: addresses[0]! };
}
