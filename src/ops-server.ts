import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './logger';

export type Check = () => Promise<void>;

export interface OpsServerOptions {
  host: string;
  port: number;
  log: Logger;
  /** Named readiness checks; each must settle within `checkTimeoutMs`. */
  checks: Record<string, Check>;
  /** The Prometheus text of this process (and of anything it forwards). */
  metrics: () => Promise<{ text: string; contentType: string }>;
  checkTimeoutMs?: number;
}

export interface OpsServer {
  url: string;
  port: number;
  /** /readyz answers 503 from now on: the balancer stops sending work before the process drains. */
  drain(): void;
  close(): Promise<void>;
}

async function within(ms: number, p: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

function send(res: http.ServerResponse, status: number, body: string, contentType = 'application/json'): void {
  res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
}

/**
 * The operations endpoints of one process, on a port of their own (COUNTERFOIL_OPS_PORT, loopback by
 * default), never on the public API ports: /healthz, /readyz, /metrics.
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  let draining = false;
  const timeout = options.checkTimeoutMs ?? 2000;
  const server = http.createServer((req, res) => {
    const route = `${req.method} ${(req.url ?? '').split('?')[0]}`;
    const answer = async () => {
      switch (route) {
        case 'GET /healthz':
          return send(res, 200, JSON.stringify({ status: 'ok' }));
        case 'GET /readyz': {
          if (draining) return send(res, 503, JSON.stringify({ status: 'draining', checks: {} }));
          const names = Object.keys(options.checks);
          const results = await Promise.allSettled(names.map((n) => within(timeout, options.checks[n]!())));
          const checks = Object.fromEntries(names.map((n, i) => [n, results[i]!.status === 'fulfilled' ? 'ok' : 'down']));
          const ready = results.every((r) => r.status === 'fulfilled');
          // Why each failed check failed, for the person reading a probe (`the clock is 300.2 s ahead …`).
          const details = Object.fromEntries(
            names.flatMap((n, i) => {
              const r = results[i]!;
              return r.status === 'rejected' ? [[n, r.reason instanceof Error ? r.reason.message : String(r.reason)]] : [];
            }),
          );
          return send(res, ready ? 200 : 503, JSON.stringify({ status: ready ? 'ready' : 'not_ready', checks, ...(ready ? {} : { details }) }));
        }
        case 'GET /metrics': {
          const { text, contentType } = await options.metrics();
          return send(res, 200, text, contentType);
        }
        default:
          return send(res, 404, JSON.stringify({ status: 'not_found' }));
      }
    };
    answer().catch((err) => {
      options.log.error({ err, route }, 'ops endpoint failed');
      if (!res.headersSent) send(res, 500, JSON.stringify({ status: 'error' }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  options.log.info({ ops_url: url, ops_port: port }, 'operations endpoints listening');
  return {
    url,
    port,
    drain: () => {
      draining = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The Temporal SDK's own Prometheus text (the worker runtime's exporter on loopback), or none. */
export async function scrape(url: string | undefined): Promise<string> {
  if (!url) return '';
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.ok ? await res.text() : '';
  } catch {
    return ''; // the exporter starts with the runtime; a scrape must not fail because of it
  }
}
