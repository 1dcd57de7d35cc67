import { z } from '../../../schema/zod';
import { Uuid } from '../../../schema/common';
import { notFound } from '../../../errors';
import type { Caller } from '../../../auth/caller';
import type { Services } from '../../../services';
import { findAccount, presentAccount, reconciledThrough, type ReconciliationAccountRow } from '../../../domain/reconciliation';

/* What the reconciliation routes share: path parameters, the account lookup (404 out of the enterprise) and the account's view. */

export const AccountParams = z.object({ account_id: Uuid });
export const BreakParams = z.object({ break_id: Uuid });
export const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day, YYYY-MM-DD').refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'not a calendar day');
export const Money = z.object({ currency: z.string().min(1).max(16), value: z.string().max(100) }).strict();

/** The caller's reconciled account, or 404 (another enterprise's is as absent as a missing one). */
export async function requireAccount(services: Services, caller: Caller, id: string, permission: 'reconciliation.read' | 'reconciliation.manage'): Promise<ReconciliationAccountRow> {
  const a = await findAccount(services.sql, id);
  if (!a || a.enterprise_id !== caller.enterpriseId) throw notFound('reconciliation account');
  caller.require(permission, [caller.enterpriseRef], 'reconciliation account');
  return a;
}

export const mustHold = (caller: Caller, permission: 'reconciliation.read' | 'reconciliation.manage') => caller.require(permission, [caller.enterpriseRef], 'reconciliation');

export const accountView = async (services: Services, a: ReconciliationAccountRow) => presentAccount(a, await reconciledThrough(services.sql, a.id));
