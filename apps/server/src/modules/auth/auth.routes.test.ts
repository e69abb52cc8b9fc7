import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { TEST_PASSWORD } from '../../../test/factories/index.js';
import { sha256Hex } from '../../lib/crypto.js';
import { sessions } from '../users/users.table.js';

let t: TestApp;
let userName: string;
let userId: number;

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '4' });
  const org = await t.factories.org();
  const user = await t.factories.user({ orgId: org.id, role: USER_ROLE.instructor, name: 'Ivy Instructor', departmentId: org.departmentId });
  userName = user.userName;
  userId = user.id;
});
afterAll(() => t.close());

function login(payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: payload as Record<string, unknown>,
    headers: { 'x-forwarded-for': `10.0.0.${Math.floor(Math.random() * 250)}`, ...headers },
  });
}

describe('POST /api/login', () => {
  it('answers the user and sets an httpOnly, SameSite=Lax session cookie whose token is stored only hashed', async () => {
    const res = await login({ user_name: userName, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: userId, user_name: userName, name: 'Ivy Instructor', role: 0, department: { name: 'Department of Tests' } });
    expect(res.json()).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c) => c.name === 'atrium_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(Buffer.from(cookie!.value, 'base64url')).toHaveLength(16);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows.map((r) => r.tokenHash)).toContain(sha256Hex(cookie!.value));
    expect(rows.map((r) => r.tokenHash)).not.toContain(cookie!.value);
  });

  it('rotates the token: logging in again ends the previous session of this browser', async () => {
    const first = await t.factories.login(userName);
    const res = await login({ user_name: userName, password: TEST_PASSWORD }, { cookie: first });
    const second = `atrium_session=${res.cookies.find((c) => c.name === 'atrium_session')!.value}`;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: second } })).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user alike with 401 INVALID_CREDENTIALS and no cookie', async () => {
    for (const payload of [
      { user_name: userName, password: 'wrong' },
      { user_name: 'nobody-here', password: TEST_PASSWORD },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      expect(res.cookies.find((c) => c.name === 'atrium_session')).toBeUndefined();
    }
  });

  it('answers 400 naming the missing field', async () => {
    const res = await login({ password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { user_name: expect.any(Array) } });
    const empty = await login({ user_name: userName, password: '' });
    expect(empty.json().errors).toHaveProperty('password');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: '{nope', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('is rate-limited per address and user name: the fifth attempt in a minute gets 429', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login({ user_name: 'limited-user', password: 'guess' }, headers)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const blocked = await login({ user_name: 'limited-user', password: 'guess' }, headers);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another user name from the same address is not blocked by it.
    expect((await login({ user_name: userName, password: TEST_PASSWORD }, headers)).statusCode).toBe(200);
  });
});

describe('GET /api/user and POST /api/logout', () => {
  it('answers the current user, then 401 after logout', async () => {
    const cookie = await t.factories.login(userName);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: userId, userNo: expect.any(String), org: { id: expect.any(Number) } });
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.any(String) });
  });

  it('answers 401 without a cookie and with a forged one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: 'atrium_session=forged' } })).statusCode).toBe(401);
  });
});

describe('Request-Scope header', () => {
  it('is recorded on the request log lines of any /api/ call', async () => {
    const cookie = await t.factories.login(userName);
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie, 'request-scope': 'course-42' } });
    const lines = t.logs.filter((l) => l.request_scope === 'course-42');
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });
});

describe('unknown routes', () => {
  it('answer 404 ROUTE_NOT_FOUND in the error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});
