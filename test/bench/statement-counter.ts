// Statements per operation, counted on the wire: a TCP proxy in front of PostgreSQL that reads the
// frontend protocol the measured processes send (postgres.js and node-postgres under MikroORM alike)
// and counts each statement executed, by kind and by statement text. pg_stat_statements would need
// the server restarted with it preloaded; this needs nothing of the server.
import net from 'node:net';

export interface StatementCounts {
  total: number;
  byKind: Map<string, number>;
  byText: Map<string, number>;
}

/** The kind of a statement: its first keyword (a `with` that writes is named by its write). */
export function statementKind(text: string): string {
  const t = text.trim().toLowerCase();
  const first = /^[a-z]+/.exec(t)?.[0] ?? '?';
  if (first === 'with') {
    const write = /\b(insert|update|delete)\b/.exec(t);
    return write ? `with…${write[1]}` : 'with…select';
  }
  return first;
}

/** A statement's text as one line, its first `width` characters: the call site it stands for. */
const siteOf = (text: string, width = 110) => text.replace(/\s+/g, ' ').trim().slice(0, width);

/**
 * Listens on a free loopback port and forwards every connection to `target` (host:port), counting
 * the client's statements: each simple Query, and each Execute of the extended protocol (named by the
 * statement its Bind used, whose text the Parse gave, per connection). `reset()` starts a window.
 */
export async function startStatementCounter(target: { host: string; port: number }): Promise<{ port: number; reset: () => void; counts: () => StatementCounts; stop: () => Promise<void> }> {
  let counts: StatementCounts = { total: 0, byKind: new Map(), byText: new Map() };
  const count = (text: string) => {
    counts.total++;
    const kind = statementKind(text);
    counts.byKind.set(kind, (counts.byKind.get(kind) ?? 0) + 1);
    const site = siteOf(text);
    counts.byText.set(site, (counts.byText.get(site) ?? 0) + 1);
  };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const statements = new Map<string, string>(); // prepared statement name → text
    const portals = new Map<string, string>(); // portal name → statement text
    let started = false; // the startup message (and any SSLRequest before it) has no type byte
    let buf: Buffer = Buffer.alloc(0);
    const cstring = (b: Buffer, at: number): [string, number] => {
      const end = b.indexOf(0, at);
      return [b.toString('utf8', at, end), end + 1];
    };
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      for (;;) {
        if (!started) {
          if (buf.length < 8) break;
          const len = buf.readInt32BE(0);
          if (buf.length < len) break;
          const code = buf.readInt32BE(4);
          // SSLRequest and GSSENCRequest come before the startup message proper.
          if (code !== 80877103 && code !== 80877104) started = true;
          buf = buf.subarray(len);
          continue;
        }
        if (buf.length < 5) break;
        const len = buf.readInt32BE(1);
        if (buf.length < len + 1) break;
        const type = String.fromCharCode(buf[0]);
        const body = buf.subarray(5, len + 1);
        if (type === 'Q') count(cstring(body, 0)[0]);
        else if (type === 'P') {
          const [name, at] = cstring(body, 0);
          statements.set(name, cstring(body, at)[0]);
        } else if (type === 'B') {
          const [portal, at] = cstring(body, 0);
          portals.set(portal, statements.get(cstring(body, at)[0]) ?? '?');
        } else if (type === 'E') count(portals.get(cstring(body, 0)[0]) ?? '?');
        buf = buf.subarray(len + 1);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    reset: () => void (counts = { total: 0, byKind: new Map(), byText: new Map() }),
    counts: () => counts,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** "27.0 (select 9.0, insert 8.0, …)": statements per operation, by kind, largest first. */
export function perOperation(c: StatementCounts, operations: number): string {
  const kinds = [...c.byKind].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${(n / operations).toFixed(2)}`);
  return `${(c.total / operations).toFixed(2)} (${kinds.join(', ')})`;
}

/** The `top` statement texts by count per operation, for the report. */
export function topStatements(c: StatementCounts, operations: number, top = 25): Record<string, string> {
  return Object.fromEntries(
    [...c.byText].sort((a, b) => b[1] - a[1]).slice(0, top).map(([text, n], i) => [`  #${i + 1} ${(n / operations).toFixed(2)}/withdrawal`, text]),
  );
}
