import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/*
 * The Go SDK (clients/go): its generated client is current with the document the API serves, and its
 * module, tests included, builds and vets. `go test ./...` runs against a stack, in
 * test/e2e/sdk-typescript.test.ts: its e2e package needs one and fails without it.
 */

const ROOT = path.join(__dirname, '..', '..');
const run = promisify(execFile);

it('is generated from the OpenAPI document the API serves (run `npm run generate:go` after an API change)', async () => {
  // In a process of its own, as the TypeScript client's check: it runs oapi-codegen (built once, cached).
  await expect(run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'generate-go-client.ts'), '--check'], { cwd: ROOT, maxBuffer: 1 << 24 })).resolves.toMatchObject({ stderr: '' });
}, 300_000);

it('builds and vets, tests included', async () => {
  await expect(run('go', ['vet', './...'], { cwd: path.join(ROOT, 'clients', 'go') })).resolves.toMatchObject({ stderr: '' });
}, 300_000);
