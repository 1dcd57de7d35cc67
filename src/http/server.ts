import http from 'node:http';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { Config } from '../config';
import { checkingRequestHead, malformedRequestHandler, refuseBeforeTheApp } from './malformed';

export interface RunningServer {
  url: string;
  port: number;
  server: http.Server;
  /** Stops accepting, lets in-flight requests finish (up to the grace period), then closes idle sockets. */
  close(graceMs: number): Promise<void>;
}

/** Serves a Koa app over HTTP, or HTTPS when a certificate and key are configured. */
export async function listen(app: Koa, config: Pick<Config, 'host' | 'tls'>, port: number): Promise<RunningServer> {
  const handler = checkingRequestHead(app, app.callback());
  // Host is checked by checkingRequestHead, so that its refusal is the API's own error body, not Node's bare 400.
  const server = config.tls
    ? https.createServer({ cert: readFileSync(config.tls.certFile), key: readFileSync(config.tls.keyFile), requireHostHeader: false }, handler)
    : http.createServer({ requireHostHeader: false }, handler);
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  server.on('clientError', malformedRequestHandler(app));
  refuseBeforeTheApp(server, app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `${config.tls ? 'https' : 'http'}://${host}:${actual}`,
    port: actual,
    server,
    close: (graceMs) =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
