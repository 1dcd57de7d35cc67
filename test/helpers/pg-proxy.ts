import net from 'node:net';

/**
 * A TCP proxy in front of the test PostgreSQL, standing in for the balancer of a highly available
 * cluster: on a failover HAProxy shuts every session to the old leader and new connections fail
 * until the new one is up. `down()` does both; `up()` forwards again. `loseAnswerAfter(pattern)`
 * forwards the next client write that matches to the server, then closes the client's side before
 * the server's answer can come back: a COMMIT that happened whose outcome the client never learns.
 * `delayMs` holds every chunk, both ways, that long: a slow network (order kept: one delay for all).
 */
export class PgProxy {
  private readonly sessions = new Set<{ client: net.Socket; server: net.Socket }>();
  private refusing = false;
  private loseAnswer: RegExp | null = null;
  /** Client writes that matched `loseAnswerAfter` and were forwarded without their answer. */
  lostAnswers = 0;
  /** Client writes forwarded so far (which reads went this way). */
  clientWrites = 0;
  /** Added to every chunk in either direction while above 0. */
  delayMs = 0;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<PgProxy> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new PgProxy(server, (server.address() as net.AddressInfo).port);
    server.on('connection', (client) => proxy.accept(client, target));
    return proxy;
  }

  /** `databaseUrl` with this proxy's address in place of the server's. */
  static urlThrough(databaseUrl: string, port: number): string {
    const u = new URL(databaseUrl);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    u.searchParams.delete('host'); // a Unix socket directory would bypass the proxy
    return u.toString();
  }

  /** The target of a libpq-style URL (TCP only). */
  static targetOf(databaseUrl: string): { host: string; port: number } {
    const u = new URL(databaseUrl);
    return { host: u.hostname || '127.0.0.1', port: Number(u.port || 5432) };
  }

  get openSessions(): number {
    return this.sessions.size;
  }

  /** The client ports the server sees for the sessions through this proxy (`pg_stat_activity.client_port`). */
  backendClientPorts(): number[] {
    return [...this.sessions].map((s) => s.server.localPort).filter((p): p is number => typeof p === 'number');
  }

  private accept(client: net.Socket, target: { host: string; port: number }): void {
    if (this.refusing) {
      client.destroy();
      return;
    }
    const server = net.connect(target.port, target.host);
    const session = { client, server };
    this.sessions.add(session);
    const close = () => {
      this.sessions.delete(session);
      client.destroy();
      server.destroy();
    };
    client.on('error', close).on('close', close);
    server.on('error', close).on('close', close);
    // Per direction, each chunk is due no earlier than the one before: turning the delay off cannot reorder.
    const direction = () => {
      let lastDue = 0;
      return (send: () => void) => {
        const due = Math.max(Date.now() + this.delayMs, lastDue);
        lastDue = due;
        if (due <= Date.now()) send();
        else setTimeout(send, due - Date.now());
      };
    };
    const [toClient, toServer] = [direction(), direction()];
    server.on('data', (chunk) => toClient(() => client.write(chunk)));
    client.on('data', (chunk) => {
      this.clientWrites++;
      if (this.loseAnswer && this.loseAnswer.test(chunk.toString('latin1'))) {
        this.loseAnswer = null;
        this.lostAnswers++;
        // The server gets the whole write and runs it; its answer has nowhere to go.
        this.sessions.delete(session);
        server.removeAllListeners('data');
        server.removeAllListeners('close');
        server.write(chunk, () => setTimeout(() => server.end(), 500));
        client.destroy();
        return;
      }
      toServer(() => server.write(chunk));
    });
  }

  /** Forward the next client write matching `pattern`, then drop the session before its answer. */
  loseAnswerAfter(pattern: RegExp): void {
    this.loseAnswer = pattern;
  }

  /** Shut every open session (as a balancer does when the leader changes). */
  dropAll(): void {
    for (const { client, server } of [...this.sessions]) {
      client.destroy();
      server.destroy();
    }
    this.sessions.clear();
  }

  /** The database is gone: open sessions are shut and new connections are refused. */
  down(): void {
    this.refusing = true;
    this.dropAll();
  }

  up(): void {
    this.refusing = false;
  }

  async close(): Promise<void> {
    this.down();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
