import { z } from '../../schema/zod';
import { AppError } from '../../errors';
import { parseSignedAmount, type StatementAccount, type StatementPage, type StatementSource } from '../statements/source';
import { ConnectorFailure, type ConnectorClient } from './client';

const SignedAmount = z.object({ currency: z.string().min(1).max(16), value: z.string().max(101) });

/** One line of the protocol's statement (POST /statements). */
export const ConnectorStatementLine = z
  .object({
    id: z.string().min(1).max(200).openapi({ description: "The provider's own id of the line: one line per account and id (a repeat is the same line)." }),
    booked_at: z.string().datetime({ offset: true }),
    value_at: z.string().datetime({ offset: true }).nullable().optional(),
    amount: SignedAmount.openapi({ description: 'Signed: credits positive, debits negative (`-12.50`).' }),
    counterparty: z.string().max(200).nullable().optional(),
    reference: z.string().max(200).nullable().optional().openapi({ description: "The rail's reference: transaction hash, end-to-end id, payout reference." }),
    remittance: z.string().max(500).nullable().optional().openapi({ description: 'Remittance information or description.' }),
    status: z.string().max(40).default('booked').openapi({ description: "The provider's own status of the line (`booked`, `pending`)." }),
  })
  .openapi('ConnectorStatementLine');

export const ConnectorStatementPage = z
  .object({
    lines: z.array(ConnectorStatementLine).max(10_000),
    next_cursor: z.string().max(500).nullable(),
    balance: z.object({ currency: z.string().min(1).max(16), value: z.string().max(101), as_of: z.string().datetime({ offset: true }) }),
  })
  .openapi('ConnectorStatementPage');

/**
 * A statements provider served by a connector: POST /statements pulls the lines after a cursor and
 * the balance at the provider's read time. The request is its own idempotency key (account and cursor):
 * asking again from the same cursor answers the same lines, and any new ones after them.
 */
export class HttpStatementSource implements StatementSource {
  constructor(private readonly client: ConnectorClient) {}

  get name(): string {
    return this.client.name;
  }

  async pull(_enterpriseId: string, account: StatementAccount, cursor: string | null, limit: number): Promise<StatementPage> {
    const key = `statements/${account.rail}/${account.address}/${account.currency}/${cursor ?? ''}`;
    const answer = (await this.client.post('/statements', { account, cursor, limit }, ConnectorStatementPage, key))!;
    if (answer.lines.length > limit) throw new ConnectorFailure(this.name, 'malformed', `asked at most ${limit} lines, answered ${answer.lines.length}`);
    try {
      return {
        lines: answer.lines.map((l, i) => {
          if (l.amount.currency !== account.currency) throw new ConnectorFailure(this.name, 'malformed', `line ${i} is in ${l.amount.currency}, the account in ${account.currency}`);
          return {
            providerId: l.id,
            bookedAt: new Date(l.booked_at),
            valueAt: l.value_at ? new Date(l.value_at) : null,
            asset: l.amount.currency,
            amount: parseSignedAmount(l.amount.value, l.amount.currency, `/lines/${i}/amount/value`),
            counterparty: l.counterparty ?? null,
            reference: l.reference ?? null,
            remittance: l.remittance ?? null,
            providerStatus: l.status,
          };
        }),
        nextCursor: answer.next_cursor,
        balance: { asset: answer.balance.currency, amount: parseSignedAmount(answer.balance.value, answer.balance.currency, '/balance/value'), asOf: new Date(answer.balance.as_of) },
      };
    } catch (err) {
      if (err instanceof AppError) throw new ConnectorFailure(this.name, 'malformed', `POST /statements answered an amount outside the protocol: ${err.message}`);
      throw err;
    }
  }
}
