// npm run ha's pure parts: the outage meter, and the Patroni and HAProxy configurations it writes.
import { haproxyConfig, patroniYaml, PORTS, TIMINGS } from '../../scripts/ha/cluster';
import { percentile, writeOutage } from '../../scripts/ha/outage';
import type { Attempt } from '../../scripts/topology/client';

const attempt = (startedAt: number, endedAt: number, definitive: boolean, method = 'POST'): Attempt => ({
  method,
  path: '/internal-transfers',
  status: definitive ? 201 : 503,
  startedAt,
  endedAt,
  definitive,
});

describe('writeOutage', () => {
  it('runs from the first failed write to the first write that succeeded after it started', () => {
    const attempts = [
      attempt(900, 1_100, true), // under way before the failure: not the end of the outage
      attempt(1_000, 1_200, false),
      attempt(1_300, 2_000, false),
      attempt(1_050, 4_500, true), // started after the first failure, succeeded: the end
      attempt(2_100, 5_000, true),
      attempt(1_500, 1_600, false, 'GET'), // reads are not writes
    ];
    expect(writeOutage(attempts, 1_000, 10_000)).toEqual({ outageMs: 3_500, failed: 2, slowestWriteMs: 3_450 });
  });

  it('is zero when no write failed, and reports a stall as the slowest write', () => {
    expect(writeOutage([attempt(0, 7_000, true), attempt(100, 200, true)], 0, 10_000)).toEqual({ outageMs: 0, failed: 0, slowestWriteMs: 7_000 });
  });

  it('lasts to the end of the window when no write succeeded again', () => {
    expect(writeOutage([attempt(2_000, 2_500, false)], 1_000, 9_000).outageMs).toBe(7_000);
  });

  it('counts only attempts that ended inside the window', () => {
    expect(writeOutage([attempt(0, 500, false), attempt(600, 1_500, false)], 1_000, 9_000)).toMatchObject({ failed: 1, outageMs: 8_400 });
  });
});

describe('percentile', () => {
  it('is the nearest rank', () => {
    expect(percentile([5, 1, 3], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 100)).toBe(4);
    expect(percentile([], 50)).toBe(0);
  });
});

describe('the configurations npm run ha writes', () => {
  const yaml = patroniYaml({ name: 'node2', index: 1, dir: '/x/node2', dataDir: '/x/node2/data', superuserPassword: 'su', replicationPassword: 'rp' });

  it('keeps Patroni\'s rule that a leader cut off from etcd steps down before its key expires', () => {
    expect(TIMINGS.loop_wait + 2 * TIMINGS.retry_timeout).toBeLessThanOrEqual(TIMINGS.ttl);
    expect(yaml).toContain(`ttl: ${TIMINGS.ttl}\n`);
    expect(yaml).toContain(`loop_wait: ${TIMINGS.loop_wait}\n`);
    expect(yaml).toContain(`retry_timeout: ${TIMINGS.retry_timeout}\n`);
  });

  it('replicates synchronously, strictly, and fails a crashed primary over at once', () => {
    expect(yaml).toMatch(/^ {4}synchronous_mode: true$/m);
    expect(yaml).toMatch(/^ {4}synchronous_mode_strict: true$/m);
    expect(yaml).toMatch(/^ {4}primary_start_timeout: 0$/m);
    expect(yaml).toMatch(/^ {6}use_pg_rewind: true$/m);
    expect(yaml).toContain(`listen: 127.0.0.1:${PORTS.postgres(1)}`);
    expect(yaml).toContain(`listen: 127.0.0.1:${PORTS.patroni(1)}`);
  });

  it('routes writes to /primary and reads to /replica, cutting the sessions of a node marked down', () => {
    const cfg = haproxyConfig(3);
    const [write, read] = [cfg.slice(cfg.indexOf('listen postgres-write'), cfg.indexOf('listen postgres-read')), cfg.slice(cfg.indexOf('listen postgres-read'))];
    expect(write).toContain(`bind 127.0.0.1:${PORTS.haproxyWrite}`);
    expect(write).toContain('uri /primary');
    expect(read).toContain(`bind 127.0.0.1:${PORTS.haproxyRead}`);
    expect(read).toContain('uri /replica');
    expect(cfg).toContain('on-marked-down shutdown-sessions');
    for (let i = 0; i < 3; i++) expect(write).toContain(`server node${i + 1} 127.0.0.1:${PORTS.postgres(i)} check port ${PORTS.patroni(i)}`);
  });

  it('uses ports in 16400-16499 only', () => {
    const ports = [PORTS.etcdClient, PORTS.etcdPeer, PORTS.haproxyWrite, PORTS.haproxyRead, PORTS.haproxyStats, PORTS.restored, PORTS.receiver,
      ...[0, 1, 2].flatMap((i) => [PORTS.postgres(i), PORTS.patroni(i), PORTS.workerOps(i)]),
      ...[0, 1, 2].flatMap((i) => Object.values(PORTS.api(i)))];
    for (const p of ports) expect(p >= 16400 && p <= 16499).toBe(true);
    expect(new Set(ports).size).toBe(ports.length);
  });
});
