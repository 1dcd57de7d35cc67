import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OPENAPI_DIR, openApiDocuments, renderDocument } from '../../scripts/generate-openapi';

/*
 * The committed OpenAPI documents are the contract: a change to a route, a schema or an example shows as a
 * diff of openapi/ in review, and a refactor that changes none of them changes no answer's shape.
 */
describe('committed OpenAPI documents', () => {
  const documents = openApiDocuments();

  it.each(Object.keys(documents))('openapi/%s is what the code generates', (name) => {
    const committed = readFileSync(path.join(OPENAPI_DIR, name), 'utf8');
    const generated = renderDocument(documents[name]);
    if (committed !== generated) {
      throw new Error(`openapi/${name} differs from the document the code generates: run npm run generate:openapi and commit the result`);
    }
    expect(committed).toBe(generated);
  });
});
