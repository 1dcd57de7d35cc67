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
