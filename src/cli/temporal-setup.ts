import { Connection } from '@temporalio/client';
import { ConfigError, loadConfig } from '../config';
import { describeTemporalConnection, temporalConnectionOptions } from '../temporal/connection';
import { parseDuration, temporalSetup } from '../temporal/setup';
import { CliFailure } from './errors';
import type { Input } from './parse';

export async function temporalSetupCommand({ flags }: Input): Promise<void> {
  const config = loadConfig();
  let retentionSeconds: number | undefined;
  try {
    retentionSeconds = typeof flags.retention === 'string' ? parseDuration(flags.retention) : undefined;
  } catch (err) {
    throw new ConfigError('--retention', (err as Error).message);
  }
  const options = temporalConnectionOptions(config.temporal);
  process.stdout.write(`Temporal ${describeTemporalConnection(options)}, namespace ${config.temporalNamespace}\n`);
  const connection = await Connection.connect({ ...options, connectTimeout: '10s' }).catch((err: Error) => {
    throw new CliFailure(`cannot reach Temporal at ${describeTemporalConnection(options)}: ${err.message}`);
  });
  try {
    await temporalSetup(connection, {
      namespace: config.temporalNamespace,
      createNamespace: flags['create-namespace'] === true,
      retentionSeconds,
      say: (line) => process.stdout.write(`${line}\n`),
    });
  } finally {
    await connection.close();
  }
}
