import { conflict, type AppError, type ErrorReason } from '../../errors';
import type { Db } from '../../db/sql';
import { refusalReason } from '../../db/refusals';
import { enterpriseClosed, enterpriseSuspended } from '../tenancy/lifecycle';
import type { AccountState } from './model';

/*
 * The accounts a transfer moves money between, as the lifecycle checks read them (accounts, their
 * clients and enterprises belong to other areas: read here, never written), and the API's answer for
 * each reason one of them cannot move money.
 */

/**
 * The accounts' states, read with FOR KEY SHARE in id order (client accounts, then master accounts):
 * an account close (FOR UPDATE) waits for in-flight transfers and later transfers see it closed.
 */
export function accountStates(tx: Db, refs: string[]) {
  const ids = (prefix: string) => refs.filter((r) => r.startsWith(prefix)).map((r) => r.slice(prefix.length));
  return tx`
    with client_side as materialized (
      select 'client-accounts/' || a.id as ref, a.enterprise_id, a.client_id, a.status, c.status as client_status,
             e.admission_state, e.restriction_state
        from client_accounts a join clients c on c.id = a.client_id join enterprises e on e.id = a.enterprise_id
       where a.id = any(${ids('client-accounts/')}::uuid[]) order by a.id for key share of a),
    master_side as materialized (
      select 'master-accounts/' || m.id as ref, m.enterprise_id, null::uuid as client_id, m.status, null::text as client_status,
             e.admission_state, e.restriction_state
        from master_accounts m join enterprises e on e.id = m.enterprise_id
       where m.id = any(${ids('master-accounts/')}::uuid[]) order by m.id for key share of m)
    select * from client_side union all select * from master_side`;
}

export function lockAccounts(tx: Db, refs: string[]): Promise<AccountState[]> {
  return tx<AccountState[]>`select * from (${accountStates(tx, refs)}) s`.execute();
}

/**
 * Locks both accounts (as accountStates) and refuses in SQL, aborting the transaction, when the
 * source's enterprise is closed or suspended, or either account or its client is not active — the
 * first of these in that order, the source before the target (the model's accountRefusalReason).
 */
export function lockMovable(tx: Db, sourceRef: string, targetRef: string) {
  return tx`
    select counterfoil_refuse(reason) from (
      select case
               when s.ref = ${sourceRef} and s.admission_state = 'closed' then 'enterprise_closed'
               when s.ref = ${sourceRef} and s.restriction_state = 'suspended' then 'enterprise_suspended'
               when s.client_status is not null and s.client_status <> 'active' then 'client_' || s.client_status || ':' || side
               when s.status <> 'active' then 'account_' || s.status || ':' || side
             end as reason, side
        from (select *, case when ref = ${sourceRef} then 'source' else 'target' end as side from (${accountStates(tx, [sourceRef, targetRef])}) a) s
       order by side
    ) r where reason is not null
    limit 1`.execute();
}

/** The API answer for a refusal raised by lockMovable; any other error as it is. */
export function transferRefusal(err: unknown): unknown {
  const reason = refusalReason(err);
  return (reason && refusalOf(reason)) ?? err;
}

/** The answer for one of lockMovable's reasons (`enterprise_closed`, `account_suspended:target`, ...); null for another. */
export function refusalOf(reason: string): AppError | null {
  if (reason === 'enterprise_closed') return enterpriseClosed();
  if (reason === 'enterprise_suspended') return enterpriseSuspended();
  const [code, side] = reason.split(':');
  if (code.startsWith('client_')) return conflict(`The client of the ${side} account is ${code.slice('client_'.length)}.`, code as ErrorReason);
  if (code.startsWith('account_')) return conflict(`The ${side} account is ${code.slice('account_'.length)}.`, code as ErrorReason);
  return null;
}
