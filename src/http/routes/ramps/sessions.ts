import { z } from '../../../schema/zod';
import { defineRoute, type HandlerInput, type RouteDef } from '../../route';
import { AccountRef, Uuid } from '../../../schema/common';
import { listOf, pageQuery } from '../../pagination';
import { referenceMetadataQuery } from '../../../schema/metadata';
import type { Caller } from '../../../auth/caller';
import type { Services } from '../../../services';
import { requireAccount } from '../../../domain/funding/accounts';
import { requireCapability } from '../../../domain/capabilities';

/* What on-ramp and off-ramp sessions share: their account check, the workflow signal and the get, cancel and list routes. */

export const AssetCode = z.string().min(1).max(16).transform((s) => s.toUpperCase());

export const SessionParams = z.object({ session_id: Uuid });

/** The account (404 out of scope, 403 without ramps.create there) with the ramp capability switched on at its scope. */
export async function rampAccount(services: Services, caller: Caller, accountRef: string, capability: 'ramps.on_ramp' | 'ramps.off_ramp') {
  const account = await requireAccount(services.sql, caller, accountRef, 'ramps.create');
  await requireCapability(services.sql, capability, account.path);
  return account;
}

/** Tells a ramp workflow the row changed; it re-reads the row, so a lost signal only delays it until its timer. */
export async function signal(services: Services, workflowId: string, name: string): Promise<void> {
  const client = await services.temporal.get();
  await client.workflow.getHandle(workflowId).signal(name);
}

/** The list filters both session kinds share. */
const sessionQuery = <S extends readonly [string, ...string[]]>(statuses: S) =>
  z
    .object({
      account_ref: AccountRef.optional().openapi({ param: { name: 'account_ref', in: 'query' } }),
      status: z.enum(statuses).optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...referenceMetadataQuery,
      ...pageQuery,
    })
    .strict();

/**
 * GET of a session kind's collection: the same filters, paging and visibility for both kinds (the
 * session store's `list`), each with its own statuses, answer schema and presenter.
 */
export function sessionListRoute<S extends readonly [string, ...string[]], Row extends { id: string }>(kind: {
  path: string;
  operationId: string;
  noun: string;
  statuses: S;
  body: z.ZodType;
  listName: string;
  list: (services: Services, caller: Caller, filter: { accountRef?: string; status?: S[number]; reference?: string; metadata?: Record<string, string> }, after: string | null, limit: number) => Promise<Row[]>;
  present: (row: Row) => unknown;
}): RouteDef {
  return defineRoute({
    method: 'get',
    path: kind.path,
    operationId: kind.operationId,
    summary: `List ${kind.noun}s`,
    description: 'Oldest first; only accounts within the scopes where the caller holds ramps.read. `reference` and `metadata[<key>]` match exactly.',
    tags: ['Ramps'],
    auth: { kind: 'bearer', permission: 'ramps.read' },
    query: sessionQuery(kind.statuses),
    responses: { 200: { description: `A page of ${kind.noun}s.`, schema: listOf(kind.body, kind.listName) } },
    handler: async ({ query, caller, services, pager }) => {
      const q = { accountRef: query.account_ref, status: query.status, reference: query.reference, metadata: query.metadata };
      return { body: await pager.list(query, caller, (after, limit) => kind.list(services, caller, q, after, limit), kind.present) };
    },
  });
}

/** The two kinds' paths and names: `/on-ramp-sessions`, `OnRampSession`, `on-ramp session`. */
interface SessionKind<Row> {
  path: string;
  name: string;
  noun: string;
  body: z.ZodType;
  present: (row: Row) => unknown;
}

type SessionInput = HandlerInput<z.infer<typeof SessionParams>, unknown, unknown>;

/** GET of one session: 404 out of scope or without ramps.read there. */
export function sessionGetRoute<Row>(kind: SessionKind<Row> & { read: (input: SessionInput) => Promise<Row> }): RouteDef {
  return defineRoute({
    method: 'get',
    path: `${kind.path}/{session_id}`,
    operationId: `get${kind.name}`,
    summary: `Get an ${kind.noun}`,
    tags: ['Ramps'],
    auth: { kind: 'bearer', permission: 'ramps.read' },
    params: SessionParams,
    responses: { 200: { description: 'The session.', schema: kind.body } },
    errors: ['EdgeNotFound'],
    handler: async (input) => ({ body: kind.present(await kind.read(input)) }),
  });
}

/** POST …/cancel of one session, under ramps.create; each kind says when it may be cancelled and how. */
export function sessionCancelRoute<Row>(kind: SessionKind<Row> & { description: string; cancel: (input: SessionInput) => Promise<Row> }): RouteDef {
  return defineRoute({
    method: 'post',
    path: `${kind.path}/{session_id}/cancel`,
    operationId: `cancel${kind.name}`,
    summary: `Cancel an ${kind.noun}`,
    description: kind.description,
    tags: ['Ramps'],
    auth: { kind: 'bearer', permission: 'ramps.create' },
    idempotency: 'optional',
    params: SessionParams,
    responses: { 200: { description: 'The cancelled session.', schema: kind.body } },
    errors: ['EdgeNotFound', 'EdgeConflict'],
    handler: async (input) => ({ body: kind.present(await kind.cancel(input)) }),
  });
}
