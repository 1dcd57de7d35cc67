import { call, startTestApp, type TestApp } from '../helpers/app';
import { newAdmin, newClient, newServiceAccount, newUser, type Admin, type Principal } from './iam-fixtures';

/** POST /names/lookup: the names a console shows for references, in one request, only those the caller may read. */

let app: TestApp;
let admin: Admin;
let clientA: string;
let clientB: string;
let accountA: string;
let accountB: string;
let user: { id: string; display_name: string };
let viewerAtA: Principal;

beforeAll(async () => {
  app = await startTestApp();
  admin = await newAdmin(app, 'Names Ltd');
  clientA = await newClient(app, admin);
  clientB = await newClient(app, admin);
  const account = async (clientRef: string, name: string) => {
    const res = await call(app.url, 'POST', '/client-accounts', { token: admin.token, body: { scope_ref: clientRef, display_name: name } });
    if (res.status !== 201) throw new Error(`POST /client-accounts: ${res.status} ${res.text}`);
    return `client-accounts/${res.body.id}`;
  };
  accountA = await account(clientA, 'Operating A');
  accountB = await account(clientB, 'Operating B');
  user = await newUser(app, admin, admin.enterpriseRef);
  viewerAtA = await newServiceAccount(app, admin, clientA, [{ role: 'viewer', scope_ref: clientA }]);
});

afterAll(async () => {
  await app?.close();
});

const lookup = (token: string, refs: string[]) => call(app.url, 'POST', '/names/lookup', { token, body: { refs } });

it('names people, clients, accounts and roles in the order asked, in one request', async () => {
  const roleRef = `roles/${admin.tenant.roleIds.viewer}`;
  const res = await lookup(admin.token, [accountA, `users/${user.id}`, clientA, roleRef, accountA]);
  expect(res.status).toBe(200);
  expect(res.body.items).toEqual([
    { ref: accountA, name: 'Operating A' },
    { ref: `users/${user.id}`, name: user.display_name },
    { ref: clientA, name: 'Client' },
    { ref: roleRef, name: 'viewer' },
  ]);
});

it('leaves out what the caller may not read, and what does not exist', async () => {
  const res = await lookup(viewerAtA.token, [accountA, accountB, clientB, `users/${user.id}`, 'clients/00000000-0000-7000-8000-000000000000']);
  expect(res.status).toBe(200);
  expect(res.body.items).toEqual([{ ref: accountA, name: 'Operating A' }]);
  const foreign = await newAdmin(app, 'Other Names Ltd');
  expect((await lookup(foreign.token, [accountA, clientA])).body.items).toEqual([]);
});

it.each([
  ['an unnamed collection', ['approvals/00000000-0000-7000-8000-000000000000']],
  ['a malformed id', ['users/not-a-uuid']],
  ['no reference', []],
  ['more than 200', Array.from({ length: 201 }, () => 'users/00000000-0000-7000-8000-000000000000')],
])('refuses %s (400)', async (_what, refs) => {
  const res = await lookup(admin.token, refs);
  expect([res.status, res.body.code]).toEqual([400, 'EdgeBadRequest']);
});
