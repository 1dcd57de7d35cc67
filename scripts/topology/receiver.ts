// The webhook receiver of a topology run: processes each webhook-id once, counts every delivery.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DedupingReceiver {
  url: string;
  /** Deliveries per webhook-id (more than 1 = redelivered). */
  deliveries: Map<string, number>;
  /** Webhook-ids processed (a redelivery is acknowledged and not processed again). */
  processed(): number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port` (0: any free port). */
export async function dedupingReceiver(port = 0): Promise<DedupingReceiver> {
  const deliveries = new Map<string, number>();
  let processed = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? '');
      const seen = deliveries.get(id) ?? 0;
      deliveries.set(id, seen + 1);
      if (seen === 0) processed++;
      res.writeHead(200, { 'content-length': '2' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    deliveries,
    processed: () => processed,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
