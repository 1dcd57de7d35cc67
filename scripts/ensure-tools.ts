// Builds (or finds) every tool the test run takes from the per-user cache: the Temporal CLI and server,
// Jaeger, helm and kubeconform with the Kubernetes schemas, oapi-codegen and the pinned Node LTS. Each is
// built once under its own cross-process lock; on a warm cache this takes a second. `.ci/run` runs it
// before `npm test` so that a cold machine's builds (tens of minutes on two cores) never count against a
// test's time. One at a time: two Go builds side by side on two cores finish no sooner.
import { ensureDeployTools } from '../deploy/tools';
import { ensureJaeger } from '../test/helpers/jaeger';
import { ensureTemporalCli } from '../temporal/cli';
import { ensureTemporalServer } from '../temporal/real-server';
import { ensureOapiCodegen } from './generate-go-client';
import { ensureNodeLts } from './node-lts';

const log = (msg: string) => console.error(msg);

const TOOLS: Array<[string, () => Promise<unknown>]> = [
  ['Temporal CLI', () => ensureTemporalCli(log)],
  ['Temporal server', () => ensureTemporalServer(log)],
  ['Jaeger', () => ensureJaeger(log)],
  ['helm, kubeconform and schemas', () => ensureDeployTools(log)],
  ['oapi-codegen', () => ensureOapiCodegen()],
  ['Node LTS', () => ensureNodeLts(log)],
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
