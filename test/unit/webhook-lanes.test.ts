import { nextDrainRate } from '../../src/domain/webhooks/messages';

describe('a lane drain rate', () => {
  const limits = { start: 50, max: 1000 };

  it('rises by the starting rate per whole batch the receiver takes, up to the ceiling', () => {
    const rates = [limits.start];
    for (let i = 0; i < 25; i++) rates.push(nextDrainRate(rates.at(-1)!, limits, { fullBatch: true, failures: 0 }));
    expect(rates.slice(0, 4)).toEqual([50, 100, 150, 200]);
    expect(rates.at(-1)).toBe(1000);
  });

  it('holds when the backlog is nearly empty (a partial batch), and starts over after a failure', () => {
    expect(nextDrainRate(300, limits, { fullBatch: false, failures: 0 })).toBe(300);
    expect(nextDrainRate(300, limits, { fullBatch: true, failures: 1 })).toBe(50);
  });
});
