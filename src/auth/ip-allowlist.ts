import { BlockList, isIP } from 'node:net';

/** `::ffff:127.0.0.1` (an IPv4 client on a dual-stack socket) is the IPv4 address 127.0.0.1. */
export function canonicalIp(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address.toLowerCase();
}

/**
 * The client address of a request: the socket peer, or, when the peer is a trusted proxy, the
 * right-most X-Forwarded-For entry that is not itself a trusted proxy. Without trusted proxies
 * the header is ignored, so a client cannot choose its own address.
 */
export function clientAddress(socketAddress: string, forwardedFor: string, trustedProxies: readonly string[]): string {
  const peer = canonicalIp(socketAddress);
  if (trustedProxies.length === 0 || !trustedProxies.includes(peer)) return peer;
  const hops = forwardedFor.split(',').map((s) => canonicalIp(s.trim())).filter((s) => isIP(s) !== 0);
  for (let i = hops.length - 1; i >= 0; i--) if (!trustedProxies.includes(hops[i])) return hops[i];
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

export function compileAllowlist(entries: readonly string[]): AddressMatcher {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (raw) => {
    const address = canonicalIp(raw);
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}
