import { z } from '../../schema/zod';
import { defineRoute, type RouteDef } from '../route';
import { AccountRef, Uuid } from '../../schema/common';
import { listOf, pageQuery } from '../pagination';
import { assertIfMatch } from '../etag';
import { ASSET_CODES } from '../../money/assets';
import { MONITOR_BALANCES, MONITOR_OPERATORS } from '../../ledger/monitors';
import { BalanceMonitorBody } from '../../domain/balance-monitors/events';
import {
  accountPath,
  authorizedMonitor,
  changeMonitor,
  createMonitor,
  listMonitors,
  visibleMonitors,
  parseThreshold,
  presentMonitor,
  type MonitorChange,
} from '../../domain/balance-monitors/monitors';
import { auditRowAlongside } from '../audit-trail';

const Threshold = z.string().max(100).openapi({ description: "Decimal string with at most the asset's decimal places; may be zero or negative (`-50.00`).", example: '100.00' });
const Description = z.string().max(500);
const MonitorParams = z.object({ balance_monitor_id: Uuid });

export const createBalanceMonitorRoute = defineRoute({
  method: 'post',
  path: '/balance-monitors',
  operationId: 'createBalanceMonitor',
  summary: 'Watch a balance against a threshold',
  description:
    'Watches one figure (`available`, `total` or `held`) of one account\'s balance in one asset. Whenever a booking makes `<balance> <operator> <threshold>` true while it was false, ' +
    'the booking\'s own transaction writes one `ledger.balance.threshold_crossed.v1` event; not again until a booking has made it false. `state` starts as the condition on the balance now: ' +
    'creating a monitor whose condition already holds writes no event. The account is a client account or a master account of the enterprise (404 otherwise); ' +
    'a threshold with more decimals than the asset has is 422 naming the field.',
  tags: ['Balance monitors'],
  auth: { kind: 'bearer', permission: 'balance_monitors.manage' },
  idempotency: 'optional',
  body: z
    .object({
      account_ref: AccountRef,
      asset: z.enum(ASSET_CODES),
      balance: z.enum(MONITOR_BALANCES),
      operator: z.enum(MONITOR_OPERATORS),
      threshold: Threshold,
      description: Description.optional(),
    })
    .strict()
    .openapi('BalanceMonitorCreate'),
  responses: { 201: { description: 'The monitor.', schema: BalanceMonitorBody } },
  errors: ['EdgeNotFound', 'EdgeUnprocessable'],
  handler: async ({ body, caller, services, ctx }) => {
    const path = await accountPath(services.sql, body.account_ref);
    caller.require('balance_monitors.manage', path, 'account');
    const threshold = parseThreshold(body.threshold, body.asset);
    const row = await createMonitor(
      services.sql,
      {
        enterpriseId: caller.enterpriseId,
        accountRef: body.account_ref,
        asset: body.asset,
        balance: body.balance,
        operator: body.operator,
        threshold,
        description: body.description ?? '',
      },
      auditRowAlongside(ctx, 201, 'balance-monitors'),
    );
    return { status: 201, body: presentMonitor(row) };
  },
});

export const listBalanceMonitorsRoute = defineRoute({
  method: 'get',
  path: '/balance-monitors',
  operationId: 'listBalanceMonitors',
  summary: 'List balance monitors',
  description: 'Monitors at accounts the caller may read, oldest first.',
  tags: ['Balance monitors'],
  auth: { kind: 'bearer', permission: 'balance_monitors.read' },
  query: z
    .object({
      account_ref: AccountRef.optional().openapi({ param: { name: 'account_ref', in: 'query' } }),
      asset: z.enum(ASSET_CODES).optional().openapi({ param: { name: 'asset', in: 'query' } }),
      status: z.enum(['active', 'disabled']).optional().openapi({ param: { name: 'status', in: 'query' } }),
      ...pageQuery,
    })
    .strict(),
  responses: { 200: { description: 'A page of monitors.', schema: listOf(BalanceMonitorBody, 'BalanceMonitorList') } },
  handler: async ({ query, caller, services, pager }) => {
    const where = { accountRef: query.account_ref, asset: query.asset, status: query.status };
    const fetch = (after: string | null, limit: number) => listMonitors(services.sql, caller, where, after, limit);
    return { body: await pager.list(query, caller, fetch, presentMonitor, { visible: (rows) => visibleMonitors(services.sql, caller, rows) }) };
  },
});

