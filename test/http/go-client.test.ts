import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/*
 * The Go SDK (clients/go): its generated client is current with the document the API serves, its
 * module, tests included, builds and vets, and a module outside the checkout builds against it. `go test ./...` runs against a stack, in
 * test/e2e/sdk-typescript.test.ts: its e2e package needs one and fails without it.
 */

const ROOT = path.join(__dirname, '..', '..');
const GO_SDK = path.join(ROOT, 'clients', 'go');
const run = promisify(execFile);

it('is generated from the OpenAPI document the API serves (run `npm run generate:go` after an API change)', async () => {
  // In a process of its own, as the TypeScript client's check: it runs oapi-codegen (built once, cached).
  await expect(run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'generate-go-client.ts'), '--check'], { cwd: ROOT, maxBuffer: 1 << 24 })).resolves.toMatchObject({ stderr: '' });
}, 300_000);

it('builds and vets, tests included', async () => {
  await expect(run('go', ['vet', './...'], { cwd: path.join(ROOT, 'clients', 'go') })).resolves.toMatchObject({ stderr: '' });
}, 300_000);

/** The shell block of `doc` that points a module at clients/go with a `replace` directive. */
function replaceBlock(doc: string): string {
  const blocks = [...readFileSync(path.join(ROOT, doc), 'utf8').matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const found = blocks.filter((b) => b.includes('-replace=github.com/counterfoil/counterfoil-go='));
  expect(found).toHaveLength(1);
  return found[0]!;
}

it("is used from a module outside the checkout through the `replace` its docs show, and builds there", async () => {
  const block = replaceBlock('docs/sdk.md');
  expect(replaceBlock('clients/go/README.md')).toBe(block);
  // An integrator's module, beside a checkout as the docs' relative path has it (no parent go.mod, no go.work).
  const scratch = mkdtempSync(path.join(tmpdir(), 'counterfoil-go-module-'));
  const module = path.join(scratch, 'integration');
  mkdirSync(module);
  symlinkSync(ROOT, path.join(scratch, 'counterfoil'));
  const env = { ...process.env, GOFLAGS: '-mod=mod', GOWORK: 'off' };
  await run('go', ['mod', 'init', 'example.com/integration'], { cwd: module, env });
  writeFileSync(
    path.join(module, 'main.go'),
    `package main

import (
	"fmt"
	"net/http"
	"os"

	"github.com/counterfoil/counterfoil-go/counterfoil"
)

func main() {
	base := "http://127.0.0.1:8080"
	tokens := &counterfoil.TokenSource{BaseURL: base, ClientID: "id", ClientSecret: "secret"}
	api, err := counterfoil.NewClientWithResponses(base,
		counterfoil.WithHTTPClient(&http.Client{Transport: &counterfoil.RetryTransport{}}),
		counterfoil.WithRequestEditorFn(tokens.Authorize))
	if err != nil || api == nil {
		os.Exit(1)
	}
	fmt.Println(counterfoil.IsIdempotentOperation("POST", "/withdrawals"), counterfoil.IsIdempotentOperation("GET", "/withdrawals"))
}
`,
  );
  await run('bash', ['-euo', 'pipefail', '-c', block], { cwd: module, env, timeout: 240_000, maxBuffer: 1 << 24 });
  const goMod = readFileSync(path.join(module, 'go.mod'), 'utf8');
  expect(goMod).toMatch(/^require github\.com\/counterfoil\/counterfoil-go v0\.0\.0$/m);
  expect(goMod).toMatch(/^replace github\.com\/counterfoil\/counterfoil-go => \.\.\/counterfoil\/clients\/go$/m);
  // The client's own dependency came in by `go mod tidy`, at the version its go.mod names.
  const runtime = /github\.com\/oapi-codegen\/runtime (v\S+)/.exec(readFileSync(path.join(GO_SDK, 'go.mod'), 'utf8'))![1];
  expect(goMod).toContain(`github.com/oapi-codegen/runtime ${runtime}`);
  const built = await run(path.join(module, 'integration'), [], { cwd: module });
  expect(built.stdout).toBe('true false\n');
}, 300_000);
