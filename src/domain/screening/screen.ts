import type { Sql, TransactionSql } from 'postgres';
import type { Metrics } from '../../metrics';
import { recordEventSql } from '../../events/outbox';
import { uuidv7 } from '../../ids';
import { ProviderNotConnected, type Providers } from '../../providers';
import { ConnectorFailure } from '../../providers/http/client';
import type { ScreeningSubject, ScreeningTransaction, ScreeningVerdict } from '../../providers/screening';
import { SCREENING_EVENTS } from './events';
import { outcomeOf, outcomeWithoutVerdict, type CompliancePolicy } from './policy';
import { compliancePolicy } from './policy-store';
import { presentScreening } from './present';
import { ensureScreening, findScreening, lockScreening, moveToCompleted, moveToPending, moveToTimedOut, recordLateVerdict, type ScreeningRow } from './store';

/*
 * Screening one counterparty and its transaction, once per business key: the provider's verdict
 * (or the enterprise's own, bring-your-own screening) becomes an outcome under the enterprise's
 * compliance policy. The row is the arbiter between a verdict and its timeout: whichever moves it
 * out of `pending` first decides, and a verdict after the timeout is kept but decides nothing.
 */

export interface ScreeningInput {
  businessKey: string;
  enterpriseId: string;
  subjectRef: string;
  scopePath: readonly string[];
  subject: ScreeningSubject;
  transaction: ScreeningTransaction;
  /** Opened IVMS101 data, when the Travel Rule applies: sent, never stored here. */
  travelRule?: Record<string, unknown>;
}

async function recordScreeningEvent(tx: TransactionSql, s: ScreeningRow, type: string, metrics?: Metrics): Promise<void> {
  await recordEventSql(tx, { type, enterpriseId: s.enterprise_id, scopeRef: s.scope_path[s.scope_path.length - 1], resourceRef: `screenings/${s.id}`, payload: presentScreening(s), attribution: null });
  if (metrics && s.outcome && s.decided_by) metrics.screenings.inc({ direction: s.direction, outcome: s.outcome, decided_by: s.decided_by });
}

const deadlineOf = (policy: CompliancePolicy) => new Date(Date.now() + policy.verdict_timeout_seconds * 1000);

/**
 * Asks for the verdict (once: a screening past `screening` answers as it is). A provider that cannot
 * answer throws (ConnectorFailure, ProviderNotConnected) under a fail-closed policy, so the caller
 * retries and shows whom it waits for; under fail-open the screening completes as an alert.
 */
export async function screen(services: { sql: Sql; providers: Providers; metrics?: Metrics }, input: ScreeningInput): Promise<ScreeningRow> {
  const { sql, providers, metrics } = services;
  const policy = await compliancePolicy(sql, input.enterpriseId);
  const row = await ensureScreening(sql, {
    id: uuidv7(),
    enterprise_id: input.enterpriseId,
    business_key: input.businessKey,
    subject_ref: input.subjectRef,
    scope_path: [...input.scopePath],
    direction: input.transaction.direction,
    asset: input.transaction.asset,
    amount: input.transaction.amount,
    rail: input.transaction.rail,
    subject: input.subject,
    verdict_source: policy.verdict_source,
    provider: policy.verdict_source === 'enterprise' ? 'enterprise' : (providers.providerOf('screening', input.transaction.rail) ?? 'none'),
  });
  if (row.status !== 'screening') return row;
  if (row.verdict_source === 'enterprise') {
    return sql.begin(async (tx) => {
      const pending = await moveToPending(tx, row.id, null, deadlineOf(policy), false);
      if (!pending) return (await findScreening(tx, row.id))!;
      await recordScreeningEvent(tx, pending, SCREENING_EVENTS.pending);
      return pending;
    });
  }
  const started = performance.now();
  let answer;
  try {
    const screener = await providers.screener(input.enterpriseId, input.transaction.rail);
    answer = await screener.screen({ idempotencyKey: input.businessKey, enterpriseId: input.enterpriseId, subject: input.subject, transaction: input.transaction, travelRule: input.travelRule });
  } catch (err) {
    metrics?.screeningDuration.observe({ provider: row.provider, result: 'failed' }, (performance.now() - started) / 1000);
    if (!(err instanceof ConnectorFailure || err instanceof ProviderNotConnected) || policy.provider_failure === 'fail_closed') throw err;
    return complete(sql, row.id, { providerScreeningId: null, verdict: null, outcome: outcomeWithoutVerdict(policy), decidedBy: 'provider_failure', travelRuleSent: false }, metrics);
  }
  metrics?.screeningDuration.observe({ provider: row.provider, result: answer.status }, (performance.now() - started) / 1000);
  const travelRuleSent = input.travelRule !== undefined;
  if (answer.status === 'pending') {
    return sql.begin(async (tx) => {
      const pending = await moveToPending(tx, row.id, answer.providerScreeningId, deadlineOf(policy), travelRuleSent);
      if (!pending) return (await findScreening(tx, row.id))!;
      await recordScreeningEvent(tx, pending, SCREENING_EVENTS.pending);
      return pending;
    });
  }
  const outcome = outcomeOf(policy, input.transaction.direction, input.transaction.asset, answer.verdict);
  return complete(sql, row.id, { providerScreeningId: answer.providerScreeningId, verdict: answer.verdict, outcome, decidedBy: 'policy', travelRuleSent }, metrics);
}

