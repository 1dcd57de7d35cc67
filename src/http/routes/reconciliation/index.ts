import type { RouteDef } from '../../route';
import { cancelExpectedPaymentRoute, createExpectedPaymentRoute, getExpectedPaymentRoute, listExpectedPaymentsRoute } from './expected';
import { adjustBreakRoute, getAdjustmentRoute, listBreakAdjustmentsRoute, reverseAdjustmentRoute } from './adjustments';
import { createReconciliationAccountRoute, listReconciliationAccountsRoute, getReconciliationAccountRoute, runReconciliationRoute, listReconciliationRunsRoute, listReconciliationPeriodsRoute, reconciliationReportRoute } from './accounts';
import { closeReconciliationPeriodRoute, getPeriodCloseRoute } from './periods';
import { listStatementLinesRoute, importStatementRoute, getStatementImportRoute, simulateStatementDiscrepancyRoute } from './statements';
import { listReconciliationTransactionsRoute, operationReconciliationRoutes } from './ledger-side';
import { listReconciliationRulesRoute, createReconciliationRuleRoute, retireReconciliationRuleRoute } from './rules';
import { listReconciliationBreaksRoute, getReconciliationBreakRoute, acknowledgeBreakRoute, snoozeBreakRoute, acceptBreakRoute, resolveBreakRoute } from './breaks';

/*
 * Reconciliation (docs/reconciliation.md): the provider accounts an enterprise reconciles, their
 * statements (pulled or imported), the matching rules, runs, breaks and closed periods. Everything is
 * the enterprise's: `reconciliation.read` to see, `reconciliation.manage` to change. An operation's own
 * reconciliation is read where the operation is, with its read permission and `reconciliation.read` there.
 */
export const reconciliationRoutes: RouteDef[] = [
  createReconciliationAccountRoute,
  listReconciliationAccountsRoute,
  getReconciliationAccountRoute,
  listStatementLinesRoute,
  listReconciliationTransactionsRoute,
  runReconciliationRoute,
  listReconciliationRunsRoute,
  listReconciliationPeriodsRoute,
  closeReconciliationPeriodRoute,
  getPeriodCloseRoute,
  reconciliationReportRoute,
  importStatementRoute,
  getStatementImportRoute,
  listReconciliationRulesRoute,
  createReconciliationRuleRoute,
  retireReconciliationRuleRoute,
  listReconciliationBreaksRoute,
  getReconciliationBreakRoute,
  acknowledgeBreakRoute,
  snoozeBreakRoute,
  acceptBreakRoute,
  resolveBreakRoute,
  adjustBreakRoute,
  listBreakAdjustmentsRoute,
  getAdjustmentRoute,
  reverseAdjustmentRoute,
  createExpectedPaymentRoute,
  listExpectedPaymentsRoute,
  getExpectedPaymentRoute,
  cancelExpectedPaymentRoute,
  simulateStatementDiscrepancyRoute,
  ...operationReconciliationRoutes,
];
