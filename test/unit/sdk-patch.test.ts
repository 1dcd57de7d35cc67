import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isolateTimeoutOptions } from '../../src/temporal/worker';

const { applyPatch, isPatched } = require('../../temporal/sdk-patch.cjs') as {
  applyPatch(file: string | null): 'absent' | 'already' | 'unrecognised' | 'applied';
  isPatched(file?: string | null): boolean;
};

const timedCall = (indent: string) => `${indent}timeout: isolateExecutionTimeoutMs,\n${indent}displayErrors: true,\n`;
/** The four timed entries of @temporalio/worker 1.24's reusable-vm.js, reduced to their lines. */
const SDK_TEXT = ['    ', '  ', '  ', '      '].map(timedCall).join('});\n');

function scratchFile(text: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'sdk-patch-')), 'reusable-vm.js');
  writeFileSync(file, text);
  return file;
}

describe('temporal/sdk-patch.cjs', () => {
  it('makes every timed entry treat 0 as no timeout, once', () => {
    const file = scratchFile(SDK_TEXT);
    expect(isPatched(file)).toBe(false);
    expect(applyPatch(file)).toBe('applied');
    const patched = readFileSync(file, 'utf8');
    expect(patched.match(/timeout: isolateExecutionTimeoutMs \|\| undefined,/g)).toHaveLength(4);
    expect(patched).not.toMatch(/timeout: isolateExecutionTimeoutMs,/);
    expect(isPatched(file)).toBe(true);
    expect(applyPatch(file)).toBe('already');
    expect(readFileSync(file, 'utf8')).toBe(patched);
  });

  it('leaves an SDK it does not recognise untouched', () => {
    const changed = SDK_TEXT.replace(timedCall('  '), '');
    const file = scratchFile(changed);
    expect(applyPatch(file)).toBe('unrecognised');
    expect(readFileSync(file, 'utf8')).toBe(changed);
    expect(applyPatch(null)).toBe('absent');
  });

  it('is applied to the installed SDK, so the worker runs without per-call watchdogs by default', () => {
    expect(isPatched()).toBe(true);
    expect(isolateTimeoutOptions(0)).toEqual({ isolateExecutionTimeout: 0 });
    expect(isolateTimeoutOptions(2000)).toEqual({ isolateExecutionTimeout: 2000 });
  });
});
