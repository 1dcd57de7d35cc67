import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../src/root';

/*
 * No file under src/ is over 300 lines: past that a module holds more than one job, and it splits
 * (by area, by surface, or reads from writes). Generated files are the exception, each named here.
 */

const LIMIT = 300;

/** Written by `npm run record:examples`, never by hand. */
const GENERATED = ['src/http/openapi-examples.json', 'src/http/openapi-webhook-examples.json'];

function files(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? files(rel) : e.isFile() ? [rel] : [];
  });
}

const lines = (file: string) => readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1;

describe('file lengths under src/', () => {
  it(`has no file over ${LIMIT} lines but the generated ones`, () => {
    const over = files('src')
      .filter((f) => !GENERATED.includes(f) && lines(f) > LIMIT)
      .map((f) => `${f}: ${lines(f)} lines`);
    expect(over).toEqual([]);
  });

  it('names only generated files that exist', () => {
    expect(GENERATED.filter((f) => !existsSync(path.join(ROOT, f)))).toEqual([]);
  });
});
