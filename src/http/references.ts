import type { z } from '../schema/zod';
import type { Permission } from '../auth/permissions';
import type { Caller } from '../auth/caller';
import type { Services } from '../services';
import type { ReferenceMetadataChange } from '../db/references';
import { ReferenceMetadataUpdate } from '../schema/metadata';
import { defineRoute, type RouteDef } from './route';
import { assertIfMatch } from './etag';

/*
 * `PATCH /<collection>/{id}` changing a money object's reference and metadata (docs/references-and-metadata.md):
 * one route shape for every object type, so the contract (If-Match, merge, 409/412/422) reads the same everywhere.
 */

export function referenceMetadataPatchRoute<P extends z.ZodObject, R>(def: {
  path: string;
  operationId: string;
  summary: string;
  /** The object in the refusal and the answer's description: `withdrawal`. */
  noun: string;
  /** In which states the change is allowed, as the description's opening: `In any status`. */
  states: string;
  tags: string[];
  permission: Permission;
  params: P;
  schema: z.ZodType;
  update: (services: Services, caller: Caller, params: z.output<P>, change: ReferenceMetadataChange, assertCurrent: (row: { id: string; version: number }) => void) => Promise<R>;
  present: (row: R) => unknown;
}): RouteDef {
  return defineRoute({
    method: 'patch',
    path: def.path,
    operationId: def.operationId,
    summary: def.summary,
    description:
      `${def.states}: \`reference\` replaces the reference (null removes it), \`metadata\` is merged (null removes a key). ` +
      `With If-Match, a stale ETag is 412 and nothing changes. Metadata beyond its limits is 422 naming the key; a unique reference held by another ${def.noun} is 409 \`reference_taken\`.`,
    tags: def.tags,
    auth: { kind: 'bearer', permission: def.permission },
    ifMatch: true,
    params: def.params,
    body: ReferenceMetadataUpdate,
    responses: { 200: { description: `The updated ${def.noun}.`, schema: def.schema } },
    errors: ['EdgeNotFound', 'EdgeConflict', 'EdgePreconditionFailed', 'EdgeUnprocessable'],
    handler: async ({ params, body, caller, services, ctx }) => ({
      body: def.present(await def.update(services, caller, params, body, (row) => assertIfMatch(ctx, row))),
    }),
  });
}
