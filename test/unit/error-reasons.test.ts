import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, ERROR_REASONS } from '../../src/errors';
import { Problem } from '../../src/http/schemas';
import { AppError } from '../../src/errors';
import { SIGNED_ERRORS, fromAppError } from '../../src/http/signed/errors';
import { V1Error } from '../../src/http/signed/openapi';

const SRC = path.resolve(__dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

/** Reasons written as literals: `reason: 'x'` and `conflict(detail, 'x')`. */
function reasonsUsed(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    const at = (name: string) => used.has(name) || used.set(name, path.relative(SRC, file));
    for (const m of text.matchAll(/(?<![\w.])reason: *'([a-z_]+)'/g)) {
      const line = text.slice(text.lastIndexOf('\n', m.index) + 1, text.indexOf('\n', m.index));
      // Not a public route's `auth` sentence, nor a provider's outcome (`{ status: 'rejected', reason }`), nor a
      // store's column list naming its `reason` column.
      if (!/kind: 'public'|status: '/.test(line) && m[1] !== 'reason') at(m[1]);
    }
    for (const m of text.matchAll(/\bconflict\((?:[^()]|\([^()]*\))*?, *'([a-z_]+)'\)/g)) at(m[1]);
    for (const m of text.matchAll(/\bstateReason\('([a-z_]+)', *'([a-z_]+)'\)/g)) at(`${m[1]}_${m[2]}`);
  }
  return used;
}

describe('error reasons', () => {
  it('lists, in ERROR_REASONS, every reason the code uses', () => {
    const used = reasonsUsed();
    expect(used.size).toBeGreaterThan(40); // the scan finds the reasons at all
    const known = new Set<string>(ERROR_REASONS);
    const missing = [...used].filter(([name]) => !known.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('keeps the table sorted and free of duplicates, so adding one is a one-line edit', () => {
    expect([...ERROR_REASONS]).toEqual([...new Set(ERROR_REASONS)].sort());
  });

  it('is the enum of the problem schema and of the signed error body, where it is required', () => {
    expect(Problem.shape.reason.options).toEqual([...ERROR_REASONS]);
    expect(V1Error.shape.reason.options).toEqual([...ERROR_REASONS]);
    const problem = { type: 'about:blank', title: 't', status: 409, detail: 'd', code: 'EdgeConflict', request_id: 'r', errors: [] };
    expect(Problem.safeParse({ ...problem, reason: 'not_a_reason' }).success).toBe(false);
    expect(Problem.safeParse(problem).success).toBe(false);
    expect(V1Error.safeParse({ errorCode: 3004, errorLabel: 'INSUFFICIENT_FUNDS', errorDescription: 'd' }).success).toBe(false);
  });

  it('gives every error code and every signed API label a reason of the list', () => {
    const known = new Set<string>(ERROR_REASONS);
    const defaults = [...Object.values(ERROR_CODES), ...Object.values(SIGNED_ERRORS)].map((e) => e.reason);
    expect(defaults.filter((r) => !known.has(r))).toEqual([]);
    expect(defaults.length).toBe(Object.keys(ERROR_CODES).length + Object.keys(SIGNED_ERRORS).length);
  });

  it('documents every reason in docs/errors.md, and no other', () => {
    const doc = readFileSync(path.resolve(__dirname, '../../docs/errors.md'), 'utf8');
    const named = new Set([...doc.matchAll(/`([a-z][a-z_]+)`/g)].map((m) => m[1]));
    expect(ERROR_REASONS.filter((r) => !named.has(r))).toEqual([]);
    // Reason-like words in backticks outside the list (body members aside): a typo or a reason since removed.
    const known = new Set<string>(ERROR_REASONS);
    expect([...named].filter((w) => w.includes('_') && !known.has(w) && !['request_id', 'missing_permissions', 'current_etag', 'transfer_status'].includes(w))).toEqual([]);
  });

  it.each([
    { refusal: new AppError('EdgeUnprocessable', 'denied', { reason: 'policy_denied' }), label: 'POLICY_DENIED', reason: 'policy_denied' },
    { refusal: new AppError('EdgeConflict', 'executing', { reason: 'conversion_executing' }), label: 'CONFLICT', reason: 'conversion_executing' },
    { refusal: new AppError('EdgeConflict', 'suspended', { reason: 'client_suspended' }), label: 'ACCOUNT_RESTRICTED', reason: 'client_suspended' },
    { refusal: new AppError('EdgeUnprocessable', 'decimals', { reason: 'amount_precision', errors: [{ pointer: '/body/fromAmount', detail: 'd' }] }), label: 'AMOUNT_OUT_OF_RANGE', reason: 'amount_precision' },
    { refusal: new AppError('EdgeNotFound', 'no quote'), label: 'QUOTE_NOT_FOUND', reason: 'quote_not_found' },
    { refusal: new AppError('EdgeInternal', 'boom', { reason: 'provider_failed' }), label: 'INTERNAL_ERROR', reason: 'internal_error' },
  ])('the signed API keeps the domain reason of $reason under $label', ({ refusal, label, reason }) => {
    expect(fromAppError(refusal).body()).toMatchObject({ errorLabel: label, reason });
  });
});
