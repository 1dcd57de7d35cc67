import type { Sql, TransactionSql } from 'postgres';
import { AppError, notFound } from '../../errors';
import { uuidv7 } from '../../ids';
import { etagOf, type Alongside, type AccountOwnedRow } from '../../db/base';
import type { SubjectAttribution } from '../../auth/caller';
import { recordEventSql } from '../../events/outbox';
import { assertEnterpriseOpen } from '../tenancy/lifecycle';
import { visibleCondition, type FundableAccount, type Visibility } from '../funding/accounts';
import { PAYOUT_METHOD_CREATED as CREATED, PAYOUT_METHOD_DISABLED as DISABLED } from './events';
import { checkBeneficiary, findRail, type Beneficiary, type RailCode } from '../../reference/bank-rails';

/**
 * Payout methods: a beneficiary bank account an account pays out to (fiat withdrawals, off-ramp).
 * Per account, created by the tenant, checked against its rail (IBAN, BIC, ABA, sort code), and
 * disabled rather than deleted so past payouts keep their reference. active → disabled (terminal).
 */

export interface PayoutMethodRow extends AccountOwnedRow {
  rail: RailCode;
  currency: string;
  label: string;
  beneficiary: Beneficiary;
  status: 'active' | 'disabled';
}

export function presentPayoutMethod(r: PayoutMethodRow) {
  const rail = findRail(r.rail)!;
  return {
    id: r.id,
    resource: 'payout_method' as const,
    account_ref: r.account_ref,
    payment_method_id: rail.id,
    rail: r.rail,
    currency: r.currency,
    label: r.label,
    beneficiary: r.beneficiary,
    status: r.status,
    etag: etagOf(r),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

const COLUMNS = (sql: Sql | TransactionSql) =>
  sql`id, version, created_at, updated_at, enterprise_id, client_id, account_ref, rail, currency, label, beneficiary, status`;

function record(tx: TransactionSql, type: string, row: PayoutMethodRow, attribution: SubjectAttribution) {
  return recordEventSql(tx, {
    type,
    enterpriseId: row.enterprise_id,
    scopeRef: row.account_ref,
    resourceRef: `payout-methods/${row.id}`,
    payload: presentPayoutMethod(row),
    attribution,
  });
}

export interface NewPayoutMethod {
  account: FundableAccount;
  rail: RailCode;
  currency: string;
  label: string;
  beneficiary: Beneficiary;
  attribution: SubjectAttribution;
}

export async function createPayoutMethod(sql: Sql, input: NewPayoutMethod, alongside?: Alongside<PayoutMethodRow>): Promise<PayoutMethodRow> {
  const rail = findRail(input.rail)!;
  if (!rail.directions.includes('pay_out')) {
    throw new AppError('EdgeUnprocessable', `${rail.code} does not carry payouts.`, { errors: [{ pointer: '/body/rail', detail: 'not a payout rail' }] });
  }
  const { beneficiary, errors } = checkBeneficiary(rail, input.currency, input.beneficiary, '/body/beneficiary');
  if (errors.length > 0) throw new AppError('EdgeUnprocessable', 'The beneficiary bank details are invalid for this rail.', { errors });
  if (input.account.status === 'closed') throw new AppError('EdgeConflict', 'The account is closed.', { reason: 'account_closed' });
  return sql.begin(async (tx) => {
    await assertEnterpriseOpen(tx, input.account.enterpriseId);
    const [row] = await tx<PayoutMethodRow[]>`
      insert into payout_methods (id, enterprise_id, client_id, account_ref, rail, currency, label, beneficiary)
      values (${uuidv7()}, ${input.account.enterpriseId}, ${input.account.clientId}, ${input.account.accountRef}, ${rail.code},
              ${input.currency}, ${input.label}, ${tx.json(beneficiary as never)})
      returning ${COLUMNS(tx)}`;
    await record(tx, CREATED, row, input.attribution);
    await alongside?.(tx, row);
    return row;
  }) as Promise<PayoutMethodRow>;
}

export async function getPayoutMethod(sql: Sql, id: string): Promise<PayoutMethodRow> {
  const [row] = await sql<PayoutMethodRow[]>`select ${COLUMNS(sql)} from payout_methods where id = ${id}`;
  if (!row) throw notFound('payout method');
  return row;
}

/** active → disabled, with `alongside`. A stale version (If-Match) is 412 via `assertCurrent`; already disabled is 409. */
export async function disablePayoutMethod(
  sql: Sql,
  id: string,
  opts: { assertCurrent: (row: PayoutMethodRow) => void; attribution: SubjectAttribution; alongside?: Alongside<PayoutMethodRow> },
): Promise<PayoutMethodRow> {
  return sql.begin(async (tx) => {
    const [row] = await tx<PayoutMethodRow[]>`select ${COLUMNS(tx)} from payout_methods where id = ${id} for update`;
    if (!row) throw notFound('payout method');
    opts.assertCurrent(row);
    await assertEnterpriseOpen(tx, row.enterprise_id);
    if (row.status === 'disabled') throw new AppError('EdgeConflict', 'The payout method is already disabled.', { reason: 'payout_method_disabled' });
    const [updated] = await tx<PayoutMethodRow[]>`
      update payout_methods set status = 'disabled', version = version + 1, updated_at = now()
       where id = ${id} returning ${COLUMNS(tx)}`;
    await record(tx, DISABLED, updated, opts.attribution);
    await opts.alongside?.(tx, updated);
    return updated;
  }) as Promise<PayoutMethodRow>;
}

export async function listPayoutMethods(
  sql: Sql,
  q: { enterpriseId: string; visible: Visibility; accountRef?: string; status?: 'active' | 'disabled'; after: string | null; limit: number },
): Promise<PayoutMethodRow[]> {
  return sql<PayoutMethodRow[]>`
    select ${COLUMNS(sql)} from payout_methods p
     where p.enterprise_id = ${q.enterpriseId}
       and ${q.accountRef ? sql`p.account_ref = ${q.accountRef}` : sql`true`}
       and ${q.status ? sql`p.status = ${q.status}` : sql`true`}
       and ${visibleCondition(sql, q.visible, 'p')}
       and ${q.after ? sql`p.id > ${q.after}` : sql`true`}
     order by p.id limit ${q.limit}`;
}
