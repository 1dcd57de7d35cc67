import { proxyActivities } from '@temporalio/workflow';

/** Baseline for bench:withdrawals: a bare workflow with as many activities as a withdrawal without approval. */
const { step } = proxyActivities<{ step(n: number): Promise<number> }>({ startToCloseTimeout: '10 seconds' });

export async function bareWorkflow(activities: number): Promise<number> {
  let n = 0;
  for (let i = 0; i < activities; i++) n = await step(n);
  return n;
}
