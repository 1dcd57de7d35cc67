/**
 * The reference connector: a small, complete implementation of the connector protocol
 * (docs/connectors.md) that a bank, custodian, KYC vendor or price feed integration starts from. It
 * keeps its book in memory and is driven by a control surface (bearer token), so tests and the
 * production walkthrough can make it confirm, fail or stall payouts, report deposits and KYC
 * decisions, serve, break or age prices, and screen counterparties (its test counterparties are the
 * sandbox's, docs/compliance.md) or answer screenings late. For `npm run chaos` it confirms payouts by
 * itself and misbehaves as a seed decides (POST /control/faults).
 *
 *   REFERENCE_CERT, REFERENCE_KEY   PEM files of its TLS certificate and key (it serves HTTPS only)
 *   REFERENCE_PORT                  port on 127.0.0.1 (0: any; the chosen one is printed)
 *   REFERENCE_CONTROL_TOKEN         bearer token of /control/*
 *
 * It depends on node and `standardwebhooks` only, as an integration outside Counterfoil would.
 */
import https from 'node:https';
import { readFileSync } from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';

type PayoutStatus = 'pending' | 'confirmed' | 'failed' | 'rejected';

interface Payout {
  idempotency_key: string;
  status: PayoutStatus;
  reference: string;
  reason: string | null;
  rail: string;
  destination: unknown;
  amount: { currency: string; value: string };
}

/** A deposit address or virtual account this connector issued: payments to it are reported for its account. */
interface Instruction {
  idempotency_key: string;
  /** `account`: an account's own; `collection`: an enterprise's on-ramp collection account (payments quote a reference). */
  purpose: 'account' | 'collection';
  account_ref: string;
  rail: string;
  address: string;
  memo: string | null;
  details: Record<string, string>;
}

/** The members of Counterfoil's signed protocol requests this connector reads (docs/connectors.md). */
interface ProtocolRequest {
  idempotency_key: string;
  purpose: 'account' | 'collection';
  account_ref: string;
  rail: string;
  destination: unknown;
  amount: { currency: string; value: string };
  base: string;
  quote: string;
  beneficiary_name: string;
  subject: { kind: 'crypto_address'; address: string } | { kind: 'bank_account'; account: string; holder_name: string | null };
}

interface Screening {
  screening_id: string;
  idempotency_key: string;
  status: 'completed' | 'pending';
  verdict: { category: string; score: number; reference: string; explanation: string } | null;
  /** The request as received, Travel Rule data included (a real provider passes it on). */
  request: unknown;
}

interface PriceBehaviour {
  mode: 'ok' | 'error' | 'garbage' | 'stale' | 'hang';
  mid: string;
}

const state = {
  secret: null as string | null,
  counterfoilUrl: null as string | null,
  connectorId: null as string | null,
  payouts: new Map<string, Payout>(),
  /** POST /payouts requests received (each, including repeats of a key). */
  payoutRequests: 0,
  /** Answer the next `hangSubmissions` POST /payouts only after this long (the payout is recorded at once). */
  hangMs: 0,
  hangSubmissions: 0,
  rejectReason: null as string | null,
  /** POST /payouts and /payouts/status answer 503 (the bank's side is down) while set. */
  payoutsUnavailable: false,
  checkAfterMs: 100,
  prices: new Map<string, PriceBehaviour>(),
  defaultPrice: { mode: 'ok', mid: '1' } as PriceBehaviour,
  instructions: new Map<string, Instruction>(),
  /** POST /deposit-instructions requests received (each, including repeats of a key). */
  instructionRequests: 0,
  /** `error`: POST /deposit-instructions answers 503 (the issuing side is down); `invalid`: an address that fits no rail (recorded nowhere). */
  instructionMode: 'ok' as 'ok' | 'error' | 'invalid',
  screenings: new Map<string, Screening>(),
  /** `error`: POST /screenings answers 503 (the provider is down); `pending`: every screening is answered later. */
  screeningMode: 'ok' as 'ok' | 'error' | 'pending',
  /** Deposits paid back to their senders (POST /deposit-returns), one per key. */
  depositReturns: new Map<string, { idempotency_key: string; status: 'sent' | 'rejected'; reference: string | null; reason: string | null; request: unknown }>(),
  /** `reject`: POST /deposit-returns refuses every new return (the sender's account is closed). */
  depositReturnMode: 'ok' as 'ok' | 'reject',
  /** The bank's or custodian's book, one account per rail and currency: what POST /statements reports (the cursor is a position in it). */
  statementLines: [] as StatementEntry[],
  /** `npm run chaos` (POST /control/faults): payouts confirmed by themselves, and misbehaving as a seed decides. */
  faults: null as null | { seed: number; rate: number; confirmAfterMs: number },
  faultsInjected: { error_after_work: 0, late: 0, event_twice: 0 } as Record<PayoutFault, number>,
};

