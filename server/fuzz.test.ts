import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type ApiClient, type TestApp } from './test/app.ts';
import { createPerson, createUnit, TEST_PASSWORD } from './test/factories.ts';

/**
 * Every route of the OpenAPI document, sent what a fuzzer would send (wrong types, numbers beyond
 * the database's, NUL and lone surrogates, long strings, unknown fields, broken JSON), anonymous
 * and signed in: an answer may refuse, never fail (no 5xx). Deterministic: no random values.
 */
let t: TestApp;
let callers: { name: string; client: ApiClient }[];
beforeAll(async () => {
  t = await createTestApp();
  const unit = await createUnit(t.database.db);
  const admin = await createPerson(t.database.db, { roles: [{ role: 'ADMIN', unitId: null }] });
  const manager = await createPerson(t.database.db, {
    roles: [{ role: 'COURSE_MANAGER', unitId: unit.id }],
  });
  callers = [
    { name: 'anonymous', client: t.client() },
    { name: 'admin', client: await t.client().login(admin.email, TEST_PASSWORD) },
    { name: 'course manager', client: await t.client().login(manager.email, TEST_PASSWORD) },
  ];
});
afterAll(() => t.close());

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const ODD_IDS = [
  '2147483648',
  '9223372036854775808',
  '-1',
  '0',
  'abc',
  '1.5',
  '1e309',
  '%00',
  '%ED%A0%80',
];
const ODD_QUERY = ['2147483648', '-1', 'x', '%00', '%ED%A0%80', 'a'.repeat(5000), '1e309'];
const ODD_STRINGS = ['\u0000', 'a\uD800b', '\uDC00', 'x'.repeat(20_000), ''];
const ODD_NUMBERS = [2 ** 31, 2 ** 63, -1, 1.5, 'x', Number.MAX_VALUE];

const typeOf = (schema: JsonSchema | undefined) =>
  [schema?.type ?? 'object'].flat().find((t) => t !== 'null') ?? 'object';

function plausible(schema: JsonSchema | undefined): unknown {
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return 1;
    case 'string':
      return 'x';
    case 'boolean':
      return true;
    case 'array':
      return [];
    default:
      return {};
  }
}

function oddValues(schema: JsonSchema | undefined): unknown[] {
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return ODD_NUMBERS;
    case 'string':
      return [...ODD_STRINGS, 12345, ['x']];
    case 'boolean':
      return ['yes', 2 ** 31];
    case 'array':
      return ['x', [null], [2 ** 31], ['\u0000'], [{}]];
    default:
      return ['x', [], { unknown: '\u0000' }];
  }
}

/** Bodies: empty, wrong as a whole, then each field made odd in an otherwise plausible body. */
function bodies(schema: JsonSchema | undefined): (string | undefined)[] {
  const properties = schema?.properties ?? {};
  const base = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, plausible(v)]));
  const out: (string | undefined)[] = [
    '{}',
    '[]',
    'null',
    '{"broken": ',
    '{"id": 1e400}',
    JSON.stringify({ ...base, not_a_field: 1 }),
  ];
  for (const [key, property] of Object.entries(properties))
    for (const odd of oddValues(property)) out.push(JSON.stringify({ ...base, [key]: odd }));
  return out;
}

function urls(path: string, operation: Operation): string[] {
  const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const fill = (value: string) => path.replace(/\{[^}]+\}/g, value);
  const out = pathParams.length ? ODD_IDS.map(fill) : [path];
  const first = fill('1');
  for (const parameter of query)
    for (const value of ODD_QUERY) out.push(`${first}?${parameter.name}=${value}`);
  return out;
}

it('answers no request of any route with a server error', async () => {
  const document = (await callers[0]!.client.get('/api/docs/json')).json();
  const failures: string[] = [];
  let sent = 0;
  for (const [path, methods] of Object.entries<Record<string, Operation>>(document.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const verb = method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      const payloads = ['POST', 'PATCH', 'PUT'].includes(verb) ? bodies(schema) : [undefined];
      for (const url of urls(path, operation))
        for (const payload of payloads)
          for (const { name, client } of callers) {
            const response = await client.request(
              verb,
              url,
              payload,
              payload === undefined ? {} : { 'content-type': 'application/json' },
            );
            sent++;
            if (response.statusCode >= 500)
              failures.push(
                `${name} ${verb} ${url} ${payload?.slice(0, 80) ?? ''} → ${response.statusCode}`,
              );
          }
    }
  }
  expect(sent).toBeGreaterThan(1000);
  expect(failures).toEqual([]);
}, 240_000);
