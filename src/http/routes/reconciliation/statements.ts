import { z } from '../../../schema/zod';
import { defineRoute } from '../../route';
import { Timestamp, Uuid } from '../../../schema/common';
import { AppError, notFound } from '../../../errors';
import { formatAmount } from '../../../money/assets';
import { listOf, pageQuery } from '../../pagination';
import { injectStatementDiscrepancy } from '../../../providers/statements';
import { parseSignedAmount } from '../../../providers/statements/source';
import { findImport, importStatementFile, listLines, STATEMENT_FORMATS, type StatementImportRow, type StatementLineRow } from '../../../domain/reconciliation';
import { AccountParams, Money, requireAccount, mustHold } from './shared';

/* Statements in (docs/reconciliation.md): the lines of an account, file imports, and the sandbox's injected discrepancies. */

const StatementLineBody = z
  .object({
    id: Uuid,
    resource: z.literal('statement_line'),
    account_id: Uuid,
    import_id: Uuid.nullable().openapi({ description: 'The file it came from; null when pulled from the provider.' }),
    provider_id: z.string().openapi({ description: "The provider's own id of the line: one line per account and provider id." }),
    booked_at: Timestamp,
    value_at: Timestamp.nullable(),
    amount: Money.openapi({ description: 'Signed: credits positive.' }),
    counterparty: z.string().nullable(),
    reference: z.string().nullable(),
    remittance: z.string().nullable(),
    provider_status: z.string(),
    match_id: Uuid.nullable(),
    created_at: Timestamp,
  })
  .openapi('StatementLine');

const presentLine = (l: StatementLineRow) => ({
  id: l.id,
  resource: 'statement_line' as const,
  account_id: l.account_id,
  import_id: l.import_id,
  provider_id: l.provider_id,
  booked_at: l.booked_at.toISOString(),
  value_at: l.value_at ? l.value_at.toISOString() : null,
  amount: { currency: l.asset, value: formatAmount(BigInt(l.amount), l.asset) },
  counterparty: l.counterparty,
  reference: l.reference,
  remittance: l.remittance,
  provider_status: l.provider_status,
  match_id: l.match_id,
  created_at: l.created_at.toISOString(),
});

