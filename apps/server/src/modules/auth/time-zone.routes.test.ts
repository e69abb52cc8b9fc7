import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';

let t: TestApp;
let cookie: string;
let otherCookie: string;
beforeAll(async () => {
  // the session cache on (the test app's default is off), to check that a change shows at once
  t = await buildTestApp({ SESSION_CACHE_MS: '60000' });
  const org = await t.factories.org();
  const me = await t.factories.user({ orgId: org.id, role: USER_ROLE.instructor });
  const other = await t.factories.user({ orgId: org.id });
  cookie = await t.factories.login(me.userName);
  otherCookie = await t.factories.login(other.userName);
});
afterAll(() => t.close());

const put = (payload: unknown, c: string | null = cookie) =>
  t.app.inject({ method: 'PUT', url: '/api/user/time-zone', ...(c ? { headers: { cookie: c } } : {}), payload: payload as object });
const me = async (c = cookie) => (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: c } })).json();

describe('PUT /api/user/time-zone', () => {
  it('stores an IANA zone and answers the user; GET /api/user shows it at once (cached session dropped); null follows the org', async () => {
    expect((await me()).time_zone).toBeNull();
    const res = await put({ time_zone: 'Asia/Taipei' });
    expect(res.statusCode).toBe(200);
    expect(res.json().time_zone).toBe('Asia/Taipei');
    expect((await me()).time_zone).toBe('Asia/Taipei');
    expect((await me(otherCookie)).time_zone).toBeNull();
    expect((await put({ time_zone: null })).json().time_zone).toBeNull();
    expect((await me()).time_zone).toBeNull();
  });

  it('answers 400 naming time_zone for an unknown zone, a non-string or a missing field (nothing changed); 401 signed out', async () => {
    await put({ time_zone: 'Europe/Paris' });
    for (const bad of [{ time_zone: 'Mars/Olympus_Mons' }, { time_zone: 'not a zone' }, { time_zone: 8 }, {}]) {
      const res = await put(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors, JSON.stringify(bad)).toHaveProperty('time_zone');
    }
    expect((await me()).time_zone).toBe('Europe/Paris');
    expect((await put({ time_zone: 'UTC' }, null)).statusCode).toBe(401);
  });

  it('the session cache forgets a session at logout', async () => {
    const org = await t.factories.org();
    const user = await t.factories.user({ orgId: org.id });
    const c = await t.factories.login(user.userName);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: c } })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: c } });
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: c } })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/locale (issue 23 §2)', () => {
  const putLocale = (payload: unknown, c: string | null = cookie) =>
    t.app.inject({ method: 'PUT', url: '/api/user/locale', ...(c ? { headers: { cookie: c } } : {}), payload: payload as object });

  it('stores one of the ten languages and answers the user; GET /api/user shows it; null forgets it', async () => {
    expect((await me()).locale).toBeNull();
    const res = await putLocale({ locale: 'th-th' });
    expect(res.statusCode).toBe(200);
    expect(res.json().locale).toBe('th-th');
    expect((await me()).locale).toBe('th-th');
    expect((await me(otherCookie)).locale).toBeNull();
    expect((await putLocale({ locale: null })).json().locale).toBeNull();
    expect((await me()).locale).toBeNull();
  });

  it('answers 400 naming locale for a language outside spec §1 or a missing field (nothing changed); 401 signed out', async () => {
    await putLocale({ locale: 'vi-vn' });
    for (const bad of [{ locale: 'de-de' }, { locale: 'TH-TH' }, { locale: 3 }, {}]) {
      const res = await putLocale(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors, JSON.stringify(bad)).toHaveProperty('locale');
    }
    expect((await me()).locale).toBe('vi-vn');
    expect((await putLocale({ locale: 'en-gb' }, null)).statusCode).toBe(401);
  });
});
