// `npm run image` reports the image's size against the goal, and fails above it (above the ceiling
// while the goal is out of reach), with the measured parts when it is above.
import { SIZE_CEILING_MB, SIZE_GOAL_MB, sizeCheck, sizeReport } from '../../scripts/image';

describe('npm run image: the size against the goal', () => {
  it('passes at or below the goal, and says by how much', () => {
    expect(sizeCheck(240e6)).toEqual({ name: `image size <= ${SIZE_GOAL_MB} MB (the goal)`, ok: true, detail: '240.0 MB, 10.0 MB below' });
    expect(sizeCheck(SIZE_GOAL_MB * 1e6).ok).toBe(true);
  });

  it('above the goal, fails only above the ceiling, and names both', () => {
    expect(SIZE_CEILING_MB).toBeGreaterThan(SIZE_GOAL_MB);
    const above = sizeCheck((SIZE_GOAL_MB + 5) * 1e6);
    expect(above).toEqual({ name: `image size <= ${SIZE_CEILING_MB} MB (the goal, ${SIZE_GOAL_MB} MB, is not reached)`, ok: true, detail: `${SIZE_GOAL_MB + 5}.0 MB: 5.0 MB above the goal` });
    const regressed = sizeCheck((SIZE_CEILING_MB + 1) * 1e6);
    expect(regressed.ok).toBe(false);
    expect(regressed.detail).toBe(`${SIZE_CEILING_MB + 1}.0 MB: ${SIZE_CEILING_MB + 1 - SIZE_GOAL_MB}.0 MB above the goal, 1.0 MB above the ceiling`);
    expect(sizeCheck(Number.NaN).ok).toBe(false); // podman gave no size
  });

  it('breaks the size down, and gives the measured reason when above the goal', () => {
    const parts = { node: 108.5e6, nodeModules: 62e6, bridge: 29.9e6, dist: 9.5e6, console: 0.4e6 };
    const above = sizeReport(262e6, 186e6, parts);
    expect(above[0]).toBe(`image 262.0 MB against the ${SIZE_GOAL_MB} MB goal: 12.0 MB above`);
    expect(above[1]).toMatch(/runtime base 186\.0 MB: the Node 24\.\d+\.\d+ binary 108\.5 \(stripped\), Debian bookworm minbase \+ ca-certificates 77\.5$/);
    expect(above[2]).toBe("  Counterfoil's layers 76.0 MB: node_modules 62.0 (of which @temporalio/core-bridge 29.9), dist 9.5, console 0.4");
    expect(above[3]).toBe('  why not below: Node and Debian are 186.0 MB before any of Counterfoil, which leaves 64.0 MB for code that needs 76.0 MB;');
    const below = sizeReport(240e6, 170e6, parts);
    expect(below).toHaveLength(3);
    expect(below[0]).toBe(`image 240.0 MB against the ${SIZE_GOAL_MB} MB goal: 10.0 MB below`);
    expect(sizeReport(240e6, 170e6, null)).toEqual([below[0]]);
  });
});
