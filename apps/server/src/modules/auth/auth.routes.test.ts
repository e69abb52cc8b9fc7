import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { TEST_PASSWORD } from '../../../test/factories/index.js';
import { sha256Hex } from '../../lib/crypto.js';
import { loginAttempts, sessions } from '../users/users.table.js';
import { ACCOUNT_LOCKOUT, ADDRESS_LOCKOUT, loginAddressKey } from './auth.service.js';

let t: TestApp;
/** The same app behind a proxy it trusts (TRUST_PROXY=127.0.0.1, inject's address): X-Forwarded-For gives the client. */
let proxied: TestApp;
let userName: string;
let userId: number;

beforeAll(async () => {
  [t, proxied] = await Promise.all([buildTestApp(), buildTestApp({ TRUST_PROXY: '127.0.0.1' })]);
  const org = await t.factories.org();
  const user = await t.factories.user({ orgId: org.id, role: USER_ROLE.instructor, name: 'Ivy Instructor', departmentId: org.departmentId });
  userName = user.userName;
  userId = user.id;
  await proxied.factories.user({ userName, orgId: (await proxied.factories.org()).id, role: USER_ROLE.instructor });
});
afterAll(async () => Promise.all([t?.close(), proxied?.close()]));
// Every test starts with no failed sign-ins counted (they are kept in the database, decision 0120 §1).
beforeEach(async () => {
  await t.database.db.delete(loginAttempts);
  await proxied.database.db.delete(loginAttempts);
});