export const getBalanceMonitorRoute = defineRoute({
  method: 'get',
  path: '/balance-monitors/{balance_monitor_id}',
  operationId: 'getBalanceMonitor',
  summary: 'Get a balance monitor',
  tags: ['Balance monitors'],
  auth: { kind: 'bearer', permission: 'balance_monitors.read' },
  params: MonitorParams,
  responses: { 200: { description: 'The monitor.', schema: BalanceMonitorBody } },
  errors: ['EdgeNotFound'],
  handler: async ({ params, caller, services }) => {
    return { body: presentMonitor(await authorizedMonitor(services.sql, caller, params.balance_monitor_id, 'balance_monitors.read')) };
  },
});

/** Every monitor change: scope check, then If-Match on the locked row, one change, its audit entry. */
function changeRoute<B extends z.ZodType = z.ZodUndefined>(spec: {
  method: 'post' | 'patch';
  suffix: string;
  operationId: string;
  summary: string;
  description: string;
  body?: B;
  change: (body: z.infer<B>, asset: string) => MonitorChange;
}): RouteDef {
  return defineRoute({
    method: spec.method,
    path: `/balance-monitors/{balance_monitor_id}${spec.suffix}`,
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    tags: ['Balance monitors'],
    auth: { kind: 'bearer', permission: 'balance_monitors.manage' },
    ifMatch: true,
    params: MonitorParams,
    body: spec.body,
    responses: { 200: { description: 'The monitor.', schema: BalanceMonitorBody } },
    errors: ['EdgeNotFound', 'EdgePreconditionFailed', ...(spec.body ? (['EdgeUnprocessable'] as const) : [])],
    handler: async ({ params, body, caller, services, ctx }) => {
      const current = await authorizedMonitor(services.sql, caller, params.balance_monitor_id, 'balance_monitors.manage');
      const row = await changeMonitor(services.sql, current, spec.change(body, current.asset), (locked) => assertIfMatch(ctx, locked), auditRowAlongside(ctx, 200, 'balance-monitors'));
      return { body: presentMonitor(row) };
    },
  });
}

export const updateBalanceMonitorRoute = changeRoute({
  method: 'patch',
  suffix: '',
  operationId: 'updateBalanceMonitor',
  summary: 'Change a balance monitor\'s condition or description',
  description:
    'Changes `balance`, `operator`, `threshold` or `description` (account and asset are fixed). A new condition restarts the monitor from the balance now: `state` is recomputed and no event is written. ' +
    'With If-Match, a stale ETag is 412 and nothing changes.',
  body: z
    .object({
      balance: z.enum(MONITOR_BALANCES).optional(),
      operator: z.enum(MONITOR_OPERATORS).optional(),
      threshold: Threshold.optional(),
      description: Description.optional(),
    })
    .strict()
    .openapi('BalanceMonitorUpdate'),
  change: (body, asset) => ({
    kind: 'update',
    balance: body.balance,
    operator: body.operator,
    threshold: body.threshold === undefined ? undefined : parseThreshold(body.threshold, asset),
    description: body.description,
  }),
});

export const enableBalanceMonitorRoute = changeRoute({
  method: 'post',
  suffix: '/enable',
  operationId: 'enableBalanceMonitor',
  summary: 'Enable a balance monitor',
  description: 'The monitor is evaluated again from the balance now (`state` recomputed, no event). Enabling an active monitor changes nothing.',
  change: () => ({ kind: 'enable' }),
});

export const disableBalanceMonitorRoute = changeRoute({
  method: 'post',
  suffix: '/disable',
  operationId: 'disableBalanceMonitor',
  summary: 'Disable a balance monitor',
  description: 'Bookings stop evaluating it; it stays readable. Disabling a disabled monitor changes nothing.',
  change: () => ({ kind: 'disable' }),
});

export const balanceMonitorRoutes: RouteDef[] = [
  createBalanceMonitorRoute,
  listBalanceMonitorsRoute,
  getBalanceMonitorRoute,
  updateBalanceMonitorRoute,
  enableBalanceMonitorRoute,
  disableBalanceMonitorRoute,
];
