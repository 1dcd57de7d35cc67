import { closeServices, type Services } from '../../src/services';
import { call, startTestApp, testServices, type TestApp } from '../helpers/app';
import { withWorker } from '../helpers/worker';
import { newAdmin, newServiceAccount, type Admin, type Principal } from '../http/iam-fixtures';
import { secretRotatedSignal, secretRotationWorkflow } from '../../workflows/secret-rotation';
import { secretRotationWorkflowId } from '../../src/domain/secret-rotation/messages';
import { createSecretRotationActivities } from '../../activities/secret-rotation';

let services: Services;
let app: TestApp;
let admin: Admin;
let taskQueue: string;
let stopWorker: () => void;
let worker: Promise<void>;

// One real worker for the file, on its own task queue; the API under test starts workflows there.
beforeAll(async () => {
  services = await testServices();
  await new Promise<void>((ready) => {
    worker = withWorker(services, (queue) => {
      taskQueue = queue;
      ready();
      return new Promise<void>((resolve) => (stopWorker = resolve));
    });
  });
  app = await startTestApp({ TEMPORAL_TASK_QUEUE: taskQueue, COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000' });
  admin = await newAdmin(app, 'Secret Rotation Ltd');
});
afterAll(async () => {
  await app.close();
  stopWorker();
  await worker;
  await closeServices(services);
});

const clientCredentials = (clientId: string, clientSecret: string) =>
  call(app.url, 'POST', '/oauth/token', { body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret } });

async function rotate(account: Principal, overlapSeconds: number) {
  const issued = await call(app.url, 'POST', '/action-tokens', {
    token: admin.token,
    body: { action: 'service_accounts.rotate_secret', resource_ref: account.ref },
  });
  return call(app.url, 'POST', `/service-accounts/${account.id}/rotate-secret`, {
    token: admin.token,
    headers: { 'x-action-token': issued.body.token },
    body: { overlap_seconds: overlapSeconds },
  });
}

/** Polls until `check` holds; the deadline only bounds a broken run. */
async function eventually(check: () => Promise<boolean>, deadlineMs = 20_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const previousRetired = (id: string) => async () => (await services.sql`select previous_secret_hash from service_accounts where id = ${id}`)[0].previous_secret_hash === null;
const eventTypes = async (id: string) =>
  (await services.sql`select type from events where resource_ref = ${`service-accounts/${id}`} order by seq`).map((e) => e.type as string);

async function workflowState(accountId: string) {
  const client = await services.temporal.get();
  const description = await client.workflow.getHandle(secretRotationWorkflowId(accountId)).describe();
  return { status: description.status.name, attributes: Object.fromEntries(description.typedSearchAttributes.getAll().map((p) => [p.key.name, p.value])) };
}

const newAccount = () => newServiceAccount(app, admin, admin.enterpriseRef, [{ role: 'viewer', scope_ref: admin.enterpriseRef }]);

describe('secret rotation overlap (Temporal workflow)', () => {
  it('both secrets work during the overlap; the workflow retires the old one after it', async () => {
    const account = await newAccount();
    const res = await rotate(account, 3);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ client_id: account.clientId, service_account: { id: account.id, previous_secret_expires_at: res.body.previous_secret_expires_at } });
    expect(res.body.client_secret).not.toBe(account.clientSecret);
    const overlapMs = Date.parse(res.body.previous_secret_expires_at) - Date.now();
    expect(overlapMs).toBeGreaterThan(0);
    expect(overlapMs).toBeLessThanOrEqual(3000);

    expect((await clientCredentials(account.clientId, account.clientSecret)).status).toBe(200);
    expect((await clientCredentials(account.clientId, res.body.client_secret)).status).toBe(200);
    expect((await workflowState(account.id)).attributes).toMatchObject({
      CounterfoilEnterprise: admin.tenant.enterpriseId,
      CounterfoilFamily: 'secret_rotation',
    });

    await eventually(previousRetired(account.id));
    const old = await clientCredentials(account.clientId, account.clientSecret);
    expect(old.status).toBe(401);
    expect(old.body.error).toBe('invalid_client');
    expect((await clientCredentials(account.clientId, res.body.client_secret)).status).toBe(200);
    expect(await eventTypes(account.id)).toEqual([
      'iam.service_account.created.v1',
      'iam.service_account.secret_rotated.v1',
      'iam.service_account.previous_secret_retired.v1',
    ]);
    await eventually(async () => (await workflowState(account.id)).attributes.CounterfoilStatus === 'awaiting_expiry_warning');
    expect((await workflowState(account.id)).status).toBe('RUNNING');
  });

  it('a second rotation during an overlap retires the oldest secret at once and restarts the overlap', async () => {
    const account = await newAccount();
    const first = await rotate(account, 600);
    expect(first.status).toBe(200);
    const second = await rotate(account, 3);
    expect(second.status).toBe(200);

    expect((await clientCredentials(account.clientId, account.clientSecret)).status).toBe(401);
    expect((await clientCredentials(account.clientId, first.body.client_secret)).status).toBe(200);
    expect((await clientCredentials(account.clientId, second.body.client_secret)).status).toBe(200);

    await eventually(previousRetired(account.id));
    expect((await clientCredentials(account.clientId, first.body.client_secret)).status).toBe(401);
    expect((await clientCredentials(account.clientId, second.body.client_secret)).status).toBe(200);
    expect(await eventTypes(account.id)).toEqual([
      'iam.service_account.created.v1',
      'iam.service_account.secret_rotated.v1',
      'iam.service_account.previous_secret_retired.v1',
      'iam.service_account.secret_rotated.v1',
      'iam.service_account.previous_secret_retired.v1',
    ]);
  });

  it('overlap 0 stops the old secret at once', async () => {
    const account = await newAccount();
    const res = await rotate(account, 0);
    expect(res.status).toBe(200);
    expect(res.body.previous_secret_expires_at).toBeNull();
    expect((await clientCredentials(account.clientId, account.clientSecret)).status).toBe(401);
    expect((await clientCredentials(account.clientId, res.body.client_secret)).status).toBe(200);
  });

  it('a revoked service account cannot rotate (409)', async () => {
    const account = await newAccount();
    expect((await call(app.url, 'POST', `/service-accounts/${account.id}/revoke`, { token: admin.token })).status).toBe(200);
    const res = await rotate(account, 60);
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('service_account_revoked');
  });

  it('records the expiry warning once, ahead of the current secret expiry', async () => {
    const account = await newAccount();
    // The API never issues a secret this short-lived; the workflow only needs the instant.
    const expiresAt = new Date(Date.now() + 3000);
    await services.sql`update service_accounts set current_secret_expires_at = ${expiresAt} where id = ${account.id}`;
    const client = await services.temporal.get();
    const handle = await client.workflow.signalWithStart(secretRotationWorkflow, {
      workflowId: secretRotationWorkflowId(account.id),
      taskQueue,
      args: [{ serviceAccountId: account.id, enterpriseId: admin.tenant.enterpriseId }],
      signal: secretRotatedSignal,
      signalArgs: [{ previousSecretFingerprint: null, previousSecretExpiresAt: null, currentSecretExpiresAt: expiresAt.toISOString(), expiryWarningSeconds: 2 }],
    });
    await handle.result();
    expect((await workflowState(account.id)).attributes.CounterfoilStatus).toBe('expiry_warned');
    expect((await eventTypes(account.id)).filter((t) => t === 'iam.service_account.secret_expiring.v1')).toHaveLength(1);

    // Activities are idempotent by business key: a retry records nothing more.
    const activities = createSecretRotationActivities(services);
    expect(await activities.recordSecretExpiring({ serviceAccountId: account.id, secretExpiresAt: expiresAt.toISOString() })).toBe(false);
    expect(await activities.retirePreviousSecret({ serviceAccountId: account.id, previousSecretFingerprint: 'not-the-current-one' })).toBe(false);
    expect((await eventTypes(account.id)).filter((t) => t === 'iam.service_account.secret_expiring.v1')).toHaveLength(1);
  });
});
