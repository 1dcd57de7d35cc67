import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { z } from 'zod';
import { loadConfig } from '../../src/config';
import { tenantOpenApi } from '../../src/http/app';
import { EXAMPLES_FILE, type RecordedExample } from '../../src/http/openapi';
import { tenantRoutes } from '../../src/http/routes';
import { undeclared } from '../helpers/openapi-examples';

/*
 * Every operation of the tenant API's document carries an example of its request body and of a success
 * answer, recorded from a real test run (`npm run record:examples`). They cannot rot: each one validates
 * against today's JSON Schema in the document and against the route's own zod schema, which also refuses
 * a field the schema no longer has.
 */

type MediaType = { schema?: { format?: string }; examples?: { recorded?: { value: unknown }; sample?: { value: unknown } } };
type Operation = { requestBody?: { content: Record<string, MediaType> }; responses: Record<string, { content?: Record<string, MediaType> }> };

const document = tenantOpenApi({ config: loadConfig({ COUNTERFOIL_MODE: 'sandbox' }) }) as unknown as {
  paths: Record<string, Record<string, Operation>>;
};
const recorded = JSON.parse(readFileSync(EXAMPLES_FILE, 'utf8')) as Record<string, RecordedExample>;
const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${route}`, route, method, op })),
);
const routeDef = (name: string) => tenantRoutes.find((d) => `${d.method.toUpperCase()} ${d.path}` === name);

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...document, $id: 'tenant' });
const pointer = (...parts: string[]) => parts.map((p) => '/' + p.replace(/~/g, '~0').replace(/\//g, '~1')).join('');

/** Success answers that have a body to show. */
const successBodies = (op: Operation) =>
  Object.entries(op.responses).filter(([status, r]) => Number(status) < 300 && r.content).map(([status, r]) => ({ status, content: r.content! }));

it('has a request and a response example for every operation, listing those without', () => {
  const missing: string[] = [];
  for (const { name, op } of operations) {
    const answers = successBodies(op);
    if (answers.length && !answers.some((a) => Object.values(a.content).every((m) => m.examples?.recorded ?? m.examples?.sample))) missing.push(`${name}: response`);
    // A file upload shows a sample file: its body is a file, not an exchange the recorder keeps.
    if (op.requestBody && !Object.values(op.requestBody.content).every((m) => m.examples?.recorded ?? (m.schema?.format === 'binary' && m.examples?.sample))) missing.push(`${name}: request`);
  }
  expect(missing).toEqual([]);
  expect(operations.filter(({ op }) => successBodies(op).length).length).toBeGreaterThan(200);
});

it('records examples only for operations the document has', () => {
  const names = new Set(operations.map((o) => o.name));
  expect(Object.keys(recorded).filter((name) => !names.has(name))).toEqual([]);
});

const examples = operations.flatMap(({ name, route, method, op }) => [
  ...Object.entries(op.requestBody?.content ?? {})
    .filter(([, m]) => m.examples?.recorded)
    .map(([type, m]) => ({ name: `${name} request (${type})`, op: name, part: 'request' as const, value: m.examples!.recorded!.value, at: pointer('paths', route, method, 'requestBody', 'content', type, 'schema') })),
  ...successBodies(op).flatMap(({ status, content }) =>
    Object.entries(content)
      .filter(([, m]) => m.examples?.recorded)
      .map(([type, m]) => ({ name: `${name} ${status} (${type})`, op: name, part: Number(status), value: m.examples!.recorded!.value, at: pointer('paths', route, method, 'responses', status, 'content', type, 'schema') })),
  ),
]);

it.each(examples)('$name validates against the document and the route schema', ({ op, part, value, at }) => {
  const validate = ajv.getSchema(`tenant#${at}`) ?? ajv.compile({ $ref: `tenant#${at}` });
  validate(value);
  expect(validate.errors ?? []).toEqual([]);
  const def = routeDef(op)!;
  const schema = (part === 'request' ? def.body : def.responses[part]?.schema) as z.ZodType | undefined;
  if (!schema || typeof value === 'string') return;
  const parsed = schema.safeParse(value);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(undeclared(value, parsed.data)).toEqual([]);
});

it('shows no credential, signature or private key', () => {
  const text = readFileSync(EXAMPLES_FILE, 'utf8');
  // Masked values keep only their prefix and punctuation: X (or 0 for hex) in place of every character.
  const values = [
    ...[...text.matchAll(/\b(?:cfsk|cfat|cfk|cfinv|whsec)_([A-Za-z0-9+/=_-]+)/g)].map((m) => m[1]),
    ...[...text.matchAll(/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g)].map((m) => m[0]),
    ...[...text.matchAll(/-----BEGIN [A-Z ]*PRIVATE KEY-----/g)].map((m) => m[0]),
    ...[...text.matchAll(/"(?:client_secret|secret|access_token|token|signature|private_key|password)": "([^"]*)"/g)].map((m) => m[1].replace(/^[a-z]{2,6}_/, '')),
  ];
  const leaks = values.filter((v) => /[A-WYZa-z1-9]/.test(v));
  expect(leaks).toEqual([]);
});
