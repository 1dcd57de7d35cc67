import net from 'node:net';
import { loadConfig } from '../../src/config';

/**
 * The ports a `npm start` stack binds by default, read from the configuration's defaults: the tenant and
 * signed APIs, the embedded PostgreSQL, the Temporal dev server and its UI (its other ports are free ones
 * it picks), the development identity provider. The ops port and the SDK's metrics port are free ones.
 */
const defaults = loadConfig({});
export const DEFAULT_PORTS: readonly number[] = [
  defaults.tenantApiPort,
  defaults.signedApiPort,
  defaults.embeddedPostgresPort,
  defaults.temporalPort,
  defaults.temporalUiPort,
  defaults.devIdentityProvider!.port,
];

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
