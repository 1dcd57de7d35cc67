import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { loadConfig } from '../src/config';
import { tenantOpenApi } from '../src/http/app';

/** Where the generated types live; `npm run generate:client` rewrites it and a test fails when it is stale. */
export const CLIENT_TYPES_FILE = path.join(__dirname, '..', 'clients', 'typescript', 'openapi.ts');

const HEADER = `/**
 * Generated from the tenant API's OpenAPI document by openapi-typescript (npm run generate:client).
 * Do not edit: the test run fails when this file differs from what the served document generates.
 */

`;

/** The document as a sandbox serves it (a superset of production's: it adds the /sandbox controls). */
export function servedDocument(): object {
  return tenantOpenApi({ config: loadConfig({ COUNTERFOIL_MODE: 'sandbox' }) }) as object;
}

/** TypeScript types of an OpenAPI document: deterministic for a given document. */
export async function clientTypes(document: object): Promise<string> {
  const ast = await openapiTS(sdkDocument(document) as never, { alphabetize: true });
  return HEADER + astToString(ast) + idempotentOperations(document);
}

type Parameter = { in?: string; name?: string; $ref?: string; required?: boolean };
type Operation = { parameters?: Parameter[] };

const isIdempotencyKey = (p: Parameter) => p.in === 'header' && p.name?.toLowerCase() === 'idempotency-key';

/**
 * The document as the SDK's types see it: an Idempotency-Key the API requires is optional there,
 * because the SDK sends one of its own when the caller has none. The served document keeps it required.
 */
function sdkDocument(document: object): object {
  const copy = structuredClone(document) as { paths: Record<string, Record<string, Operation>>; components?: { parameters?: Record<string, Parameter> } };
  for (const p of Object.values(copy.components?.parameters ?? {})) if (isIdempotencyKey(p)) p.required = false;
  for (const methods of Object.values(copy.paths)) {
    for (const op of Object.values(methods)) for (const p of op.parameters ?? []) if (isIdempotencyKey(p)) p.required = false;
  }
  return copy;
}

/**
 * The operations that take an `Idempotency-Key`, as `METHOD /path/{template}`: the SDK gives each a key
 * of its own when the caller sends none, and retries only these of the POSTs (a retry then replays).
 */
function idempotentOperations(document: object): string {
  const { paths, components } = document as { paths: Record<string, Record<string, Operation>>; components?: { parameters?: Record<string, Parameter> } };
  const resolve = (p: Parameter) => (p.$ref ? (components?.parameters?.[p.$ref.replace('#/components/parameters/', '')] ?? p) : p);
  const found = Object.entries(paths)
    .flatMap(([route, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.parameters?.map(resolve).some(isIdempotencyKey))
        .map(([method]) => `${method.toUpperCase()} ${route}`),
    )
    .sort();
  return `\n/** Operations that take an Idempotency-Key: the SDK keys and retries these. */\nexport const IDEMPOTENT_OPERATIONS: readonly string[] = ${JSON.stringify(found, null, 2)};\n`;
}

/**
 * `npm run generate:client` rewrites the types; `--check` only compares (exit status 1 when stale);
 * `--from <file>` reads the document from a file (a test passes what a running API served).
 */
if (require.main === module) {
  const check = process.argv.includes('--check');
  const from = process.argv.indexOf('--from');
  const document = from > 0 ? (JSON.parse(readFileSync(process.argv[from + 1], 'utf8')) as object) : servedDocument();
  clientTypes(document).then((types) => {
    const current = (() => {
      try {
        return readFileSync(CLIENT_TYPES_FILE, 'utf8');
      } catch {
        return '';
      }
    })();
    if (check) {
      if (current !== types) {
        process.stderr.write(`${path.relative(process.cwd(), CLIENT_TYPES_FILE)} is stale: run npm run generate:client\n`);
        process.exitCode = 1;
      }
      return;
    }
    if (current !== types) writeFileSync(CLIENT_TYPES_FILE, types);
    process.stdout.write(`${path.relative(process.cwd(), CLIENT_TYPES_FILE)} ${current === types ? 'unchanged' : 'written'}\n`);
  });
}
