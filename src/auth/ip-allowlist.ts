import { BlockList, isIP } from 'node:net';

const MAPPED_IPV4 = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * One spelling per address, for comparing, logging and rate-limit keys: IPv6 in its compressed
 * lower-case form (WHATWG URL's serializer, RFC 5952 style), and an IPv4-mapped IPv6 address
 * (`::ffff:127.0.0.1`, `::ffff:7f00:1`: an IPv4 client on a dual-stack socket) as the IPv4 address.
 * Anything that is not an address (or carries a zone id) is only lower-cased.
 */
export function canonicalIp(address: string): string {
  if (isIP(address) !== 6) return address.toLowerCase();
  let compressed: string;
  try {
    compressed = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address.toLowerCase();
  }
  const mapped = MAPPED_IPV4.exec(compressed);
  if (!mapped) return compressed;
  const [high, low] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/**
 * The client address of a request, the same on both APIs: the socket peer, or, when the peer is a
 * trusted proxy, the right-most X-Forwarded-For entry that is not itself a trusted proxy. Without
 * trusted proxies (`null`) the header is ignored, so a client cannot choose its own address.
 */
export function clientAddress(socketAddress: string, forwardedFor: string, trustedProxies: AddressMatcher): string {
  const peer = canonicalIp(socketAddress);
  if (!trustedProxies || !trustedProxies(peer)) return peer;
  const hops = forwardedFor.split(',').map((s) => canonicalIp(s.trim())).filter((s) => isIP(s) !== 0);
  for (let i = hops.length - 1; i >= 0; i--) if (!trustedProxies(hops[i])) return hops[i];
  return peer;
}

/**
 * Validates and normalizes one allowlist entry: an IPv4 or IPv6 address or a CIDR range. Returns the
 * canonical text (`10.0.0.0/8`, `2001:db8::/32`, `::1`), or an error message.
 */
export function normalizeAllowlistEntry(entry: string): { value: string } | { error: string } {
  const [address, prefixText, extra] = entry.trim().split('/');
  if (extra !== undefined) return { error: 'expected an address or address/prefix' };
  const ip = canonicalIp(address ?? '');
  const family = isIP(ip);
  if (family === 0) return { error: 'not an IPv4 or IPv6 address' };
  if (prefixText === undefined) return { value: ip };
  const max = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return { error: `prefix length must be 0..${max}` };
  return { value: `${ip}/${Number(prefixText)}` };
}

/** A compiled allowlist: null admits everything (no entries). */
export type AddressMatcher = ((address: string) => boolean) | null;

/**
 * An address matches only entries of its own family. A request's IPv4-mapped address (`::ffff:1.2.3.4`)
 * is matched as the IPv4 address; one BlockList per family, because a single BlockList matches an IPv4
 * address against IPv6 ranges covering `::ffff:0:0/96` (`::/0` would admit every IPv4 client).
 */
export function compileAllowlist(entries: readonly string[]): AddressMatcher {
  if (entries.length === 0) return null;
  const lists = { ipv4: new BlockList(), ipv6: new BlockList() };
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) lists[type].addAddress(address, type);
    else lists[type].addSubnet(address, Number(prefix), type);
  }
  return (raw) => {
    const address = canonicalIp(raw);
    const family = isIP(address);
    if (family === 0) return false;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    return lists[type].check(address, type);
  };
}
