export { createReconciliationAccount, type NewReconciliationAccount } from './accounts';
export { noteStatementAvailable, pullStatement, PULL_PAGE, type PullResult } from './pull';
export { findAccount, listAccounts, listLines, type ReconciliationAccountRow, type StatementLineRow } from './store';
