import { defaultPayloadConverter } from '@temporalio/common';
import type { temporal } from '@temporalio/proto';

type Payload = temporal.api.common.v1.IPayload;
type History = temporal.api.history.v1.IHistory;

/** One value in a history that is data, not an id: where it is (event, path) and what it looks like. */
export interface Finding {
  event: number;
  path: string;
  kind: string;
  value: string;
}

/**
 * What must never be in a workflow history (docs/operations.md, "Workflow histories hold ids, not
 * data"). Ids (uuids, `withdrawal/<id>`, prefixed public ids), statuses, enum values, timestamps,
 * durations, counts and patch ids are allowed; amounts, addresses, bank details, people's names and
 * e-mails, secrets and tokens are not.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

const VALUE_RULES: [kind: string, test: (v: string) => boolean][] = [
  ['amount', (v) => /^-?\d+\.\d+$/.test(v) && !/^\d+\.\d+\.\d+/.test(v)],
  ['e-mail', (v) => /[^\s@]+@[^\s@]+\.[a-z]{2,}/i.test(v)],
  ['IBAN', (v) => /\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b/.test(v.replace(/ /g, ''))],
  ['address', (v) => /\b0x[0-9a-fA-F]{40}\b/.test(v) || /\b(bc1|tb1|bcrt1)[0-9a-z]{20,}\b/.test(v) || /\bT[1-9A-HJ-NP-Za-km-z]{33}\b/.test(v)],
  ['token', (v) => /\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/.test(v) || /\bcf(sk|at|tok)_/.test(v) || /-----BEGIN [A-Z ]*KEY-----/.test(v)],
  // Key material: a long run of base64 with both cases and digits (ids are uuids, hex or words).
  ['secret', (v) => /^[A-Za-z0-9+/_-]{32,}={0,2}$/.test(v) && /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v) && !UUID.test(v)],
];

/** Keys whose value is data whatever it looks like (a number stored as a string, a short name). */
const KEY_RULES: [kind: string, key: RegExp][] = [
  ['amount', /(amount|balance|^fee|fee_total|price|^value)$/i],
  ['IBAN', /(^|_)(iban|account_number|sort_code|bic|routing_number)$/i],
  ['address', /(^|_)(address|street|city|postcode|postal_code)$/i],
  ['name', /^(legal_name|display_name|first_name|last_name|full_name|given_name|family_name|holder_name|beneficiary_name|account_holder|person_name|name_on_account)$/i],
  ['e-mail', /(^|_)e?mail$/i],
  ['secret', /(secret|password|private_?key|api_?key|credential|seed|client_secret)$/i],
  ['token', /(^|_)(token|access_token|id_token|refresh_token|authorization)$/i],
]

function decode(payload: Payload): unknown {
  try {
    return defaultPayloadConverter.fromPayload(payload as never);
  } catch {
    return payload.data ? Buffer.from(payload.data).toString('utf8') : null;
  }
}

const isPayload = (v: unknown): v is Payload =>
  typeof v === 'object' && v !== null && 'metadata' in v && 'data' in v && typeof (v as Payload).metadata === 'object';

/** Every decoded value of every payload (inputs, results, memo, search attributes, headers, marker details). */
export function historyFindings(history: History): Finding[] {
  const findings: Finding[] = [];
  const inspect = (event: number, path: string, key: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object') {
      if (Array.isArray(value)) value.forEach((v, i) => inspect(event, `${path}[${i}]`, key, v));
      else if (value instanceof Uint8Array) inspect(event, path, key, Buffer.from(value).toString('utf8'));
      else for (const [k, v] of Object.entries(value)) inspect(event, `${path}.${k}`, k, v);
      return;
    }
    const text = String(value);
    const byKey = KEY_RULES.find(([, re]) => re.test(key) && text !== '' && typeof value !== 'boolean');
    const byValue = VALUE_RULES.find(([, test]) => test(text));
    const hit = byKey ?? byValue;
    if (hit) findings.push({ event, path, kind: hit[0], value: text.length > 80 ? `${text.slice(0, 80)}…` : text });
  };
  const walk = (event: number, path: string, node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (isPayload(node)) return inspect(event, path, '', decode(node));
    if (Array.isArray(node)) return node.forEach((n, i) => walk(event, `${path}[${i}]`, n));
    for (const [k, v] of Object.entries(node)) walk(event, `${path}.${k}`, v);
  };
  (history.events ?? []).forEach((e, i) => walk(Number(e.eventId ?? i + 1), String(e.eventType ?? ''), e));
  return findings;
}
