import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { databaseFor, maskPassword } from '../../src/cli/database';
import { CliFailure, UsageError } from '../../src/cli/errors';
import { helpPaths, resolve, synopsis, usage, type Resolved } from '../../src/cli/parse';
import { COMMANDS } from '../../src/cli/table';
import { findSandboxDatabase } from '../../src/db/sandbox-database';

const usageError = (argv: string[]): UsageError => {
  try {
    resolve(COMMANDS, argv);
  } catch (err) {
    if (err instanceof UsageError) return err;
    throw err;
  }
  throw new Error(`counterfoil ${argv.join(' ')} was accepted`);
};
const ran = (argv: string[]) => {
  const r: Resolved = resolve(COMMANDS, argv);
  if (r.kind !== 'run') throw new Error(`counterfoil ${argv.join(' ')} asked for help`);
  return { path: r.command.path.join(' '), ...r.input };
};

describe('the command line', () => {
  it('asks for help with --help or -h anywhere before `--`, and with `help <command>`', () => {
    expect(resolve(COMMANDS, ['--help'])).toEqual({ kind: 'help', path: [] });
    expect(resolve(COMMANDS, ['help'])).toEqual({ kind: 'help', path: [] });
    expect(resolve(COMMANDS, ['help', 'ledger'])).toEqual({ kind: 'help', path: ['ledger'] });
    expect(resolve(COMMANDS, ['help', 'ledger', 'verify'])).toEqual({ kind: 'help', path: ['ledger', 'verify'] });
    expect(resolve(COMMANDS, ['ledger', '-h'])).toEqual({ kind: 'help', path: ['ledger'] });
    expect(resolve(COMMANDS, ['ledger', 'bogus', '--help'])).toEqual({ kind: 'help', path: ['ledger'] });
    expect(resolve(COMMANDS, ['api-keys', 'create', '--nope', '--help'])).toEqual({ kind: 'help', path: ['api-keys', 'create'] });
    // After `--` a word is an argument, never a flag.
    expect(usageError(['api-keys', 'revoke', 'key_1', '--', '-h']).message).toBe('unexpected argument "-h"');
    expect(ran(['api-keys', 'revoke', '--', '-h'])).toEqual({ path: 'api-keys revoke', flags: {}, args: ['-h'] });
  });

  it('parses flags, repeated flags, `--name=value` and arguments', () => {
    expect(ran(['api-keys', 'create', '--label=from a shell', '--client', 'c1', '--allow', '10.0.0.0/8', '--allow', '::1'])).toEqual({
      path: 'api-keys create',
      flags: { label: 'from a shell', client: 'c1', allow: ['10.0.0.0/8', '::1'] },
      args: [],
    });
    expect(ran(['temporal', 'setup', '--create-namespace', '--retention', '7d'])).toEqual({ path: 'temporal setup', flags: { 'create-namespace': true, retention: '7d' }, args: [] });
    expect(ran(['api-keys', 'reactivate', 'key_9'])).toEqual({ path: 'api-keys reactivate', flags: {}, args: ['key_9'] });
  });

  it.each([
    [[], 'no command given', []],
    [['frobnicate'], 'unknown command "frobnicate"', []],
    [['-x'], 'unknown flag -x', []],
    [['help', 'frobnicate'], 'unknown command "frobnicate"', []],
    [['ledger'], 'ledger needs a command', ['ledger']],
    [['ledger', 'frobnicate'], 'unknown command "ledger frobnicate"', ['ledger']],
    [['migrate', '--bogus'], 'unknown flag --bogus', ['migrate']],
    [['migrate', '-q'], 'unknown flag -q', ['migrate']],
    [['temporal', 'setup', '--retention'], '--retention needs a value', ['temporal', 'setup']],
    [['temporal', 'setup', '--retention', '--create-namespace'], '--retention needs a value', ['temporal', 'setup']],
    [['temporal', 'setup', '--retention='], '--retention needs a value', ['temporal', 'setup']],
    [['temporal', 'setup', '--create-namespace=yes'], '--create-namespace takes no value', ['temporal', 'setup']],
    [['api-keys', 'create', '--label', 'x'], '--client is required', ['api-keys', 'create']],
    [['api-keys', 'create', '--client', 'c', '--label', 'x', '--allow='], '--allow needs a value', ['api-keys', 'create']],
    [['api-keys', 'revoke'], '<api_key_id> is required', ['api-keys', 'revoke']],
    [['api-keys', 'revoke', 'a', 'b'], 'unexpected argument "b"', ['api-keys', 'revoke']],
  ])('refuses `counterfoil %j`: %s', (argv, message, usagePath) => {
    const err = usageError(argv as string[]);
    expect(err.message).toBe(message);
    expect(err.path).toEqual(usagePath);
  });

  it('has a usage for every command and group, naming its flags and arguments', () => {
    const paths = helpPaths(COMMANDS);
    expect(paths.map((p) => p.join(' '))).toEqual(expect.arrayContaining(['start', 'api', 'worker', 'migrate', 'bootstrap', 'openapi', 'temporal setup', 'ledger verify', 'ledger checkpoint', 'keys rotate', 'keys status', 'api-keys create', 'api-keys list', 'api-keys revoke', 'api-keys reactivate', 'temporal', 'ledger', 'keys', 'api-keys']));
    for (const words of paths) {
      // The entry point prints usage and runs nothing when resolve() says help: so for every path, both spellings.
      for (const flag of ['--help', '-h']) expect(resolve(COMMANDS, [...words, flag])).toEqual({ kind: 'help', path: words });
      expect(resolve(COMMANDS, ['help', ...words])).toEqual({ kind: 'help', path: words });
    }
    for (const command of COMMANDS) {
      const text = usage(COMMANDS, command.path);
      expect(text.startsWith(`usage: ${synopsis(command)}\n`)).toBe(true);
      for (const flag of Object.keys(command.flags ?? {})) expect(text).toContain(`--${flag}`);
      for (const arg of command.args ?? []) expect(text).toContain(arg.name);
      expect(text).toContain('-h, --help');
    }
    expect(synopsis(COMMANDS.find((c) => c.path.join(' ') === 'api-keys create')!)).toBe(
      'counterfoil api-keys create --client <client_id> --label <text> [--account <client_account_id>] [--allow <ip|cidr>]...',
    );
    expect(usage(COMMANDS, ['keys'])).toMatch(/^usage: counterfoil keys <command> \[flags\]\n\nCommands:\n {2}keys rotate +re-seal/);
    expect(usage(COMMANDS, [])).toContain('help [<command>]');
  });
});

