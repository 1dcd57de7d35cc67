import { randomFillSync } from 'node:crypto';

/** Random bytes drawn 4 KiB at a time: one getrandom call per 256 ids instead of one or two per id. */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

function randomInto(target: Buffer, at: number, length: number): void {
  if (poolAt + length > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  pool.copy(target, at, poolAt, poolAt + length);
  poolAt += length;
}

/**
 * UUIDv7 (RFC 9562): time-ordered, so the primary key doubles as the keyset-pagination cursor and
 * inserts stay index-local. A counter in the random bits keeps ids from one process strictly increasing.
 */
let lastMs = 0;
let seq = 0;

export function uuidv7(now = Date.now()): string {
  if (now <= lastMs) {
    now = lastMs;
    seq = (seq + 1) & 0xfff;
    if (seq === 0) now = ++lastMs; // 4096 ids in one ms: borrow the next millisecond
  } else {
    const r = Buffer.allocUnsafe(2);
    randomInto(r, 0, 2);
    seq = r.readUInt16BE(0) & 0x3ff; // leave headroom for increments
  }
  lastMs = now;
  const b = Buffer.allocUnsafe(16);
  randomInto(b, 6, 10);
  b.writeUIntBE(now, 0, 6);
  b[6] = 0x70 | (seq >> 8);
  b[7] = seq & 0xff;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `<collection>/<id>` references, as the tenant API contract uses them. */
export function ref(collection: string, id: string): string {
  return `${collection}/${id}`;
}

export function parseRef(value: string): { collection: string; id: string } | null {
  const slash = value.indexOf('/');
  if (slash <= 0) return null;
  const id = value.slice(slash + 1);
  if (!UUID_RE.test(id)) return null;
  return { collection: value.slice(0, slash), id };
}
