import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Uuid } from '../../schema/common';
import { AppError } from '../../errors';
import { pathOfRow } from '../../domain/funding/accounts';
import { resolveDepositTarget } from '../../domain/deposits/deposits';
import { createSandboxDeposit } from '../../domain/deposits/sandbox';
import { presentDeposit } from '../../domain/funding/present';
import { DepositBody } from '../../domain/funding/events';
import { auditRowAlongside } from '../audit-trail';
import { referenceMetadataOf, referenceMetadataReported } from '../../schema/metadata';

/**
 * Sandbox simulators. Outside sandbox mode they answer exactly like an unknown route (404
 * EdgeNotFound) once the caller is authenticated; see docs/funding-and-fees.md.
 */
function assertSandbox(mode: string, method: string, path: string): void {
  if (mode !== 'sandbox') throw new AppError('EdgeNotFound', `No route matches ${method} ${path}.`);
}

export const simulateDeposit = defineRoute({
  method: 'post',
  path: '/sandbox/deposits',
  sandboxOnly: true,
  operationId: 'simulateSandboxDeposit',
  summary: 'Simulate an incoming deposit (sandbox only)',
  description:
    'Simulates a transfer arriving on a deposit instruction (or on its address, with `memo` on memo networks). The deposit is recorded `pending`; the `deposit/<id>` workflow waits the network\'s confirmations × the sandbox block time (COUNTERFOIL_SANDBOX_BLOCK_MS), marks it `confirmed`, then credits the account exactly once (`credited`). `reference` and `metadata` are the integrator\'s own, as a deposit arrives with them (beyond the metadata limits, 422 naming the key). Absent (404) outside sandbox mode.',
  tags: ['Sandbox'],
  auth: { kind: 'bearer', permission: 'sandbox.control' },
  idempotency: 'optional',
  body: z
    .object({
      deposit_instruction_id: Uuid.optional(),
      address: z.string().min(1).max(128).optional(),
      memo: z.string().min(1).max(64).nullable().optional(),
      amount: z.object({ currency: z.string().min(1).max(16), value: z.string().max(100) }).strict(),
      ...referenceMetadataReported,
    })
    .strict()
    .refine((b) => (b.deposit_instruction_id === undefined) !== (b.address === undefined), {
      message: 'give exactly one of deposit_instruction_id and address',
      path: ['deposit_instruction_id'],
    })
    .openapi('SandboxDepositRequest'),
  responses: { 201: { description: 'The pending deposit.', schema: DepositBody } },
  errors: ['EdgeNotFound', 'EdgeConflict', 'EdgeGone', 'EdgeUnprocessable', 'TemporarilyUnavailable'],
  handler: async ({ body, caller, services, idempotency, ctx }) => {
    assertSandbox(services.config.mode, 'POST', '/sandbox/deposits');
    const { reference, metadata } = referenceMetadataOf(body);
    const endpoint = await resolveDepositTarget(
      services.sql,
      body.deposit_instruction_id
        ? { depositInstructionId: body.deposit_instruction_id }
        : { address: body.address!, memo: body.memo ?? null, currency: body.amount.currency },
    );
    if (!endpoint || !caller.sees(pathOfRow(endpoint))) {
      if (body.deposit_instruction_id) throw new AppError('EdgeNotFound', 'The deposit instruction does not exist.');
      throw new AppError('EdgeUnprocessable', `No funding endpoint of yours receives ${body.amount.currency} at this address.`, {
        errors: [{ pointer: '/body/address', detail: 'unknown deposit address (with this memo and currency)' }],
      });
    }
    caller.require('sandbox.control', pathOfRow(endpoint), 'deposit instruction');
    const deposit = await createSandboxDeposit(services, {
      endpoint,
      currency: body.amount.currency,
      value: body.amount.value,
      annotations: { reference, metadata },
      attribution: caller.attribution(),
      taskQueue: services.config.taskQueue,
      blockMs: services.config.sandboxBlockMs,
      idempotency,
      // The entry commits with the deposit: with a key, alongside the stored answer; without one, here, named
      // `sandbox/<id>` as the pipeline (and the keyed answer's entry) name it: the path's first segment.
      alongside: idempotency ? undefined : auditRowAlongside(ctx, 201, 'sandbox'),
    });
    return { status: 201, body: presentDeposit(deposit) };
  },
});

export const sandboxRoutes: RouteDef[] = [simulateDeposit];
