import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Timestamp, Uuid } from '../../schema/common';
import { AppError } from '../../errors';
import { injectRailFailure } from '../../providers/rails';
import { auditRowAlongside } from '../audit-trail';

const RailFailureBody = z
  .object({
    id: Uuid,
    resource: z.literal('sandbox_rail_failure'),
    address: z.string(),
    stage: z.enum(['submission', 'confirmation']),
    failure_reason: z.string(),
    count: z.number().int(),
    created_at: Timestamp,
  })
  .openapi('SandboxRailFailure');

export const injectRailFailureRoute = defineRoute({
  method: 'post',
  path: '/sandbox/rail/failures',
  operationId: 'injectSandboxRailFailure',
  summary: 'Make the sandbox rail fail withdrawals (sandbox only)',
  description:
    'The next `count` withdrawals of the caller\'s enterprise to `address` fail: `stage: submission` — the rail refuses the submission; `stage: confirmation` — it accepts, then fails instead of confirming. ' +
    'Either way the withdrawal ends `failed` with `failure_reason` and its hold is released. Absent (404) outside sandbox mode.',
  tags: ['Sandbox'],
  auth: { kind: 'bearer', permission: 'sandbox.control' },
  body: z
    .object({
      address: z.string().min(1).max(200),
      stage: z.enum(['submission', 'confirmation']).default('confirmation'),
      failure_reason: z.string().min(1).max(200).default('rail_failure'),
      count: z.number().int().min(1).max(10_000).default(1),
    })
    .strict()
    .openapi('SandboxRailFailureCreate'),
  responses: { 201: { description: 'The injected failure.', schema: RailFailureBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ body, caller, services, ctx }) => {
    if (services.config.mode !== 'sandbox') throw new AppError('EdgeNotFound', 'No route matches POST /sandbox/rail/failures.');
    caller.require('sandbox.control', [caller.enterpriseRef], 'enterprise');
    const row = await injectRailFailure(
      services.sql,
      { enterpriseId: caller.enterpriseId, address: body.address, stage: body.stage, failureReason: body.failure_reason, count: body.count },
      // `sandbox/<id>`: the name the pipeline gave it (the path's first segment).
      auditRowAlongside(ctx, 201, 'sandbox'),
    );
    return {
      status: 201,
      body: { id: row.id, resource: 'sandbox_rail_failure' as const, address: body.address, stage: body.stage, failure_reason: body.failure_reason, count: body.count, created_at: row.created_at.toISOString() },
    };
  },
});

export const sandboxRailRoutes: RouteDef[] = [injectRailFailureRoute];