async function complete(sql: Sql, id: string, v: Parameters<typeof moveToCompleted>[2], metrics?: Metrics): Promise<ScreeningRow> {
  return sql.begin(async (tx) => {
    const done = await moveToCompleted(tx, id, v);
    if (!done) return (await findScreening(tx, id))!;
    await recordScreeningEvent(tx, done, SCREENING_EVENTS.completed, metrics);
    return done;
  });
}

/** The verdict of a pending screening arrived (the provider's event, or the enterprise's answer). */
export type RecordedVerdict = { screening: ScreeningRow; decisive: boolean };

/**
 * Records a verdict: a pending screening completes with the outcome the policy gives it (or, from the
 * enterprise's own system, the outcome it answered); after the timeout it is kept as `late_verdict`
 * and decides nothing; a completed screening stays as it is (a repeated report).
 */
export async function recordVerdict(sql: Sql, id: string, verdict: ScreeningVerdict, enterpriseOutcome: 'accept' | 'reject' | null, metrics?: Metrics): Promise<RecordedVerdict> {
  return sql.begin(async (tx) => {
    const s = (await lockScreening(tx, id))!;
    if (s.status === 'pending') {
      const policy = await compliancePolicy(tx, s.enterprise_id);
      const outcome = enterpriseOutcome ?? outcomeOf(policy, s.direction === 'incoming' ? 'incoming' : 'outgoing', s.asset ?? '*', verdict);
      const done = (await moveToCompleted(tx, id, { providerScreeningId: null, verdict, outcome, decidedBy: enterpriseOutcome ? 'enterprise' : 'policy', travelRuleSent: false }))!;
      await recordScreeningEvent(tx, done, SCREENING_EVENTS.completed, metrics);
      return { screening: done, decisive: true };
    }
    if (s.status === 'timed_out') {
      const late = await recordLateVerdict(tx, id, verdict);
      if (late) await recordScreeningEvent(tx, late, SCREENING_EVENTS.late_verdict);
      return { screening: late ?? s, decisive: false };
    }
    return { screening: s, decisive: false };
  });
}

/** The wait for a pending screening's verdict ended without one: the policy decides (fail-closed: reject; fail-open: alert). */
export async function timeOutScreening(sql: Sql, id: string, metrics?: Metrics): Promise<ScreeningRow> {
  return sql.begin(async (tx) => {
    const s = (await lockScreening(tx, id))!;
    if (s.status !== 'pending') return s;
    const policy = await compliancePolicy(tx, s.enterprise_id);
    const timedOut = (await moveToTimedOut(tx, id, outcomeWithoutVerdict(policy)))!;
    await recordScreeningEvent(tx, timedOut, SCREENING_EVENTS.timed_out, metrics);
    return timedOut;
  });
}
