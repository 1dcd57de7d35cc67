import { loadConfig, type Config } from '../config';
import { createLogger } from '../logger';
import type { Role, Stack } from '../processes';
import { shutdownTracing, startTracing } from '../telemetry';
import { cliFindsDatabase, maskPassword } from './database';

function banner(stack: Stack, config: Config): string {
  // Never a password in a banner; say how the CLI's database commands reach this database.
  const database = cliFindsDatabase(config) ? "the CLI's database commands find it by themselves here" : "DATABASE_URL for the CLI's database commands";
  const lines = [
    '',
    'Counterfoil is running.',
    `  Tenant API      ${stack.tenantApi?.url ?? '-'}   (OpenAPI: ${stack.tenantApi ? stack.tenantApi.url + '/openapi.json' : '-'})`,
    `  Signed API      ${stack.signedApi ? stack.signedApi.url + '/v1' : '-'}`,
    `  Temporal UI     ${stack.temporalUiUrl ?? '(external Temporal: ' + stack.temporalAddress + ')'}`,
    `  Temporal gRPC   ${stack.temporalAddress}`,
    `  Operations      ${stack.opsUrl}   (/healthz, /readyz, /metrics)`,
    `  PostgreSQL      ${maskPassword(stack.databaseUrl)}   (${database})`,
  ];
  if (stack.tenantApi) lines.splice(3, 0, `  Console         ${stack.tenantApi.url}/console/${stack.devSignIn ? `?enterprise=${stack.devSignIn.enterpriseId}` : ''}`);
  if (stack.devSignIn) lines.splice(4, 0, `  Dev sign-in     ${stack.devSignIn.issuer}   (sandbox identity provider: pick a user, no password)`);
  if (stack.credentials && config.mode === 'production') {
    lines.push('', `First run: bootstrap credentials saved with mode 0600 to ${stack.credentialsPath}`);
  } else if (stack.credentials) {
    lines.push(
      '',
      'First run: bootstrap credentials (shown once; also saved with mode 0600 to',
      `  ${stack.credentialsPath})`,
      `  enterprise_id   ${stack.credentials.enterprise_id}`,
      `  client_id       ${stack.credentials.client_id}`,
      `  client_secret   ${stack.credentials.client_secret}`,
    );
  } else {
    lines.push('', `Bootstrap credentials from the first run: ${stack.credentialsPath}`);
  }
  lines.push('', 'Press Ctrl-C to stop.', '');
  return lines.join('\n');
}

/** `start`, `api`, `worker`: runs until SIGINT or SIGTERM, then drains and exits. */
export async function serve(role: Role): Promise<void> {
  const config = loadConfig();
  // Before the stack's modules load: the SQL instrumentation hooks the database driver as it is required.
  startTracing(role === 'all' ? 'counterfoil' : `counterfoil-${role}`);
  const { startStack } = await import('../processes');
  const log = createLogger(config.logLevel, { role });
  const started = Date.now();
  const stack = await startStack(config, log, role);
  process.stdout.write(banner(stack, config));
  log.info({ ready_ms: Date.now() - started }, 'ready');

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    stack
      .stop()
      .then(() => shutdownTracing())
      .then(
      () => process.exit(0),
      (err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
