import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';

// Issue 20 §8: per-user limits on writes, with a 429 that says when to retry; over the limit
// nothing is written. The general limit is set low here (WRITE_RATE_LIMIT_PER_MINUTE=5); the
// stricter caps of WRITE_CAPS_PER_MINUTE (bulletins: 60 a minute) apply whatever it is.
let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;

beforeAll(async () => {
  t = await buildTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: '5' });
  w = await t.factories.courseWorld();
});
afterAll(() => t.close());

describe('write limits', () => {
  it('a capped write (course bulletins, 60 a minute): the 61st is a 429 with Retry-After and is not stored', async () => {
    const cookie = await t.factories.login(w.instructor.userName);
    const post = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/bulletins',
        headers: { cookie },
        payload: { type: 'course', course_id: w.course.id, title: `Notice ${i}`, content: '<p>x</p>' },
      });
    for (let i = 1; i <= 60; i++) expect((await post(i)).statusCode, `bulletin ${i}`).toBe(201);
    const refused = await post(61);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/try again in \d+ s/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const list = await t.app.inject({ method: 'GET', url: `/api/bulletins?type=course&course_id=${w.course.id}&page_size=100`, headers: { cookie } });
    expect((list.json() as { items: { title: string }[] }).items.map((b) => b.title)).not.toContain('Notice 61');
    // Another user's writes are counted apart.
    const assistant = await t.factories.login(w.assistant.userName);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/bulletins',
      headers: { cookie: assistant },
      payload: { type: 'course', course_id: w.course.id, title: 'Assistant notice', content: '<p>x</p>' },
    });
    expect(other.statusCode).toBe(201);
  });

  it('any other write gets the general per-user limit; reads are not limited', async () => {
    const cookie = await t.factories.login(w.student.userName);
    const put = () => t.app.inject({ method: 'PUT', url: '/api/user/time-zone', headers: { cookie }, payload: { time_zone: 'Asia/Tokyo' } });
    for (let i = 1; i <= 5; i++) expect((await put()).statusCode).toBe(200);
    const refused = await put();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 8; i++) expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
  });
});
