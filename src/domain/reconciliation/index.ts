export { createReconciliationAccount, type NewReconciliationAccount } from './accounts';
export { noteStatementAvailable, pullStatement, PULL_PAGE, type PullResult } from './pull';
export { findAccount, listAccounts, listLines, type ReconciliationAccountRow, type StatementLineRow } from './store';
export { importStatementFile, findImport, STATEMENT_FORMATS, type StatementFormat, type StatementImportRow } from './imports';
export { matchAccount, matchInKeyedBatches, recordMatches, unmatchedTransactions, type CandidatesBetween, type KeyedRun, type MatchRun } from './match';
export { defaultRules, matchItems, patternProblem, type Criterion, type Match, type MatchItem, type MatchRule, type MatchStrategy } from './model';
