import type { Browser, Page } from 'playwright-core';
import { uuidv7 } from '../../src/ids';
import { freePort } from '../../temporal/dev-server';
import { createCounterfoilClient } from '../../clients/typescript/index';
import { registerDevIdentityProvider } from '../../src/dev-idp/setup';
import { call } from '../helpers/app';
import { Org, startGovernedHarness, type GovernedHarness } from '../workflows/withdrawal-fixtures';
import { accessibilityViolations, buildConsole, launchChromium, screenshots, signIn, startDevIdpProcess, type DevIdpProcess } from './harness';

jest.setTimeout(180_000);

/*
 * The passkey step-up in Chromium with its virtual authenticator (the DevTools WebAuthn domain): with the
 * enterprise's passkey_step_up on, an approver without a passkey is told to enrol one, enrols one, and
 * approves a withdrawal another person initiated (replay and binding: test/http/passkeys.test.ts). The console
 * is opened at localhost: WebAuthn refuses IP-address origins.
 */

let h: GovernedHarness;
let org: Org;
let idp: DevIdpProcess;
let browser: Browser;
let consoleUrl: string;
let approver: { id: string; name: string };
let pending: string;

async function person(name: string, role: string) {
  const user = await org.ok(201, 'POST', '/users', { display_name: name, email: `${name.toLowerCase().replace(/\s+/g, '.')}.${uuidv7().slice(-8)}@example.com`, scope_ref: org.enterpriseRef });
  await org.ok(201, 'POST', '/role-assignments', { principal_ref: `users/${user.id}`, role_ref: `roles/${org.tenant.roleIds[role]}`, scope_ref: org.enterpriseRef });
  return { id: user.id as string, name };
}

beforeAll(async () => {
  const consoleBuilt = buildConsole();
  const idpPort = await freePort();
  const idpOrigin = `http://127.0.0.1:${idpPort}`;
  h = await startGovernedHarness({ COUNTERFOIL_CONSOLE_IDP_ORIGINS: idpOrigin, COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000' });
  const local = h.app.url.replace('127.0.0.1', 'localhost');
  org = await Org.create(h.app, 'Passkey Browser Ltd');
  consoleUrl = `${local}/console/?enterprise=${org.tenant.enterpriseId}`;
  idp = await startDevIdpProcess({
    DEV_IDP_PORT: String(idpPort),
    DEV_IDP_CONSOLE_ORIGINS: `${h.app.url},${local}`,
    COUNTERFOIL_API_URL: h.app.url,
    DEV_IDP_CLIENT_ID: org.tenant.clientId,
    DEV_IDP_CLIENT_SECRET: org.tenant.clientSecret,
  });
  await registerDevIdentityProvider(createCounterfoilClient({ baseUrl: h.app.url, accessToken: () => org.token }), idp.issuer);
  const initiator = await person('Ines Initiator', 'operator');
  approver = await person('Paz Passkey', 'approver');
  const [client, account] = await org.newClient();
  await org.fund(account, '1000.00');
  const destination = await org.destination(org.enterpriseRef);
  await org.rule({ scope_ref: client, order: 1, conditions: { amount_at_least: { currency: 'USDC', value: '100.00' } }, effect: org.approvalEffect() });
  const exchanged = await call(h.app.url, 'POST', '/oauth/token', {
    body: {
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      client_id: org.tenant.clientId,
      client_secret: org.tenant.clientSecret,
      subject_token: `users/${initiator.id}`,
      subject_token_type: 'urn:counterfoil:params:oauth:token-type:user-ref',
    },
  });
  const withdrawal = await org.withdraw(account, destination, '240.00', exchanged.body.access_token);
  expect(withdrawal.body.status).toBe('pending_approval');
  pending = withdrawal.body.approval_ref;
  await org.ok(200, 'PATCH', '/governance-settings', { passkey_step_up: true });
  await consoleBuilt;
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await idp?.stop();
  await h?.stop();
});

async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect({ screen, violations: await accessibilityViolations(page) }).toEqual({ screen, violations: [] });
}

async function approve(page: Page) {
  const card = page.getByRole('article').filter({ hasText: '240.00' });
  await card.getByRole('button', { name: 'Approve…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm approval' });
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  return dialog;
}

it('an approver is told to enrol, enrols a passkey, and approves with it', async () => {
  const { context, page, token } = await signIn(browser, consoleUrl, approver.name);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    // Without a passkey the approval says what to do.
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    const refused = await approve(page);
    await refused.getByText(/Enrol one on the Passkeys page/).or(page.getByText(/Enrol one on the Passkeys page/)).first().waitFor();
    await screenshots(page, 'approval-needs-passkey');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Passkeys' }).click();
    await page.getByRole('heading', { name: 'Passkeys', level: 1 }).waitFor();
    await page.getByText('No passkey yet.').waitFor();
    await page.getByRole('button', { name: 'Enrol a passkey' }).click();
    await page.getByText('Passkey enrolled.').waitFor();
    await page.getByRole('table', { name: 'Your passkeys' }).getByRole('cell', { name: 'This device', exact: true }).waitFor();
    await expectAccessible(page, 'passkeys');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'passkeys at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshots(page, 'passkeys');

    await page.getByRole('link', { name: 'Approvals' }).click();
    await approve(page);
    await page.getByRole('status').filter({ hasText: /is now approved/ }).waitFor();
    expect((await org.ok(200, 'GET', `/${pending}`)).status).toBe('approved');
    // The token came from the passkey: the plain route refuses approvals while passkey_step_up is on.
    const [used] = await h.app.services.sql`select last_used_at from passkeys where user_id = ${approver.id}`;
    expect(used.last_used_at).not.toBeNull();
    const plain = await call(h.app.url, 'POST', '/action-tokens', { token: token()!, body: { action: 'approvals.approve', resource_ref: pending } });
    expect(plain.status).toBe(403);
    expect(plain.body.reason).toBe('passkey_required');
  } finally {
    await context.close();
  }
});
