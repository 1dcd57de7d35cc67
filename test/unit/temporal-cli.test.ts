// Path resolution of the Temporal CLI: which binary wins, and where the cached
// build lives. Uses throwaway fake executables; never builds or downloads.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cliCachePath, findOnPath, findTemporalCli } from '../../temporal/cli';
import { TEMPORAL_CLI_VERSION } from '../../temporal/version';

const VERSION = 'v9.9.9-test';

let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'temporal-cli-test-'));
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function fakeBinary(relative: string, mode = 0o755): string {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '#!/bin/sh\nexit 0\n');
  fs.chmodSync(file, mode);
  return file;
}

describe('cliCachePath', () => {
  it('lives under XDG_CACHE_HOME, keyed by version', () => {
    expect(cliCachePath('v1.5.1', { XDG_CACHE_HOME: '/xdg' }, '/home/u')).toBe(
      '/xdg/counterfoil/temporal-cli/v1.5.1/temporal',
    );
  });

  it('falls back to ~/.cache when XDG_CACHE_HOME is unset, empty or relative', () => {
    const expected = '/home/u/.cache/counterfoil/temporal-cli/v1.5.1/temporal';
    expect(cliCachePath('v1.5.1', {}, '/home/u')).toBe(expected);
    expect(cliCachePath('v1.5.1', { XDG_CACHE_HOME: '' }, '/home/u')).toBe(expected);
    expect(cliCachePath('v1.5.1', { XDG_CACHE_HOME: 'relative/cache' }, '/home/u')).toBe(expected);
  });

  it('gives each version its own folder', () => {
    const a = cliCachePath('v1.5.1', {}, '/home/u');
    const b = cliCachePath('v1.6.0', {}, '/home/u');
    expect(path.dirname(a)).not.toBe(path.dirname(b));
    expect(path.basename(path.dirname(a))).toBe('v1.5.1');
  });

  it('is outside the work tree for the pinned version', () => {
    const cached = cliCachePath(TEMPORAL_CLI_VERSION, {}, os.homedir());
    expect(cached.startsWith(path.resolve(__dirname, '../..') + path.sep)).toBe(false);
    expect(cached).toContain(TEMPORAL_CLI_VERSION);
  });
});

describe('findTemporalCli', () => {
  const home = (): string => path.join(root, 'home');
  const cached = (): string => cliCachePath(VERSION, {}, home());

  it('prefers TEMPORAL_CLI over PATH and the cache', async () => {
    const override = fakeBinary('override/temporal');
    fakeBinary('bin/temporal');
    fakeBinary(path.relative(root, cached()));
    const env = { TEMPORAL_CLI: override, PATH: path.join(root, 'bin') };
    await expect(findTemporalCli(VERSION, env, home())).resolves.toBe(override);
  });

  it('rejects a TEMPORAL_CLI that does not exist, naming the variable', async () => {
    const env = { TEMPORAL_CLI: path.join(root, 'missing/temporal'), PATH: '' };
    await expect(findTemporalCli(VERSION, env, home())).rejects.toThrow(/TEMPORAL_CLI/);
  });

  it('rejects a TEMPORAL_CLI that is not executable or is a directory', async () => {
    const notExecutable = fakeBinary('plain/temporal', 0o644);
    await expect(findTemporalCli(VERSION, { TEMPORAL_CLI: notExecutable }, home())).rejects.toThrow(/TEMPORAL_CLI/);
    await expect(findTemporalCli(VERSION, { TEMPORAL_CLI: root }, home())).rejects.toThrow(/TEMPORAL_CLI/);
  });

  it('uses temporal from PATH before the cache', async () => {
    const onPath = fakeBinary('bin/temporal');
    fakeBinary(path.relative(root, cached()));
    const env = { PATH: ['', path.join(root, 'empty'), path.join(root, 'bin')].join(path.delimiter) };
    await expect(findTemporalCli(VERSION, env, home())).resolves.toBe(onPath);
  });

  it('skips non-executable files on PATH', async () => {
    fakeBinary('first/temporal', 0o644);
    const second = fakeBinary('second/temporal');
    const env = { PATH: [path.join(root, 'first'), path.join(root, 'second')].join(path.delimiter) };
    await expect(findOnPath('temporal', env)).resolves.toBe(second);
  });

  it('falls back to the per-version cache', async () => {
    fakeBinary(path.relative(root, cached()));
    await expect(findTemporalCli(VERSION, { PATH: '' }, home())).resolves.toBe(cached());
  });

  it('honours XDG_CACHE_HOME for the cache', async () => {
    const xdg = path.join(root, 'xdg');
    const inXdg = cliCachePath(VERSION, { XDG_CACHE_HOME: xdg }, home());
    fakeBinary(path.relative(root, inXdg));
    await expect(findTemporalCli(VERSION, { PATH: '', XDG_CACHE_HOME: xdg }, home())).resolves.toBe(inXdg);
  });

  it('returns null when it has to be built (another version cached does not count)', async () => {
    fakeBinary(path.relative(root, cliCachePath('v0.0.1-other', {}, home())));
    await expect(findTemporalCli(VERSION, { PATH: '' }, home())).resolves.toBeNull();
  });
});
