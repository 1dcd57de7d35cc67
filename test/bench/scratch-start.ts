// scratch: CPU per workflow start, grpc-js Connection vs NativeConnection (not committed)
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { randomUUID } from 'node:crypto';

async function run(label: string, client: Client, n: number, concurrency: number) {
  // warm-up
  for (let i = 0; i < 50; i++) await client.workflow.start('noSuchWorkflow', { taskQueue: 'scratch-q', workflowId: `w-${randomUUID()}`, args: [{ a: 1, b: 'x'.repeat(200) }] });
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next++ < n) await client.workflow.start('noSuchWorkflow', { taskQueue: 'scratch-q', workflowId: `w-${randomUUID()}`, args: [{ a: 1, b: 'x'.repeat(200) }] });
  }));
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  console.log(`${label}: ${n} starts in ${ms.toFixed(0)} ms; CPU per start ${((c.user + c.system) / 1000 / n).toFixed(3)} ms (user ${(c.user / 1000 / n).toFixed(3)}, sys ${(c.system / 1000 / n).toFixed(3)})`);
}

async function main() {
  const address = process.argv[2];
  const n = Number(process.argv[3] ?? 1000);
  const grpc = new Client({ connection: await Connection.connect({ address }) });
  const native = new Client({ connection: (await NativeConnection.connect({ address })) as never });
  for (let round = 0; round < 2; round++) {
    await run('grpc-js', grpc, n, 4);
    await run('native', native, n, 4);
  }
  process.exit(0);
}
main().catch((e) => { console.error(e); process.exit(1); });
