import { loadConfig } from '../config';
import { tenantOpenApi } from '../http/app';

export async function openapiCommand(): Promise<void> {
  process.stdout.write(JSON.stringify(tenantOpenApi({ config: loadConfig() }), null, 2) + '\n');
}
