import { execFile, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../temporal/dev-server';
import { call } from '../helpers/app';
import { runState } from '../helpers/run-state';
import { startCounterfoil as start, stopCounterfoil as stop } from '../helpers/counterfoil-start';
import { holdPorts } from '../helpers/hold-ports';

const ROOT = path.resolve(__dirname, '../..');
jest.setTimeout(240_000);

describe('npm start, end to end', () => {
  it('starts everything, prints URLs and credentials once, serves a token and the enterprise, stops cleanly, and restarts on the same data', async () => {
    const dataDir = path.join(runState().tmpDir, 'e2e-data');
    const env = {
      COUNTERFOIL_DATA_DIR: dataDir,
      COUNTERFOIL_PG_PORT: String(await freePort()),
      COUNTERFOIL_API_PORT: String(await freePort()),
      COUNTERFOIL_SIGNED_API_PORT: String(await freePort()),
      TEMPORAL_PORT: String(await freePort()),
      TEMPORAL_UI_PORT: String(await freePort()),
      COUNTERFOIL_DEV_IDP_PORT: String(await freePort()),
      TEMPORAL_CLI: runState().temporalCli,
      LOG_LEVEL: 'warn',
    };

    // With the default ports taken, as by another stack on the machine: everything binds what it is given.
    const release = await holdPorts();
    const first = await start(env).catch(async (err: unknown) => {
      await release();
      throw err;
    });
    let secondChild: ChildProcess | undefined;
    try {
      expect(first.output()).toContain('First run: bootstrap credentials');
      // The launcher execs node itself, with the heap setting of the roles that serve HTTP.
      expect(readFileSync(`/proc/${first.child.pid}/cmdline`, 'utf8').split('\0')).toContain('--initial-old-space-size=1024');
      const credsFile = path.join(dataDir, 'bootstrap-credentials.json');
      expect(statSync(credsFile).mode & 0o777).toBe(0o600);
      const creds = JSON.parse(readFileSync(credsFile, 'utf8'));
      expect(first.output()).toContain(creds.client_secret);

      const token = await call(first.tenantUrl, 'POST', '/oauth/token', {
        body: { grant_type: 'client_credentials', client_id: creds.client_id, client_secret: creds.client_secret },
      });
      expect(token.status).toBe(200);
      const list = await call(first.tenantUrl, 'GET', '/enterprises', { token: token.body.access_token });
      expect(list.status).toBe(200);
      expect(list.body.items.map((e: { id: string }) => e.id)).toEqual([creds.enterprise_id]);
      expect((await call(first.tenantUrl, 'GET', '/readyz')).status).toBe(200);
      expect((await fetch(first.temporalUiUrl!)).status).toBe(200);

      // The README's `counterfoil ledger verify` with no variable but the data folder: it finds the
      // sandbox database, on the port the running server wrote, and names it with the password masked.
      expect(first.output()).toContain("(the CLI's database commands find it by themselves here)");
      const verify = await promisify(execFile)(path.join(ROOT, 'bin/counterfoil'), ['ledger', 'verify'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', COUNTERFOIL_DATA_DIR: dataDir },
      });
      expect(verify.stdout).toMatch(/^ledger OK: /);
      expect(verify.stderr).toContain(`counterfoil: using the sandbox database postgres://postgres:***@127.0.0.1:${env.COUNTERFOIL_PG_PORT}/counterfoil of ${dataDir}`);
      expect(verify.stderr).not.toContain(readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim());

      // Sandbox: the development OpenID provider is up, registered for console sign-in, with a person per platform role.
      const devSignIn = /Dev sign-in\s+(\S+)/.exec(first.output())![1];
      expect(first.output()).toContain(`${first.tenantUrl}/console/?enterprise=${creds.enterprise_id}`);
      expect((await call(devSignIn, 'GET', '/.well-known/openid-configuration')).body.issuer).toBe(devSignIn);
      const providers = await call(first.tenantUrl, 'GET', `/sign-in-providers?enterprise_ref=enterprises/${creds.enterprise_id}`);
      expect(providers.body.items).toEqual([expect.objectContaining({ issuer: devSignIn, client_id: 'counterfoil-console' })]);
      const users = await call(first.tenantUrl, 'GET', '/users', { token: token.body.access_token });
      expect(users.body.items.map((u: { display_name: string }) => u.display_name).sort()).toEqual(['Ada Admin', 'Amara Approver', 'Dev Developer', 'Omar Operator', 'Vic Viewer']);

      expect(await stop(first.child)).toBe(0);

      const second = await start(env);
      secondChild = second.child;
      expect(second.output()).not.toContain('First run');
      expect(second.output()).not.toContain(creds.client_secret);
      expect(second.output()).toContain('Bootstrap credentials from the first run');
      const again = await call(second.tenantUrl, 'POST', '/oauth/token', {
        body: { grant_type: 'client_credentials', client_id: creds.client_id, client_secret: creds.client_secret },
      });
      expect(again.status).toBe(200);
      const list2 = await call(second.tenantUrl, 'GET', '/enterprises', { token: again.body.access_token });
      expect(list2.body.items.map((e: { id: string }) => e.id)).toEqual([creds.enterprise_id]);
      // A restart finds the provider registered and the people there: nothing is added twice.
      expect((await call(second.tenantUrl, 'GET', '/users', { token: again.body.access_token })).body.items).toHaveLength(5);
      expect((await call(second.tenantUrl, 'GET', `/sign-in-providers?enterprise_ref=enterprises/${creds.enterprise_id}`)).body.items).toHaveLength(1);
      process.stderr.write(`[e2e] npm start ready: first ${first.readyMs} ms, second ${second.readyMs} ms\n`);
      expect(await stop(second.child)).toBe(0);
      secondChild = undefined;
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
      secondChild?.kill('SIGKILL');
      await release();
    }
  });
});
