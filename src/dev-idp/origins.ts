/**
 * The console's origin and, on loopback, its other name too: WebAuthn refuses IP-address origins, so a
 * person opens the console at `localhost` while the API listens on 127.0.0.1 (and the other way round).
 */
export function loopbackAliases(origin: string): string[] {
  const url = new URL(origin);
  const other = url.hostname === '127.0.0.1' ? 'localhost' : url.hostname === 'localhost' ? '127.0.0.1' : null;
  if (!other) return [url.origin];
  const alias = new URL(url.origin);
  alias.hostname = other;
  return [url.origin, alias.origin];
}
