import { isIP } from 'node:net';

// Address and range spellings, parsed for configuration (COUNTERFOIL_TRUSTED_PROXIES) and allowlists alike.

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
