import { BlockList, isIP } from 'node:net';
import { canonicalIp } from '../config/ip-addresses';

// Parsing an entry is the configuration's (it checks COUNTERFOIL_TRUSTED_PROXIES); matching is here.
export { canonicalIp, normalizeAllowlistEntry } from '../config/ip-addresses';

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