export const listStatementLinesRoute = defineRoute({
  method: 'get',
  path: '/reconciliation-accounts/{account_id}/statement-lines',
  operationId: 'listStatementLines',
  summary: "List a reconciled account's statement lines",
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  params: AccountParams,
  query: z
    .object({
      matched: z.enum(['true', 'false']).optional().openapi({ param: { name: 'matched', in: 'query' }, description: 'Only lines a match takes (`true`) or none does (`false`).' }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of lines, oldest first.', schema: listOf(StatementLineBody, 'StatementLineList') } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, query, caller, services, pager }) => {
    const a = await requireAccount(services, caller, params.account_id, 'reconciliation.read');
    const matched = query.matched === undefined ? undefined : query.matched === 'true';
    return { body: await pager.list(query, caller, (after, limit) => listLines(services.sql, a.id, { matched }, after, limit), presentLine) };
  },
});

const StatementImportBody = z
  .object({
    id: Uuid,
    resource: z.literal('statement_import'),
    account_id: Uuid,
    format: z.enum(STATEMENT_FORMATS as [string, ...string[]]),
    content_sha256: z.string().openapi({ description: 'The file is imported once: the same bytes again answer this import.' }),
    byte_size: z.number().int(),
    line_count: z.number().int().openapi({ description: 'Lines this import added (a line the account held already, by provider id, is not added twice).' }),
    closing_balance: z
      .object({ amount: Money, as_of: Timestamp })
      .nullable()
      .openapi({ description: "The closing booked balance the file states (camt.053 `CLBD`, MT940 `:62F:`), as of its day's end: the account's balance that runs compare. Null when the file states none (CSV, camt.054)." }),
    created_at: Timestamp,
  })
  .openapi('StatementImport');

const presentImport = (i: StatementImportRow) => ({
  id: i.id,
  resource: 'statement_import' as const,
  account_id: i.account_id,
  format: i.format,
  content_sha256: i.content_sha256,
  byte_size: i.byte_size,
  line_count: i.line_count,
  closing_balance:
    i.closing_balance === null || i.closing_balance_at === null
      ? null
      : { amount: { currency: i.asset, value: formatAmount(BigInt(i.closing_balance), i.asset) }, as_of: i.closing_balance_at.toISOString() },
  created_at: i.created_at.toISOString(),
});

/** One short file per accepted media type: what the document shows as the request. */
export const STATEMENT_SAMPLES: Record<string, string> = {
  'application/xml': [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>',
    '  <GrpHdr><MsgId>STMT-2026-11-30</MsgId><CreDtTm>2026-12-01T06:00:00Z</CreDtTm></GrpHdr>',
    '  <Stmt><Id>STMT-2026-11-30-1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>',
    '    <Ntry><Amt Ccy="EUR">1250.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>',
    '      <BookgDt><DtTm>2026-11-30T09:12:00Z</DtTm></BookgDt><ValDt><Dt>2026-11-30</Dt></ValDt><AcctSvcrRef>BANK-REF-1</AcctSvcrRef>',
    '      <NtryDtls><TxDtls><Refs><EndToEndId>E2E-42</EndToEndId></Refs><RmtInf><Ustrd>Invoice 42</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>',
    '  </Stmt>',
    '</BkToCstmrStmt></Document>',
  ].join('\n'),
  'text/plain': [
    ':20:STMT20261130',
    ':25:DE89370400440532013000',
    ':28C:00001/001',
    ':60F:C261129EUR10000,00',
    ':61:2611301130C1250,00NTRFE2E-42//BANK-REF-1',
    ':86:Invoice 42',
    ':62F:C261130EUR11250,00',
  ].join('\n'),
  'text/csv': ['Transaction id;Booking date;Amount;Currency;Reference', 'BANK-REF-1;30.11.2026;1250,00;EUR;E2E-42'].join('\n'),
};

/** The largest statement file one import takes. */
export const MAX_STATEMENT_BYTES = 64 * 1024 * 1024;

const CsvMappingBody = z
  .object({
    booked_at: z.string().min(1).max(100),
    value_at: z.string().min(1).max(100).optional(),
    amount: z.string().min(1).max(100).optional(),
    debit: z.string().min(1).max(100).optional(),
    credit: z.string().min(1).max(100).optional(),
    currency: z.string().min(1).max(100).optional(),
    currency_code: z.string().min(1).max(16).optional(),
    id: z.string().min(1).max(100).optional(),
    counterparty: z.string().min(1).max(100).optional(),
    reference: z.string().min(1).max(100).optional(),
    remittance: z.string().min(1).max(100).optional(),
    status: z.string().min(1).max(100).optional(),
    delimiter: z.string().length(1).optional(),
    decimal_separator: z.enum(['.', ',']).optional(),
    date_format: z.enum(['iso', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY']).optional(),
  })
  .strict();

export const importStatementRoute = defineRoute({
  method: 'post',
  path: '/statement-imports',
  operationId: 'importStatement',
  summary: 'Import a statement file',
  description:
    'The body is the file itself: ISO 20022 camt.053 or camt.054 (`application/xml`), MT940 (`text/plain`), or CSV (`text/csv`) with `mapping` naming its columns. ' +
    'It is read as a stream. A file malformed anywhere is 422 `statement_malformed` naming the line or element, and nothing of it is imported; a file naming another account ' +
    `or currency is 422 too. The same file again is the first import (200). Over ${MAX_STATEMENT_BYTES / 1024 / 1024} MiB is 413.`,
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.manage' },
  query: z
    .object({
      account_id: Uuid.openapi({ param: { name: 'account_id', in: 'query' }, description: 'The reconciled account the statement is of.' }),
      format: z.enum(STATEMENT_FORMATS as ['camt.053', 'camt.054', 'mt940', 'csv']).openapi({ param: { name: 'format', in: 'query' } }),
      mapping: z
        .string()
        .max(4000)
        .optional()
        .openapi({ param: { name: 'mapping', in: 'query' }, description: 'CSV only: the column mapping as JSON, e.g. `{"booked_at":"Date","amount":"Amount","currency":"Currency","reference":"Reference","id":"Id"}`.' }),
    })
    .strict(),
  upload: { description: 'The statement file, as the bank or custodian produced it.', samples: STATEMENT_SAMPLES },
  responses: {
    200: { description: 'The same file was imported before: that import.', schema: StatementImportBody },
    201: { description: 'The file is imported.', schema: StatementImportBody },
  },
  errors: ['EdgeNotFound', 'EdgeUnprocessable', 'EdgePayloadTooLarge', 'EdgeUnsupportedMediaType'],
  reasons: { EdgeUnprocessable: ['statement_malformed'] },
  handler: async ({ query, caller, services, ctx }) => {
    const account = await requireAccount(services, caller, query.account_id, 'reconciliation.manage');
    let mapping: z.output<typeof CsvMappingBody> | undefined;
    if (query.mapping !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(query.mapping);
      } catch {
        throw new AppError('EdgeUnprocessable', 'The mapping is not JSON.', { errors: [{ pointer: '/query/mapping', detail: 'not JSON' }] });
      }
      const checked = CsvMappingBody.safeParse(parsed);
      if (!checked.success) {
        throw new AppError('EdgeUnprocessable', 'The mapping is not a column mapping.', { errors: checked.error.issues.map((i) => ({ pointer: `/query/mapping/${i.path.join('/')}`, detail: i.message })) });
      }
      mapping = checked.data;
    }
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > MAX_STATEMENT_BYTES) throw new AppError('EdgePayloadTooLarge', `The statement file exceeds ${MAX_STATEMENT_BYTES} bytes.`);
    const { row, created } = await importStatementFile(services.sql, {
      account,
      format: query.format,
      mapping,
      input: ctx.req as AsyncIterable<Buffer>,
      maxBytes: MAX_STATEMENT_BYTES,
      attribution: caller.attribution(),
    });
    return { status: created ? 201 : 200, body: presentImport(row) };
  },
});

export const getStatementImportRoute = defineRoute({
  method: 'get',
  path: '/statement-imports/{import_id}',
  operationId: 'getStatementImport',
  summary: 'Get a statement import',
  tags: ['Reconciliation'],
  auth: { kind: 'bearer', permission: 'reconciliation.read' },
  params: z.object({ import_id: Uuid }),
  responses: { 200: { description: 'The import.', schema: StatementImportBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    const i = await findImport(services.sql, params.import_id);
    if (!i || i.enterprise_id !== caller.enterpriseId) throw notFound('statement import');
    mustHold(caller, 'reconciliation.read');
    return { body: presentImport(i) };
  },
});

export const simulateStatementDiscrepancyRoute = defineRoute({
  method: 'post',
  path: '/sandbox/statement-discrepancies',
  operationId: 'simulateStatementDiscrepancy',
  summary: 'Make the sandbox statement differ from what happened (sandbox only)',
  description:
    '`bank_fee` and `unknown_incoming` are new lines at once; `payout_missing`, `deposit_duplicated`, `settlement_late` (by `hours`) and `amount_off` (by `amount`, signed) change the line of ' +
    '`reference` (a payout\'s or deposit\'s rail reference) when the next pull brings it.',
  tags: ['Sandbox'],
  sandboxOnly: true,
  auth: { kind: 'bearer', permission: 'sandbox.control' },
  body: z
    .object({
      rail: z.string().min(1).max(40),
      currency: z.string().min(1).max(16),
      kind: z.enum(['payout_missing', 'deposit_duplicated', 'bank_fee', 'settlement_late', 'unknown_incoming', 'amount_off']),
      reference: z.string().min(1).max(200).optional(),
      hours: z.number().int().min(1).max(24 * 30).optional(),
      amount: Money.optional(),
      counterparty: z.string().max(200).optional(),
    })
    .strict()
    .openapi('SandboxStatementDiscrepancy'),
  responses: { 201: { description: 'The discrepancy is injected.', schema: z.object({ id: Uuid, created_at: Timestamp }).openapi('SandboxStatementDiscrepancyCreated') } },
  errors: ['EdgeUnprocessable'],
  handler: async ({ body, caller, services }) => {
    caller.require('sandbox.control', [caller.enterpriseRef], 'sandbox');
    const needsReference = !['bank_fee', 'unknown_incoming'].includes(body.kind);
    if (needsReference && !body.reference) throw new AppError('EdgeUnprocessable', `A ${body.kind} names the reference of the line it changes.`, { errors: [{ pointer: '/body/reference', detail: 'required' }] });
    const amount = body.amount ? parseSignedAmount(body.amount.value, body.currency, '/body/amount/value') : undefined;
    const made = await injectStatementDiscrepancy(
      services.sql,
      { enterpriseId: caller.enterpriseId, rail: body.rail, asset: body.currency, kind: body.kind, reference: body.reference, hours: body.hours, amount, counterparty: body.counterparty },
      services.config.mode,
    );
    return { status: 201, body: { id: made.id, created_at: made.createdAt.toISOString() } };
  },
});
