import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import https from 'node:https';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { runState } from './run-state';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

/** A CA and a server certificate for 127.0.0.1 signed by it, made with openssl into `dir`. */
export async function makeCertificates(dir: string): Promise<{ ca: string; cert: string; key: string }> {
  mkdirSync(dir, { recursive: true });
  const f = (name: string) => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  await run('openssl', ['req', '-x509', ...ec, '-days', '1', '-subj', '/CN=Counterfoil test CA', '-keyout', f('ca.key'), '-out', f('ca.pem')]);
  await run('openssl', ['req', ...ec, '-subj', '/CN=127.0.0.1', '-keyout', f('server.key'), '-out', f('server.csr')]);
  const { writeFileSync } = await import('node:fs');
  writeFileSync(f('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await run('openssl', ['x509', '-req', '-in', f('server.csr'), '-CA', f('ca.pem'), '-CAkey', f('ca.key'), '-CAcreateserial', '-days', '1', '-extfile', f('server.ext'), '-out', f('server.pem')]);
  return { ca: f('ca.pem'), cert: f('server.pem'), key: f('server.key') };
}

/**
 * The reference connector (connectors/reference/server.ts) in its own process on a loopback port,
 * over HTTPS with a certificate from a CA made for the test; `ca` is what Counterfoil must trust.
 */
export class ReferenceConnector {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    readonly ca: string,
    private readonly token: string,
  ) {}

  /** Its certificates go under `dir` (default: the test run's folder). */
  static async start(dir?: string): Promise<ReferenceConnector> {
    const certs = await makeCertificates(path.join(dir ?? runState().tmpDir, `connector-${randomUUID()}`));
    const token = randomBytes(16).toString('hex');
    const child = spawn(process.execPath, ['--import', 'tsx', 'connectors/reference/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, REFERENCE_CERT: certs.cert, REFERENCE_KEY: certs.key, REFERENCE_PORT: '0', REFERENCE_CONTROL_TOKEN: token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        const m = /listening on (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`reference connector exited with ${code}`)));
    });
    child.removeAllListeners('exit');
    return new ReferenceConnector(child, `https://127.0.0.1:${port}`, certs.ca, token);
  }

  /** One call to the control surface; its JSON answer. */
  control<T = any>(controlPath: string, body: unknown = {}): Promise<T> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = https.request(
        `${this.url}${controlPath}`,
        { method: 'POST', ca: readFileSync(this.ca), headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${controlPath}: ${res.statusCode} ${text}`))));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  state(): Promise<{
    payouts: Array<{ idempotency_key: string; status: string; reference: string }>;
    payout_requests: number;
    /** The deposit instructions it issued (one per key) and how many requests for them it received. */
    instructions: Array<{ idempotency_key: string; purpose: 'account' | 'collection'; account_ref: string; rail: string; address: string; memo: string | null; details: Record<string, string> }>;
    instruction_requests: number;
    /** Screenings it holds, one per key, with the request as received. */
    screenings: Array<{ screening_id: string; idempotency_key: string; status: 'completed' | 'pending'; verdict: unknown; request: Record<string, unknown> }>;
    /** Deposits it paid back to their senders, one per key, with the request as received. */
    deposit_returns: Array<{ idempotency_key: string; status: 'sent' | 'rejected'; reference: string | null; reason: string | null; request: Record<string, any> }>;
    /** Payouts that misbehaved on purpose under POST /control/faults, by kind. */
    faults_injected: Record<'error_after_work' | 'late' | 'event_twice', number>;
  }> {
    return this.control('/control/state');
  }

  /**
   * Registers this connector in `org`'s enterprise as `reference` and tells it where Counterfoil answers:
   * the answer of POST /connectors (its id, secret and what it serves).
   */
  async registerIn(org: { ok: (expected: number, method: string, path: string, body?: unknown) => Promise<any> }, counterfoilUrl: string): Promise<any> {
    const created = await org.ok(201, 'POST', '/connectors', { name: 'reference', base_url: this.url, description: 'reference connector' });
    await this.control('/control/configure', { secret: created.secret, counterfoil_url: counterfoilUrl, connector_id: created.id });
    return created;
  }

  /** Payouts the connector holds under `key` (its book has one entry per key; a duplicate would be a second key). */
  async payoutsFor(key: string): Promise<number> {
    return (await this.state()).payouts.filter((p) => p.idempotency_key === key).length;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    await exited;
  }
}

/** A routing that sends every rail, network, market, KYC path and screening key to the connector named `name`. */
export const routingTo = (name: string) => JSON.stringify({ rails: { '*': name }, deposits: { '*': name }, prices: { '*': name }, kyc: { '*': name }, screening: { '*': name }, statements: { '*': name } });

/** Production mode with every provider path routed to the reference connector `connector`, trusted on loopback. */
export function productionThrough(connector: ReferenceConnector, timeoutMs = 1000): Record<string, string> {
  return {
    COUNTERFOIL_MODE: 'production',
    COUNTERFOIL_PROVIDERS: routingTo('reference'),
    COUNTERFOIL_CONNECTOR_CA_FILE: connector.ca,
    COUNTERFOIL_CONNECTOR_ALLOW_LOOPBACK: '1',
    COUNTERFOIL_CONNECTOR_TIMEOUT_MS: String(timeoutMs),
  };
}

/** Polls `probe` until it answers true (the workflows and the connector run on their own). */
export async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await probe()); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}
