import { z } from '../../schema/zod';
import { defineRoute } from '../route';
import { Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { notFound } from '../../errors';
import { AuditEntryBody, findAuditEntry, presentAuditEntry, searchAuditEntries } from '../../domain/audit/search';
import { findNamed } from '../../domain/iam/names';
import { parseRef } from '../../ids';

const APPEND_ONLY = 'Entries are append-only: no route changes or deletes one, and the database refuses UPDATE and DELETE on them.';
const ENTERPRISE_SCOPED = 'Entries belong to the enterprise as a whole: `audit.read` must be held at the enterprise.';

export const getAuditEntryRoute = defineRoute({
  method: 'get',
  path: '/user-action-audit-entries/{entry_id}',
  operationId: 'getUserActionAuditEntry',
  summary: 'Get a user action audit entry',
  description: `${ENTERPRISE_SCOPED} ${APPEND_ONLY}`,
  tags: ['Audit'],
  auth: { kind: 'bearer', permission: 'audit.read' },
  params: z.object({ entry_id: Uuid }),
  responses: { 200: { description: 'The audit entry.', schema: AuditEntryBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    caller.require('audit.read', [caller.enterpriseRef], 'audit entry');
    const row = await findAuditEntry(services.sql, caller.enterpriseId, params.entry_id);
    if (!row) throw notFound('audit entry');
    return { body: presentAuditEntry(row) };
  },
});

const ISO_INSTANT = z.iso.datetime({ offset: true });

export const searchAuditEntriesRoute = defineRoute({
  method: 'post',
  path: '/user-action-audit-entries/search',
  operationId: 'searchUserActionAuditEntries',
  summary: 'Search user action audit entries',
  description:
    'Every mutating request (any method but GET) of an authenticated caller leaves one entry, whether it succeeded or was refused: who (subject attribution), what (`action` = operationId, `resource_ref`), outcome (status code, error code), request id, client IP, user agent and time. ' +
    `Filters combine with AND; results are oldest first. ${ENTERPRISE_SCOPED} ${APPEND_ONLY}`,
  tags: ['Audit'],
  auth: { kind: 'bearer', permission: 'audit.read' },
  body: z
    .object({
      occurred_after: ISO_INSTANT.optional().openapi({ description: 'Inclusive lower bound of `occurred_at`.' }),
      occurred_before: ISO_INSTANT.optional().openapi({ description: 'Exclusive upper bound of `occurred_at`.' }),
      subject_ref: z
        .string()
        .regex(/^(users|service-accounts)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'must be a users/<id> or service-accounts/<id> reference')
        .optional(),
      subject_name: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .optional()
        .openapi({
          description:
            'Entries of the people and service accounts whose name contains this text, in any case: a user\'s display name, a service account\'s ' +
            'description (else its external id), as `POST /names/lookup` names them. Only those whose names the caller may read match ' +
            '(`users.read`, `service_accounts.read` at their scope); when none does, the page is empty.',
          example: 'Ada',
        }),
      action: z.string().max(100).optional().openapi({ description: 'operationId, e.g. `rotateServiceAccountSecret`.' }),
      resource_ref: z.string().max(200).optional(),
      outcome: z.enum(['succeeded', 'refused', 'failed']).optional(),
      ...pageQuery,
    })
    .strict()
    .openapi('UserActionAuditSearch'),
  responses: { 200: { description: 'A page of audit entries.', schema: listOf(AuditEntryBody, 'UserActionAuditEntryList') } },
  handler: async ({ body, caller, services, pager }) => {
    const where = {
      occurredAfter: body.occurred_after,
      occurredBefore: body.occurred_before,
      subjectRef: body.subject_ref,
      action: body.action,
      resourceRef: body.resource_ref,
      outcome: body.outcome,
    };
    // A search of the log tolerates COUNTERFOIL_READ_MAX_LAG_MS of lag (DATABASE_READ_URL, docs/ledger.md).
    const fetch = async (after: string | null, limit: number) => {
      if (!caller.can('audit.read', [caller.enterpriseRef])) return [];
      const db = services.reads.recent();
      // A name is resolved as the name lookup resolves refs, so it finds no one the caller may not read.
      const subjectIds =
        body.subject_name === undefined ? undefined : (await findNamed(db, caller, ['users', 'service-accounts'], body.subject_name)).map((n) => parseRef(n.ref)!.id);
      return searchAuditEntries(db, caller.enterpriseId, { ...where, subjectIds }, after, limit);
    };
    return { body: await pager.list(body, caller, fetch, presentAuditEntry) };
  },
});

export const auditRoutes = [getAuditEntryRoute, searchAuditEntriesRoute];
