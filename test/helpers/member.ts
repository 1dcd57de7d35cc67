import { appendFileSync } from 'node:fs';

/** Where a shard of `npm test` collects its grouped files' times (scripts/test.cjs merges them). */
export const MEMBER_TIMES_ENV = 'COUNTERFOIL_TEST_MEMBER_TIMES_OUT';

/**
 * One test file inside a generated group (test/helpers/groups.cjs): its tests and hooks run under a
 * describe block named after it, so its beforeAll/afterAll keep to its own tests, and its time is recorded
 * under its own name for the next run's split.
 */
export function member(file: string, load: () => unknown): void {
  describe(file, () => {
    let started = 0;
    beforeAll(() => {
      started = performance.now();
    });
    // Nested, so the file's own afterAll hooks (closing what it started) count in its time.
    describe('', () => {
      load();
    });
    afterAll(() => {
      const out = process.env[MEMBER_TIMES_ENV];
      if (out) appendFileSync(out, `${JSON.stringify({ [file]: Math.round((performance.now() - started) / 100) / 10 })}\n`);
    });
  });
}
