import { WorkflowNotFoundError } from '@temporalio/client';
import type { Caller } from '../../auth/caller';
import { AppError, conflict, notFound } from '../../errors';
import type { Services } from '../../services';
import type { ScreeningVerdict } from '../../providers/screening';
import { withdrawalWorkflowId } from '../withdrawals/messages';
import { SCREENING_VERDICT_SIGNAL } from './messages';
import { recordVerdict, type RecordedVerdict } from './screen';
import { findByProviderId, findScreening, type ScreeningRow } from './store';

/** Tells the workflow waiting for this screening that its verdict is recorded; a finished one has nothing to wake. */
async function wake(services: Pick<Services, 'temporal'>, s: ScreeningRow): Promise<void> {
  const [, collection, id] = /^([a-z-]+)\/([0-9a-f-]{36})$/.exec(s.subject_ref) ?? [];
  if (collection !== 'withdrawals') return;
  try {
    await (await services.temporal.get()).workflow.getHandle(withdrawalWorkflowId(id)).signal(SCREENING_VERDICT_SIGNAL);
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
}

/** `screening.completed` from the connector that answered `pending`: the screening must be one it holds for this enterprise. */
export async function reportScreeningVerdict(
  services: Services,
  connector: { name: string; enterpriseId: string },
  providerScreeningId: string,
  verdict: ScreeningVerdict,
): Promise<RecordedVerdict> {
  const s = await findByProviderId(services.sql, connector.name, providerScreeningId);
  if (!s || s.enterprise_id !== connector.enterpriseId || s.verdict_source !== 'provider') {
    throw new AppError('EdgeUnprocessable', 'No screening of this enterprise has this screening_id.', {
      reason: 'unknown_screening',
      errors: [{ pointer: '/body/data/screening_id', detail: 'unknown screening' }],
    });
  }
  const recorded = await recordVerdict(services.sql, s.id, verdict, null, services.metrics);
  if (recorded.decisive) await wake(services, recorded.screening);
  return recorded;
}

/**
 * Bring your own screening: the enterprise's compliance system answers a screening it was asked for
 * (`compliance.screening.pending.v1`). After its deadline the answer is recorded and decides nothing.
 */
export async function answerScreening(
  services: Services,
  caller: Caller,
  id: string,
  answer: { outcome: 'accept' | 'reject'; reference: string; explanation: string },
): Promise<RecordedVerdict> {
  const s = await findScreening(services.sql, id);
  if (!s || s.enterprise_id !== caller.enterpriseId) throw notFound('screening');
  caller.require('compliance.manage', s.scope_path, 'screening');
  if (s.verdict_source !== 'enterprise') throw conflict("The screening is answered by its provider, not the enterprise's own system.", 'screening_not_enterprise');
  const verdict: ScreeningVerdict = { category: `enterprise_${answer.outcome}`, score: answer.outcome === 'reject' ? 100 : 0, reference: answer.reference, explanation: answer.explanation };
  const recorded = await recordVerdict(services.sql, s.id, verdict, answer.outcome, services.metrics);
  if (!recorded.decisive && recorded.screening.status === 'completed') throw conflict('The screening already has its verdict.', 'screening_completed');
  if (recorded.decisive) await wake(services, recorded.screening);
  return recorded;
}

export async function readScreening(services: Pick<Services, 'sql'>, caller: Caller, id: string): Promise<ScreeningRow> {
  const s = await findScreening(services.sql, id);
  if (!s || s.enterprise_id !== caller.enterpriseId) throw notFound('screening');
  caller.require('compliance.read', s.scope_path, 'screening');
  return s;
}
