import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../errors';
import { MasterAccount } from './entities';

/** One page of the enterprise's master accounts, oldest first; at most `limit` rows. */
export function listMasterAccountsOf(em: EntityManager, enterpriseId: string, page: { after: string | null; limit: number }): Promise<MasterAccount[]> {
  return em.find(MasterAccount, { enterpriseId, ...(page.after ? { id: { $gt: page.after } } : {}) }, { orderBy: { id: 'asc' }, limit: page.limit });
}

/** The master account by id; absent is 404 (the caller authorizes at its enterprise). */
export async function findMasterAccount(em: EntityManager, id: string): Promise<MasterAccount> {
  const row = await em.findOne(MasterAccount, { id });
  if (!row) throw notFound('master account');
  return row;
}
