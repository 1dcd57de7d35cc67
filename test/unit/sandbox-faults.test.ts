import { failsAfterEffect } from '../../activities/sandbox-faults';
import { parseActivityFaults } from '../../src/config/env-schema';

describe('activity attempts failing after their effect', () => {
  const ids = Array.from({ length: 20_000 }, (_, i) => `withdrawal/${i}\u00001\u0000settleWithdrawal`);

  it('fails about the configured share of first attempts, the same ones for the same seed', () => {
    const faults = { seed: 7, rate: 0.1 };
    const failing = ids.filter((id) => failsAfterEffect(faults, id, 1));
    expect(failing.length / ids.length).toBeGreaterThan(0.09);
    expect(failing.length / ids.length).toBeLessThan(0.11);
    expect(ids.filter((id) => failsAfterEffect(faults, id, 1))).toEqual(failing);
    expect(ids.filter((id) => failsAfterEffect({ seed: 8, rate: 0.1 }, id, 1))).not.toEqual(failing);
  });

  it('lets the third attempt through, and fails nothing at rate 0', () => {
    expect(ids.some((id) => failsAfterEffect({ seed: 7, rate: 0.5 }, id, 3))).toBe(false);
    expect(ids.some((id) => failsAfterEffect({ seed: 7, rate: 0 }, id, 1))).toBe(false);
    // A second attempt is decided afresh: some that failed first pass second, some fail again.
    const first = ids.filter((id) => failsAfterEffect({ seed: 7, rate: 0.5 }, id, 1));
    const again = first.filter((id) => failsAfterEffect({ seed: 7, rate: 0.5 }, id, 2)).length;
    expect(again).toBeGreaterThan(0);
    expect(again).toBeLessThan(first.length);
  });

  it.each([
    ['42:0.1', { seed: 42, rate: 0.1 }],
    ['42:.05', { seed: 42, rate: 0.05 }],
    ['0:0', { seed: 0, rate: 0 }],
    [' 9:0.5 ', { seed: 9, rate: 0.5 }],
  ])('reads %j', (text, expected) => expect(parseActivityFaults(text)).toEqual(expected));

  it.each(['42', '42:0.6', '42:1', 'x:0.1', '-1:0.1', '42:0.1:3', '42:1e-2'])('refuses %j', (text) => expect(parseActivityFaults(text)).toBeNull());
});
