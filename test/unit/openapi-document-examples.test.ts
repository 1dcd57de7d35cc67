import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { loadConfig } from '../../src/config';
import { tenantOpenApi } from '../../src/http/app';
import { signedOpenApiDocument } from '../../src/http/signed/openapi';
import { signedRoutes } from '../../src/http/signed/routes';
import { API_VERSIONS, VERSION_HEADER } from '../../src/versions';

/*
 * Every example anywhere in the two OpenAPI documents (request bodies, answers, webhook deliveries, parameters,
 * headers, schema-level `example`s) validates against the schema it illustrates, and every API version an
 * example names is one the server accepts: an example a client copies must be a request the server takes.
 */

type Node = Record<string, unknown>;
const documents = {
  tenant: tenantOpenApi({ config: loadConfig({ COUNTERFOIL_MODE: 'sandbox' }) }) as unknown as Node,
  signed: signedOpenApiDocument(signedRoutes, 'http://127.0.0.1:8081') as unknown as Node,
};

const escape = (p: string) => p.replace(/~/g, '~0').replace(/\//g, '~1');

interface Example {
  surface: keyof typeof documents;
  at: string;
  /** Pointer of the schema the example illustrates. */
  schemaAt: string;
  value: unknown;
}

/** Each `examples.*.value` or `example` beside a `schema` (media types, parameters, headers), and each schema's own `example`. */
function examplesOf(surface: keyof typeof documents, node: unknown, at: string, out: Example[] = []): Example[] {
  if (Array.isArray(node)) node.forEach((v, i) => examplesOf(surface, v, `${at}/${i}`, out));
  if (!node || typeof node !== 'object' || Array.isArray(node)) return out;
  const n = node as Node;
  if (n.schema && typeof n.schema === 'object') {
    if ('example' in n) out.push({ surface, at: `${at}/example`, schemaAt: `${at}/schema`, value: n.example });
    for (const [name, ex] of Object.entries((n.examples as Record<string, { value?: unknown }> | undefined) ?? {})) {
      out.push({ surface, at: `${at}/examples/${escape(name)}`, schemaAt: `${at}/schema`, value: ex.value });
    }
  }
  // A schema's own example: under components or inline, wherever a `type` or composition sits beside it.
  if ('example' in n && !n.schema && ('type' in n || 'anyOf' in n || 'allOf' in n || 'oneOf' in n || 'enum' in n || '$ref' in n)) {
    out.push({ surface, at: `${at}/example`, schemaAt: at, value: n.example });
  }
  for (const [k, v] of Object.entries(n)) if (k !== 'example' && k !== 'examples') examplesOf(surface, v, `${at}/${escape(k)}`, out);
  return out;
}

const examples = (Object.keys(documents) as Array<keyof typeof documents>).flatMap((s) => examplesOf(s, documents[s], ''));

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
for (const [surface, doc] of Object.entries(documents)) ajv.addSchema({ ...doc, $id: surface });

/** Every `api_version` member in a value, with its path. */
function versionsIn(value: unknown, at = ''): Array<{ at: string; version: unknown }> {
  if (Array.isArray(value)) return value.flatMap((v, i) => versionsIn(v, `${at}/${i}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [...(k === 'api_version' && typeof v !== 'object' ? [{ at: `${at}/${k}`, version: v }] : []), ...versionsIn(v, `${at}/${k}`)]);
}

it('finds the examples of both surfaces: answers, requests and webhook deliveries', () => {
  const where = (surface: string, part: RegExp) => examples.filter((e) => e.surface === surface && part.test(e.at)).length;
  expect(where('tenant', /^\/paths\/.*\/responses\//)).toBeGreaterThan(200);
  expect(where('tenant', /^\/paths\/.*\/requestBody\//)).toBeGreaterThan(50);
  expect(where('tenant', /^\/webhooks\//)).toBeGreaterThan(100);
  expect(where('signed', /^\/paths\//)).toBeGreaterThan(0);
});

it.each(examples.map((e) => ({ ...e, name: `${e.surface} ${e.at}` })))('$name validates against its schema', ({ surface, schemaAt, value }) => {
  const validate = ajv.getSchema(`${surface}#${schemaAt}`) ?? ajv.compile({ $ref: `${surface}#${schemaAt}` });
  validate(value);
  expect(validate.errors ?? []).toEqual([]);
});

it('names only API versions the server accepts', () => {
  const named = examples.flatMap((e) => versionsIn(e.value).map((v) => ({ ...v, at: `${e.surface} ${e.at}${v.at}` })));
  expect(named.length).toBeGreaterThan(10);
  expect(named.filter((v) => !(API_VERSIONS as readonly unknown[]).includes(v.version))).toEqual([]);
  // The version parameter itself offers exactly the accepted versions.
  for (const doc of Object.values(documents)) {
    const components = doc.components as { parameters: Record<string, { name: string; schema: { $ref?: string } }>; schemas: Record<string, unknown> };
    const param = components.parameters.CounterfoilVersion;
    const schema = param.schema.$ref ? components.schemas[param.schema.$ref.split('/').pop()!] : param.schema;
    expect({ name: param.name, schema }).toMatchObject({ name: VERSION_HEADER, schema: { enum: [...API_VERSIONS] } });
  }
});

it("gives each of the signed API's operations a request example (POST) and an answer example", () => {
  const paths = documents.signed.paths as Record<string, Record<string, { requestBody?: { content: Record<string, { examples?: object }> }; responses: Record<string, { content?: Record<string, { examples?: object }> }> }>>;
  const missing = Object.entries(paths).flatMap(([p, methods]) =>
    Object.entries(methods).flatMap(([m, op]) => [
      ...(op.requestBody && !op.requestBody.content['application/json'].examples ? [`${m} ${p}: request`] : []),
      ...(!op.responses['200'].content?.['application/json'].examples ? [`${m} ${p}: answer`] : []),
    ]),
  );
  expect(Object.keys(paths).length).toBe(4);
  expect(missing).toEqual([]);
});
