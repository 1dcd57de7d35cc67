import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { tenantOpenApi } from '../src/http/app';
import { signedOpenApiDocument } from '../src/http/signed/openapi';
import { signedRoutes } from '../src/http/signed/routes';
import { connectorProtocolDocument } from '../src/providers/http/openapi';

/** Where the committed documents live; `npm run generate:openapi` rewrites them and a test fails when one is stale. */
export const OPENAPI_DIR = path.join(__dirname, '..', 'openapi');

/**
 * The three documents as a sandbox with the default settings serves them: the tenant API (`GET /openapi.json`,
 * a superset of production's: it adds the /sandbox controls), the signed API (`GET /v1/openapi.json`) and the
 * connector contract (`GET /connectors/openapi.json`).
 */
export function openApiDocuments(): Record<string, object> {
  const config = loadConfig({ COUNTERFOIL_MODE: 'sandbox' });
  return {
    'tenant.json': tenantOpenApi({ config }) as object,
    'signed.json': signedOpenApiDocument(signedRoutes, config.signedApiBaseUrl) as object,
    'connectors.json': connectorProtocolDocument() as object,
  };
}

export const renderDocument = (document: object) => JSON.stringify(document, null, 2) + '\n';

/** `npm run generate:openapi` rewrites the documents; `--check` only compares (exit status 1 when one is stale). */
if (require.main === module) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [name, document] of Object.entries(openApiDocuments())) {
    const file = path.join(OPENAPI_DIR, name);
    const text = renderDocument(document);
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      // not written yet
    }
    if (current === text) continue;
    stale++;
    if (check) process.stderr.write(`openapi/${name} is stale: run npm run generate:openapi\n`);
    else writeFileSync(file, text);
  }
  if (check && stale) process.exit(1);
}
