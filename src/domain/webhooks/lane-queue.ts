import type { TransactionSql } from 'postgres';
import type { Services } from '../../services';
import { SA } from '../../temporal/search-attributes';
import { LANE_BACKLOG_SIGNAL, WEBHOOK_LANE_WORKFLOW, laneWorkflowId, type LaneBacklogSignal, type LaneInput } from './messages';

/** An idle lane (nothing waits) stays open this long for new work, then ends; the next failure starts it again. */
const LANE_IDLE_MS = 5 * 60_000;

/**
 * Puts subscriptions' deliveries in their lanes, inside the transaction that made them wait: from its
 * commit the outbox dispatcher queues their new events behind the backlog instead of sending them.
 */
export async function queueForLane(tx: TransactionSql, subscriptionIds: string[]): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await tx`update webhook_subscriptions set lane = 'queued' where id = any(${subscriptionIds}::uuid[]) and lane = 'direct'`;
}

/**
 * Starts the subscription's lane workflow, or signals the one running, after its backlog grew. A lane
 * that could not be reached is not an error for the caller: the backlog is committed, and the worker's
 * lane sweep starts every queued subscription's lane.
 */
export async function wakeLane(
  services: Services,
  sub: { id: string; enterprise_id: string },
  signal: LaneBacklogSignal,
  taskQueue = services.temporal.taskQueue,
): Promise<void> {
  try {
    const client = await services.temporal.get();
    await client.workflow.signalWithStart(WEBHOOK_LANE_WORKFLOW, {
      taskQueue,
      workflowId: laneWorkflowId(sub.id),
      args: [{ subscriptionId: sub.id, idleMs: LANE_IDLE_MS } satisfies LaneInput],
      signal: LANE_BACKLOG_SIGNAL,
      signalArgs: [signal],
      typedSearchAttributes: [
        { key: SA.family, value: 'webhook_lane' },
        { key: SA.enterprise, value: sub.enterprise_id },
        { key: SA.status, value: 'backing_off' },
      ],
    });
  } catch (err) {
    services.log.warn({ err, subscription_id: sub.id }, 'webhook lane not woken; the lane sweep will start it');
  }
}

/** Wakes the lane of every subscription whose deliveries are queued (a lane that died, or a start that was lost). */
export async function sweepLanes(services: Services, taskQueue?: string): Promise<number> {
  const queued = await services.sql<{ id: string; enterprise_id: string }[]>`select id, enterprise_id from webhook_subscriptions where lane = 'queued'`;
  await Promise.all(queued.map((sub) => wakeLane(services, sub, { probeNow: false }, taskQueue)));
  return queued.length;
}
