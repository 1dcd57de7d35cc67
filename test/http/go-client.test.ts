import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/*
 * The Go SDK (clients/go): its generated client is current with the document the API serves, and its
 * module builds and passes its own tests (webhook vectors, retry rules against httptest, signing).
 */

const ROOT = path.join(__dirname, '..', '..');
const run = promisify(execFile);

it('is generated from the OpenAPI document the API serves (run `npm run generate:go` after an API change)', async () => {
  // In a process of its own, as the TypeScript client's check: it runs oapi-codegen (built once, cached).
  await expect(run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'generate-go-client.ts'), '--check'], { cwd: ROOT, maxBuffer: 1 << 24 })).resolves.toMatchObject({ stderr: '' });
}, 300_000);

it('builds, vets and passes `go test ./...`', async () => {
  const dir = path.join(ROOT, 'clients', 'go');
  await run('go', ['vet', './...'], { cwd: dir });
  const { stdout } = await run('go', ['test', './...'], { cwd: dir });
  expect(stdout).toMatch(/^ok\s+github\.com\/counterfoil\/counterfoil-go\/counterfoil/m);
}, 300_000);
