import fc from 'fast-check';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { loadConfig } from '../../src/config';
import { tenantOpenApi } from '../../src/http/app';
import { mutateValue, pathsOf, validValue, type Pools, type Schema } from '../fuzz/schema-arbitraries';

// The fuzzer's generators against the tenant API's own document: what they call valid, the document accepts.
const doc = tenantOpenApi({ config: loadConfig({}) }) as any;
const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
ajv.addFormat('binary', true);
ajv.addSchema({ ...doc, $id: 'tenant' });
const rebase = (schema: Schema) => JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"tenant#/'));

const empty: Pools = { ids: () => [], anyIds: () => [], values: () => [] };
const known: Pools = {
  ids: (c) => (c === 'clients' ? ['01a21634-9579-7212-8749-1c55939a0bf9'] : []),
  anyIds: () => ['01a21634-9579-7212-8749-1c55939a0bf9'],
  values: (name) => (name === 'asset' ? ['USD'] : []),
};

const bodies = Object.entries<any>(doc.paths).flatMap(([path, item]) =>
  Object.entries<any>(item)
    .filter(([, op]) => op.requestBody?.content?.['application/json'])
    .map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.requestBody.content['application/json'].schema] as [string, Schema]),
);

describe('fuzzer generators', () => {
  it('the document has request bodies to generate', () => {
    expect(bodies.length).toBeGreaterThan(40);
  });

  it.each(bodies)('valid bodies of %s validate against the document', (_op, schema) => {
    const validate = ajv.compile(rebase(schema));
    for (const pools of [empty, known]) {
      fc.assert(
        fc.property(validValue(doc, schema, pools), (value) => {
          if (!validate(value)) throw new Error(`${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`);
        }),
        { numRuns: 15, seed: 42 },
      );
    }
  });

  it('a mutation changes the value, and most mutations break the schema', () => {
    const schema = doc.paths['/clients'].post.requestBody.content['application/json'].schema;
    const validate = ajv.compile(rebase(schema));
    let broken = 0;
    fc.assert(
      fc.property(validValue(doc, schema, empty).chain((v) => mutateValue(v).map((m) => ({ v, m }))), ({ v, m }) => {
        expect(m.value).not.toEqual(v);
        if (!validate(m.value)) broken++;
      }),
      { numRuns: 100, seed: 7 },
    );
    expect(broken).toBeGreaterThan(50);
  });

  it('pathsOf lists every member, root first', () => {
    expect(pathsOf({ a: [1, { b: 2 }] })).toEqual([[], ['a'], ['a', 0], ['a', 1], ['a', 1, 'b']]);
  });
});
