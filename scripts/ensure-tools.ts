// Builds (or finds) every tool the test run takes from the per-user cache: the Temporal CLI and server,
// Jaeger, helm and kubeconform with the Kubernetes schemas, oapi-codegen and the pinned Node LTS, and warms
// Go's build cache with the Go SDK (its 210,000 generated lines take 90 s of CPU to compile cold). Each is
// built once under its own cross-process lock; on a warm cache this takes a second. `.ci/run` runs it
// before `npm test` so that a cold machine's builds (tens of minutes on two cores) never count against a
// test's time. One at a time: two Go builds side by side on two cores finish no sooner.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureDeployTools } from '../deploy/tools';
import { ensureJaeger } from '../test/helpers/jaeger';
import { ensureTemporalCli } from '../temporal/cli';
import { ensureTemporalServer } from '../temporal/real-server';
import { ensureOapiCodegen } from './generate-go-client';
import { ensureNodeLts } from './node-lts';

const log = (msg: string) => console.error(msg);

/**
 * Compiles the Go SDK, its tests included, and runs none of them: the tests' `go vet` and `go test` then
 * find it in Go's own build cache, which recompiles whatever changed (a regenerated client, a new test).
 */
async function warmGoSdkBuild(): Promise<void> {
  const cwd = path.join(__dirname, '..', 'clients', 'go');
  await promisify(execFile)('go', ['vet', './...'], { cwd, maxBuffer: 1 << 24 });
  await promisify(execFile)('go', ['test', '-count=1', '-run', '^$', './...'], { cwd, maxBuffer: 1 << 24 });
}

const TOOLS: Array<[string, () => Promise<unknown>]> = [
  ['Temporal CLI', () => ensureTemporalCli(log)],
  ['Temporal server', () => ensureTemporalServer(log)],
  ['Jaeger', () => ensureJaeger(log)],
  ['helm, kubeconform and schemas', () => ensureDeployTools(log)],
  ['oapi-codegen', () => ensureOapiCodegen()],
  ['Node LTS', () => ensureNodeLts(log)],
  ['Go SDK build cache', warmGoSdkBuild],
];

async function main(): Promise<void> {
  for (const [name, ensure] of TOOLS) {
    const started = Date.now();
    await ensure();
    const seconds = (Date.now() - started) / 1000;
    if (seconds > 5) console.error(`${name}: ready after ${seconds.toFixed(0)} s`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