/**
 * How a new payout misbehaves under `state.faults`, decided by a hash of the seed and its key (the same
 * seed, the same payouts): answered 500 after it was recorded, answered after Counterfoil's timeout, or
 * its confirmation event sent twice. A repeated request for a key is answered plainly.
 */
type PayoutFault = 'error_after_work' | 'late' | 'event_twice';
function payoutFault(key: string): PayoutFault | null {
  if (!state.faults) return null;
  const u = sha256(`${state.faults.seed}\u0000${key}`).readUInt32BE(0) / 2 ** 32;
  if (u >= state.faults.rate) return null;
  return (['error_after_work', 'late', 'event_twice'] as const)[Math.floor((u / state.faults.rate) * 3)];
}

/** Under `state.faults`, a payout confirms by itself after a while and says so (its event; Counterfoil also polls). */
function confirmLater(payout: Payout, fault: PayoutFault | null): void {
  setTimeout(() => {
    if (payout.status !== 'pending') return;
    payout.status = 'confirmed';
    bookLine(payout.rail, { amount: { currency: payout.amount.currency, value: negate(payout.amount.value) }, reference: payout.reference, remittance: payout.idempotency_key });
    // An API that is down misses the event; its status poll finds the confirmation anyway.
    sendEvent('payout.updated', { idempotency_key: payout.idempotency_key }, { times: fault === 'event_twice' ? 2 : 1 }).catch(() => undefined);
  }, state.faults!.confirmAfterMs);
}

/** The test counterparties, as the sandbox simulator has them: an address by its last four characters, an account by its holder. */
const SCREENING_CASES = [
  { suffix: '5a4c', holder: 'SANDBOX SANCTIONED', answer: 'sanctioned' },
  { suffix: '41e1', holder: 'SANDBOX HIGH RISK', answer: 'high_risk' },
  { suffix: '1a7e', holder: 'SANDBOX LATE', answer: 'late' },
  { suffix: 'e4e4', holder: 'SANDBOX PROVIDER ERROR', answer: 'error' },
] as const;

function screeningCase(subject: ProtocolRequest['subject']): string {
  const hit = SCREENING_CASES.find((c) => (subject.kind === 'crypto_address' ? subject.address.toLowerCase().endsWith(c.suffix) : subject.holder_name?.toUpperCase() === c.holder));
  return hit?.answer ?? 'clean';
}


/** One line of the connector's book. */
interface StatementEntry {
  rail: string;
  currency: string;
  id: string;
  booked_at: string;
  value_at: string;
  amount: { currency: string; value: string };
  counterparty: string | null;
  reference: string | null;
  remittance: string | null;
  status: string;
}

/** Books a line on the account of `rail` and the amount's currency (payouts leave and deposits arrive through it). */
function bookLine(rail: string, line: Partial<StatementEntry> & { amount: { currency: string; value: string } }): StatementEntry {
  const now = new Date().toISOString();
  const entry: StatementEntry = {
    rail,
    currency: line.amount.currency,
    id: line.id ?? `STMT-${randomUUID().slice(0, 13).toUpperCase()}`,
    booked_at: line.booked_at ?? now,
    value_at: line.value_at ?? line.booked_at ?? now,
    amount: line.amount,
    counterparty: line.counterparty ?? null,
    reference: line.reference ?? null,
    remittance: line.remittance ?? null,
    status: line.status ?? 'booked',
  };
  state.statementLines.push(entry);
  return entry;
}

