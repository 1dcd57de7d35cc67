import { loadConfig } from '../../src/config';
import { ERROR_REASONS } from '../../src/errors';
import { tenantOpenApi } from '../../src/http/app';

/*
 * Each error answer of the tenant document lists the reasons it can carry (`x-reasons`): the pipeline's, those
 * its description names with that status, and, for a change to one object, the object's state refusals.
 */
type Responses = Record<string, { 'x-reasons'?: string[] }>;
const doc = tenantOpenApi({ config: loadConfig({ COUNTERFOIL_MODE: 'sandbox' }) }) as unknown as { paths: Record<string, Record<string, { responses: Responses }>> };
const reasons = (path: string, method: string, status: string) => doc.paths[path][method].responses[status]['x-reasons'] ?? [];

describe('the reasons each operation lists', () => {
  it('are all from the one documented list', () => {
    const known = new Set<string>(ERROR_REASONS);
    const listed = Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => Object.values(op.responses ?? {}).flatMap((r) => r['x-reasons'] ?? [])));
    expect(listed.length).toBeGreaterThan(1000);
    expect(listed.filter((r) => !known.has(r))).toEqual([]);
  });

  it.each([
    ['/withdrawals/{withdrawal_id}/cancel', 'post', '409', ['withdrawal_executed', 'withdrawal_submitted']],
    ['/internal-transfers/{internal_transfer_id}/reverse', 'post', '422', ['reversal_exceeds_remaining', 'internal_transfer_not_executed', 'return_currency_mismatch']],
    ['/internal-transfers/{internal_transfer_id}/reverse', 'post', '409', ['internal_transfer_executing']],
    ['/deposits/{deposit_id}/return', 'post', '422', ['reversal_exceeds_remaining', 'insufficient_funds']],
  ])('%s %s %s includes the state and described refusals', (path, method, status, expected) => {
    expect(reasons(path, method, status)).toEqual(expect.arrayContaining(expected));
  });

  it('a reason the description gives another status is not listed as a state refusal', () => {
    expect(reasons('/internal-transfers/{internal_transfer_id}/reverse', 'post', '409')).not.toContain('internal_transfer_not_executed');
  });
});
