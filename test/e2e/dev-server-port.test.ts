// A dev server whose port was taken between the OS's answer and its bind starts again on another
// (temporal/dev-server.ts startDevServerOnFreePort): seen once as a red CI run.
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readFileSync } from 'node:fs';
import { freePort, startDevServerOnFreePort } from '../../temporal/dev-server';
import { runState } from '../helpers/run-state';

it('retries on another port when the one it was given is taken', async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const takenPort = (taken.address() as net.AddressInfo).port;
  const picked: number[] = [];
  const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'dev-server-port-')), 'temporal.log');
  try {
    const server = await startDevServerOnFreePort(
      { cliPath: runState().temporalCli, uiPort: null, dbFile: null, namespace: 'default', logFile, searchAttributes: {} },
      {
        pickPort: async () => {
          const port = picked.length === 0 ? takenPort : await freePort(); // the taken one first
          picked.push(port);
          return port;
        },
      },
    );
    try {
      expect(picked).toHaveLength(2);
      expect(server.address).toBe(`127.0.0.1:${picked[1]}`);
      expect(readFileSync(logFile, 'utf8')).toContain('address already in use');
    } finally {
      await server.stop();
    }
  } finally {
    taken.close();
  }
}, 120_000);
