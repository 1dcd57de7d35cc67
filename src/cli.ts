// `counterfoil <command>`: the commands are the table in cli/table.ts. Only the table and its parser
// load up front, so `--help` and a wrong command line answer without configuration or connections.
import { UsageError } from './cli/errors';
import { resolve, usage } from './cli/parse';
import { COMMANDS } from './cli/table';

/**
 * Failures whose message says all an operator needs: printed as one line, never with a stack. Told
 * apart by name, so this entry point need not load the modules (ORM, Temporal) that define them.
 */
const EXPLAINED = new Set(['CliFailure', 'ConfigError', 'DependencyPatchError', 'NotMigratedError', 'CredentialsFileExistsError', 'TemporalSetupError', 'DevelopmentDependencyMissing']);
/** Connection failures (socket errors, PostgreSQL's refused login or missing database): the driver's message names the server. */
const UNREACHABLE = /^(E[A-Z]+|28000|28P01|3D000)$/;

function oneLine(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const code = (err as { code?: unknown }).code;
  if (!EXPLAINED.has(err.name) && !(typeof code === 'string' && UNREACHABLE.test(code))) return undefined;
  return err.message.replace(/^counterfoil: /, '').replace(/\s*\n\s*/g, ' ');
}

async function main(argv: string[]): Promise<void> {
  const resolved = resolve(COMMANDS, argv);
  if (resolved.kind === 'help') {
    process.stdout.write(usage(COMMANDS, resolved.path));
    return;
  }
  await resolved.command.run(resolved.input);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError) {
    process.stderr.write(`counterfoil: ${err.message}\n\n${usage(COMMANDS, err.path)}`);
    process.exit(2);
  }
  const line = oneLine(err);
  process.stderr.write(`counterfoil: ${line ?? (err instanceof Error ? (err.stack ?? err.message) : String(err))}\n`);
  process.exit(1);
});
