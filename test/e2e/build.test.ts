import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '../..');
const run = (file: string, args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(file, args, { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, timeout: 400_000, maxBuffer: 64 * 1024 * 1024 });

/**
 * `npm run build` minus the console: tsc to dist/, the prebuilt workflow bundle; the compiled CLI answers as the sources do.
 * Steps that do not depend on each other run side by side (the sources' answer while tsc compiles; the
 * bundle while the compiled CLI answers): with a free core, the wall time is tsc's plus one step's.
 */
it('the production build compiles to dist/, prebuilds the workflow bundle, and the compiled CLI runs', async () => {
  const [, sources] = await Promise.all([
    run(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json']),
    run(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'openapi']),
  ]);

  const [bundle, compiled, viaBin] = await Promise.all([
    run(process.execPath, ['scripts/build-workflow-bundle.cjs']),
    run(process.execPath, ['dist/src/cli.js', 'openapi']),
    // bin/counterfoil picks the compiled code in production.
    run(path.join(ROOT, 'bin/counterfoil'), ['openapi'], { NODE_ENV: 'production' }),
  ]);
  expect(bundle.stdout).toContain('workflow bundle written to dist/workflow-bundle.js');
  expect(JSON.parse(compiled.stdout)).toEqual(JSON.parse(sources.stdout));
  expect(JSON.parse(viaBin.stdout).info.title).toBe('Counterfoil tenant API');

  // The compiled worker loads the prebuilt bundle rather than running webpack.
  const chosen = await run(process.execPath, ['-e', "require('./dist/src/temporal/worker').workerWorkflowBundle('/nonexistent').then((b) => process.stdout.write(b.codePath))"]);
  expect(chosen.stdout).toBe(path.join(ROOT, 'dist', 'workflow-bundle.js'));
}, 600_000);
