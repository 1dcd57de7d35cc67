import type Koa from 'koa';
import type { PrincipalRef, SubjectAttribution } from '../../auth/caller';
import type { ApiKeyDirectory, ResolvedApiKey } from '../../domain/api-keys/directory';
import { clientAddress, type AddressMatcher } from '../../auth/ip-allowlist';
import { checkRequestTime, decodeSignature, MAX_RECV_WINDOW_MS, verifyRequestSignature } from '../../auth/request-signatures';
import { mediaTypeOf, readRawBody } from '../body';
import type { RateLimiter } from '../../rate-limiter';
import type { SignedApiCaches } from './caches';
import { SignedApiError } from './errors';
import type { QuoteSealer } from './quote-tokens';

/** Bodies of this surface are a few fields; anything larger is refused before it is verified. */
export const MAX_SIGNED_BODY_BYTES = 64 * 1024;

export interface SignedCaller {
  key: ResolvedApiKey;
  /** `client-accounts/<id>`: the account every operation of the key acts on. */
  accountRef: string;
  attribution: SubjectAttribution;
}

export interface SignedRequest extends SignedCaller {
  /** The verified JSON body of a POST (undefined on GET). */
  body: Record<string, unknown> | undefined;
  /** The exact bytes that were signed. */
  raw: Buffer;
}

export interface SignedDeps {
  keys: ApiKeyDirectory;
  caches: SignedApiCaches;
  quotes: QuoteSealer;
  limiter: RateLimiter;
  /** Peers whose X-Forwarded-For is believed (null: none). */
  trustedProxies: AddressMatcher;
  /** The server clock of the time rule (ms since the Unix epoch). */
  now: () => number;
}

/**
 * An API key is its own principal: requests are attributed to `api-keys/<id>` (kind `api_key`),
 * never to a user or service account. PrincipalRef's kind union does not list it yet (IAM's type).
 */
function attributionOf(key: ResolvedApiKey): SubjectAttribution {
  const principal = { id: key.id, kind: 'api_key', tenant_ref: `enterprises/${key.enterpriseId}` } as unknown as PrincipalRef;
  return {
    authenticated_principal: principal,
    subject: principal,
    actor: null,
    identity_source: 'api_key',
    federation: null,
    enterprise_binding: { tenant_type: 'enterprise', topology_ref: `enterprises/${key.enterpriseId}` },
    initiated_by: principal,
    approved_by: null,
  };
}

/** Reads and verifies a signed POST body: Content-Type, signature over the raw bytes, then JSON, then time. */
async function verifiedBody(ctx: Koa.Context, key: ResolvedApiKey, now: () => number): Promise<{ raw: Buffer; body: Record<string, unknown> }> {
  const header = ctx.get('x-signature');
  if (!header) throw new SignedApiError('MISSING_SIGNATURE', 'POST requests need the x-signature header.');
  if (mediaTypeOf(ctx) !== 'application/json') throw new SignedApiError('UNSUPPORTED_MEDIA_TYPE', 'POST requests need Content-Type: application/json.');
  const signature = decodeSignature(header);
  if (!signature) throw new SignedApiError('INVALID_SIGNATURE', 'x-signature must be the base64 encoding of a 64-byte Ed25519 signature.');
  // The tenant pipeline's reader, but not its parseBody: the signature is checked over the raw bytes before any JSON is parsed.
  const raw = await readRawBody(ctx, MAX_SIGNED_BODY_BYTES);
  ctx.state.rawBody = raw; // as the tenant pipeline keeps it: what the request's audit and the example recorder read
  if (!verifyRequestSignature(key.publicKey, raw, signature)) {
    throw new SignedApiError('INVALID_SIGNATURE', 'The signature does not match the request body bytes and this API key.');
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new SignedApiError('INVALID_BODY', 'The body is not valid JSON.', {}, 'malformed_body');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new SignedApiError('INVALID_BODY', 'The body must be a JSON object.', {}, 'malformed_body');
  const fields = body as Record<string, unknown>;
  switch (checkRequestTime(fields.timestamp, fields.recvWindow, now())) {
    case 'ok':
      return { raw, body: fields };
    case 'bad_window':
      throw new SignedApiError('INVALID_RECV_WINDOW', `recvWindow must be a positive integer of at most ${MAX_RECV_WINDOW_MS} ms.`);
    case 'missing':
      throw new SignedApiError('INVALID_TIMESTAMP', 'timestamp (milliseconds since the Unix epoch, an integer) is required.');
    case 'ahead':
      throw new SignedApiError('INVALID_TIMESTAMP', 'timestamp is 1000 ms or more ahead of the server time.');
    case 'expired':
      throw new SignedApiError('INVALID_TIMESTAMP', 'The request has expired: server time - timestamp exceeds recvWindow.');
  }
}

/**
 * The signed API's request checks, in order: API key, IP allowlist, rate limit, (POST) signature,
 * body and time, then the client's standing — from the process cache, or read now when the request
 * can move money (`fresh`). Cheap refusals come before the signature check, and nothing about the
 * client's state is revealed to a caller that cannot sign.
 */
export async function authenticateSignedRequest(ctx: Koa.Context, deps: SignedDeps, opts: { signed: boolean; fresh: boolean }): Promise<SignedRequest> {
  const presented = ctx.get('x-apikey');
  if (!presented) throw new SignedApiError('MISSING_API_KEY', 'The x-apikey header is required.');
  const key = await deps.keys.resolve(presented);
  if (!key) throw new SignedApiError('INVALID_API_KEY', 'The API key is invalid or revoked.');
  const ip = clientAddress(ctx.req.socket.remoteAddress ?? '', ctx.get('x-forwarded-for'), deps.trustedProxies);
  if (key.allows && !key.allows(ip)) throw new SignedApiError('INVALID_IP', `Requests from ${ip} are not allowed for this API key.`);
  ctx.set(await deps.limiter.take(`api-key:${key.id}`, opts.signed ? 'write' : 'read'));
  const verified = opts.signed ? await verifiedBody(ctx, key, deps.now) : { raw: EMPTY, body: undefined };
  const refusal = await deps.caches.standingOf(key, { fresh: opts.fresh });
  if (refusal) throw new SignedApiError(refusal.label, refusal.description);
  return { key, accountRef: `client-accounts/${key.clientAccountId}`, attribution: attributionOf(key), ...verified };
}

const EMPTY = Buffer.alloc(0);
