import type { Browser } from 'playwright-core';
import { uuidv7 } from '../../src/ids';
import { freePort } from '../../temporal/dev-server';
import { createCounterfoilClient } from '../../clients/typescript/index';
import { registerDevIdentityProvider } from '../../src/dev-idp/setup';
import { call, startTestApp, type TestApp } from '../helpers/app';
import { Org } from '../workflows/withdrawal-fixtures';
import { accessibilityViolations, buildConsole, launchChromium, screenshots, signIn, startDevIdpProcess, type DevIdpProcess } from './harness';

// Generous limits, not timings: a loaded 2-core machine can make a browser tour several times slower.
jest.setTimeout(120_000);

/*
 * How a console session ends when the person did not sign out: the access token expires (a tenant API
 * with 10-second tokens), or it is revoked elsewhere and the next call answers 401. Either way the
 * console forgets it and shows the sign-in page with the reason.
 */

// Long enough to sign in and see the first page on a loaded machine; the console signs out at 9/10 of it.
const TOKEN_TTL_SECONDS = 10;

let app: TestApp;
let org: Org;
let idp: DevIdpProcess;
let browser: Browser;
let consoleUrl: string;
let viewer: string;

beforeAll(async () => {
  // The console is built once per run (skipped when its sources have not changed since the last build),
  // while the fixtures below are set up.
  const consoleBuilt = buildConsole();
  const idpPort = await freePort();
  const idpOrigin = `http://127.0.0.1:${idpPort}`;
  app = await startTestApp({
    COUNTERFOIL_CONSOLE_IDP_ORIGINS: idpOrigin,
    COUNTERFOIL_ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS),
    COUNTERFOIL_RATE_LIMIT_TOKEN_PER_SECOND: '1000',
  });
  org = await Org.create(app, 'Console Session Ltd');
  consoleUrl = `${app.url}/console/?enterprise=${org.tenant.enterpriseId}`;
  idp = await startDevIdpProcess({
    DEV_IDP_PORT: String(idpPort),
    DEV_IDP_CONSOLE_ORIGINS: app.url,
    COUNTERFOIL_API_URL: app.url,
    DEV_IDP_CLIENT_ID: org.tenant.clientId,
    DEV_IDP_CLIENT_SECRET: org.tenant.clientSecret,
  });
  await registerDevIdentityProvider(createCounterfoilClient({ baseUrl: app.url, accessToken: () => org.token }), idp.issuer);
  viewer = 'Vera Viewer';
  const user = await org.ok(201, 'POST', '/users', { display_name: viewer, email: `vera.${uuidv7().slice(-8)}@example.com`, scope_ref: org.enterpriseRef });
  await org.ok(201, 'POST', '/role-assignments', {
    principal_ref: `users/${user.id}`,
    role_ref: `roles/${org.tenant.roleIds.viewer}`,
    scope_ref: org.enterpriseRef,
    scope_anchor_kind: 'explicit',
    scope_propagation: 'subtree',
  });
  await consoleBuilt;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await idp?.stop();
  await app?.close();
});

it('an expired token sends the person back to sign in, saying why', async () => {
  const { context, page, token } = await signIn(browser, consoleUrl, viewer);
  try {
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    const issued = token()!;
    await page.getByText('Your session expired. Sign in again.').waitFor({ timeout: (TOKEN_TTL_SECONDS + 20) * 1000 });
    await page.getByRole('button', { name: /^Sign in with / }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    // The console lets the token go a little before it lapses; the API refuses it once it has.
    const { exp } = JSON.parse(Buffer.from(issued.split('.')[1], 'base64url').toString('utf8')) as { exp: number };
    await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 - Date.now() + 1000)));
    const refused = await call(app.url, 'GET', '/me/navigation', { token: issued });
    expect([refused.status, refused.body.detail]).toEqual([401, 'The access token is invalid or has expired.']);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshots(page, 'session-expired');
  } finally {
    await context.close();
  }
});

it('a token revoked elsewhere ends the session at the next call', async () => {
  const { context, page, token } = await signIn(browser, consoleUrl, viewer);
  try {
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    const revoked = await call(app.url, 'POST', '/oauth/revoke', { body: { token: token()! } });
    expect(revoked.status).toBe(200);
    await page.getByRole('link', { name: 'Withdrawals', exact: true }).click();
    await page.getByText('Signed out: The access token was revoked.').waitFor();
    await page.getByRole('button', { name: /^Sign in with / }).waitFor();
  } finally {
    await context.close();
  }
});
