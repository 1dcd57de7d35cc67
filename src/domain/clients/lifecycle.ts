import type { AccountHolderStatus } from './entities';

/** Lifecycle actions of clients and client accounts: active ↔ suspended, either → closed (terminal). */
export type HolderAction = 'suspend' | 'reactivate' | 'close';

export const TRANSITIONS: Record<HolderAction, { from: readonly AccountHolderStatus[]; to: AccountHolderStatus; event: 'suspended' | 'reactivated' | 'closed' }> = {
  suspend: { from: ['active'], to: 'suspended', event: 'suspended' },
  reactivate: { from: ['suspended'], to: 'active', event: 'reactivated' },
  close: { from: ['active', 'suspended'], to: 'closed', event: 'closed' },
};
