import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { KEEP_ALIVE, OutboundRefused, resolveDestination, sendRequest, type Destination } from '../../net/outbound';
import type { Metrics } from '../../metrics';

/*
 * The one way out to a connector, through the shared outbound client (src/net/outbound.ts): the base
 * URL is resolved once and every address checked (no private, link-local, metadata or reserved address;
 * loopback only when the deployment allows it), the connection goes to the checked address, over https
 * only, trusting the system's roots plus the CA the configuration names.
 */

/** The checked destination, or why the URL is refused. */
async function destination(raw: string, allowLoopback: boolean): Promise<Destination | string> {
  try {
    const dest = await resolveDestination(raw, { allowLoopback });
    if (dest.url.protocol !== 'https:') return 'must be an https URL';
    if (dest.url.search || dest.url.hash) return 'must not carry a query or fragment';
    return dest;
  } catch (err) {
    if (err instanceof OutboundRefused) return err.reason;
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
  /** Where each request's duration and outcome are counted. */
  metrics?: Metrics;
}

export interface ConnectorExchange {
  /** Null when no complete answer came (`error` says why). */
  status: number | null;
  body: Buffer | null;
  error: string | null;
  timedOut: boolean;
}

const MAX_ANSWER_BYTES = 1024 * 1024;
const agents = new Map<string, https.Agent>();

function agentFor(ca: string | undefined): https.Agent {
  const key = ca ?? '';
  let agent = agents.get(key);
  if (!agent) agents.set(key, (agent = new https.Agent({ ...KEEP_ALIVE, maxSockets: 64, ca: ca ? [...rootCertificates, ca] : undefined })));
  return agent;
}

/** POSTs `body` to `url`; never throws for the network's or the peer's failures (nor for a refused URL). */
export async function postToConnector(url: string, headers: Record<string, string>, body: string, transport: ConnectorTransport, operation = 'connector'): Promise<ConnectorExchange> {
  const dest = await destination(url, transport.allowLoopback);
  if (typeof dest === 'string') return { status: null, body: null, error: `connector URL refused: ${dest}`, timedOut: false };
  const res = await sendRequest(dest, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    timeoutMs: transport.timeoutMs,
    maxBodyBytes: MAX_ANSWER_BYTES,
    agent: agentFor(transport.ca),
    spanName: `POST ${operation}`,
  });
  return { status: res.status, body: res.body, error: res.error, timedOut: res.status === null && /^no complete response/.test(res.error ?? '') };
}