describe('the sandbox database', () => {
  const folder = () => mkdtempSync(path.join(os.tmpdir(), 'counterfoil-sandbox-db-'));
  const sandbox = (dataDir: string, extra: Record<string, string> = {}) => loadConfig({ COUNTERFOIL_DATA_DIR: dataDir, ...extra });
  const started = (dataDir: string, password: string, pidFile: string) => {
    mkdirSync(path.join(dataDir, 'postgres'), { recursive: true });
    writeFileSync(path.join(dataDir, 'postgres-password'), `${password}\n`);
    writeFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), pidFile);
  };

  it('is found from the password file and the running server\'s postmaster.pid, and named with the password masked', () => {
    const dataDir = folder();
    started(dataDir, 'p@ss:/word', `4242\n${dataDir}/postgres\n1700000000\n55433\n\n127.0.0.1\n  1234567     98304\nready\n`);
    const found = findSandboxDatabase(dataDir);
    expect(found).toEqual({ kind: 'running', port: 55433, clusterDir: path.join(dataDir, 'postgres'), url: 'postgres://postgres:p%40ss%3A%2Fword@127.0.0.1:55433/counterfoil' });
    const said: string[] = [];
    // COUNTERFOIL_PG_PORT does not matter: the port is the one the server listens on.
    expect(databaseFor(sandbox(dataDir, { COUNTERFOIL_PG_PORT: '6000' }), 'ledger verify', (l) => said.push(l))).toBe(found.kind === 'running' && found.url);
    expect(said).toEqual([`counterfoil: using the sandbox database postgres://postgres:***@127.0.0.1:55433/counterfoil of ${dataDir} (set DATABASE_URL for another)`]);
  });

  it('is never used in production, nor over DATABASE_URL', () => {
    const dataDir = folder();
    started(dataDir, 'secret', `1\n\n\n55433\n`);
    const said: string[] = [];
    const explicit = 'postgres://app@db.example:5432/counterfoil';
    expect(databaseFor(sandbox(dataDir, { DATABASE_URL: explicit }), 'migrate', (l) => said.push(l))).toBe(explicit);
    const production = sandbox(dataDir, { COUNTERFOIL_MODE: 'production', COUNTERFOIL_SEALING_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}` });
    expect(() => databaseFor(production, 'migrate', (l) => said.push(l))).toThrow(new CliFailure('DATABASE_URL is required for migrate'));
    expect(said).toEqual([]);
  });

  it('says why it is missing: never started here, or not running', () => {
    const dataDir = folder();
    expect(findSandboxDatabase(dataDir)).toEqual({ kind: 'none' });
    expect(() => databaseFor(sandbox(dataDir), 'keys status')).toThrow(`DATABASE_URL is required for keys status (or run \`npm start\` first: the CLI then finds its sandbox database in ${dataDir})`);
    mkdirSync(path.join(dataDir, 'postgres'));
    writeFileSync(path.join(dataDir, 'postgres-password'), 'secret\n');
    expect(findSandboxDatabase(dataDir)).toEqual({ kind: 'stopped', clusterDir: path.join(dataDir, 'postgres') });
    expect(() => databaseFor(sandbox(dataDir), 'keys status')).toThrow(`the sandbox database in ${path.join(dataDir, 'postgres')} is not running`);
    writeFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), '4242\n');
    expect(() => findSandboxDatabase(dataDir)).toThrow('postmaster.pid names no port');
  });

  it('masks the password of a URL to print', () => {
    expect(maskPassword('postgres://postgres:s3cret@127.0.0.1:5433/counterfoil')).toBe('postgres://postgres:***@127.0.0.1:5433/counterfoil');
    expect(maskPassword('postgres://app@db:5432/x')).toBe('postgres://app@db:5432/x');
    expect(maskPassword('not a url')).toBe('(DATABASE_URL)');
  });
});
