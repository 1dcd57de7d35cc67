import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_REASONS } from '../../src/errors';
import { Problem } from '../../src/http/schemas';

const SRC = path.resolve(__dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

/** Reasons written as literals: `reason: 'x'` and `conflict(detail, 'x')`. */
function reasonsUsed(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const at = (name: string) => used.has(name) || used.set(name, path.relative(SRC, file));
    for (const m of text.matchAll(/(?<![\w.])reason: *'([a-z_]+)'/g)) {
      const line = text.slice(text.lastIndexOf('\n', m.index) + 1, text.indexOf('\n', m.index));
      // Not a public route's `auth` sentence, nor a provider's outcome (`{ status: 'rejected', reason }`).
      if (!/kind: 'public'|status: '/.test(line)) at(m[1]);
    }
    for (const m of text.matchAll(/\bconflict\((?:[^()]|\([^()]*\))*?, *'([a-z_]+)'\)/g)) at(m[1]);
    for (const m of text.matchAll(/\bstateReason\('([a-z_]+)', *'([a-z_]+)'\)/g)) at(`${m[1]}_${m[2]}`);
  }
  return used;
}

describe('error reasons', () => {
  it('lists, in ERROR_REASONS, every reason the code uses', () => {
    const used = reasonsUsed();
    expect(used.size).toBeGreaterThan(40); // the scan finds the reasons at all
    const known = new Set<string>(ERROR_REASONS);
    const missing = [...used].filter(([name]) => !known.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('keeps the table sorted and free of duplicates, so adding one is a one-line edit', () => {
    expect([...ERROR_REASONS]).toEqual([...new Set(ERROR_REASONS)].sort());
  });

  it('is the enum of the problem schema', () => {
    const shape = Problem.shape.reason.unwrap();
    expect(shape.options).toEqual([...ERROR_REASONS]);
    expect(Problem.safeParse({ type: 'about:blank', title: 't', status: 409, detail: 'd', code: 'EdgeConflict', reason: 'not_a_reason', request_id: 'r', errors: [] }).success).toBe(false);
  });
});
