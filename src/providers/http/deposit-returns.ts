import { z } from '../../schema/zod';
import type { DepositReturnAnswer, DepositReturner, DepositReturnRequest } from '../deposits/returns';
import { ConnectorFailure, type ConnectorClient } from './client';

/** The protocol's deposit return: what POST /deposit-returns answers. */
export const DepositReturnRecord = z
  .object({
    idempotency_key: z.string(),
    status: z.enum(['sent', 'rejected']).openapi({ description: '`sent`: the money is on its way back to the sender; `rejected`: the provider will not send it (`reason`).' }),
    reference: z.string().min(1).max(140).nullable().openapi({ description: "The return's reference on the rail (a transaction hash, a bank reference); null when rejected." }),
    reason: z.string().max(500).nullable().optional(),
  })
  .openapi('ConnectorDepositReturn');

/**
 * Deposit returns through a connector: POST /deposit-returns, idempotent by `deposit_return/<id>`.
 * An answer for another key, or `sent` without a reference, is a failure: nothing is booked on it.
 */
export class HttpDepositReturner implements DepositReturner {
  constructor(private readonly client: ConnectorClient) {}

  get name(): string {
    return this.client.name;
  }

  async returnDeposit(r: DepositReturnRequest): Promise<DepositReturnAnswer> {
    const answer = (await this.client.post(
      '/deposit-returns',
      {
        idempotency_key: r.businessKey,
        rail: r.rail,
        deposit: { reference: r.depositReference, amount: { currency: r.currency, value: r.depositAmount } },
        amount: { currency: r.currency, value: r.amount },
        reason: r.reason,
      },
      DepositReturnRecord,
      r.businessKey,
    ))!;
    if (answer.idempotency_key !== r.businessKey) throw new ConnectorFailure(this.name, 'malformed', `asked ${r.businessKey}, answered ${answer.idempotency_key}`);
    if (answer.status === 'rejected') return { status: 'rejected', reason: answer.reason ?? 'rejected_by_provider' };
    if (!answer.reference) throw new ConnectorFailure(this.name, 'malformed', `deposit return ${r.businessKey} sent without a reference`);
    return { status: 'sent', reference: answer.reference };
  }
}
