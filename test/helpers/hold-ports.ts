import net from 'node:net';

/** The ports a `npm start` stack binds by default (API, signed API, embedded PostgreSQL, Temporal and its UI). */
export const DEFAULT_PORTS = [8080, 8081, 5433, 7233, 8233];

/**
 * Holds each port on 127.0.0.1 as a running stack would; a port something else already holds (a real
 * stack beside the tests) counts as taken too. Returns what releases the ones this call bound.
 */
export async function holdPorts(ports: readonly number[] = DEFAULT_PORTS): Promise<() => Promise<void>> {
  const servers: net.Server[] = [];
  for (const port of ports) {
    const server = net.createServer((socket) => socket.destroy());
    const bound = await new Promise<boolean>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(false) : reject(err)));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) servers.push(server);
  }
  return async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  };
}
