import { randomUUID } from 'node:crypto';
import { writeHistory } from '../helpers/history-json';
import { call } from '../helpers/app';
import { eventually } from '../helpers/webhook-fixtures';
import { newAdmin, newServiceAccount } from '../http/iam-fixtures';
import { HOUSEKEEPING_WORKFLOW } from '../../src/domain/housekeeping/messages';
import { exportWorkflowId, scheduledExportRunWorkflowId } from '../../src/domain/exports/messages';
import { secretRotationWorkflowId } from '../../src/domain/secret-rotation/messages';
import { SA } from '../../src/temporal/search-attributes';
import { startGovernedHarness, type GovernedHarness } from './withdrawal-fixtures';

/*
 * Histories of the maintenance workflows, recorded with the current code: a housekeeping run, an export
 * that completes and is expired, a scheduled export run started by its schedule's trigger, and a
 * service account's secret rotation through its overlap to the wait for the expiry warning (terminated
 * there: that wait lasts until shortly before the secret expires). Written to test/workflows/histories/
 * only with RECORD_HISTORIES=1 (replay.test.ts replays them all).
 */

let h: GovernedHarness;

beforeAll(async () => {
  h = await startGovernedHarness();
});
afterAll(() => h.stop());

it('records housekeeping, an export to its expiry, a scheduled export run and a secret rotation', async () => {
  const temporal = await h.app.services.temporal.get();
  const admin = await newAdmin(h.app, 'Maintenance Replay Ltd');
  const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => call(h.app.url, method, path, { token: admin.token, body, headers });

  const housekeeping = await temporal.workflow.start(HOUSEKEEPING_WORKFLOW, { taskQueue: h.taskQueue, workflowId: `housekeeping-record/${randomUUID()}`, args: [{}] });
  expect(await housekeeping.result()).toEqual(expect.any(Object));

  // An export whose file expires a second after it is written.
  h.app.services.config.exportRetentionSeconds = 1;
  let created;
  try {
    created = await api('POST', '/operations-activity-exports', { scope_ref: admin.enterpriseRef, from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z' });
  } finally {
    h.app.services.config.exportRetentionSeconds = 7 * 86400;
  }
  expect(created.status).toBe(202);
  const exported = temporal.workflow.getHandle(exportWorkflowId(created.body.id));
  expect(await exported.result()).toBe('expired');

  const schedule = await api('POST', '/export-schedules', {
    kind: 'operations_activity',
    format: 'csv',
    scope_ref: admin.enterpriseRef,
    spec: { cron: '15 0 * * *' },
    range: { type: 'previous_utc_day' },
  });
  expect(schedule.status).toBe(201);
  expect((await api('POST', `/export-schedules/${schedule.body.id}/trigger`)).status).toBe(202);
  // The schedule names its runs after this id and the nominal time.
  const run = await eventually(async () => {
    for await (const w of temporal.workflow.list({ query: `WorkflowType = "scheduledExportWorkflow" AND ${SA.enterprise.name} = "${admin.tenant.enterpriseId}"` })) {
      if (w.workflowId.startsWith(scheduledExportRunWorkflowId(schedule.body.id))) return w.workflowId;
    }
    return null;
  });
  const scheduled = temporal.workflow.getHandle(run);
  expect(await scheduled.result()).toEqual(expect.any(String));
  await api('POST', `/export-schedules/${schedule.body.id}/delete`);

  // A rotation with a one-second overlap: the previous secret is retired, then the workflow waits for the expiry warning.
  const account = await newServiceAccount(h.app, admin, admin.enterpriseRef, [{ role: 'viewer', scope_ref: admin.enterpriseRef }]);
  const actionToken = await api('POST', '/action-tokens', { action: 'service_accounts.rotate_secret', resource_ref: account.ref });
  const rotated = await api('POST', `/service-accounts/${account.id}/rotate-secret`, { overlap_seconds: 1 }, { 'x-action-token': actionToken.body.token });
  expect(rotated.status).toBe(200);
  const rotation = temporal.workflow.getHandle(secretRotationWorkflowId(account.id));
  await eventually(async () => (await rotation.describe()).typedSearchAttributes.get(SA.status) === 'awaiting_expiry_warning');
  await rotation.terminate('replay history recorded');

  const histories: Array<[string, Pick<typeof exported, 'fetchHistory'>]> = [
    ['housekeeping-completed', housekeeping],
    ['export-expired', exported],
    ['scheduled-export-started', scheduled],
    ['secret-rotation-retired', rotation],
  ];
  for (const [name, handle] of histories) {
    writeHistory(name, await handle.fetchHistory());
  }
  // The rotation waited out its overlap on a timer, then retired the previous secret.
  const rotationHistory = await rotation.fetchHistory();
  expect(rotationHistory.events?.some((e) => e.timerStartedEventAttributes)).toBe(true);
  expect(rotationHistory.events?.some((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'retirePreviousSecret')).toBe(true);
});
