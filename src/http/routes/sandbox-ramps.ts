import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Uuid } from '../../schema/common';
import { AppError } from '../../errors';
import { OnRampSessionBody, presentOnRamp, requireOnRamp } from '../../domain/ramps';
import { payOnRampInSandbox } from '../../domain/deposits/sandbox';
import { auditRowAlongside } from '../audit-trail';

export const simulateOnRampPayment = defineRoute({
  method: 'post',
  path: '/sandbox/on-ramp-sessions/{session_id}/payment',
  operationId: 'simulateOnRampPayment',
  summary: 'Simulate the fiat payment of an on-ramp session (sandbox only)',
  description:
    'The sandbox bank received `amount` quoting the session\'s reference: `awaiting_payment` → `payment_received`, and the `on-ramp/<id>` workflow converts and credits the asset. Another status is 409 `on_ramp_<status>`; after the window, 409 `on_ramp_expired`. Absent (404) outside sandbox mode.',
  tags: ['Sandbox'],
  auth: { kind: 'bearer', permission: 'sandbox.control' },
  idempotency: 'optional',
  params: z.object({ session_id: Uuid }),
  body: z.object({ amount: z.object({ currency: z.string().min(1).max(16), value: z.string().max(100) }).strict() }).strict().openapi('SandboxOnRampPayment'),
  responses: { 200: { description: 'The session, payment received.', schema: OnRampSessionBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeUnprocessable'],
  handler: async ({ params, body, caller, services, ctx }) => {
    if (services.config.mode !== 'sandbox') throw new AppError('EdgeNotFound', `No route matches POST ${ctx.path}.`);
    const session = await requireOnRamp(services.sql, caller, params.session_id, 'sandbox.control');
    const row = await payOnRampInSandbox(services, session, body.amount, caller.attribution(), auditRowAlongside(ctx, 200, 'on-ramp-sessions'));
    return { body: presentOnRamp(row) };
  },
});

export const sandboxRampRoutes: RouteDef[] = [simulateOnRampPayment];
