import { z } from '../../schema/zod';
import { networkByCode, validateAddress } from '../../reference/networks';
import { isAbaRoutingNumber, isBic, isIban } from '../../reference/bank-rails';
import type { DepositInstructionIssuer, InstructionRequest, IssuedInstruction } from '../deposits/instructions';
import { ConnectorFailure, type ConnectorClient } from './client';

const BANK_FIELDS = ['beneficiary_name', 'iban', 'bic', 'sort_code', 'account_number', 'routing_number', 'account_type'] as const;

/** The protocol's deposit instruction: what POST /deposit-instructions answers. */
export const DepositInstructionAnswer = z
  .object({
    idempotency_key: z.string(),
    rail: z.string(),
    address: z.string().min(1).max(128).openapi({ description: 'The crypto address, or the virtual account (IBAN on sepa, account number on fps and ach).' }),
    memo: z.string().min(1).max(64).nullable().openapi({ description: 'Memo networks (stellar): what tells this account apart on a shared address; else null.' }),
    details: z
      .object(Object.fromEntries(BANK_FIELDS.map((f) => [f, z.string().min(1).max(140).optional()])) as Record<(typeof BANK_FIELDS)[number], z.ZodOptional<z.ZodString>>)
      .strict()
      .default({})
      .openapi({ description: 'Bank rails: `iban` (+`bic`) on sepa, `sort_code` and `account_number` on fps, `routing_number`, `account_number` (+`account_type`) on ach; `beneficiary_name` if the bank names the account otherwise than the request did.' }),
  })
  .openapi('ConnectorDepositInstruction');

type Answer = z.output<typeof DepositInstructionAnswer>;

/** Why an answer cannot be shown to a payer, or null: a wrong address would send money nowhere. */
function unusable(rail: string, a: Answer): string | null {
  if (networkByCode(rail)) {
    if (Object.keys(a.details).length > 0) return 'crypto instructions carry no bank details';
    const check = validateAddress(rail, a.address, a.memo);
    return check.ok ? null : `${check.field}: ${check.detail}`;
  }
  const d = a.details;
  if (a.memo !== null) return 'bank instructions carry no memo';
  switch (rail) {
    case 'sepa':
      return d.iban && isIban(d.iban, true) && d.iban === a.address && (!d.bic || isBic(d.bic)) ? null : 'sepa needs a SEPA iban equal to address (and a valid bic if any)';
    case 'fps':
      return d.sort_code && /^[0-9]{6}$/.test(d.sort_code) && d.account_number && /^[0-9]{8}$/.test(d.account_number) && d.account_number === a.address ? null : 'fps needs a 6-digit sort_code and an 8-digit account_number equal to address';
    case 'ach':
      return d.routing_number && isAbaRoutingNumber(d.routing_number) && d.account_number && /^[0-9]{4,17}$/.test(d.account_number) && d.account_number === a.address ? null : 'ach needs a valid routing_number and an account_number equal to address';
    default:
      return `no instruction format for rail ${rail}`;
  }
}

/**
 * Deposit instructions (and on-ramp collection accounts) issued by a connector: POST
 * /deposit-instructions, idempotent by `deposit-instruction/<account_ref>/<rail>` (or
 * `collection-account/<enterprise_id>/<rail>`). An answer whose address, memo or bank details do not fit
 * the rail is a failure, never shown to a payer.
 */
export class HttpInstructionIssuer implements DepositInstructionIssuer {
  constructor(private readonly client: ConnectorClient) {}

  get name(): string {
    return this.client.name;
  }

  async issue(r: InstructionRequest): Promise<IssuedInstruction> {
    const answer = (await this.client.post(
      '/deposit-instructions',
      { idempotency_key: r.businessKey, purpose: r.purpose, account_ref: r.accountRef, rail: r.rail, assets: r.assets, beneficiary_name: r.beneficiaryName },
      DepositInstructionAnswer,
      r.businessKey,
    ))!;
    if (answer.idempotency_key !== r.businessKey || answer.rail !== r.rail) {
      throw new ConnectorFailure(this.name, 'malformed', `asked ${r.businessKey}, answered ${answer.idempotency_key} on ${answer.rail}`);
    }
    const why = unusable(r.rail, answer);
    if (why) throw new ConnectorFailure(this.name, 'malformed', `deposit instruction ${r.businessKey}: ${why}`);
    const details: Record<string, string> = networkByCode(r.rail) ? {} : { beneficiary_name: r.beneficiaryName, ...(answer.details as Record<string, string>) };
    return { rail: r.rail, address: answer.address, memo: answer.memo, details };
  }
}
