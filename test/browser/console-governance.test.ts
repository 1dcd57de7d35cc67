import type { Browser, Page } from 'playwright-core';
import { uuidv7 } from '../../src/ids';
import { freePort } from '../../temporal/dev-server';
import { createCounterfoilClient } from '../../clients/typescript/index';
import { registerDevIdentityProvider } from '../../src/dev-idp/setup';
import { ETH_ADDRESS, Org, startGovernedHarness, type GovernedHarness } from '../workflows/withdrawal-fixtures';
import { accessibilityViolations, buildConsole, launchChromium, screenshots, signIn, startDevIdpProcess, type DevIdpProcess } from './harness';

// Generous limits, not timings: a loaded 2-core machine can make a browser tour several times slower.
jest.setTimeout(180_000);

/*
 * The console's address book, policies and governance in Debian's Chromium: one administrator turns the
 * quorums on, adds a destination and proposes a rule's activation; another sees the live count in the tab's
 * title, approves both in the inbox, and the first sees them take effect. One tenant, one browser.
 */

let h: GovernedHarness;
let org: Org;
let idp: DevIdpProcess;
let browser: Browser;
let consoleUrl: string;
let ruleId: string;
const RULE = 'Large withdrawals need a second look';
const admins: Record<'proposer' | 'approver', { id: string; name: string }> = {} as never;

async function admin(name: string): Promise<{ id: string; name: string }> {
  const user = await org.ok(201, 'POST', '/users', { display_name: name, email: `${name.toLowerCase().replace(/\s+/g, '.')}.${uuidv7().slice(-8)}@example.com`, scope_ref: org.enterpriseRef });
  const token = await org.ok(201, 'POST', '/action-tokens', { action: 'role_assignments.grant_enterprise_admin', resource_ref: `users/${user.id}` });
  await org.ok(
    201,
    'POST',
    '/role-assignments',
    { principal_ref: `users/${user.id}`, role_ref: `roles/${org.tenant.roleIds['enterprise-admin']}`, scope_ref: org.enterpriseRef, scope_anchor_kind: 'explicit', scope_propagation: 'subtree' },
    { 'x-action-token': token.token },
  );
  return { id: user.id, name };
}

const RAW_REF = /\b(users|service-accounts|clients|client-accounts|withdrawal-destinations|roles|policy-rules|policy-changes)\/[0-9a-f]{8}-[0-9a-f-]{27}/g;

/** Until every loader on the page has finished. */
async function settled(page: Page): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await page.locator('.loading').count()) > 0) {
    if (Date.now() > deadline) throw new Error(`still loading: ${await page.locator('main').innerText()}`);
    await page.waitForTimeout(100);
  }
}

/** Names, not ids, in the visible text; axe clean at both widths; screenshots at both widths. */
async function checkScreen(page: Page, screen: string): Promise<void> {
  await settled(page);
  expect({ screen, raw: (await page.locator('main').innerText()).match(RAW_REF) ?? [] }).toEqual({ screen, raw: [] });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    expect({ screen, width, violations: await accessibilityViolations(page) }).toEqual({ screen, width, violations: [] });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshots(page, screen);
}

async function open(page: Page, screen: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: screen, exact: true }).click();
  await page.getByRole('heading', { name: screen, level: 1 }).waitFor();
  await settled(page);
}

/** Until the tab's title reads `title` (the live count arrives by polling). */
async function titled(page: Page, title: string): Promise<void> {
  await page.waitForFunction((t) => (globalThis as unknown as { document: { title: string } }).document.title === t, title, { timeout: 30_000 });
}

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  const consoleBuilt = buildConsole();
  const idpPort = await freePort();
  const idpOrigin = `http://127.0.0.1:${idpPort}`;
  h = await startGovernedHarness({ COUNTERFOIL_CONSOLE_IDP_ORIGINS: idpOrigin, COUNTERFOIL_RATE_LIMIT_READ_PER_SECOND: '100000' });
  org = await Org.create(h.app, 'Console Governance Ltd');
  consoleUrl = `${h.app.url}/console/?enterprise=${org.tenant.enterpriseId}`;
  idp = await startDevIdpProcess({
    DEV_IDP_PORT: String(idpPort),
    DEV_IDP_CONSOLE_ORIGINS: h.app.url,
    COUNTERFOIL_API_URL: h.app.url,
    DEV_IDP_CLIENT_ID: org.tenant.clientId,
    DEV_IDP_CLIENT_SECRET: org.tenant.clientSecret,
  });
  await registerDevIdentityProvider(createCounterfoilClient({ baseUrl: h.app.url, accessToken: () => org.token }), idp.issuer);
  admins.proposer = await admin('Ada Admin');
  admins.approver = await admin('Ida Admin');
  const draft = await org.ok(201, 'POST', '/policies', {
    name: RULE,
    description: 'From 10,000 USDC an approver looks too.',
    action_family: 'withdrawal',
    order: 5,
    scope_ref: org.enterpriseRef,
    conditions: { amount_at_least: { currency: 'USDC', value: '10000.00' } },
    effect: org.approvalEffect(),
  });
  ruleId = draft.id;
  await consoleBuilt;
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await idp?.stop();
  await h?.stop();
});

