import { readFileSync } from 'node:fs';
import { withoutEmbeddedSources } from '../../src/temporal/worker';
import { runState } from '../helpers/run-state';

const MARK = '//# sourceMappingURL=data:application/json;charset=utf-8;base64,';
const inlineMap = (code: string) => JSON.parse(Buffer.from(code.slice(code.indexOf('base64,', code.lastIndexOf('//# sourceMappingURL=')) + 7).trim(), 'base64').toString('utf8'));

describe('the cached workflow bundle', () => {
  it('keeps a source map to the workflow sources, without their text', () => {
    const code = readFileSync(runState().workflowBundlePath, 'utf8');
    const map = inlineMap(code);
    expect(map.sources.some((s: string) => s.endsWith('workflows/withdrawal.ts'))).toBe(true);
    expect(map.mappings.length).toBeGreaterThan(1000);
    expect(map.sourcesContent).toBeUndefined();
  });

  it('strips only sourcesContent, and leaves a bundle without a source map as it is', () => {
    const map = { version: 3, file: 'b.js', sources: ['a.ts'], sourcesContent: ['export const a = 1;'], names: [], mappings: 'AAAA' };
    const code = `var a = 1;\n${MARK}${Buffer.from(JSON.stringify(map)).toString('base64')}\n`;
    const stripped = withoutEmbeddedSources(code);
    expect(stripped.startsWith('var a = 1;\n')).toBe(true);
    expect(inlineMap(stripped)).toEqual({ version: 3, file: 'b.js', sources: ['a.ts'], names: [], mappings: 'AAAA' });
    expect(withoutEmbeddedSources('var a = 1;\n')).toBe('var a = 1;\n');
  });
});
