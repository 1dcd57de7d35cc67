import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const { timesFile, readTimes, writeTimes, merge } = require('../helpers/test-times.cjs') as {
  timesFile(env: NodeJS.ProcessEnv): string;
  readTimes(file: string): Record<string, number>;
  writeTimes(file: string, times: Record<string, number>): void;
  merge(old: Record<string, number>, measured: Record<string, number>): Record<string, number>;
};

describe('recorded test times (the shard split of npm test)', () => {
  it('live in the per-user cache, and a relative XDG_CACHE_HOME is ignored', () => {
    expect(timesFile({ XDG_CACHE_HOME: '/var/cache/x' })).toBe('/var/cache/x/counterfoil/test-times.json');
    expect(timesFile({ XDG_CACHE_HOME: 'relative' })).toBe(path.join(os.homedir(), '.cache', 'counterfoil', 'test-times.json'));
  });

  it('move half way to a new measurement, keep files not measured, and take new files as measured', () => {
    expect(merge({ 'a.test.ts': 10, 'b.test.ts': 4 }, { 'a.test.ts': 30, 'c.test.ts': 7.5 })).toEqual({ 'a.test.ts': 20, 'b.test.ts': 4, 'c.test.ts': 7.5 });
  });

  it('read back what was written; a missing or damaged file, or a figure that is not a duration, reads as nothing', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'test-times-'));
    const file = path.join(dir, 'nested', 'times.json');
    writeTimes(file, { 'a.test.ts': 12.5 });
    expect(readTimes(file)).toEqual({ 'a.test.ts': 12.5 });
    expect(readTimes(path.join(dir, 'absent.json'))).toEqual({});
    writeFileSync(path.join(dir, 'bad.json'), '{not json');
    expect(readTimes(path.join(dir, 'bad.json'))).toEqual({});
    writeFileSync(path.join(dir, 'odd.json'), JSON.stringify({ 'a.test.ts': 'slow', 'b.test.ts': -1, 'c.test.ts': 3 }));
    expect(readTimes(path.join(dir, 'odd.json'))).toEqual({ 'c.test.ts': 3 });
  });
});
