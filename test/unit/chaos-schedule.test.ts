import { describeFault, drawSchedule, random } from '../../scripts/chaos/schedule';

describe('the chaos schedule', () => {
  it('repeats for a seed and differs between seeds', () => {
    expect(drawSchedule(42, 8, 60_000)).toEqual(drawSchedule(42, 8, 60_000));
    expect(drawSchedule(42, 8, 60_000)).not.toEqual(drawSchedule(43, 8, 60_000));
  });

  it('draws faults in order within the first 80 % of the load, each with what it needs', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { faults, activityFaultRate, connectorFaultRate } = drawSchedule(seed, 8, 60_000);
      expect(connectorFaultRate).toBeGreaterThanOrEqual(0.05);
      expect(connectorFaultRate).toBeLessThanOrEqual(0.25);
      expect(faults).toHaveLength(8);
      expect(activityFaultRate).toBeGreaterThanOrEqual(0.02);
      expect(activityFaultRate).toBeLessThanOrEqual(0.15);
      expect(faults.map((f) => f.atMs)).toEqual([...faults.map((f) => f.atMs)].sort((a, b) => a - b));
      for (const f of faults) {
        expect(f.atMs).toBeGreaterThanOrEqual(3_000);
        expect(f.atMs).toBeLessThanOrEqual(48_000);
        expect(f.kind === 'kill').toBe(f.target !== undefined);
        expect(['database-outage', 'latency'].includes(f.kind)).toBe(f.durationMs !== undefined);
      }
    }
  });

  it('reaches every kind of fault and every process across seeds', () => {
    const faults = Array.from({ length: 50 }, (_, seed) => drawSchedule(seed, 8, 60_000).faults).flat();
    expect(new Set(faults.map((f) => f.kind))).toEqual(new Set(['kill', 'terminate-backends', 'drop-connections', 'lose-commit-answer', 'database-outage', 'latency']));
    expect(new Set(faults.filter((f) => f.target).map((f) => f.target))).toEqual(new Set(['api-1', 'api-2', 'worker-1', 'worker-2']));
  });

  it('describes each fault in one line', () => {
    expect(describeFault({ atMs: 12_345, kind: 'kill', target: 'worker-2' })).toBe('t+12.3 s SIGKILL worker-2, restarted');
    expect(describeFault({ atMs: 1_000, kind: 'database-outage', durationMs: 2_500 })).toBe('t+1.0 s database unreachable for 2.5 s');
  });

  it('generates numbers in [0, 1) that spread', () => {
    const next = random(7);
    const xs = Array.from({ length: 10_000 }, next);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });
});
