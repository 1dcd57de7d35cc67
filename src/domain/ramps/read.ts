import type { Sql } from 'postgres';
import type { Caller } from '../../auth/caller';
import { offRampSessions, type OffRampRow } from './off-ramp-store';
import { onRampSessions, type OnRampRow } from './on-ramp-store';

/* The reads and the reference-and-metadata change of both session kinds (./sessions). */

export const findOnRamp = onRampSessions.find;

/** A page of the on-ramp sessions the caller may read (`ramps.read`), oldest first. */
export const listOnRamps = onRampSessions.list;

/** PATCH: the session's reference and metadata, in any status (docs/references-and-metadata.md). */
export const updateOnRampReferenceMetadata = onRampSessions.updateReferenceMetadata;

/** The session when the caller holds `permission` at its account, else 404 (403 in scope without it). */
export const requireOnRamp = (sql: Sql, caller: Caller, id: string, permission: 'ramps.read' | 'ramps.create' | 'sandbox.control'): Promise<OnRampRow> =>
  onRampSessions.require(sql, caller, id, permission);

export const findOffRamp = offRampSessions.find;

/** A page of the off-ramp sessions the caller may read (`ramps.read`), oldest first. */
export const listOffRamps = offRampSessions.list;

/** PATCH: the session's reference and metadata, in any status (docs/references-and-metadata.md). */
export const updateOffRampReferenceMetadata = offRampSessions.updateReferenceMetadata;

export const requireOffRamp = (sql: Sql, caller: Caller, id: string, permission: 'ramps.read' | 'ramps.create' | 'sandbox.control'): Promise<OffRampRow> =>
  offRampSessions.require(sql, caller, id, permission);