it('governance turned on, a destination and a rule activation approved by another administrator, the live count in the title', async () => {
  // The approver waits in the inbox: nothing yet, so no count in the title.
  const approver = await signIn(browser, consoleUrl, admins.approver.name);
  const proposer = await signIn(browser, consoleUrl, admins.proposer.name);
  const ida = approver.page;
  const ada = proposer.page;
  try {
    await open(ida, 'Approvals');
    await ida.getByText('Nothing waits for your decision.').waitFor();
    expect(await ida.title()).toBe('Approvals · Counterfoil');

    // Governance: while no policy quorum is on, turning it on applies at once.
    await open(ada, 'Governance');
    await ada.getByText('apply at once', { exact: true }).waitFor();
    await checkScreen(ada, 'governance');
    await ada.getByLabel('Administrators who approve a policy change').fill('1');
    await ada.getByLabel('Administrators who approve a new destination').fill('1');
    await ada.getByLabel('Cooling-off of a new destination (seconds)').fill('3600');
    await ada.getByRole('button', { name: 'Save the settings' }).click();
    await ada.getByRole('status').filter({ hasText: 'The governance settings are changed.' }).waitFor();
    await ada.getByText('1 administrator(s) approve each change', { exact: true }).waitFor();
    await ada.getByText('3600 s after a destination becomes active', { exact: true }).waitFor();
    const settings = await org.ok(200, 'GET', '/governance-settings');
    expect(settings).toMatchObject({ policy_change_quorum: 1, destination_approval_quorum: 1, destination_cooling_off_seconds: 3600 });

    // Address book: a new destination waits for another administrator; a double click registers it once.
    await open(ada, 'Address book');
    await checkScreen(ada, 'address-book');
    await ada.getByLabel('Label').fill('Cold wallet');
    await ada.getByLabel('Network').selectOption('ethereum');
    await ada.getByLabel('Asset').selectOption('USDC');
    await ada.getByRole('textbox', { name: 'Address', exact: true }).fill(ETH_ADDRESS);
    await ada.getByRole('button', { name: 'Add the destination' }).dblclick();
    await ada.getByRole('status').filter({ hasText: 'Cold wallet waits for approval' }).waitFor();
    const row = ada.getByRole('row').filter({ hasText: 'Cold wallet' });
    await row.getByText('pending approval', { exact: true }).waitFor();
    await row.getByText('after its approval', { exact: true }).waitFor();
    const created = (await org.ok(200, 'GET', '/withdrawal-destinations?page_size=100')).items.filter((d: { label: string }) => d.label === 'Cold wallet');
    expect(created.map((d: { status: string }) => d.status)).toEqual(['pending_approval']);
    await checkScreen(ada, 'address-book-pending');

    // The approver's tab learns of it without a reload: the count in the navigation and in the title.
    await titled(ida, '(1) Approvals · Counterfoil');
    const destinationCard = ida.getByRole('article').filter({ hasText: 'Cold wallet' });
    await destinationCard.waitFor();
    await ida.getByRole('link', { name: /Approvals.*1 waiting for you/ }).waitFor();

    // Policies: activating the draft is proposed (202), the rule stays a draft until approved.
    await open(ada, 'Policies');
    await checkScreen(ada, 'policies');
    await ada.getByRole('button', { name: `Activate ${RULE}…` }).click();
    const confirm = ada.getByRole('dialog', { name: 'Activate the rule' });
    await confirm.waitFor();
    expect({ screen: 'activate confirmation', violations: await accessibilityViolations(ada) }).toEqual({ screen: 'activate confirmation', violations: [] });
    await screenshots(ada, 'policy-activate-confirmation');
    await confirm.getByRole('button', { name: 'Activate', exact: true }).click();
    await ada.getByRole('status').filter({ hasText: 'proposed' }).waitFor();
    await ada.getByRole('row').filter({ hasText: 'Activate a rule' }).getByText(admins.proposer.name).waitFor();
    expect((await org.ok(200, 'GET', `/policy-rules/${ruleId}`)).status).toBe('draft');
    await checkScreen(ada, 'policies-pending-change');

    await titled(ida, '(2) Approvals · Counterfoil');
    const changeCard = ida.getByRole('article').filter({ hasText: `Activating the rule “${RULE}”` });
    await changeCard.waitFor();
    await checkScreen(ida, 'approvals-governance');

    // The approver approves both, in the inbox beside money approvals, through the one confirmation.
    // Each decision lowers the count at once (the decided card stays on the page with its new status).
    for (const [card, text, after] of [
      [destinationCard, /Approve the new withdrawal destination Cold wallet \(0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\)\?/, '(1) Approvals · Counterfoil'],
      [changeCard, `Approve activating the rule “${RULE}”?`, 'Approvals · Counterfoil'],
    ] as const) {
      await card.getByRole('button', { name: 'Approve…' }).click();
      const dialog = ida.getByRole('dialog', { name: 'Confirm approval' });
      await dialog.getByText(text).waitFor();
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await titled(ida, after);
    }

    // Both took effect: the destination active in its cooling-off, the rule active.
    await until('the rule', () => org.ok(200, 'GET', `/policy-rules/${ruleId}`).then((r) => r.status), (s) => s === 'active');
    await until('the destination', () => org.ok(200, 'GET', `/withdrawal-destinations/${created[0].id}`).then((d) => d.status), (s) => s === 'active');
    await open(ada, 'Address book');
    await ada.getByRole('row').filter({ hasText: 'Cold wallet' }).getByText('cooling off until').waitFor();
    await open(ada, 'Policies');
    await ada.getByRole('row').filter({ hasText: RULE }).locator('.status-active').waitFor();
    await ada.getByText('No policy change waits.').waitFor();
  } finally {
    await approver.context.close();
    await proposer.context.close();
  }
});
