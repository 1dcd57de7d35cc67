import * as ed from '@noble/ed25519';

/**
 * The client of the signed API (/v1): sends `x-apikey` on every request and signs every POST body
 * with the Ed25519 private key returned at key creation (docs/signed-api.md).
 */

/** The PKCS#8 DER header of an Ed25519 private key (RFC 8410); the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));

/** The 32-byte Ed25519 secret key inside a base64 PKCS#8 DER private key. */
export function secretKeyFromPkcs8(privateKeyBase64: string): Uint8Array {
  const der = fromBase64(privateKeyBase64);
  if (der.length !== 48 || PKCS8_ED25519_PREFIX.some((b, i) => der[i] !== b)) {
    throw new Error('not an Ed25519 private key in PKCS#8 DER (base64)');
  }
  return der.slice(16);
}

/** Base64 of the 64-byte Ed25519 signature over the exact body bytes. */
export async function signBody(body: string | Uint8Array, secretKey: Uint8Array): Promise<string> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return toBase64(await ed.signAsync(bytes, secretKey));
}

export interface SignedApiResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface SignedApiClientOptions {
  /** e.g. `https://signed.example.com` (the signed API's base URL, without /v1). */
  baseUrl: string;
  apiKey: string;
  /** PKCS#8 DER, base64, as returned by POST /api-keys. */
  privateKey: string;
  /** Sent with every POST when set (ms, at most 60000). */
  recvWindow?: number;
  /** Sent as `Counterfoil-Version` on every request when set (e.g. `2026-11-26`); else the key's pinned version answers. */
  apiVersion?: string;
  /** Clock in ms since the Unix epoch (tests shift it). */
  now?: () => number;
  fetch?: typeof fetch;
}

export class SignedApiClient {
  private readonly secretKey: Uint8Array;

  constructor(private readonly opts: SignedApiClientOptions) {
    this.secretKey = secretKeyFromPkcs8(opts.privateKey);
  }

  get<T = unknown>(path: string): Promise<SignedApiResponse<T>> {
    return this.send<T>('GET', path, { 'x-apikey': this.opts.apiKey });
  }

  /** POSTs `params` plus `timestamp` (and `recvWindow`), signed over the exact JSON text sent. */
  async post<T = unknown>(path: string, params: Record<string, unknown>): Promise<SignedApiResponse<T>> {
    const body = JSON.stringify({
      ...params,
      timestamp: (this.opts.now ?? Date.now)(),
      ...(this.opts.recvWindow !== undefined ? { recvWindow: this.opts.recvWindow } : {}),
    });
    const headers = { 'x-apikey': this.opts.apiKey, 'content-type': 'application/json', 'x-signature': await signBody(body, this.secretKey) };
    return this.send<T>('POST', path, headers, body);
  }

  private async send<T>(method: string, path: string, headers: Record<string, string>, body?: string): Promise<SignedApiResponse<T>> {
    if (this.opts.apiVersion) headers['counterfoil-version'] = this.opts.apiVersion;
    const res = await (this.opts.fetch ?? fetch)(this.opts.baseUrl + path, { method, headers, body });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as T };
  }
}
