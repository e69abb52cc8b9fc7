import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';

// Issue 20 §5 "Fuzz every route's body and path parameters from the OpenAPI schemas (fast-check) and
// assert: never a 500, nothing changed on a 4xx." Every operation of the server's own OpenAPI document
// (`/api/docs/json`) is called FUZZ_RUNS times by the organisation's admin (the widest grants, so
// requests get past authorisation into validation and the services) with path parameters, query
// parameters and JSON bodies drawn from its schemas: valid-looking values, boundaries (0, −1, 2^31,
// 2^53), NUL characters, long and hostile strings, wrong types and missing fields. Answers must be
// below 500; after any 4xx, every table must hold exactly what it held before (an md5 of each table's
// rows). Seeded, so a failure names a request that can be replayed.

const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);

/** Operations not fuzzed, each with why: they end the caller's session or never end. */
const SKIPPED: Record<string, string> = {
  'POST /api/logout': 'ends the session every later request needs',
  'GET /api/notifications/stream': 'an event stream that stays open',
};

/** Tables a refused request may still write: the session's last-seen time, and failed sign-ins counted (issue 20 §1). */
const MAY_CHANGE_ON_4XX = new Set(['sessions', 'login_attempts']);

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  nullable?: boolean;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};
type Parameter = { in: string; name: string; required?: boolean; schema?: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  'x'.repeat(5000),
  '😀漢字',
  'null',
  '-1',
  '1e309',
];
const EDGE_NUMBERS = [0, -1, 1, 2, 3, 2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 53), 1e20, 0.5];

/** Values for a schema: mostly of its type (often valid), sometimes of another type entirely. */
function valueOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 8 }), fc.constant([]), fc.constant({}));
  if (!schema || depth > 4) return wrong;
  const options: fc.Arbitrary<unknown>[] = [];
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants) options.push(...variants.map((v) => valueOf(v, depth + 1)));
  if (schema.enum) options.push(fc.constantFrom(...schema.enum));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const type of types) {
    if (type === 'integer') options.push(fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constantFrom(...EDGE_NUMBERS), fc.integer()));
    else if (type === 'number') options.push(fc.oneof(fc.constantFrom(...EDGE_NUMBERS), fc.double({ noNaN: true, noDefaultInfinity: true })));
    else if (type === 'boolean') options.push(fc.boolean());
    else if (type === 'string')
      options.push(
        fc.oneof(
          fc.string({ maxLength: 24 }),
          fc.constantFrom(...HOSTILE_STRINGS),
          schema.format === 'date-time' || schema.format === 'date'
            ? fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }).map((d) => d.toISOString())
            : fc.string({ minLength: 1, maxLength: 12 }),
        ),
      );
    else if (type === 'array') options.push(fc.array(valueOf(schema.items, depth + 1), { maxLength: 3 }));
    else if (type === 'object') options.push(objectOf(schema, depth));
    else if (type === 'null') options.push(fc.constant(null));
  }
  if (!schema.type && schema.properties) options.push(objectOf(schema, depth));
  if (schema.nullable) options.push(fc.constant(null));
  if (options.length === 0) return wrong;
  return fc.oneof({ arbitrary: fc.oneof(...options), weight: 9 }, { arbitrary: wrong, weight: 1 });
}

/** An object of a schema's properties: the required ones usually present, the others sometimes. */
function objectOf(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) return fc.constant({});
  const record = Object.fromEntries(keys.map((k) => [k, valueOf(properties[k], depth + 1)]));
  return fc.oneof(
    { arbitrary: fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)) }), weight: 4 },
    { arbitrary: fc.record(record, { requiredKeys: [] }), weight: 1 },
  );
}

/** One request of an operation: its URL (path and query filled in) and JSON body. */
function requestOf(path: string, operation: Operation): fc.Arbitrary<{ url: string; body: unknown }> {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  return fc
    .record({
      path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, valueOf(p.schema)]))),
      query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valueOf(p.schema)])), { requiredKeys: [] }),
      body: bodySchema ? valueOf(bodySchema) : fc.constant(undefined),
    })
    .map(({ path: values, query, body }) => {
      let url = path;
      for (const [name, value] of Object.entries(values)) url = url.replace(`{${name}}`, encodeURIComponent(String(value)));
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) search.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
      const qs = search.toString();
      return { url: qs ? `${url}?${qs}` : url, body };
    });
}

let t: TestApp;
let cookie = '';
let tables: string[] = [];

/** An md5 of every table's rows (public schema, except MAY_CHANGE_ON_4XX), by table. One statement. */
async function snapshot(): Promise<Map<string, string>> {
  const parts = tables.map(
    (name) => sql`select ${name} as t, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from ${sql.identifier(name)} x`,
  );
  const result = await t.database.db.execute(sql.join(parts, sql` union all `));
  return new Map((result as unknown as { rows: { t: string; h: string }[] }).rows.map((r) => [r.t, r.h]));
}

beforeAll(async () => {
  t = await buildTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: '1000000' });
  const world = await t.factories.courseWorld();
  cookie = await t.factories.login(world.admin.userName);
  const listed = await t.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  tables = (listed as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name).filter((name) => !MAY_CHANGE_ON_4XX.has(name));
}, 120_000);
afterAll(() => t?.close());

describe('every route from the OpenAPI document, fuzzed', () => {
  it(`answers below 500 and changes nothing on a 4xx (${FUZZ_RUNS} requests per operation, seed ${SEED})`, async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let requests = 0;
    let operations = 0;
    const statuses = new Map<number, number>();
    /** Accepted writes whose change the snapshot saw: proves the snapshot sees changes at all. */
    let writesSeen = 0;
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (SKIPPED[name]) continue;
        const content = operation.requestBody?.content;
        if (content && !content['application/json']) continue;
        operations += 1;
        const samples = fc.sample(requestOf(path, operation), { numRuns: FUZZ_RUNS, seed: SEED + operations });
        for (const { url, body } of samples) {
          const before = await snapshot();
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          requests += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const shown = `${name} → ${method.toUpperCase()} ${url.slice(0, 200)} ${JSON.stringify(body)?.slice(0, 300) ?? ''}`;
          if (res.statusCode >= 500) failures.push(`${res.statusCode}: ${shown}: ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400 || method !== 'get') {
            const after = await snapshot();
            const changed = tables.filter((name) => before.get(name) !== after.get(name));
            if (res.statusCode < 400) writesSeen += changed.length > 0 ? 1 : 0;
            else if (changed.length > 0) failures.push(`${res.statusCode} changed ${changed.join(', ')}: ${shown}`);
          }
        }
      }
    }
    const byStatus = [...statuses].sort((a, b) => a[0] - b[0]).map(([status, n]) => `${status}×${n}`);
    console.log(
      `openapi fuzz: ${requests} requests over ${operations} operations (${Object.keys(SKIPPED).length} skipped), seed ${SEED}: ${byStatus.join(' ')}; ${writesSeen} accepted writes seen changing tables`,
    );
    expect(operations).toBeGreaterThan(200);
    expect(writesSeen).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  }, 600_000);
});
