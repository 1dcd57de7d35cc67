// npm run ha's pure parts: the outage meter, and the Patroni and HAProxy configurations it writes.
import * as fs from 'node:fs';
import { haproxyConfig, patroniYaml, PORTS, TIMINGS } from '../../scripts/ha/cluster';
import { parseStat, treeCpuSeconds } from '../../scripts/ha/cpu';
import { percentile, routeOf, writeOutage } from '../../scripts/ha/outage';
import type { Attempt } from '../../scripts/topology/client';

const attempt = (startedAt: number, endedAt: number, definitive: boolean, method = 'POST', path = '/internal-transfers'): Attempt => ({
  method,
  path,
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
    // Successes end at 1_100, 4_500, 5_000; the window ends at 10_000: the longest gap is after the last one.
    expect(writeOutage(attempts, 1_000, 10_000)).toEqual({ outageMs: 3_500, longestGapMs: 5_000, failed: 2, slowestWriteMs: 3_450, slowestWritePath: '/internal-transfers' });
  });

  it('is zero when no write failed, and reports a stall as the slowest write and the longest gap', () => {
    const stalled = [attempt(100, 200, true), attempt(0, 7_000, true, 'POST', '/withdrawals'), attempt(7_100, 7_300, true)];
    expect(writeOutage(stalled, 0, 7_400)).toEqual({ outageMs: 0, longestGapMs: 6_800, failed: 0, slowestWriteMs: 7_000, slowestWritePath: '/withdrawals' });
  });

  it('counts the stretch from the fault to the first success as a gap', () => {
    expect(writeOutage([attempt(500, 3_000, true), attempt(2_900, 3_100, true)], 1_000, 3_200).longestGapMs).toBe(2_000);
  });

  it('lasts to the end of the window when no write succeeded again', () => {
    expect(writeOutage([attempt(2_000, 2_500, false)], 1_000, 9_000).outageMs).toBe(7_000);
  });

  it('counts only attempts that ended inside the window', () => {
    expect(writeOutage([attempt(0, 500, false), attempt(600, 1_500, false)], 1_000, 9_000)).toMatchObject({ failed: 1, outageMs: 8_400 });
  });
});

describe('routeOf', () => {
  it('leaves ids out of a path', () => {
    expect(routeOf('/approvals/0190a4c2-1b2c-7d3e-8f40-123456789abc/approve?x=1')).toBe('/approvals/{id}/approve');
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
    // A standby retries streaming from a new leader within half a second, not PostgreSQL's 5 s: until one does, no commit returns.
    expect(yaml).toMatch(/^ {8}wal_retrieve_retry_interval: 500ms$/m);
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
    // A refused connect (a demoted primary) marks the node down at once; the retry goes elsewhere.
    expect(cfg).toContain('observe layer4 error-limit 1 on-error mark-down');
    expect(cfg).toMatch(/^ {2}retries 1$/m);
    expect(cfg).toMatch(/^ {2}option redispatch 1$/m);
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

describe('parseStat', () => {
  it('reads the parent and the CPU ticks of a /proc/<pid>/stat line, a command name with spaces included', () => {
    const line = '4242 (postgres: counterfoil idle) S 4200 4200 4200 0 -1 4194560 512 0 0 0 120 30 7 3 20 0 1 0 100 0 0';
    expect(parseStat(line)).toEqual({ ppid: 4200, ticks: 150, childTicks: 10 });
  });

  it('reads this process as a child of its parent', () => {
    const me = parseStat(fs.readFileSync(`/proc/${process.pid}/stat`, 'utf8'));
    expect(me.ppid).toBe(process.ppid);
    expect(treeCpuSeconds(process.pid)).toBeGreaterThan(0);
  });
});
