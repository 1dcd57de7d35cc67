import { createHash } from 'node:crypto';

/**
 * Stable UUIDs (RFC 9562 version 5 layout) for static catalogue entries, so they look like every
 * other resource id and never change between releases: `catalogueId('crypto-networks', 'ethereum')`.
 */
export function catalogueId(collection: string, code: string): string {
  const b = createHash('sha1').update(`counterfoil:${collection}:${code}`).digest().subarray(0, 16);
  b[6] = (b[6] & 0x0f) | 0x50;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
