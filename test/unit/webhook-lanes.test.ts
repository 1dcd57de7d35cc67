import { nextDrainRate } from '../../src/domain/webhooks/messages';

describe('a lane drain rate', () => {
  const limits = { start: 50, max: 1000 };

  it('rises by the starting rate per whole batch (a second of sending) the receiver takes, up to the ceiling', () => {
    const rates = [limits.start];
    for (let i = 0; i < 25; i++) rates.push(nextDrainRate(rates.at(-1)!, limits, { sent: rates.at(-1)!, failures: 0 }));
    expect(rates.slice(0, 4)).toEqual([50, 100, 150, 200]);
    expect(rates.at(-1)).toBe(1000);
  });

  it('rises in proportion to the time spent sending when a step finds less than a batch', () => {
    // 40 sent at 200/s is a fifth of a second: a fifth of the starting rate.
    expect(nextDrainRate(200, limits, { sent: 40, failures: 0 })).toBe(210);
    // However little was sent, a step the receiver took raises the rate.
    expect(nextDrainRate(1000 - 1, limits, { sent: 1, failures: 0 })).toBe(1000);
    expect(nextDrainRate(200, { start: 1, max: 1000 }, { sent: 1, failures: 0 })).toBe(201);
  });

  it('holds when nothing was sent, and starts over after a failure', () => {
    expect(nextDrainRate(300, limits, { sent: 0, failures: 0 })).toBe(300);
    expect(nextDrainRate(300, limits, { sent: 300, failures: 1 })).toBe(50);
  });
});
