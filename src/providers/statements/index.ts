export { parseSignedAmount, type StatementAccount, type StatementBalance, type StatementLine, type StatementPage, type StatementSource } from './source';
export { SandboxStatementSource, injectStatementDiscrepancy, type SandboxDiscrepancy, type SandboxDiscrepancyKind } from './sandbox';
