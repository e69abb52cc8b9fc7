import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';

// Issue 20 §4 (CSRF): a page on another site posting with the visitor's cookie — a `text/plain`
// form POST needs no preflight — is refused with 403 and changes nothing; the app's own pages, and
// clients that are not browsers, pass.
let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let outsider: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  outsider = await t.factories.login(w.outsider.userName);
});
afterAll(() => t.close());

const EVIL = 'https://evil.example';

async function rolesIn(courseId: number, cookie: string): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}`, headers: { cookie } });
  return res.statusCode === 200 ? (res.json() as { my_roles: string[] }).my_roles : res.statusCode;
}

describe('cross-site state-changing requests', () => {
  it('a cross-site text/plain POST does not join a course (403 CROSS_SITE_REQUEST, no enrolment)', async () => {
    const course = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id, accessCode: 'CSRF0001' });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/course/join/CSRF0001',
      headers: { cookie: outsider, origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    expect(await rolesIn(course.id, outsider)).toBe(403);
  });

  it('an Origin of another site is refused even without Fetch Metadata (older browsers)', async () => {
    const course = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id, accessCode: 'CSRF0002' });
    const forged = await t.app.inject({ method: 'POST', url: '/api/course/join/CSRF0002', headers: { cookie: outsider, origin: EVIL } });
    expect(forged.statusCode).toBe(403);
    expect(await rolesIn(course.id, outsider)).toBe(403);
  });

  it('a cross-site logout does not end the session, nor does a cross-site calendar feed get made', async () => {
    const cookie = await t.factories.login(w.student.userName);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(logout.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    const before = await t.app.inject({ method: 'GET', url: '/api/calendar-feed', headers: { cookie } });
    const feed = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-feed',
      headers: { cookie, origin: EVIL, 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect(feed.statusCode).toBe(403);
    const after = await t.app.inject({ method: 'GET', url: '/api/calendar-feed', headers: { cookie } });
    expect(after.body).toBe(before.body);
  });

  it('a same-site page on another port (e.g. a content origin) is refused too', async () => {
    const cookie = await t.factories.login(w.student.userName);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/time-zone',
      headers: { cookie, host: 'localhost:3000', origin: 'http://localhost:3001', 'sec-fetch-site': 'same-site' },
      payload: { time_zone: 'Asia/Tokyo' },
    });
    expect(res.statusCode).toBe(403);
  });

  it("the app's own pages pass: same-origin Fetch Metadata, an Origin equal to the host or the public URL, and non-browser clients", async () => {
    const course = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id, accessCode: 'CSRF0003' });
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/course/join/CSRF0003',
      headers: { cookie: outsider, host: 'atrium.test:8080', origin: 'http://atrium.test:8080', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    expect(await rolesIn(course.id, outsider)).toEqual(['student']);
    const cookie = await t.factories.login(w.student.userName);
    const viaPublicUrl = await t.app.inject({
      method: 'PUT',
      url: '/api/user/time-zone',
      headers: { cookie, host: 'internal:9999', origin: t.app.deps.config.publicUrl, 'sec-fetch-site': 'same-site' },
      payload: { time_zone: 'Asia/Tokyo' },
    });
    expect(viaPublicUrl.statusCode).toBe(200);
    const noHeaders = await t.app.inject({ method: 'PUT', url: '/api/user/time-zone', headers: { cookie }, payload: { time_zone: 'Europe/London' } });
    expect(noHeaders.statusCode).toBe(200);
  });
});
