import type { Context } from '@temporalio/activity';

export type TraceIds = { trace_id: string; span_id: string };

/**
 * The ids of each running activity's span, by its context: the SDK writes an activity's first and
 * last lines ("Activity started", "Activity completed") outside that span, yet inside its context.
 */
const activitySpans = new WeakMap<Context, TraceIds>();

export function rememberActivitySpan(ctx: Context, ids: TraceIds): void {
  activitySpans.set(ctx, ids);
}

export function activitySpanIds(ctx: Context): TraceIds | undefined {
  return activitySpans.get(ctx);
}
