import net from 'node:net';
import { failIfClosedUnanswered } from './connect';

/**
 * Sockets for a postgres.js pool whose reserved connections send a whole transaction at once (the
 * group commits of internal transfers, domain/transfers/group-booking), given as its `socket` option.
 *
 * - postgres.js stops handing a reserved connection's queries to its socket once a write returns
 *   false (the socket's buffer past its high-water mark, 16 KiB by default), and from then on sends
 *   one query per round trip. A group's rows pass 16 KiB from about three transfers, so the rest of
 *   the group (the balance locks among it) went out one round trip apart. Above any group's size (a
 *   group of 64 is about 400 KiB), a write never returns false.
 * - `hold()` corks the sockets; a group's statements then leave in one writev instead of one write
 *   per statement over 1 KiB (5 to 6 a group, strace).
 */
export class PipelineSockets {
  static readonly HIGH_WATER_MARK = 16 << 20;
  private readonly open = new Set<net.Socket>();
  private next = 0;

  /** postgres.js's `socket` option: a socket to its Unix path or to its hosts in turn, as postgres.js connects. */
  readonly connect = (o: { host: string[]; port: number[]; path?: string | false }): net.Socket => {
    const i = this.next++ % o.host.length;
    const s = o.path
      ? new net.Socket({ writableHighWaterMark: PipelineSockets.HIGH_WATER_MARK } as net.SocketConstructorOpts).connect(o.path)
      : new net.Socket({ writableHighWaterMark: PipelineSockets.HIGH_WATER_MARK } as net.SocketConstructorOpts).connect(o.port[i], o.host[i]);
    this.open.add(s);
    s.once('close', () => this.open.delete(s));
    return failIfClosedUnanswered(s); // a balancer's unanswered close fails the group at once (db/connect)
  };

  /**
   * Corks every socket of the pool; the returned function uncorks them once the queries issued in
   * between reached them. postgres.js hands a query to its connection one microtask after
   * `execute()` (query.js: `await 1`), so the uncork waits for a microtask too.
   */
  hold(): () => void {
    for (const s of this.open) s.cork();
    return () =>
      queueMicrotask(() => {
        for (const s of this.open) s.uncork();
      });
  }
}
