/*
 * The life of a governed record that holds money until it books once (a deposit return, a
 * reconciliation adjustment): pure. pending_approval → executing → executed; pending_approval →
 * rejected | expired | cancelled, and either live status → failed, each releasing the hold.
 */

export const GOVERNED_STATUSES = ['pending_approval', 'executing', 'executed', 'rejected', 'expired', 'cancelled', 'failed'] as const;
export type GovernedStatus = (typeof GOVERNED_STATUSES)[number];
export type GovernedRelease = 'rejected' | 'expired' | 'cancelled' | 'failed';

/** Statuses that still hold money; the booked one; those that ended without booking. */
export const GOVERNED_LIVE: readonly GovernedStatus[] = ['pending_approval', 'executing'];
export const GOVERNED_BOOKED: readonly GovernedStatus[] = ['executed'];
export const GOVERNED_ENDED: readonly GovernedStatus[] = ['cancelled', 'rejected', 'expired', 'failed'];

const MOVES: Record<GovernedStatus, readonly GovernedStatus[]> = {
  pending_approval: ['executing', 'rejected', 'expired', 'cancelled', 'failed'],
  executing: ['executed', 'failed'],
  executed: [],
  rejected: [],
  expired: [],
  cancelled: [],
  failed: [],
};

export const canMoveGoverned = (from: GovernedStatus, to: GovernedStatus): boolean => MOVES[from].includes(to);
