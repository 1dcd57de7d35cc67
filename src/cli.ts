import { connectPostgres } from './db/connect';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger } from './logger';
import { DependencyPatchError } from './dependency-patches';
import { startStack, type Role, type Stack } from './stack';
import { assertMigrated, initOrm, migrate, NotMigratedError } from './db/orm';
import { bootstrap, credentialsFileFor, CredentialsFileExistsError, writeCredentials } from './bootstrap';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHECKPOINT_KEY_NAME, checkpointAll, checkpointSigner, describeBrokenLink, verifyLedger, type CheckpointSigner } from './ledger';
import { PlatformKeys } from './auth/keys';
import { API_KEYS_USAGE, apiKeysCommand } from './domain/api-keys/cli';
import { AppError } from './errors';
import { KeyRing } from './auth/sealing';
import { rotateSealedSecrets, sealedSecretsStatus } from './domain/sealed-secrets/rotate';
import { Connection } from '@temporalio/client';
import { describeTemporalConnection, temporalConnectionOptions } from './temporal/connection';
import { parseDuration, temporalSetup, TemporalSetupError } from './temporal/setup';

/** `--flag` (boolean) and `--name value` (string) options; null when one is unknown or lacks its value. */
function parseFlags(args: string[], spec: Record<string, 'boolean' | 'string'>): Record<string, string | boolean> | null {
  const out: Record<string, string | boolean> = {};
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!.startsWith('--') ? args[i]!.slice(2) : undefined;
    const kind = name === undefined ? undefined : spec[name];
    if (!name || !kind) return null;
    if (kind === 'boolean') out[name] = true;
    else {
      const value = args[++i];
      if (value === undefined) return null;
      out[name] = value;
    }
  }
  return out;
}

const USAGE = `counterfoil <command>

  start       everything in one process: PostgreSQL (embedded unless DATABASE_URL), the Temporal dev
              server (unless TEMPORAL_ADDRESS), migrations, bootstrap, the worker and both APIs
  api         the tenant and signed APIs only (needs DATABASE_URL and TEMPORAL_ADDRESS; never migrates
              or bootstraps: run migrate and temporal setup first)
  worker      the Temporal worker only (same needs)
  migrate     apply pending migrations to DATABASE_URL (the only command besides start that changes the schema)
  temporal setup [--create-namespace] [--retention <duration>]
              make the Temporal namespace ready: check it exists (create it with --create-namespace, on a
              self-hosted cluster, keeping closed workflows for --retention, default 72h), and register
              Counterfoil's search attributes; idempotent, prints what it found and did
  bootstrap [--credentials-file <path>]
              create the first enterprise and its admin service account if the database has none (it
              must be migrated); the credentials go to a new 0600 file (default: the data folder's
              bootstrap-credentials.json, or one named for the enterprise if that exists), never to stdout
  openapi     print the tenant API's OpenAPI document
  ledger verify
              check DATABASE_URL's ledger: every transaction sums to zero per asset and every balance
              equals the fold of its postings and holds; every transaction's hash and every balance
              row's hash chain, and the signed checkpoints (the first broken link is named); exit
              status 1 on any violation
  ledger checkpoint
              sign a checkpoint of the hash chains for every enterprise whose ledger moved since its
              last one (the housekeeping schedule does this hourly); prints their ids
  keys rotate re-seal every secret at rest under the sealing key ring's first key; in sandbox a new
              first key is added to the key file first (older keys stay, so nothing sealed under them is
              lost). Prints what is sealed under each key
  keys status what is sealed under each key of the ring
${API_KEYS_USAGE}`;

function redactPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

