/**
 * A small program using the generated client: compiled by the test run (`tsc -p clients/typescript`),
 * so a change of the API that breaks integrators' code fails there first. Run it with
 * `npx tsx clients/typescript/example.ts` against `npm start` (it reads the bootstrap credentials).
 */
import { readFileSync } from 'node:fs';
import { createCounterfoilClient, problemOf, type Schemas } from './index';

async function main(): Promise<void> {
  const baseUrl = process.env.COUNTERFOIL_API_URL ?? 'http://127.0.0.1:8080';
  const creds = JSON.parse(readFileSync(process.env.COUNTERFOIL_CREDENTIALS ?? '.data/bootstrap-credentials.json', 'utf8')) as { client_id: string; client_secret: string };

  let token: string | null = null;
  const api = createCounterfoilClient({ baseUrl, accessToken: () => token });
  const issued = await api.POST('/oauth/token', { body: { grant_type: 'client_credentials', client_id: creds.client_id, client_secret: creds.client_secret } });
  if (!issued.data) throw new Error(problemOf(issued.error, issued.response).detail);
  token = issued.data.access_token;

  const enterprises = await api.GET('/enterprises', { params: { query: { page_size: 10 } } });
  const first: Schemas['Enterprise'] | undefined = enterprises.data?.items[0];
  process.stdout.write(`enterprise: ${first?.legal_name ?? '(none)'}\n`);

  const pending = await api.GET('/approvals', { params: { query: { status: 'pending', page_size: 20 } } });
  for (const approval of pending.data?.items ?? []) process.stdout.write(`pending approval ${approval.id} for ${approval.governed_ref}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
