import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { TEST_PASSWORD } from '../../../test/factories/index.js';
import { users } from './users.table.js';

/** Issue 19 §5, `/user/settings`: changing my e-mail address needs my password and leaves the new one unverified. */

let t: TestApp;
let cookie: string;
let userId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const org = await t.factories.org();
  const user = await t.factories.user({ orgId: org.id, role: USER_ROLE.student });
  userId = user.id;
  await t.database.db.update(users).set({ email: 'old@example.org', emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  cookie = await t.factories.login(user.userName);
});
afterAll(async () => t?.close());

const put = (payload: object, withCookie = true) => t.app.inject({ method: 'PUT', url: '/api/user/email', headers: withCookie ? { cookie } : {}, payload });
const row = async () => (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!;

describe('PUT /api/user/email', () => {
  it('refuses a wrong password or a malformed address naming the field, changing nothing', async () => {
    const wrong = await put({ email: 'new@example.org', password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty('password');
    const malformed = await put({ email: 'not an address', password: TEST_PASSWORD });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toHaveProperty('email');
    expect(await row()).toMatchObject({ email: 'old@example.org', emailVerifiedAt: expect.any(Date) });
    expect((await put({ email: 'new@example.org', password: TEST_PASSWORD }, false)).statusCode).toBe(401);
  });

  it('changes the address (lower-cased) and leaves it unverified; the same address again changes nothing', async () => {
    const res = await put({ email: ' New@Example.org ', password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: userId, email: 'new@example.org' });
    expect(await row()).toMatchObject({ email: 'new@example.org', emailVerifiedAt: null });
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.json().email).toBe('new@example.org');
    const config = await t.app.inject({ method: 'GET', url: '/api/config', headers: { cookie } });
    expect(config.json().account).toMatchObject({ email_verified: false });
    expect((await put({ email: 'new@example.org', password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});
