import { Context } from '@temporalio/activity';
import type { Services } from '../src/services';
import { findAccount, pullStatement, reconcileAccount } from '../src/domain/reconciliation';
import type { ReconciliationTrigger } from '../src/domain/reconciliation/messages';
import { bookAdjustment, markAdjustmentExecuting, releaseAdjustment } from '../src/domain/reconciliation/adjustments';
import type { AdjustmentRelease } from '../src/domain/reconciliation/adjustment-store';
import type { PrincipalRef, SubjectAttribution } from '../src/auth/caller';
import { CHECKPOINT_KEY_NAME, checkpointSigner } from '../src/ledger';
import { closeApprovedPeriod, endPeriodClose } from '../src/domain/reconciliation/period-closes';

/** Beats while `work` runs: a worker killed mid-step is noticed within the heartbeat timeout, not the step's ten minutes. */
async function beating<T>(work: () => Promise<T>, everyMs = 5_000): Promise<T> {
  const ctx = Context.current();
  ctx.heartbeat();
  const timer = setInterval(() => ctx.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

export function createReconciliationActivities(services: Pick<Services, 'sql' | 'providers' | 'metrics' | 'platformKeys'>) {
  return {
    /** Closes the approved day signed, once (a repeat finds the request decided). */
    async closeApprovedPeriod(id: string, approvedBy: PrincipalRef[]): Promise<string | null> {
      return closeApprovedPeriod(services.sql, checkpointSigner(await services.platformKeys.get(CHECKPOINT_KEY_NAME)), id, approvedBy);
    },

    async endPeriodClose(id: string, outcome: 'rejected' | 'expired' | 'cancelled', cancelledBy: SubjectAttribution | null): Promise<string | null> {
      return endPeriodClose(services.sql, id, outcome, cancelledBy);
    },

    async markAdjustmentExecuting(id: string, approvedBy: PrincipalRef[]): Promise<string | null> {
      return markAdjustmentExecuting(services.sql, id, approvedBy);
    },

    /** Posts the adjustment's hold and resolves its break, once (a repeat finds it executed). */
    async bookAdjustment(id: string): Promise<string | null> {
      return bookAdjustment(services.sql, id, services.metrics);
    },

    async releaseAdjustment(id: string, outcome: AdjustmentRelease, cancelledBy: SubjectAttribution | null): Promise<string | null> {
      return releaseAdjustment(services.sql, id, outcome, cancelledBy);
    },

    /**
     * Pulls the account's statement from its provider (nothing for a file-only account). The lines
     * and the provider's balance stay in the database; the workflow learns only how many were new.
     */
    async pullReconciliationStatement(accountId: string): Promise<{ added: number }> {
      const account = await findAccount(services.sql, accountId);
      if (!account || account.statement_source === 'files') return { added: 0 };
      const source = await services.providers.statementSource(account.enterprise_id, account.rail);
      return { added: (await beating(() => pullStatement(services.sql, source, accountId))).added };
    },

    /** Matches, opens and resolves breaks and logs the run, once per run id (a retry answers the same run). */
    async reconcileReconciliationAccount(input: { accountId: string; runId: string; trigger: ReconciliationTrigger; workflowId: string; linesAdded: number }): Promise<{ runId: string; breaksOpen: number } | null> {
      if (!(await findAccount(services.sql, input.accountId))) return null;
      const { run } = await beating(() => reconcileAccount(services.sql, { runId: input.runId, accountId: input.accountId, trigger: input.trigger, workflowId: input.workflowId, linesAdded: input.linesAdded }));
      return { runId: run.id, breaksOpen: run.breaks_open };
    },
  };
}