function login(payload: unknown, headers: Record<string, string> = {}, app: TestApp = t) {
  return app.app.inject({
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
});

describe('sign-in lockout (issue 20 §1, decision 0120)', () => {
  const wrong = () => ({ user_name: userName, password: 'wrong' });
  /** Moves every stored failure and lock of `app` `seconds` into the past, as if that time had gone by (negative: into the future). */
  async function timePasses(seconds: number, app: TestApp = t) {
    await app.database.db.update(loginAttempts).set({
      lastFailedAt: sql`${loginAttempts.lastFailedAt} - ${seconds} * interval '1 second'`,
      lockedUntil: sql`${loginAttempts.lockedUntil} - ${seconds} * interval '1 second'`,
    });
  }
  async function accountRow(name: string) {
    const [row] = await t.database.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.scope, 'account'), eq(loginAttempts.subject, name.toLowerCase())));
    return row;
  }

  it('locks the account after 5 failures although each of 12 attempts forges another X-Forwarded-For, and a 429 says when to retry', async () => {
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await login(wrong(), { 'x-forwarded-for': `198.51.100.${i + 1}` }));
    expect(results.map((r) => r.statusCode)).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
    const last = results.at(-1)!;
    expect(last.json()).toEqual({ code: 'RATE_LIMITED', retry_after: 1, message: 'Too many requests; try again in 1 s' });
    expect(last.headers['retry-after']).toBe('1');
    // While locked (held a minute longer here, so the check does not race the 1 s lock) even the right password
    // is refused, and refused attempts count nowhere.
    await timePasses(-60);
    expect((await login({ user_name: userName, password: TEST_PASSWORD })).statusCode).toBe(429);
    expect(await accountRow(userName)).toMatchObject({ failures: 5 });
    // Every request came from the socket's address: X-Forwarded-For is not believed without TRUST_PROXY.
    const addresses = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.scope, 'address'));
    expect(addresses).toEqual([expect.objectContaining({ subject: '127.0.0.1', failures: 5 })]);
  });

  it('counts the user name lower-cased, whether or not the account exists, and answers both alike', async () => {
    for (const name of [userName.toUpperCase(), 'No-Such-Person']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await login({ user_name: name, password: 'wrong' })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      expect(await accountRow(name)).toMatchObject({ failures: ACCOUNT_LOCKOUT.threshold });
    }
    await timePasses(-60); // the 1 s lock of the upper-cased name holds a minute longer, so this does not race the clock
    expect((await login({ user_name: userName, password: TEST_PASSWORD })).statusCode).toBe(429);
  });

  it('locks the account across real client addresses, but not the addresses for other accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(wrong(), { 'x-forwarded-for': `203.0.113.${i + 1}` }, proxied)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const other = await proxied.factories.user({ orgId: (await proxied.factories.org()).id, role: USER_ROLE.student });
    expect((await login({ user_name: other.userName, password: TEST_PASSWORD }, { 'x-forwarded-for': '203.0.113.1' }, proxied)).statusCode).toBe(200);
  });

  it('locks an address after 20 failures whatever the user names, and only that address', async () => {
    const from = { 'x-forwarded-for': '203.0.113.50' };
    for (let i = 0; i < ADDRESS_LOCKOUT.threshold; i++) {
      expect((await login({ user_name: `sprayed-${i}`, password: 'wrong' }, from, proxied)).statusCode).toBe(401);
    }
    const locked = await login({ user_name: userName, password: TEST_PASSWORD }, from, proxied);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED', retry_after: 1 });
    // The refused attempt was not counted against the account.
    const counted = await proxied.database.db.select().from(loginAttempts).where(eq(loginAttempts.subject, userName.toLowerCase()));
    expect(counted).toEqual([]);
    expect((await login({ user_name: userName, password: TEST_PASSWORD }, { 'x-forwarded-for': '203.0.113.51' }, proxied)).statusCode).toBe(200);
  });

  it('doubles the wait after each further failure, up to 15 minutes, and lets the next attempt through when it ends', async () => {
    for (let i = 0; i < 5; i++) expect((await login(wrong())).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await login(wrong());
      expect(refused.statusCode).toBe(429);
      const row = (await accountRow(userName))!;
      const wait = (row.lockedUntil!.getTime() - row.lastFailedAt.getTime()) / 1000;
      waits.push(wait);
      expect(refused.json()).toMatchObject({ retry_after: wait });
      expect(refused.headers['retry-after']).toBe(String(wait));
      await timePasses(wait);
      expect((await login(wrong())).statusCode).toBe(401); // the lock is over: one more try, which fails
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    await t.database.db.update(loginAttempts).set({ failures: 40 }).where(eq(loginAttempts.scope, 'account'));
    await timePasses(20);
    expect((await login(wrong())).statusCode).toBe(401);
    const capped = await login(wrong());
    expect(capped.json()).toMatchObject({ code: 'RATE_LIMITED', retry_after: ACCOUNT_LOCKOUT.capSeconds });
    expect(capped.headers['retry-after']).toBe('900');
  });

  it('never locks for good: an hour after the last failure the count starts again', async () => {
    for (let i = 0; i < 5; i++) expect((await login(wrong())).statusCode).toBe(401);
    await timePasses(ACCOUNT_LOCKOUT.windowSeconds + 1);
    expect((await login(wrong())).statusCode).toBe(401);
    expect(await accountRow(userName)).toMatchObject({ failures: 1, lockedUntil: null });
  });

  it('lets the right password in once the lock is over and clears the account count', async () => {
    for (let i = 0; i < 5; i++) await login(wrong());
    await timePasses(-60); // a lock of 61 s rather than 1 s, so the next check does not race the clock
    expect((await login({ user_name: userName, password: TEST_PASSWORD })).statusCode).toBe(429);
    await timePasses(61);
    expect((await login({ user_name: userName, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await accountRow(userName)).toBeUndefined();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(wrong())).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('never throttles successes, however many, from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ADDRESS_LOCKOUT.threshold + 5; i++) statuses.push((await login({ user_name: userName, password: TEST_PASSWORD })).statusCode);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(await t.database.db.select().from(loginAttempts)).toEqual([]);
  });

  it('lets no more than 5 of many simultaneous wrong attempts through', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => login(wrong())));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
  });

  it('prunes counters an hour old when someone signs in', async () => {
    await login({ user_name: 'long-ago', password: 'wrong' });
    await timePasses(ACCOUNT_LOCKOUT.windowSeconds + 1);
    await login({ user_name: 'recent', password: 'wrong' });
    expect((await login({ user_name: userName, password: TEST_PASSWORD })).statusCode).toBe(200);
    const left = await t.database.db.select({ scope: loginAttempts.scope, subject: loginAttempts.subject }).from(loginAttempts);
    expect(left).toEqual(expect.arrayContaining([{ scope: 'account', subject: 'recent' }]));
    expect(left.map((r) => r.subject)).not.toContain('long-ago');
  });
});

describe('TRUST_PROXY', () => {
  it('makes the forwarded address the client address only when set', async () => {
    const forged = { 'x-forwarded-for': '198.51.100.200' };
    const direct = await login({ user_name: userName, password: TEST_PASSWORD }, forged);
    const viaProxy = await login({ user_name: userName, password: TEST_PASSWORD }, forged, proxied);
    const token = (res: typeof direct) => sha256Hex(res.cookies.find((c) => c.name === 'atrium_session')!.value);
    const [own] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, token(direct)));
    const [trusted] = await proxied.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, token(viaProxy)));
    expect(own?.ip).toBe('127.0.0.1');
    expect(trusted?.ip).toBe('198.51.100.200');
  });

  it('counts IPv6 clients by their /64 and IPv4-mapped ones as IPv4', () => {
    expect(loginAddressKey('2001:db8:0:12:abcd::1')).toBe('2001:db8:0:12::/64');
    expect(loginAddressKey('2001:0db8::ffff')).toBe('2001:db8:0:0::/64');
    expect(loginAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(loginAddressKey('::ffff:192.0.2.4')).toBe('192.0.2.4');
    expect(loginAddressKey('192.0.2.4')).toBe('192.0.2.4');
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
