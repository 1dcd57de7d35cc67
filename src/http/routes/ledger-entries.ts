import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { Timestamp, Uuid } from '../../schema/common';
import { ledgerEffects, type LedgerEffects } from '../../ledger';
import { money } from '../../money/assets';
import type { Caller } from '../../auth/caller';
import type { Permission } from '../../auth/permissions';
import type { Services } from '../../services';
import { Money } from '../../domain/transfers/events';
import { readWithdrawal } from '../../domain/withdrawals';
import { readableTransfer } from '../../domain/transfers';
import { readableConversion } from '../../domain/conversions';

const LedgerPosting = z
  .object({
    account_ref: z.string().openapi({ description: 'The account moved: a client or master account, or a system account `system/<enterprise_id>/<kind>`.' }),
    direction: z.enum(['debit', 'credit']),
    amount: Money,
  })
  .openapi('LedgerPosting');

const LedgerTransactionBody = z
  .object({
    id: Uuid,
    kind: z.string().openapi({ description: 'What the booking is (`withdrawal`, `internal_transfer`, `conversion`, ...).' }),
    booked_at: Timestamp,
    postings: z.array(LedgerPosting).openapi({ description: 'Postings that sum to zero per asset.' }),
  })
  .openapi('LedgerTransaction');

const LedgerHoldBody = z
  .object({
    id: Uuid,
    account_ref: z.string(),
    amount: Money,
    status: z.enum(['pending', 'posted', 'voided']),
    posted_amount: Money.nullable(),
    transaction_id: Uuid.nullable().openapi({ description: 'The ledger transaction that posted the hold.' }),
    placed_at: Timestamp,
    resolved_at: Timestamp.nullable(),
  })
  .openapi('LedgerHold', {
    description:
      'Funds reserved on an account: `amount` left available (not total) while the hold was pending; a post moved `posted_amount` and returned the rest, a void returned all of it.',
  });

const LedgerEntriesBody = z
  .object({
    record_ref: z.string().openapi({ example: 'withdrawals/0193a1c2-7f00-7abc-8def-0123456789ab' }),
    holds: z.array(LedgerHoldBody),
    transactions: z.array(LedgerTransactionBody),
  })
  .openapi('LedgerEntries');

type LedgerEntries = z.infer<typeof LedgerEntriesBody>;

function presentLedgerEntries(recordRef: string, e: LedgerEffects): LedgerEntries {
  return {
    record_ref: recordRef,
    holds: e.holds.map((h) => ({
      id: h.id,
      account_ref: h.accountRef,
      amount: money(h.amount, h.asset),
      status: h.status,
      posted_amount: h.postedAmount === null ? null : money(h.postedAmount, h.asset),
      transaction_id: h.transactionId,
      placed_at: h.createdAt.toISOString(),
      resolved_at: h.resolvedAt?.toISOString() ?? null,
    })),
    transactions: e.transactions.map((t) => ({
      id: t.id,
      kind: t.kind,
      booked_at: t.createdAt.toISOString(),
      postings: t.postings.map((p) => ({
        account_ref: p.accountRef,
        direction: p.amount < 0n ? ('debit' as const) : ('credit' as const),
        amount: money(p.amount < 0n ? -p.amount : p.amount, p.asset),
      })),
    })),
  };
}

interface RecordFamily {
  /** API collection and path parameter. */
  collection: 'withdrawals' | 'internal-transfers' | 'conversions';
  param: string;
  operationId: string;
  /** Prefix of the ledger business keys the family books under (`<prefix>/<id>`, `<prefix>/<id>/<step>`). */
  keyPrefix: string;
  permission: Permission;
  tag: string;
  noun: string;
  /** Reads the record as the caller may (404 out of scope, 403 without the permission there). */
  read(services: Services, caller: Caller, id: string): Promise<{ enterprise_id: string }>;
}

// The steps a governed record books under its key: the hold, its settlement, and a conversion's two legs.
const STEPS = ['', '/hold', '/settle', '/from', '/to'];

function ledgerEntriesRoute(f: RecordFamily): RouteDef {
  return defineRoute({
    method: 'get',
    path: `/${f.collection}/{${f.param}}/ledger-entries`,
    operationId: f.operationId,
    summary: `Ledger effects of ${f.noun}`,
    description:
      `What ${f.noun} did to the ledger: the holds it placed (pending, posted or voided) and the ledger transactions it booked, with their postings (debit or credit, per account), oldest first. ` +
      `Read with \`${f.permission}\` where the record is; the lists are empty until the ledger is touched.`,
    tags: [f.tag],
    auth: { kind: 'bearer', permission: f.permission },
    params: z.object({ [f.param]: Uuid }),
    responses: { 200: { description: 'Holds and ledger transactions of the record.', schema: LedgerEntriesBody } },
    errors: ['EdgeNotFound'],
    handler: async ({ params, caller, services }) => {
      const id = (params as Record<string, string>)[f.param];
      const record = await f.read(services, caller, id);
      const base = `${f.keyPrefix}/${id}`;
      const effects = await ledgerEffects(services.sql, record.enterprise_id, STEPS.map((s) => base + s));
      return { body: presentLedgerEntries(`${f.collection}/${id}`, effects) };
    },
  });
}

export const ledgerEntryRoutes: RouteDef[] = [
  ledgerEntriesRoute({
    collection: 'withdrawals',
    operationId: 'listWithdrawalLedgerEntries',
    param: 'withdrawal_id',
    keyPrefix: 'withdrawal',
    permission: 'withdrawals.read',
    tag: 'Withdrawals',
    noun: 'a withdrawal',
    read: (s, c, id) => readWithdrawal(s.sql, c, id),
  }),
  ledgerEntriesRoute({
    collection: 'internal-transfers',
    operationId: 'listInternalTransferLedgerEntries',
    param: 'internal_transfer_id',
    keyPrefix: 'internal_transfer',
    permission: 'transfers.read',
    tag: 'Internal transfers',
    noun: 'an internal transfer',
    read: (s, c, id) => readableTransfer(s.sql, c, id),
  }),
  ledgerEntriesRoute({
    collection: 'conversions',
    operationId: 'listConversionLedgerEntries',
    param: 'conversion_id',
    keyPrefix: 'conversion',
    permission: 'conversions.read',
    tag: 'Conversions',
    noun: 'a conversion',
    read: (s, c, id) => readableConversion(s.sql, c, id),
  }),
];
