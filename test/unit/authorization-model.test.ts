import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { openApiRoute, tenantOpenApi } from '../../src/http/app';
import { ACCESS_DOC, accessDocWithOperations, tenantOperations } from '../../src/http/authorization-doc';
import { authorizationModel, OPERATION_FACTS } from '../../src/http/authorization-model';
import { tenantRoutes } from '../../src/http/routes';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const documented = () => {
  const doc = tenantOpenApi({ config: loadConfig({ COUNTERFOIL_MODE: 'sandbox' }) }) as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
  return Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).filter(([m]) => METHODS.includes(m)).map(([m, op]) => `${m.toUpperCase()} ${p} ${op.operationId}`));
};

describe('the authorization model', () => {
  it('has exactly one row per operation of the OpenAPI document', () => {
    const model = tenantOperations().map((op) => `${op.method.toUpperCase()} ${op.path} ${op.operationId}`);
    expect(model.sort()).toEqual(documented().sort());
    process.stderr.write(`[authorization-model] ${model.length} operations in the table, ${documented().length} in the OpenAPI document\n`);
  });

  it('fails on a route without a row and on a row without a route', () => {
    const extra = { ...openApiRoute, operationId: 'notInTheTable' };
    expect(() => authorizationModel([...tenantRoutes, openApiRoute, extra])).toThrow(/notInTheTable.*has no row/);
    expect(() => authorizationModel(tenantRoutes)).toThrow(/rows name no route: getOpenApiDocument/);
  });

  it('marks a route public exactly when the route is', () => {
    for (const op of tenantOperations()) expect({ op: op.operationId, public: op.permission === null }).toEqual({ op: op.operationId, public: OPERATION_FACTS[op.operationId]!.kind === 'public' });
  });

  it(`renders the operations section of ${ACCESS_DOC} as it is committed (npm run generate:access-doc)`, () => {
    const doc = readFileSync(path.resolve(__dirname, '../..', ACCESS_DOC), 'utf8');
    expect(doc).toContain('## Operations and their permissions');
    expect(accessDocWithOperations(doc)).toBe(doc);
  });
});
