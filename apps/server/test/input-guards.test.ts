import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';

// Issue 20 §5: input the schemas let through but PostgreSQL refuses — a NUL character in a text,
// an id of 2^31 or more — is a 400 naming the field and writes nothing (it was a 500).
let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  cookie = await t.factories.login(w.instructor.userName);
});
afterAll(() => t.close());

async function moduleTitles(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/courses/${w.course.id}/content`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { modules: { title: string }[] }).modules.map((m) => m.title);
}

describe('input PostgreSQL would refuse', () => {
  it('a NUL character in a body text is a 400 naming the field, and nothing is written', async () => {
    const before = await moduleTitles();
    const res = await t.app.inject({ method: 'POST', url: `/api/courses/${w.course.id}/modules`, headers: { cookie }, payload: { title: 'Week\u00001' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { title: [expect.stringContaining('NUL')] } });
    expect(await moduleTitles()).toEqual(before);
  });

  it('a NUL character deep in a body, in a query or in a path parameter is named too', async () => {
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-meeting',
      headers: { cookie },
      payload: { title: 'x', data: { replay_address: ['https://a.example', 'https://b.example/\u0000'] } },
    });
    expect(nested.statusCode).toBe(400);
    expect(Object.keys(nested.json().errors)).toEqual(['data.replay_address.1']);
    const query = await t.app.inject({ method: 'GET', url: `/api/user/courses?keyword=a%00b`, headers: { cookie } });
    expect(query.statusCode).toBe(400);
    expect(query.json().errors).toHaveProperty('keyword');
    const path = await t.app.inject({ method: 'GET', url: `/api/course/access-code/AB%00CD/validate`, headers: { cookie } });
    expect(path.statusCode).toBe(400);
    expect(path.json().errors).toHaveProperty('code');
  });

  it('an id of 2^31 or more, in the path or the body, is a 400 naming it (no row can have it)', async () => {
    for (const id of ['2147483648', '4294967296', '99999999999999999999']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/courses/${id}`, headers: { cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { id: [expect.any(String)] } });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/courses/2147483647', headers: { cookie } })).statusCode).toBe(404);
    const before = await moduleTitles();
    const body = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${w.course.id}/activities`,
      headers: { cookie },
      payload: { module_id: 2 ** 31, type: 'page', title: 'Beyond', data: { content: '<p>x</p>' } },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toHaveProperty('module_id');
    const list = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${w.course.id}/activities`,
      headers: { cookie },
      payload: { module_id: 1, type: 'material', title: 'Beyond', upload_ids: [1, 2 ** 40] },
    });
    expect(list.statusCode).toBe(400);
    expect(list.json().errors).toHaveProperty('upload_ids');
    expect(await moduleTitles()).toEqual(before);
  });
});
