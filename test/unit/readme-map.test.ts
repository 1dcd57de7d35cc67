import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../src/root';

/*
 * The README's "Code layout" is the map of the repository: every top-level folder and every folder of
 * src/ has a line there, and every folder it names exists. CONTRIBUTING's table of the tests whose
 * names do not say their module names only test files that exist.
 */

const UNMAPPED = new Set(['node_modules', 'dist', 'coverage']);

function folders(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !UNMAPPED.has(e.name))
    .map((e) => (dir ? `${dir}/${e.name}` : e.name));
}

/** The paths in the left column of the "Code layout" block (`src/processes.ts, src/cli.ts` names two). */
function mappedPaths(): string[] {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const block = /^## Code layout\n+```\n([\s\S]*?)\n```/m.exec(readme);
  if (!block) throw new Error('README.md has no "Code layout" block');
  return block[1].split('\n').flatMap((line) => line.split(/ {2,}/)[0].split(', '));
}

/** `src/domain/<area>/messages.ts` maps `src` and `src/domain`; `src/processes.ts` maps only `src`. */
function mappedFolders(paths: string[]): Set<string> {
  const out = new Set<string>();
  for (const p of paths) {
    const parts = p.split('/');
    if (parts.length < 2) continue;
    out.add(parts[0]);
    if (parts[0] === 'src' && parts.length > 2) out.add(`src/${parts[1]}`);
  }
  return out;
}

it('has a line for every top-level folder and every folder of src/', () => {
  const mapped = mappedFolders(mappedPaths());
  const missing = [...folders(''), ...folders('src')].filter((f) => !mapped.has(f));
  expect(missing).toEqual([]);
});

it('names only folders that exist', () => {
  const named = mappedPaths()
    .filter((p) => p.includes('/'))
    .map((p) => p.split('/<')[0].replace(/\/$/, ''));
  expect(named.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
});

it("CONTRIBUTING's table of tests names files that exist", () => {
  const contributing = readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const rows = contributing.split('\n').filter((line) => line.startsWith('| `'));
  const patterns = rows.flatMap((row) => [...row.split('|')[2].matchAll(/`([^`]+[.]test[.]ts)`/g)].map((m) => m[1]));
  expect(patterns.length).toBeGreaterThan(10);
  const matches = (pattern: string) => {
    const [dir, name] = pattern.split('/');
    const re = new RegExp(`^${name.replace(/[.]/g, '[.]').replace(/[*]/g, '[^/]*')}$`);
    return existsSync(path.join(ROOT, 'test', dir)) && readdirSync(path.join(ROOT, 'test', dir)).some((f) => re.test(f));
  };
  expect(patterns.filter((p) => !matches(p))).toEqual([]);
});
