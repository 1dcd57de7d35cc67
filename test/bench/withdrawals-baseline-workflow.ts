import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';

/** Baselines for bench:withdrawals: bare workflows shaped like a withdrawal without approval, minus its work. */
type Step = { step(n: number): Promise<number> };
const { step } = proxyActivities<Step>({ startToCloseTimeout: '10 seconds' });
const local = proxyLocalActivities<Step>({ startToCloseTimeout: '10 seconds' });

/** `activities` no-op activities in sequence: regular ones (the shape before) or local ones (the shape now). */
export async function bareWorkflow(activities: number, kind: 'regular' | 'local' = 'regular'): Promise<number> {
  const run = kind === 'local' ? local.step : step;
  let n = 0;
  for (let i = 0; i < activities; i++) n = await run(n);
  return n;
}
