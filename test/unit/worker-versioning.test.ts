import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config';
import { ROOT } from '../../src/root';
import { defaultBuildId, deploymentOptions } from '../../src/temporal/versioning';

const dir = mkdtempSync(path.join(os.tmpdir(), 'worker-versioning-'));
const bundle = (name: string, code: string) => {
  const codePath = path.join(dir, name);
  writeFileSync(codePath, code);
  return { codePath };
};
const version = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function refused(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('loadConfig accepted the settings');
}

describe('Worker Versioning settings', () => {
  it('is off unless a Worker Deployment is named, so the worker polls unversioned', () => {
    const config = loadConfig({});
    expect(config.workerDeployment).toBeNull();
    expect(deploymentOptions(config, bundle('a.js', 'a'))).toEqual({});
  });

  it('takes the build id from the package version and the bundle, unless one is set', () => {
    const a = bundle('a.js', 'workflow code A');
    const b = bundle('b.js', 'workflow code B');
    const config = loadConfig({ COUNTERFOIL_WORKER_DEPLOYMENT: 'counterfoil' });
    expect(deploymentOptions(config, a)).toEqual({
      workerDeploymentOptions: { useWorkerVersioning: true, version: { deploymentName: 'counterfoil', buildId: defaultBuildId(a) }, defaultVersioningBehavior: 'PINNED' },
    });
    expect(defaultBuildId(a)).toMatch(new RegExp(`^${version.replace(/\./g, '\\.')}-[0-9a-f]{12}$`));
    expect(defaultBuildId(a)).toBe(defaultBuildId(bundle('a-again.js', 'workflow code A')));
    expect(defaultBuildId(b)).not.toBe(defaultBuildId(a));
    const pinned = loadConfig({ COUNTERFOIL_WORKER_DEPLOYMENT: 'counterfoil', COUNTERFOIL_WORKER_BUILD_ID: '2026.11.28-1' });
    expect(deploymentOptions(pinned, a).workerDeploymentOptions?.version).toEqual({ deploymentName: 'counterfoil', buildId: '2026.11.28-1' });
  });

  it('refuses the names the server refuses, and a build id without a deployment', () => {
    expect(refused({ COUNTERFOIL_WORKER_DEPLOYMENT: 'counter.foil' })).toMatch(/without "\." or ":"/);
    expect(refused({ COUNTERFOIL_WORKER_DEPLOYMENT: 'a:b' })).toMatch(/without "\." or ":"/);
    expect(refused({ COUNTERFOIL_WORKER_DEPLOYMENT: '__internal' })).toMatch(/not starting with "__"/);
    expect(refused({ COUNTERFOIL_WORKER_DEPLOYMENT: 'counterfoil', COUNTERFOIL_WORKER_BUILD_ID: '__b' })).toMatch(/not starting with "__"/);
    expect(refused({ COUNTERFOIL_WORKER_BUILD_ID: 'b' })).toMatch(/needs COUNTERFOIL_WORKER_DEPLOYMENT/);
  });
});
