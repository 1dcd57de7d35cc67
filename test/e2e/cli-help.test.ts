import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { connectPostgres } from '../../src/db/connect';
import { createScratchDatabase, databaseName, dropDatabase, withDatabase } from '../../src/db/postgres-server';
import { helpPaths } from '../../src/cli/parse';
import { COMMANDS } from '../../src/cli/table';
import { freePort } from '../../temporal/dev-server';
import { runState } from '../helpers/run-state';

const ROOT = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT, 'bin/counterfoil');

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `bin/counterfoil <args>` as a real process, in sandbox mode (the sources through tsx) unless `env`
 * says otherwise. Only the variables given: never the developer's DATABASE_URL or data folder.
 */
function counterfoil(args: string[], env: Record<string, string>, file = BIN, prefix: string[] = []): Promise<Ran> {
  return promisify(execFile)(file, [...prefix, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
    timeout: 90_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
}

/** Production mode through the sources: bin/counterfoil would run a dist/ that an earlier build left. */
const production = (args: string[], env: Record<string, string>) =>
  counterfoil(args, { COUNTERFOIL_MODE: 'production', ...env }, process.execPath, ['--import', 'tsx', 'src/cli.ts']);

/** Runs `jobs` at most `width` at a time: each is a tsx start-up, mostly waiting on the CPU. */
async function inBatches<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let databaseUrl: string;
let tmp: string;
beforeAll(async () => {
  databaseUrl = await createScratchDatabase(runState().serverUrl, 'cli_help');
  tmp = mkdtempSync(path.join(runState().tmpDir, 'cli-help-'));
});
afterAll(async () => {
  if (databaseUrl) await dropDatabase(databaseUrl);
});

/** The database's tables with their row counts: what a command that migrated or wrote would change. */
async function tables(): Promise<string[]> {
  const own = connectPostgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await own<{ name: string }[]>`select relname as name from pg_stat_user_tables order by relname`;
    const counted: string[] = [];
    for (const { name } of rows) counted.push(`${name}:${(await own.unsafe(`select count(*)::int as n from "${name}"`))[0]!.n}`);
    return counted;
  } finally {
    await own.end({ timeout: 5 });
  }
}

/**
 * The database's sessions and commits as the server counts them, read from another database so
 * reading does not count: a command that so much as connected changes them. A backend adds its
 * session to these figures as it exits, before it leaves pg_stat_activity: read once none is left.
 */
async function sessions(): Promise<{ sessions: number; commits: number }> {
  const admin = connectPostgres(withDatabase(runState().serverUrl, 'postgres'), { max: 1, onnotice: () => {} });
  const name = databaseName(databaseUrl);
  try {
    for (let i = 0; i < 100; i++) {
      const [{ n }] = await admin<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = ${name}`;
      if (n === 0) break;
      await sleep(100);
    }
    return (await admin<{ sessions: number; commits: number }[]>`select sessions::int, xact_commit::int as commits from pg_stat_database where datname = ${name}`)[0]!;
  } finally {
    await admin.end({ timeout: 5 });
  }
}

describe('counterfoil --help', () => {
  it('each group and a command of each answers --help and -h with its usage, exit 0, and touches neither the database nor the data folder', async () => {
    const dataDir = path.join(tmp, 'help-data');
    // Everything a command would need to run for real: one that ignored --help would connect, migrate, write.
    const env = {
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: runState().temporalAddress,
      TEMPORAL_NAMESPACE: runState().namespace,
      COUNTERFOIL_DATA_DIR: dataDir,
      COUNTERFOIL_API_PORT: String(await freePort()),
      COUNTERFOIL_SIGNED_API_PORT: String(await freePort()),
    };
    const tablesBefore = await tables();
    const before = await sessions();
    // Every path's help is resolved and rendered in test/unit/cli-parse.test.ts; as processes, each group,
    // the first command of each group, and two single commands, so both spellings reach the entry point.
    const paths = helpPaths(COMMANDS);
    const groups = paths.filter((words) => words.length === 1 && !COMMANDS.some((c) => c.path.join(' ') === words[0]));
    const sample = [
      ...groups.map((g) => ({ words: g, flag: '-h' })),
      ...groups.map((g) => ({ words: COMMANDS.find((c) => c.path[0] === g[0] && c.path.length > 1)!.path as string[], flag: '--help' })),
      { words: ['start'], flag: '--help' },
      { words: ['migrate'], flag: '-h' },
    ];
    expect(groups.map((g) => g[0])).toEqual(expect.arrayContaining(['keys', 'ledger', 'api-keys', 'temporal']));
    const cases = [
      ...sample.map(({ words, flag }) => ({ args: [...words, flag], words })),
      { args: ['help', 'keys', 'rotate'], words: ['keys', 'rotate'] },
      // Help wins over whatever else the line holds.
      { args: ['api-keys', 'revoke', 'key_1', '--bogus', '-h'], words: ['api-keys', 'revoke'] },
      { args: ['--help'], words: [] },
      { args: ['-h'], words: [] },
      { args: ['help'], words: [] },
    ];
    const began = Date.now();
    const results = await inBatches(cases.map((c) => () => counterfoil(c.args, env)), 4);
    process.stderr.write(`[cli-help] ${cases.length} help invocations in ${Date.now() - began} ms\n`);

    results.forEach((res, i) => {
      const { args, words } = cases[i]!;
      const context = `counterfoil ${args.join(' ')}: ${res.stderr}`;
      expect({ context, code: res.code, stderr: res.stderr }).toEqual({ context, code: 0, stderr: '' });
      const command = COMMANDS.find((c) => c.path.join(' ') === words.join(' '));
      if (command) {
        expect(res.stdout).toContain(`usage: counterfoil ${words.join(' ')}`);
        expect(res.stdout).toContain(command.description.split('\n')[0]);
        for (const flag of Object.keys(command.flags ?? {})) expect(res.stdout).toContain(`--${flag}`);
      } else if (words.length === 1) {
        expect(res.stdout).toContain(`usage: counterfoil ${words[0]} <command>`);
        for (const sub of COMMANDS.filter((c) => c.path[0] === words[0])) expect(res.stdout).toContain(sub.path.join(' '));
      } else {
        expect(res.stdout).toContain('usage: counterfoil <command>');
        for (const c of COMMANDS) expect(res.stdout).toContain(c.path.join(' '));
      }
    });

    expect(await sessions()).toEqual(before);
    expect(await tables()).toEqual(tablesBefore);
    expect(existsSync(dataDir)).toBe(false);

    // The check has teeth: the same environment without --help connects to the database and creates the data folder.
    const control = await sessions();
    const ran = await counterfoil(['ledger', 'verify'], env);
    expect(ran.code).not.toBe(0); // the scratch database has no schema
    expect((await sessions()).sessions).toBeGreaterThan(control.sessions);
    expect(existsSync(dataDir)).toBe(true);
  }, 240_000); // 15 tsx start-ups: a few seconds on an idle 2-core machine, a minute on a loaded one

  it('--help loads the command table and its parser, and none of the commands', async () => {
    // Every CommonJS module the process loaded, listed as it exits (bin/counterfoil passes NODE_OPTIONS to node).
    const hook = path.join(tmp, 'loaded-modules.cjs');
    writeFileSync(hook, "process.on('exit', () => process.stderr.write(JSON.stringify(Object.keys(require.cache))));\n");
    const res = await counterfoil(['ledger', 'verify', '--help'], { NODE_OPTIONS: `--require ${hook}`, DATABASE_URL: databaseUrl, COUNTERFOIL_DATA_DIR: path.join(tmp, 'loaded-data') });
    expect(res.code).toBe(0);
    const loaded = (JSON.parse(res.stderr) as string[]).filter((file) => file !== hook).map((file) => path.relative(ROOT, file));
    // The TypeScript loader of the development launcher aside, only these four.
    expect(loaded.filter((file) => !/^node_modules\/(tsx|esbuild)\//.test(file)).sort()).toEqual(['src/cli.ts', 'src/cli/errors.ts', 'src/cli/parse.ts', 'src/cli/table.ts']);
  }, 120_000);

  it('a wrong command line prints the usage on stderr and exits 2; a missing setting is one line naming it', async () => {
    const dataDir = path.join(tmp, 'wrong-data');
    const env = { COUNTERFOIL_DATA_DIR: dataDir };
    const keyFile = path.join(tmp, 'absent-sealing-keys');
    const [none, unknownCommand, unknownFlag, missingValue, emptyValue, missingFlag, missingArgument, extraArgument, groupOnly, production1] = await inBatches(
      [
        () => counterfoil([], env),
        () => counterfoil(['frobnicate'], env),
        () => counterfoil(['ledger', 'verify', '--bogus'], env),
        () => counterfoil(['temporal', 'setup', '--retention'], env),
        () => counterfoil(['bootstrap', '--credentials-file='], env),
        () => counterfoil(['api-keys', 'create', '--client', 'client_1'], env),
        () => counterfoil(['api-keys', 'revoke'], env),
        () => counterfoil(['migrate', 'now'], env),
        () => counterfoil(['keys'], env),
        () => production(['ledger', 'verify'], { ...env, COUNTERFOIL_SEALING_KEY_FILE: keyFile }),
      ],
      4,
    );
    const overview = 'usage: counterfoil <command> [flags]';
    expect(none).toMatchObject({ code: 2, stdout: '' });
    expect(none.stderr).toContain(`counterfoil: no command given\n\n${overview}`);
    expect(unknownCommand).toMatchObject({ code: 2, stdout: '' });
    expect(unknownCommand.stderr).toContain(`counterfoil: unknown command "frobnicate"\n\n${overview}`);
    expect(unknownFlag).toMatchObject({ code: 2, stdout: '' });
    expect(unknownFlag.stderr).toContain('counterfoil: unknown flag --bogus\n\nusage: counterfoil ledger verify\n');
    expect(missingValue).toMatchObject({ code: 2, stdout: '' });
    expect(missingValue.stderr).toContain('counterfoil: --retention needs a value\n\nusage: counterfoil temporal setup [--create-namespace] [--retention <duration>]');
    expect(emptyValue.code).toBe(2);
    expect(emptyValue.stderr).toContain('counterfoil: --credentials-file needs a value\n\nusage: counterfoil bootstrap');
    expect(missingFlag.code).toBe(2);
    expect(missingFlag.stderr).toContain('counterfoil: --label is required\n\nusage: counterfoil api-keys create --client <client_id> --label <text>');
    expect(missingArgument.code).toBe(2);
    expect(missingArgument.stderr).toContain('counterfoil: <api_key_id> is required\n\nusage: counterfoil api-keys revoke <api_key_id>');
    expect(extraArgument.code).toBe(2);
    expect(extraArgument.stderr).toContain('counterfoil: unexpected argument "now"\n\nusage: counterfoil migrate');
    expect(groupOnly.code).toBe(2);
    expect(groupOnly.stderr).toContain('counterfoil: keys needs a command\n\nusage: counterfoil keys <command> [flags]');

    // Production never guesses a database: one line naming the setting, no stack trace.
    expect(production1).toEqual({ code: 1, stdout: '', stderr: 'counterfoil: DATABASE_URL is required for ledger verify\n' });
    expect(existsSync(dataDir)).toBe(false);
  }, 240_000);

  it('in sandbox mode the database commands find the sandbox database of the data folder, and say which (password masked)', async () => {
    const empty = path.join(tmp, 'sandbox-empty');
    const stopped = path.join(tmp, 'sandbox-stopped');
    const running = path.join(tmp, 'sandbox-running');
    const password = 'pa ss/word+1';
    for (const dir of [stopped, running]) {
      mkdirSync(path.join(dir, 'postgres'), { recursive: true });
      writeFileSync(path.join(dir, 'postgres-password'), `${password}\n`, { mode: 0o600 });
    }
    // The server writes postmaster.pid while it runs; its fourth line is the port. Nothing listens on this one.
    const port = await freePort();
    writeFileSync(path.join(running, 'postgres', 'postmaster.pid'), `999999\n${path.join(running, 'postgres')}\n1700000000\n${port}\n\n127.0.0.1\n`);
    const keyFile = path.join(tmp, 'absent-sealing-keys');

    const [noneRes, stoppedRes, runningRes, productionRes] = await inBatches(
      [
        () => counterfoil(['ledger', 'verify'], { COUNTERFOIL_DATA_DIR: empty }),
        () => counterfoil(['keys', 'status'], { COUNTERFOIL_DATA_DIR: stopped }),
        () => counterfoil(['migrate'], { COUNTERFOIL_DATA_DIR: running }),
        // Production never uses the sandbox database, even where one runs.
        () => production(['api-keys', 'list'], { COUNTERFOIL_DATA_DIR: running, COUNTERFOIL_SEALING_KEY_FILE: keyFile }),
      ],
      4,
    );
    expect(noneRes).toEqual({
      code: 1,
      stdout: '',
      stderr: `counterfoil: DATABASE_URL is required for ledger verify (or run \`npm start\` first: the CLI then finds its sandbox database in ${empty})\n`,
    });
    expect(stoppedRes).toEqual({
      code: 1,
      stdout: '',
      stderr: `counterfoil: DATABASE_URL is required for keys status: the sandbox database in ${path.join(stopped, 'postgres')} is not running (start it with \`npm start\`)\n`,
    });
    // Found: named on stderr with the port of postmaster.pid and the password masked; unreachable here, which is one line too.
    expect(runningRes.code).toBe(1);
    const lines = runningRes.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`counterfoil: using the sandbox database postgres://postgres:***@127.0.0.1:${port}/counterfoil of ${running} (set DATABASE_URL for another)`);
    expect(lines.slice(1)).toEqual([expect.stringMatching(new RegExp(`^counterfoil: .*ECONNREFUSED.*${port}`))]);
    expect(runningRes.stderr).not.toContain('pa ss');
    expect(runningRes.stderr).not.toContain(encodeURIComponent(password));
    expect(productionRes).toEqual({ code: 1, stdout: '', stderr: 'counterfoil: DATABASE_URL is required for api-keys list\n' });
  }, 240_000);
});