const negate = (value: string) => (value.startsWith('-') ? value.slice(1) : `-${value}`);

// ---- Issuing addresses and virtual accounts, deterministic from the key (a real custodian or bank allocates them) ----

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  for (; n > 0n; n /= 58n) out = B58[Number(n % 58n)] + out;
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

const base58Check = (payload: Uint8Array) => base58(Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]));

/** A Stellar account id (StrKey: version byte, key, CRC16-XModem, RFC 4648 base32). */
function stellarAccount(key: Uint8Array): string {
  const body = Buffer.concat([Buffer.from([6 << 3]), key]);
  let crc = 0;
  for (const b of body) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  const bytes = Buffer.concat([body, Buffer.from([crc & 0xff, crc >> 8])]);
  let bits = '';
  for (const b of bytes) bits += b.toString(2).padStart(8, '0');
  return (bits.match(/.{5}/g) ?? []).map((g) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[parseInt(g, 2)]).join('');
}

const digits = (seed: Buffer, n: number) => (seed.readBigUInt64BE(8) % 10n ** BigInt(n)).toString().padStart(n, '0');

function iban(country: string, bban: string): string {
  const numeric = [...`${bban}${country}00`].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
  return `${country}${String(98 - Number(BigInt(numeric) % 97n)).padStart(2, '0')}${bban}`;
}

function abaRoutingNumber(first8: string): string {
  const sum = [...first8].reduce((acc, d, i) => acc + Number(d) * [3, 7, 1][i % 3], 0);
  return first8 + String((10 - (sum % 10)) % 10);
}

/** The instruction for a key: the same key always gives the same address, and no two keys share one. */
function issueInstruction(key: string, purpose: Instruction['purpose'], accountRef: string, rail: string, beneficiaryName: string): Instruction | null {
  const seed = sha256(`reference-deposit-instruction\u0000${key}`);
  const base = { idempotency_key: key, purpose, account_ref: accountRef, rail, memo: null as string | null, details: {} as Record<string, string> };
  switch (rail) {
    case 'ethereum':
      return { ...base, address: `0x${seed.subarray(0, 20).toString('hex')}` };
    case 'bitcoin':
      return { ...base, address: base58Check(Buffer.concat([Buffer.from([0x00]), seed.subarray(0, 20)])) };
    case 'tron':
      return { ...base, address: base58Check(Buffer.concat([Buffer.from([0x41]), seed.subarray(0, 20)])) };
    case 'solana':
      return { ...base, address: base58(seed) };
    case 'stellar':
      // One omnibus account; the memo tells the accounts apart.
      return { ...base, address: stellarAccount(sha256('reference-stellar-omnibus')), memo: (seed.readBigUInt64BE(0) >> 1n).toString() };
    case 'sepa': {
      const account = iban('DE', `88877766${digits(seed, 10)}`);
      return { ...base, address: account, details: { beneficiary_name: beneficiaryName, iban: account, bic: 'REFCDEB1XXX' } };
    }
    case 'fps': {
      const account = digits(seed, 8);
      return { ...base, address: account, details: { beneficiary_name: beneficiaryName, sort_code: '040088', account_number: account } };
    }
    case 'ach': {
      const account = digits(seed, 12);
      return { ...base, address: account, details: { beneficiary_name: beneficiaryName, routing_number: abaRoutingNumber('02100088'), account_number: account, account_type: 'checking' } };
    }
    default:
      return null;
  }
}

const controlToken = process.env.REFERENCE_CONTROL_TOKEN ?? '';

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Counterfoil's signature over the raw body, with the connector's secret. */
function verified(req: IncomingMessage, raw: Buffer): ProtocolRequest | null {
  if (!state.secret) return null;
  try {
    return new Webhook(state.secret).verify(raw, req.headers as Record<string, string>) as ProtocolRequest;
  } catch {
    return null;
  }
}