function banner(stack: Stack, mode: Config['mode']): string {
  const lines = [
    '',
    'Counterfoil is running.',
    `  Tenant API      ${stack.tenantApi?.url ?? '-'}   (OpenAPI: ${stack.tenantApi ? stack.tenantApi.url + '/openapi.json' : '-'})`,
    `  Signed API      ${stack.signedApi ? stack.signedApi.url + '/v1' : '-'}`,
    `  Temporal UI     ${stack.temporalUiUrl ?? '(external Temporal: ' + stack.temporalAddress + ')'}`,
    `  Temporal gRPC   ${stack.temporalAddress}`,
    `  Operations      ${stack.opsUrl}   (/healthz, /readyz, /metrics)`,
    // The CLI's database commands (api-keys, ledger verify, keys) take this as DATABASE_URL; never a password in a banner.
    `  PostgreSQL      ${redactPassword(stack.databaseUrl)}   (DATABASE_URL for \`counterfoil api-keys\`, \`ledger verify\`, \`keys\`)`,
  ];
  if (stack.tenantApi) lines.splice(3, 0, `  Console         ${stack.tenantApi.url}/console/${stack.devSignIn ? `?enterprise=${stack.devSignIn.enterpriseId}` : ''}`);
  if (stack.devSignIn) lines.splice(4, 0, `  Dev sign-in     ${stack.devSignIn.issuer}   (sandbox identity provider: pick a user, no password)`);
  if (stack.credentials && mode === 'production') {
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

async function serve(role: Role): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel, { role });
  const started = Date.now();
  const stack = await startStack(config, log, role);
  process.stdout.write(banner(stack, config.mode));
  log.info({ ready_ms: Date.now() - started }, 'ready');

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    stack.stop().then(
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

async function main(argv: string[]): Promise<void> {
  const command = argv[0];
  switch (command) {
    case 'start':
      return serve('all');
    case 'api':
      return serve('api');
    case 'worker':
      return serve('worker');
    case 'migrate': {
      const config = loadConfig();
      if (!config.databaseUrl) throw new ConfigError('DATABASE_URL', 'is required for migrate');
      const orm = await initOrm(config.databaseUrl);
      try {
        const applied = await migrate(orm);
        process.stdout.write(`migrations applied: ${applied.length ? applied.join(', ') : 'none pending'}\n`);
      } finally {
        await orm.close(true);
      }
      return;
    }
    case 'bootstrap': {
      const flags = parseFlags(argv.slice(1), { 'credentials-file': 'string' });
      if (!flags) {
        process.stderr.write(`${USAGE}\n`);
        process.exitCode = 2;
        return;
      }
      const config = loadConfig();
      if (!config.databaseUrl) throw new ConfigError('DATABASE_URL', 'is required for bootstrap');
      const chosen = flags['credentials-file'] === undefined ? undefined : path.resolve(String(flags['credentials-file']));
      // Refused before the database is touched: an enterprise whose secret has nowhere to go is never created.
      if (chosen && existsSync(chosen)) throw new CredentialsFileExistsError(chosen);
      const sql = connectPostgres(config.databaseUrl, { max: 1, onnotice: () => {} });
      try {
        await assertMigrated(sql);
      } finally {
        await sql.end({ timeout: 5 });
      }
      const orm = await initOrm(config.databaseUrl);
      try {
        const created = await bootstrap(orm, config, (creds) => writeCredentials(chosen ?? credentialsFileFor(config.dataDir, creds), creds));
        // The secret is only in the file: never on stdout, where logs and CI transcripts keep it.
        if (created) process.stdout.write(`bootstrapped enterprise ${created.credentials.enterprise_id} (client_id ${created.credentials.client_id}); its credentials are in ${created.path} (mode 0600)\n`);
        else process.stdout.write('already bootstrapped; nothing changed\n');
      } finally {
        await orm.close(true);
      }
      return;
    }
    case 'temporal': {
      const args = parseFlags(argv.slice(2), { 'create-namespace': 'boolean', retention: 'string' });
      if (argv[1] !== 'setup' || !args) {
        process.stderr.write(`${USAGE}\n`);
        process.exitCode = 2;
        return;
      }
      const config = loadConfig();
      let retentionSeconds: number | undefined;
      try {
        retentionSeconds = args.retention === undefined ? undefined : parseDuration(String(args.retention));
      } catch (err) {
        throw new ConfigError('--retention', (err as Error).message);
      }
      const options = temporalConnectionOptions(config.temporal);
      process.stdout.write(`Temporal ${describeTemporalConnection(options)}, namespace ${config.temporalNamespace}\n`);
      const connection = await Connection.connect({ ...options, connectTimeout: '10s' });
      try {
        await temporalSetup(connection, {
          namespace: config.temporalNamespace,
          createNamespace: args['create-namespace'] === true,
          retentionSeconds,
          say: (line) => process.stdout.write(`${line}\n`),
        });
      } finally {
        await connection.close();
      }
      return;
    }
    case 'ledger': {
      if (argv[1] !== 'verify' && argv[1] !== 'checkpoint') {
        process.stderr.write(`${USAGE}\n`);
        process.exitCode = 2;
        return;
      }
      const config = loadConfig();
      if (!config.databaseUrl) throw new ConfigError('DATABASE_URL', `is required for ledger ${argv[1]}`);
      const sql = connectPostgres(config.databaseUrl, { max: 1, onnotice: () => {} });
      // The checkpoint key is a platform key, sealed under the key ring: without the ring, verify
      // still checks everything but the checkpoints' signatures.
      const signer = async (): Promise<CheckpointSigner> => checkpointSigner(await new PlatformKeys(sql, KeyRing.load(config.sealingKeys)).get(CHECKPOINT_KEY_NAME));
      try {
        if (argv[1] === 'checkpoint') {
          process.stdout.write(`${JSON.stringify({ checkpoints: await checkpointAll(sql, await signer()) }, null, 2)}\n`);
          return;
        }
        const publicKey = await signer().then(
          (s) => s.publicKey,
          (err) => {
            process.stderr.write(`checkpoint signatures not checked: ${(err as Error).message}\n`);
            return null;
          },
        );
        const report = await verifyLedger(sql, { checkpointPublicKey: publicKey });
        process.stdout.write(
          `ledger ${report.ok ? 'OK' : 'VIOLATED'}: ${report.transactions} transactions, ${report.postings} postings, ` +
            `${report.balances} balances, ${report.pendingHolds} pending holds; hash chains: ${report.chain.chainedTransactions} transactions ` +
            `(${report.chain.unchainedTransactions} booked before the chains), ${report.chain.checkpoints} checkpoints, ` +
            `${report.chain.firstBrokenLink ? `first broken link: ${describeBrokenLink(report.chain.firstBrokenLink)}` : 'unbroken'}\n`,
        );
        for (const v of report.violations) process.stdout.write(`  ${v}\n`);
        process.exitCode = report.ok ? 0 : 1;
      } finally {
        await sql.end({ timeout: 5 });
      }
      return;
    }
    case 'api-keys': {
      const config = loadConfig();
      if (!config.databaseUrl) throw new ConfigError('DATABASE_URL', 'is required for api-keys');
      const sql = connectPostgres(config.databaseUrl, { max: 1, onnotice: () => {} });
      try {
        process.stdout.write(`${JSON.stringify(await apiKeysCommand(sql, argv.slice(1)), null, 2)}\n`);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        process.stderr.write(`${err.detail}${err.options.reason ? ` (${err.options.reason})` : ''}\n`);
        process.exitCode = 1;
      } finally {
        await sql.end({ timeout: 5 });
      }
      return;
    }
    case 'keys': {
      if (argv[1] !== 'rotate' && argv[1] !== 'status') {
        process.stderr.write(`${USAGE}\n`);
        process.exitCode = 2;
        return;
      }
      const config = loadConfig();
      if (!config.databaseUrl) throw new ConfigError('DATABASE_URL', `is required for keys ${argv[1]}`);
      const ring = KeyRing.load(config.sealingKeys);
      const sql = connectPostgres(config.databaseUrl, { max: 1, onnotice: () => {} });
      try {
        const report = argv[1] === 'rotate' ? await rotateSealedSecrets(sql, ring, { addKey: config.sealingKeys.kind === 'file' && config.sealingKeys.generate }) : await sealedSecretsStatus(sql, ring);
        process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      } finally {
        await sql.end({ timeout: 5 });
      }
      return;
    }
    case 'openapi': {
      const { tenantOpenApi } = await import('./http/app'); // the worker role never loads the routes
      process.stdout.write(JSON.stringify(tenantOpenApi({ config: loadConfig() }), null, 2) + '\n');
      return;
    }
    default:
      process.stderr.write(`${USAGE}\n`);
      process.exitCode = command ? 2 : 0;
  }
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof ConfigError || err instanceof DependencyPatchError) process.stderr.write(`${err.message}\n`);
  else if (err instanceof NotMigratedError || err instanceof CredentialsFileExistsError || err instanceof TemporalSetupError) process.stderr.write(`counterfoil: ${err.message}\n`);
  else process.stderr.write(`counterfoil: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
