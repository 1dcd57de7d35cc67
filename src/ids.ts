import { v7 } from 'uuid';

/**
 * UUIDv7 (RFC 9562): time-ordered, so the primary key doubles as the keyset-pagination cursor and
 * inserts stay index-local. uuid's counter in the random bits keeps ids from one process strictly increasing.
 */
export function uuidv7(): string {
  return v7();
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
