import { z } from '../../schema/zod';
import { defineRoute } from '../route';
import { Timestamp, Uuid } from '../../schema/common';
import { assertIfMatch, withOptimisticLock } from '../etag';
import { inIamTransaction } from '../../domain/iam/unit';
import { ServiceAccountBody, presentServiceAccount } from '../../domain/iam/present';
import { auditInTransaction } from '../audit-trail';
import { rotateSecret } from '../../domain/secret-rotation/rotation';
import { DEFAULT_OVERLAP_SECONDS, MAX_OVERLAP_SECONDS } from '../../domain/secret-rotation/settings';

const SecretRotationBody = z
  .object({
    client_id: z.string(),
    client_secret: z.string().openapi({ description: 'The new secret, returned only in this answer.' }),
    client_secret_expires_at: Timestamp,
    previous_secret_expires_at: Timestamp.nullable().openapi({ description: 'Until when the secret used before this rotation keeps working; null when it stopped at once.' }),
    service_account: ServiceAccountBody,
  })
  .openapi('ServiceAccountSecretRotation');

export const rotateServiceAccountSecretRoute = defineRoute({
  method: 'post',
  path: '/service-accounts/{service_account_id}/rotate-secret',
  operationId: 'rotateServiceAccountSecret',
  summary: 'Rotate a service account secret',
  description:
    'Issues a new client secret (returned once). The secret in use until now keeps working for `overlap_seconds` (default 86400, 0 to 604800, never beyond its own expiry), then a Temporal workflow (`secret-rotation/<service_account_id>`) retires it and records `iam.service_account.previous_secret_retired.v1`; it also records `iam.service_account.secret_expiring.v1` ahead of the new secret\'s expiry. ' +
    'Rotating again during an overlap retires the oldest secret at once and restarts the overlap for the one being replaced: only two secrets ever work. ' +
    'The new secret signs in as the account, so the caller must itself hold every permission the account holds, at its scopes and as far as they reach; otherwise 403 `privilege_escalation` with `missing_permissions`, and nothing changes. ' +
    'Not idempotent by design (the answer holds a secret, which is never stored); with If-Match a stale ETag is 412.',
  tags: ['Service accounts'],
  auth: { kind: 'bearer', permission: 'service_accounts.manage' },
  actionToken: 'service_accounts.rotate_secret',
  actionTokenResource: (params) => `service-accounts/${params.service_account_id}`,
  ifMatch: true,
  params: z.object({ service_account_id: Uuid }),
  body: z
    .object({
      overlap_seconds: z
        .number()
        .int()
        .min(0)
        .max(MAX_OVERLAP_SECONDS)
        .optional()
        .openapi({ description: `How long the previous secret keeps working (default ${DEFAULT_OVERLAP_SECONDS}).` }),
    })
    .strict()
    .openapi('ServiceAccountSecretRotationRequest'),
  responses: { 200: { description: 'The new secret and the account.', schema: SecretRotationBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgePreconditionFailed', 'EdgeActionTokenRequired', 'TemporarilyUnavailable'],
  handler: async ({ params, body, caller, services, ctx }) =>
    withOptimisticLock(async () => {
      const { account, clientSecret } = await inIamTransaction(services, caller, async (unit) => {
        const outcome = await rotateSecret(unit, services, params.service_account_id, body.overlap_seconds ?? DEFAULT_OVERLAP_SECONDS, (row) => assertIfMatch(ctx, row));
        await auditInTransaction(unit.em, ctx, { status: 200, resourceRef: `service-accounts/${outcome.account.id}` });
        return outcome;
      });
      return {
        headers: { 'Cache-Control': 'no-store' },
        body: {
          client_id: account.clientId,
          client_secret: clientSecret,
          client_secret_expires_at: account.currentSecretExpiresAt.toISOString(),
          previous_secret_expires_at: account.previousSecretExpiresAt?.toISOString() ?? null,
          service_account: presentServiceAccount(account),
        },
      };
    }),
});

export const secretRotationRoutes = [rotateServiceAccountSecretRoute];