/** Sends one event to Counterfoil `times` times under one event id (a connector's retries); `badSignature` signs with a wrong key. */
async function sendEvent(type: string, data: unknown, opts: { times?: number; badSignature?: boolean } = {}): Promise<Array<{ status: number; body: unknown }>> {
  if (!state.secret || !state.counterfoilUrl || !state.connectorId) throw new Error('not configured');
  const id = `evt_${randomUUID()}`;
  const body = JSON.stringify({ type, data });
  const answers = [];
  for (let i = 0; i < (opts.times ?? 1); i++) {
    const now = new Date();
    const secret = opts.badSignature ? `whsec_${Buffer.alloc(24, 7).toString('base64')}` : state.secret;
    const signature = new Webhook(secret).sign(id, now, body);
    const res = await fetch(`${state.counterfoilUrl}/connectors/${state.connectorId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signature },
      body,
    });
    const text = await res.text();
    answers.push({ status: res.status, body: text ? JSON.parse(text) : null });
  }
  return answers;
}

const presentScreening = (s: Screening) => ({ screening_id: s.screening_id, status: s.status, ...(s.verdict ? { verdict: s.verdict } : {}) });

const present = (p: Payout) => ({
  idempotency_key: p.idempotency_key,
  status: p.status,
  reference: p.reference,
  reason: p.reason,
  ...(p.status === 'pending' ? { check_after_ms: state.checkAfterMs } : {}),
});

/** Counterfoil → connector: the protocol. */
async function protocol(req: IncomingMessage, res: ServerResponse, path: string, raw: Buffer): Promise<void> {
  const body = verified(req, raw);
  if (!body) return send(res, 401, { error: 'bad signature' });
  if ((path === '/payouts' || path === '/payouts/status') && state.payoutsUnavailable) return send(res, 503, { error: 'payouts are down' });
  if (path === '/payouts') {
    if (req.headers['idempotency-key'] !== body.idempotency_key) return send(res, 400, { error: 'Idempotency-Key must equal idempotency_key' });
    state.payoutRequests++;
    let payout = state.payouts.get(body.idempotency_key);
    if (!payout) {
      payout = {
        idempotency_key: body.idempotency_key,
        status: state.rejectReason ? 'rejected' : 'pending',
        reference: `REF-${randomUUID().slice(0, 8).toUpperCase()}`,
        reason: state.rejectReason,
        rail: body.rail,
        destination: body.destination,
        amount: body.amount,
      };
      state.payouts.set(payout.idempotency_key, payout);
      if (state.faults) {
        const fault = payoutFault(payout.idempotency_key);
        if (payout.status === 'pending') confirmLater(payout, fault);
        if (fault) state.faultsInjected[fault]++;
        if (fault === 'error_after_work') return send(res, 500, { error: 'recorded, then failed to answer' });
        if (fault === 'late') {
          const answer = present(payout);
          setTimeout(() => (res.destroyed ? undefined : send(res, 200, answer)), 2500);
          return;
        }
      }
    }
    if (state.hangSubmissions > 0) {
      state.hangSubmissions--;
      const answer = present(payout);
      setTimeout(() => (res.destroyed ? undefined : send(res, 200, answer)), state.hangMs);
      return;
    }
    return send(res, 200, present(payout));
  }
  if (path === '/payouts/status') {
    const payout = state.payouts.get(body.idempotency_key);
    return payout ? send(res, 200, present(payout)) : send(res, 404, { error: 'unknown payout' });
  }
  if (path === '/deposit-instructions') {
    if (req.headers['idempotency-key'] !== body.idempotency_key) return send(res, 400, { error: 'Idempotency-Key must equal idempotency_key' });
    state.instructionRequests++;
    if (state.instructionMode === 'error') return send(res, 503, { error: 'issuing is down' });
    if (state.instructionMode === 'invalid') return send(res, 200, { idempotency_key: body.idempotency_key, rail: body.rail, address: 'not-an-address', memo: null, details: {} });
    let instruction = state.instructions.get(body.idempotency_key);
    if (!instruction) {
      const purpose = body.purpose === 'collection' ? 'collection' : 'account';
      const issued = issueInstruction(body.idempotency_key, purpose, body.account_ref, body.rail, body.beneficiary_name);
      // Collection accounts are bank accounts: a pay-in rail's.
      if (!issued || (purpose === 'collection' && !['sepa', 'fps', 'ach'].includes(body.rail))) return send(res, 422, { error: `no ${purpose} accounts on rail ${body.rail}` });
      state.instructions.set(issued.idempotency_key, (instruction = issued));
    }
    const { account_ref: _account, purpose: _purpose, ...answer } = instruction;
    return send(res, 200, answer);
  }
  if (path === '/deposit-returns') {
    // Pays a deposit back to its sender, once per key: the same key again answers the same return.
    if (req.headers['idempotency-key'] !== body.idempotency_key) return send(res, 400, { error: 'Idempotency-Key must equal idempotency_key' });
    let sent = state.depositReturns.get(body.idempotency_key);
    if (!sent) {
      const rejected = state.depositReturnMode === 'reject';
      sent = { idempotency_key: body.idempotency_key, status: rejected ? 'rejected' : 'sent', reference: rejected ? null : `RET-${randomUUID().slice(0, 8).toUpperCase()}`, reason: rejected ? 'sender_account_closed' : null, request: body };
      state.depositReturns.set(sent.idempotency_key, sent);
      if (sent.reference) bookLine(body.rail, { amount: { currency: body.amount.currency, value: negate(body.amount.value) }, reference: sent.reference, remittance: body.idempotency_key });
    }
    const { request: _request, ...answer } = sent;
    return send(res, 200, answer);
  }
  if (path === '/screenings') {
    if (req.headers['idempotency-key'] !== body.idempotency_key) return send(res, 400, { error: 'Idempotency-Key must equal idempotency_key' });
    const known = state.screenings.get(body.idempotency_key);
    if (known) return send(res, 200, presentScreening(known));
    const answer = state.screeningMode === 'ok' ? screeningCase(body.subject) : state.screeningMode;
    if (answer === 'error') return send(res, 503, { error: 'screening is down' });
    const reference = `SCR-${randomUUID().slice(0, 8).toUpperCase()}`;
    const verdicts: Record<string, Screening['verdict']> = {
      sanctioned: { category: 'sanctions', score: 100, reference, explanation: 'On a sanctions list.' },
      high_risk: { category: 'mixer', score: 85, reference, explanation: 'Funds routed through a mixing service.' },
      clean: { category: 'none', score: 0, reference, explanation: 'Nothing found.' },
    };
    const screening: Screening = {
      screening_id: `scr_${randomUUID()}`,
      idempotency_key: body.idempotency_key,
      status: answer in verdicts ? 'completed' : 'pending',
      verdict: verdicts[answer] ?? null,
      request: body,
    };
    state.screenings.set(screening.idempotency_key, screening);
    return send(res, 200, presentScreening(screening));
  }
  if (path === '/statements') {
    const account = (body as unknown as { account: { rail: string; address: string; currency: string } }).account;
    const { cursor, limit } = body as unknown as { cursor: string | null; limit: number };
    const start = cursor && /^\d+$/.test(cursor) ? Number(cursor) : 0;
    const book = state.statementLines.map((l, i) => ({ l, i })).filter(({ l }) => l.rail === account.rail && l.currency === account.currency);
    const page = book.filter(({ i }) => i >= start).slice(0, limit);
    const total = book.reduce((sum, { l }) => sum + Math.round(Number(l.amount.value) * 1e6), 0);
    const lines = page.map(({ l }) => ({ id: l.id, booked_at: l.booked_at, value_at: l.value_at, amount: l.amount, counterparty: l.counterparty, reference: l.reference, remittance: l.remittance, status: l.status }));
    return send(res, 200, {
      lines,
      next_cursor: page.length ? String(page[page.length - 1].i + 1) : cursor,
      // The reference book sums in micro-units: enough for the fixtures' two- and six-decimal assets.
      balance: { currency: account.currency, value: (total / 1e6).toFixed(account.currency === 'EUR' || account.currency === 'USD' || account.currency === 'GBP' ? 2 : 6), as_of: new Date().toISOString() },
    });
  }
  if (path === '/prices') {
    const market = `${body.base}/${body.quote}`;
    const behaviour = state.prices.get(market) ?? state.defaultPrice;
    switch (behaviour.mode) {
      case 'error':
        return send(res, 500, { error: 'feed down' });
      case 'garbage':
        return send(res, 200, '<html>not a price</html>');
      case 'hang':
        return; // never answers: the caller's timeout decides
      case 'stale':
        return send(res, 200, { base: body.base, quote: body.quote, mid: behaviour.mid, as_of: new Date(Date.now() - 3_600_000).toISOString() });
      default:
        return send(res, 200, { base: body.base, quote: body.quote, mid: behaviour.mid, as_of: new Date().toISOString() });
    }
  }
  return send(res, 404, { error: 'no such endpoint' });
}

/** The control surface: tests and operators drive the connector. */
async function control(req: IncomingMessage, res: ServerResponse, path: string, raw: Buffer): Promise<void> {
  if (!controlToken || req.headers.authorization !== `Bearer ${controlToken}`) return send(res, 401, { error: 'control token' });
  const body = raw.length ? JSON.parse(raw.toString('utf8')) : {};
  if (path === '/control/configure') {
    state.secret = body.secret;
    state.counterfoilUrl = body.counterfoil_url;
    state.connectorId = body.connector_id;
    return send(res, 200, { ok: true });
  }
  if (path === '/control/state') {
    return send(res, 200, {
      payouts: [...state.payouts.values()],
      payout_requests: state.payoutRequests,
      instructions: [...state.instructions.values()],
      instruction_requests: state.instructionRequests,
      screenings: [...state.screenings.values()],
      deposit_returns: [...state.depositReturns.values()],
      statement_lines: state.statementLines,
      faults_injected: state.faultsInjected,
    });
  }
  if (path === '/control/faults') {
    state.faults = body.rate > 0 ? { seed: Number(body.seed) >>> 0, rate: Math.min(Number(body.rate), 1), confirmAfterMs: body.confirm_after_ms ?? 200 } : null;
    return send(res, 200, { ok: true });
  }
  if (path === '/control/payouts/behaviour') {
    state.hangMs = body.hang_ms ?? 0;
    state.hangSubmissions = body.hang_submissions ?? (body.hang_ms ? 1 : 0);
    state.rejectReason = body.reject_reason ?? null;
    state.checkAfterMs = body.check_after_ms ?? state.checkAfterMs;
    state.payoutsUnavailable = body.unavailable === true;
    return send(res, 200, { ok: true });
  }
  const settle = /^\/control\/payouts\/(confirm|fail)$/.exec(path);
  if (settle) {
    const payout = state.payouts.get(body.idempotency_key);
    if (!payout) return send(res, 404, { error: 'unknown payout' });
    payout.status = settle[1] === 'confirm' ? 'confirmed' : 'failed';
    if (payout.status === 'confirmed') bookLine(payout.rail, { amount: { currency: payout.amount.currency, value: negate(payout.amount.value) }, reference: payout.reference, remittance: payout.idempotency_key });
    payout.reason = settle[1] === 'fail' ? (body.reason ?? 'failed_by_provider') : null;
    const events = body.notify === false ? [] : await sendEvent('payout.updated', { idempotency_key: payout.idempotency_key });
    return send(res, 200, { payout: present(payout), events });
  }
  if (path === '/control/deposit-returns/behaviour') {
    state.depositReturnMode = body.mode === 'reject' ? 'reject' : 'ok';
    return send(res, 200, { ok: true });
  }
  if (path === '/control/deposit-instructions/behaviour') {
    state.instructionMode = ['error', 'invalid'].includes(body.mode) ? body.mode : 'ok';
    return send(res, 200, { ok: true });
  }
  if (path === '/control/deposits') {
    // `rail` is the connector's own: the statement account the payment is booked on (an issued address knows its rail).
    const { times, bad_signature: badSignature, rail: bookRail, ...data } = body;
    let rail: string | undefined = bookRail;
    if (data.address !== undefined) {
      // A payment arriving on an address (+memo) this connector issued: reported as it arrived.
      const issued = [...state.instructions.values()].find((i) => i.purpose === 'account' && i.address === data.address && (i.memo ?? null) === (data.memo ?? null));
      // A collection account's payments are told apart by the payment reference the payer quoted: report `payment_reference`.
      if (!issued) return send(res, 404, { error: "not an address or account this connector issued for an account's deposits" });
      data.memo = issued.memo;
      rail ??= issued.rail;
    }
    const events = await sendEvent('deposit.received', data, { times, badSignature });
    if (rail && events.some((e) => e.status === 200)) bookLine(rail, { amount: data.amount, reference: data.reference, remittance: `deposit ${data.reference}` });
    return send(res, 200, { events });
  }
  if (path === '/control/statements/lines') {
    // Lines the bank books on its own (a fee, an unknown payment), or as it misreports them.
    const lines = (body.lines as Array<Partial<StatementEntry> & { rail: string; amount: { currency: string; value: string } }>).map((l) => bookLine(l.rail, l));
    return send(res, 200, { lines });
  }
  if (path === '/control/statements/drop') {
    // A statement that leaves a booked line out (a payout the bank forgets to report).
    const before = state.statementLines.length;
    state.statementLines = state.statementLines.filter((l) => l.reference !== body.reference);
    return send(res, 200, { dropped: before - state.statementLines.length });
  }
  if (path === '/control/statements/available') {
    return send(res, 200, { events: await sendEvent('statement.available', { account: body.account, through: body.through ?? new Date().toISOString() }) });
  }
  if (path === '/control/screenings/behaviour') {
    state.screeningMode = ['error', 'pending'].includes(body.mode) ? body.mode : 'ok';
    return send(res, 200, { ok: true });
  }
  if (path === '/control/screenings/complete') {
    // The verdict of a pending screening, sent as `screening.completed` (again for a completed one: a repeated report).
    const screening = state.screenings.get(body.idempotency_key);
    if (!screening) return send(res, 404, { error: 'unknown screening' });
    screening.status = 'completed';
    screening.verdict = body.verdict ?? { category: 'none', score: 0, reference: `SCR-${randomUUID().slice(0, 8).toUpperCase()}`, explanation: 'Nothing found.' };
    return send(res, 200, { events: await sendEvent('screening.completed', { screening_id: screening.screening_id, verdict: screening.verdict }) });
  }
  // Money back after settlement: a payout the rail returned (in full or in part) and a deposit recalled.
  if (path === '/control/payouts/return') {
    const { times, ...data } = body;
    return send(res, 200, { events: await sendEvent('payout.returned', { returned_at: new Date().toISOString(), ...data }, { times }) });
  }
  if (path === '/control/deposits/reverse') {
    const { times, ...data } = body;
    return send(res, 200, { events: await sendEvent('deposit.reversed', { reversed_at: new Date().toISOString(), ...data }, { times }) });
  }
  if (path === '/control/kyc') {
    return send(res, 200, { events: await sendEvent('kyc.decision', body) });
  }
  if (path === '/control/prices') {
    const behaviour = { mode: body.mode ?? 'ok', mid: body.mid ?? '1' } as PriceBehaviour;
    if (body.market) state.prices.set(body.market, behaviour);
    else state.defaultPrice = behaviour;
    return send(res, 200, { ok: true });
  }
  return send(res, 404, { error: 'no such control' });
}

const server = https.createServer({ cert: readFileSync(process.env.REFERENCE_CERT!), key: readFileSync(process.env.REFERENCE_KEY!) }, (req, res) => {
  const path = new URL(req.url ?? '/', 'https://connector').pathname;
  readBody(req)
    .then((raw) => {
      if (req.method !== 'POST' && !(req.method === 'GET' && path === '/control/state')) return send(res, 405, { error: 'POST only' });
      return path.startsWith('/control/') ? control(req, res, path, raw) : protocol(req, res, path, raw);
    })
    .catch((err) => send(res, 500, { error: String(err?.message ?? err) }));
});

server.listen(Number(process.env.REFERENCE_PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`reference connector listening on ${typeof address === 'object' && address ? address.port : '?'}\n`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
