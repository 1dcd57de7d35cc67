import type { TransactionSql } from 'postgres';
import { conflict, notFound, stateReason } from '../../errors';
import type { Metrics } from '../../metrics';
import type { ScopePath } from '../../auth/caller';
import { parseRef } from '../../ids';
import { book, postHold, systemAccountRef, type Leg } from '../../ledger';
import type { FeeComponent } from '../fees/engine';
import { enterpriseClosed, enterpriseSuspended } from '../tenancy/lifecycle';

export interface MovableAccount {
  ref: string;
  enterpriseId: string;
  clientId: string | null;
  path: ScopePath;
}

/**
 * The account as money may leave or arrive now: read FOR KEY SHARE (an account close waits for
 * us), 404 when missing or of another enterprise, 410/409 for a closed or suspended enterprise,
 * 409 for a suspended or closed account or client.
 */
export async function lockMovableAccount(tx: TransactionSql, accountRef: string, enterpriseId: string, opts: { outgoing: boolean }): Promise<MovableAccount> {
  const parsed = parseRef(accountRef);
  const [row] =
    parsed?.collection === 'client-accounts'
      ? await tx`
          select a.enterprise_id, a.client_id, a.status, c.status as client_status, e.admission_state, e.restriction_state
            from client_accounts a join clients c on c.id = a.client_id join enterprises e on e.id = a.enterprise_id
           where a.id = ${parsed.id} for key share of a`
      : parsed?.collection === 'master-accounts'
        ? await tx`
            select m.enterprise_id, null as client_id, m.status, null as client_status, e.admission_state, e.restriction_state
              from master_accounts m join enterprises e on e.id = m.enterprise_id
             where m.id = ${parsed.id} for key share of m`
        : [];
  if (!row || row.enterprise_id !== enterpriseId) throw notFound('account');
  if (row.admission_state === 'closed') throw enterpriseClosed();
  if (opts.outgoing && row.restriction_state === 'suspended') throw enterpriseSuspended();
  if (row.client_status && row.client_status !== 'active') throw conflict(`The client of the account is ${row.client_status}.`, stateReason('client', row.client_status));
  if (row.status !== 'active') throw conflict(`The account is ${row.status}.`, stateReason('account', row.status));
  const clientId: string | null = row.client_id;
  return {
    ref: accountRef,
    enterpriseId,
    clientId,
    path: clientId ? [`enterprises/${enterpriseId}`, `clients/${clientId}`, accountRef] : [`enterprises/${enterpriseId}`, accountRef],
  };
}

export interface StoredFee {
  type: FeeComponent['type'];
  amount: string;
  payee_ref: string | null;
}

/** The price a quote fixed and its conversion kept: both rows carry the same columns. */
export interface PricedColumns {
  from_asset: string;
  to_asset: string;
  from_amount: string;
  to_amount: string;
  fee_amount: string;
  fee_components: StoredFee[];
  enterprise_ca_version: number;
  platform_ca_version: number;
  rate: string;
  price: string;
}

export const storeFees = (components: FeeComponent[]): StoredFee[] =>
  components.map((c) => ({ type: c.type, amount: c.amount.toString(), payee_ref: c.payeeRef }));

export const loadFees = (stored: StoredFee[]) => stored.map((s) => ({ type: s.type, amount: BigInt(s.amount), payeeRef: s.payee_ref }));

export interface Exchange {
  /** Business key of the booking; the hold path books `<key>/from` and `<key>/to`. */
  key: string;
  kind: string;
  enterpriseId: string;
  /** Who pays the source asset (principal + fees): an account directly, or a pending hold on it. */
  source: { accountRef: string } | { holdId: string };
  /** Who receives the target asset. */
  targetRef: string;
  fromAsset: string;
  fromAmount: bigint;
  toAsset: string;
  toAmount: bigint;
  fees: StoredFee[];
  metrics?: Metrics;
}

/**
 * Books a currency exchange as TigerBeetle's recipe does: the source asset goes to the enterprise's
 * FX liquidity account (fees to their payees), the target asset comes out of it. Rounding was done
 * by the pricing (always down), so the liquidity account keeps the remainder. Without a hold this is
 * one multi-leg ledger transaction; with one, the hold is posted and the target leg booked, in the
 * caller's database transaction. Returns the id of the ledger transaction that credits the target.
 */
export async function bookExchange(tx: TransactionSql, x: Exchange): Promise<string> {
  const fx = systemAccountRef(x.enterpriseId, 'fx_liquidity');
  const fees = x.fees.map((f) => ({ accountRef: f.payee_ref ?? systemAccountRef(x.enterpriseId, 'fee_revenue'), amount: BigInt(f.amount) })).filter((f) => f.amount > 0n);
  const feeTotal = fees.reduce((s, f) => s + f.amount, 0n);
  const toLegs: Leg[] = [
    { accountRef: fx, asset: x.toAsset, amount: -x.toAmount },
    { accountRef: x.targetRef, asset: x.toAsset, amount: x.toAmount },
  ];
  if ('accountRef' in x.source) {
    const booked = await book(tx, {
      key: x.key,
      enterpriseId: x.enterpriseId,
      kind: x.kind,
      metrics: x.metrics,
      legs: [
        { accountRef: x.source.accountRef, asset: x.fromAsset, amount: -(x.fromAmount + feeTotal) },
        { accountRef: fx, asset: x.fromAsset, amount: x.fromAmount },
        ...fees.map((f) => ({ accountRef: f.accountRef, asset: x.fromAsset, amount: f.amount })),
        ...toLegs,
      ],
    });
    return booked.id;
  }
  await postHold(tx, {
    holdId: x.source.holdId,
    key: `${x.key}/from`,
    kind: x.kind,
    credits: [{ accountRef: fx, amount: x.fromAmount }, ...fees],
    metrics: x.metrics,
  });
  const booked = await book(tx, { key: `${x.key}/to`, enterpriseId: x.enterpriseId, kind: x.kind, metrics: x.metrics, legs: toLegs });
  return booked.id;
}
