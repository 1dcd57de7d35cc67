import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../../activities';
import type { Services } from '../../src/services';
import { isolateTimeoutOptions } from '../../src/temporal/worker';
import { runState } from './run-state';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Answer only after this long (a receiver that hangs). */
  delayMs?: number;
}

/** A real HTTP receiver on 127.0.0.1 (on `port`, else a free one); `reply` decides each answer from the request and its number (1-based). */
export async function startReceiver(reply: (n: number, req: Received) => Reply = () => ({ status: 200 }), port = 0) {
  const received: Received[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(r);
      const answer = reply(received.length, r);
      const send = () => {
        res.writeHead(answer.status, answer.headers ?? {});
        res.end('ok');
      };
      if (answer.delayMs) {
        const t = setTimeout(() => {
          timers.delete(t);
          if (!res.destroyed) send();
        }, answer.delayMs);
        timers.add(t);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/hook`,
    port: bound,
    received,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A real worker on the services' own task queue (what routes and the dispatcher start workflows on). */
export async function startWebhookWorker(services: Services) {
  const state = runState();
  const connection = await NativeConnection.connect({ address: state.temporalAddress });
  const worker = await Worker.create({
    connection,
    namespace: state.namespace,
    taskQueue: services.config.taskQueue,
    workflowBundle: { code: readFileSync(state.workflowBundlePath, 'utf8') },
    activities: createActivities(services),
    ...isolateTimeoutOptions(services.config.workflowIsolateTimeoutMs),
    // A stop lets attempts in flight finish instead of leaving them to their start-to-close timeout.
    shutdownGraceTime: '10s',
  });
  const running = worker.run();
  return {
    stop: async () => {
      worker.shutdown();
      await running;
      await connection.close();
    },
  };
}

/** Polls until `check` returns a truthy value (bounded; the test timeout is the backstop). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
