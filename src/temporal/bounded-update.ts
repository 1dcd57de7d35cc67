import type { Client } from '@temporalio/client';

/**
 * How long a request waits for a workflow Update whose handler writes to the database (an approval
 * opened, a decision recorded). During a database failover that activity retries for longer than a
 * client waits (15 s in the README's advice): the request answers what is committed before then.
 */
export const UPDATE_WAIT_MS = 8_000;

/** The Update had not completed within the wait; it goes on in its workflow. */
export const STILL_RUNNING = Symbol('update still running');

/**
 * `executeUpdate`, given up after `ms`: answers STILL_RUNNING then, and the workflow goes on with the
 * Update (accepted or not yet) as if the caller were still waiting. The abandoned poll is cancelled.
 */
export async function updateWithin<R>(client: Client, workflowId: string, name: string, args: unknown[], ms = UPDATE_WAIT_MS): Promise<R | typeof STILL_RUNNING> {
  const controller = new AbortController();
  const update = client.withAbortSignal(controller.signal, () =>
    client.workflow.getHandle(workflowId).executeUpdate<R, [unknown, ...unknown[]]>(name, { args: args as [unknown, ...unknown[]] }),
  );
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<typeof STILL_RUNNING>((resolve) => (timer = setTimeout(() => resolve(STILL_RUNNING), ms)));
  try {
    const answer = await Promise.race([update, timedOut]);
    if (answer === STILL_RUNNING) {
      update.catch(() => undefined); // the abort below rejects it; nobody waits for it any more
      controller.abort();
    }
    return answer;
  } finally {
    clearTimeout(timer);
  }
}
