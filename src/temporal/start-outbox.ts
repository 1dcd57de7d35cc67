import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/client';
import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres';
import type { Services } from '../services';
import { AppError } from '../errors';

/*
 * Workflow starts as a transactional outbox. A record whose life a workflow owns (a withdrawal and
 * its hold) is committed before its workflow can be started, so a process that dies in between
 * would leave the record, and its hold, with nobody to finish it. The start is therefore written in
 * the record's own transaction (`recordStart`); the route starts the workflow after its commit and
 * then forgets the start (`startRecorded`); whatever is still owed after a grace period is started
 * by the worker's sweeper (`StartSweeper`). Starts are idempotent by workflow id, and the sweeper
 * refuses to start an id that has already run, so a workflow runs once however often it is owed.
 */

/** A workflow start, as the client's `start` takes it; `args` must be JSON (the payload converter's own form). */
export interface WorkflowStart {
  workflowType: string;
  workflowId: string;
  taskQueue: string;
  args: unknown[];
}

/** Writes the start in the caller's transaction; not yet sent, so the caller pipelines it with its other statements. */
export function recordStart(tx: TransactionSql, start: WorkflowStart): PendingQuery<Row[]> {
  return tx`
    insert into workflow_starts (workflow_id, workflow_type, task_queue, args)
    values (${start.workflowId}, ${start.workflowType}, ${start.taskQueue}, ${JSON.stringify(start.args)}::text::jsonb)`;
}

/** Forgets a start: its workflow exists, or its record was released instead (pass the release's transaction). */
export function forgetStart(db: Sql | TransactionSql, workflowId: string): PendingQuery<Row[]> {
  return db`delete from workflow_starts where workflow_id = ${workflowId}`;
}

/**
 * What a record's accepting transaction committed for a workflow that then could not be started,
 * undone in the transaction that releases the record: the owed start and, when the request stored
 * its Idempotency-Key answer with the record, that answer (a retry under the key is a new attempt,
 * as the 503 invites, not a replay of an answer for a record that failed).
 */
export interface UnstartedWorkflow {
  workflowId: string;
  answer?: { forget(tx: TransactionSql): PendingQuery<Row[]> };
}

export async function forgetUnstarted(tx: TransactionSql, u: UnstartedWorkflow | undefined): Promise<void> {
  if (u) await Promise.all([forgetStart(tx, u.workflowId), ...(u.answer ? [u.answer.forget(tx)] : [])]);
}

/**
 * Starts a recorded workflow and forgets the start. With `refuseAlreadyRun` (the sweeper's starts)
 * an id that has run before, finished or not, counts as started. Throws what the client throws
 * otherwise, with the start still owed. Once started, a failure to forget is only logged: the
 * workflow runs, and the sweeper settles the leftover as already started.
 */
export async function startRecorded(services: Pick<Services, 'sql' | 'temporal' | 'log'>, start: WorkflowStart, opts: { refuseAlreadyRun?: boolean } = {}): Promise<'started' | 'already_started'> {
  const client = await services.temporal.get();
  let outcome: 'started' | 'already_started' = 'started';
  try {
    await client.workflow.start(start.workflowType, {
      workflowId: start.workflowId,
      taskQueue: start.taskQueue,
      args: start.args,
      ...(opts.refuseAlreadyRun ? { workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE } : {}),
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    outcome = 'already_started';
  }
  await forgetStart(services.sql, start.workflowId).catch((err) => services.log.warn({ err, workflow_id: start.workflowId }, 'started workflow not forgotten; the sweeper will'));
  return outcome;
}

/**
 * After its record's commit: starts the workflow the record owes. A start that fails ends the record
 * without effect (`onStartFailure`: released, the owed start forgotten, in one transaction) and answers
 * 503 with Retry-After (nothing moved). A process that dies before the start leaves it owed: the worker's
 * sweeper starts it.
 */
export async function startOwed(services: Pick<Services, 'sql' | 'temporal' | 'log'>, start: WorkflowStart, onStartFailure: () => Promise<unknown>): Promise<void> {
  try {
    await startRecorded(services, start);
  } catch (err) {
    services.log.error({ err, workflow_id: start.workflowId }, 'workflow did not start; ending its record without effect');
    await onStartFailure();
    throw new AppError('TemporarilyUnavailable', 'The operation could not be started; nothing was moved. Retry later.', { headers: { 'Retry-After': '5' } });
  }
}

/**
 * The worker's sweep for owed starts: every `intervalMs`, each start older than `graceMs` (its
 * route had that long to start it itself) is started, oldest first. Several workers may sweep at
 * once: a start made twice is refused the second time.
 */
export class StartSweeper {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | null = null;

  constructor(
    private readonly services: Pick<Services, 'sql' | 'temporal' | 'log'>,
    private readonly opts: { intervalMs: number; graceMs: number; batch?: number },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.sweep(), this.opts.intervalMs);
    void this.sweep();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** One pass; answers how many owed starts it settled. One pass at a time. */
  sweep(): Promise<number> {
    this.sweeping ??= this.pass().finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async pass(): Promise<number> {
    let settled = 0;
    try {
      const owed = await this.services.sql<{ workflow_id: string; workflow_type: string; task_queue: string; args: unknown[] }[]>`
        select workflow_id, workflow_type, task_queue, args from workflow_starts
         where created_at < now() - make_interval(secs => ${this.opts.graceMs / 1000})
         order by created_at limit ${this.opts.batch ?? 100}`;
      for (const s of owed) {
        const outcome = await startRecorded(this.services, { workflowId: s.workflow_id, workflowType: s.workflow_type, taskQueue: s.task_queue, args: s.args }, { refuseAlreadyRun: true });
        this.services.log.warn({ workflow_id: s.workflow_id, outcome }, 'owed workflow start settled by the sweeper');
        settled++;
      }
    } catch (err) {
      this.services.log.error({ err }, 'workflow start sweep failed; the next pass retries');
    }
    return settled;
  }
}
