import https from 'node:https';
import { rootCertificates } from 'node:tls';
import type { LookupFunction } from 'node:net';
import { ReceiverRefused, resolveReceiver, type ResolvedReceiver } from '../../domain/webhooks/url-policy';

/*
 * The one way out to a connector: the base URL is resolved once and every address checked (no
 * private, link-local, metadata or reserved address; loopback only when the deployment allows it),
 * and the connection goes to the checked address, over https only, trusting the system's roots plus
 * the CA the configuration names. The shared pinned outbound client replaces the checks here.
 */

/** The checked destination, or why the URL is refused. */
async function destination(raw: string, allowLoopback: boolean): Promise<ResolvedReceiver | string> {
  try {
    const dest = await resolveReceiver(raw, allowLoopback ? 'sandbox' : 'production');
    if (dest.url.protocol !== 'https:') return 'must be an https URL';
    if (dest.url.search || dest.url.hash) return 'must not carry a query or fragment';
    return dest;
  } catch (err) {
    if (err instanceof ReceiverRefused) return err.reason;
    throw err;
  }
}

/** Why a connector URL is refused, or null when it is allowed. */
export async function checkConnectorUrl(raw: string, allowLoopback: boolean): Promise<string | null> {
  const dest = await destination(raw, allowLoopback);
  return typeof dest === 'string' ? dest : null;
}

export interface ConnectorTransport {
  timeoutMs: number;
  allowLoopback: boolean;
  /** PEM of an extra trusted CA. */
  ca?: string;
}

export interface ConnectorExchange {
  /** Null when no complete answer came (`error` says why). */
  status: number | null;
  body: Buffer | null;
  error: string | null;
  /** The destination was refused before anything was sent. */
  refused: boolean;
}

const MAX_ANSWER_BYTES = 1024 * 1024;
const agents = new Map<string, https.Agent>();

function agentFor(ca: string | undefined): https.Agent {
  const key = ca ?? '';
  let agent = agents.get(key);
  if (!agent) agents.set(key, (agent = new https.Agent({ keepAlive: true, maxSockets: 64, ca: ca ? [...rootCertificates, ca] : undefined })));
  return agent;
}

/** POSTs `body` to `url`; never throws for the network's or the peer's failures. */
export async function postToConnector(url: string, headers: Record<string, string>, body: string, transport: ConnectorTransport): Promise<ConnectorExchange> {
  const dest = await destination(url, transport.allowLoopback);
  if (typeof dest === 'string') return { status: null, body: null, error: `connector URL refused: ${dest}`, refused: true };
  const pinned: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all) (cb as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: dest.address, family: dest.family }]);
    else cb(null, dest.address, dest.family);
  };
  const payload = Buffer.from(body, 'utf8');
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<ConnectorExchange, 'refused'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, refused: false });
    };
    const request = https.request(
      dest.url,
      {
        method: 'POST',
        agent: agentFor(transport.ca),
        lookup: pinned,
        headers: { 'user-agent': 'Counterfoil/1', 'content-type': 'application/json', 'content-length': String(payload.length), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            finish({ status: null, body: null, error: `answer larger than ${MAX_ANSWER_BYTES} bytes` });
            request.destroy();
          } else chunks.push(chunk);
        });
        res.on('end', () => finish({ status: res.statusCode ?? null, body: Buffer.concat(chunks), error: null }));
        res.on('error', (err) => finish({ status: null, body: null, error: err.message }));
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, body: null, error: `no complete answer within ${transport.timeoutMs} ms` });
      request.destroy();
    }, transport.timeoutMs);
    request.on('error', (err) => finish({ status: null, body: null, error: err.message }));
    request.end(payload);
  });
}
