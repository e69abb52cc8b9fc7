import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LOCALES, USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { TEST_PASSWORD } from '../../../test/factories/index.js';
import { mergeOrgSettings } from '../orgs/orgs.repository.js';
import { listSendCandidates } from '../outbox/outbox.repository.js';
import { outboxEmails } from '../outbox/outbox.table.js';
import { countStatements } from '../../../test/helpers/count-statements.js';
import { users } from '../users/users.table.js';
import { accountCodes } from './prompts.table.js';
import { isPasswordExpired, setSmsChannel, type SmsChannel } from './prompts.service.js';
import { signEmailToken } from './signed-link.js';

let t: TestApp;
let org: Awaited<ReturnType<TestApp['factories']['org']>>;
let otherOrg: Awaited<ReturnType<TestApp['factories']['org']>>;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://lms.example.edu' });
  org = await t.factories.org();
  otherOrg = await t.factories.org();
});
afterAll(async () => t.close());

async function inject(method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function person(role: number = USER_ROLE.instructor, values: Partial<typeof users.$inferInsert> = {}, orgId = org.id) {
  const user = await t.factories.user({ orgId, role });
  if (Object.keys(values).length > 0) await t.database.db.update(users).set(values).where(eq(users.id, user.id));
  return { user, cookie: await t.factories.login(user.userName) };
}

async function mailsTo(to: string) {
  return t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
}

describe('GET /api/config', () => {
  it('answers visitors the locales of spec §1, the version and no prompts', async () => {
    const res = await inject('GET', '/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: t.app.deps.version, locales: [...LOCALES], default_locale: 'en-us', prompts: null, account: null });
    expect(res.json().locales).toHaveLength(10);
  });
  it('forces mobile binding on everyone but Students (spec §6), only in an org that asks, until the phone is bound', async () => {
    await mergeOrgSettings(t.database.db, org.id, { forceMobileBinding: true, passwordMaxAgeDays: 90 });
    const forced = async (role: number, values: Partial<typeof users.$inferInsert> = {}, orgId = org.id) =>
      ((await inject('GET', '/api/config', (await person(role, values, orgId)).cookie)).json() as { prompts: { force_mobile_binding: boolean } }).prompts
        .force_mobile_binding;
    expect(await forced(USER_ROLE.instructor)).toBe(true);
    expect(await forced(USER_ROLE.admin)).toBe(true);
    expect(await forced(USER_ROLE.wgAdmin)).toBe(true);
    expect(await forced(USER_ROLE.student)).toBe(false);
    expect(await forced(USER_ROLE.instructor, { mobilePhone: '13800000000', mobileVerifiedAt: new Date() })).toBe(false);
    expect(await forced(USER_ROLE.instructor, {}, otherOrg.id)).toBe(false);
    const { cookie } = await person(USER_ROLE.instructor, { email: 'cfg@example.edu' });
    expect((await inject('GET', '/api/config', cookie)).json()).toMatchObject({
      prompts: { require_email_verification: true, password_max_age_days: 90 },
      account: { has_email: true, email_verified: false, mobile_phone: null, mobile_verified: false, association_code: null },
    });
    await mergeOrgSettings(t.database.db, org.id, { forceMobileBinding: false, passwordMaxAgeDays: 0 });
  });
  it('is cheap on every page load: no statement for a visitor; for a user the session and two SELECTs side by side', async () => {
    expect((await countStatements(t, () => inject('GET', '/api/config'))).statements).toBe(0);
    const { cookie } = await person(USER_ROLE.student);
    const signedIn = await countStatements(t, () => inject('GET', '/api/config', cookie));
    expect(signedIn.res.statusCode).toBe(200);
    expect(signedIn.statements).toBe(3);
    expect(signedIn.rounds).toBe(2);
  });
});

describe('e-mail verification', () => {
  it('e-mails a signed link through the outbox; the link verifies the address; one a minute', async () => {
    const { user, cookie } = await person(USER_ROLE.student, { email: 'learner-verify@example.edu' });
    const sent = await inject('POST', '/api/user/send_verification_email', cookie);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: expect.stringContaining('learner-verify@example.edu') });
    const again = await inject('POST', '/api/user/send_org_sing_up_verification_email', cookie);
    expect(again.statusCode).toBe(429);
    expect(again.json().errors).toHaveProperty('email');
    const [mail, ...more] = await mailsTo('learner-verify@example.edu');
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ kind: 'email_verification' });
    const link = /https:\/\/lms\.example\.edu\/user\/verify-email\?token=(\S+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    const verified = await inject('GET', `/api/user/verify-email?token=${encodeURIComponent(token)}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email: 'learner-verify@example.edu', email_verified_at: expect.any(String) });
    const [row] = await t.database.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, user.id));
    expect(row!.at).toBeInstanceOf(Date);
    expect((await inject('GET', '/api/config', cookie)).json().account.email_verified).toBe(true);
    // Verified: nothing more to send.
    await t.database.db
      .update(accountCodes)
      .set({ sentAt: new Date(Date.now() - 61_000) })
      .where(eq(accountCodes.userId, user.id));
    expect((await inject('POST', '/api/user/send_verification_email', cookie)).json().errors).toHaveProperty('email');
  });

  it('sends again after 60 s; the org sign-up link has its own text', async () => {
    const { user, cookie } = await person(USER_ROLE.admin, { email: 'admin-signup@example.edu' });
    expect((await inject('POST', '/api/user/send_org_sing_up_verification_email', cookie)).statusCode).toBe(200);
    await t.database.db
      .update(accountCodes)
      .set({ sentAt: new Date(Date.now() - 59_000) })
      .where(eq(accountCodes.userId, user.id));
    expect((await inject('POST', '/api/user/send_org_sing_up_verification_email', cookie)).statusCode).toBe(429);
    await t.database.db
      .update(accountCodes)
      .set({ sentAt: new Date(Date.now() - 61_000) })
      .where(eq(accountCodes.userId, user.id));
    expect((await inject('POST', '/api/user/send_org_sing_up_verification_email', cookie)).statusCode).toBe(200);
    const mails = await mailsTo('admin-signup@example.edu');
    expect(mails.map((m) => m.kind)).toEqual(['org_sign_up_verification', 'org_sign_up_verification']);
    expect(mails[0]!.text).toContain('signing your organisation up');
  });

  it('refuses expired, tampered, foreign and stale links with 400 naming token, writing nothing', async () => {
    const { user } = await person(USER_ROLE.student, { email: 'links@example.edu' });
    const expired = signEmailToken(t.config, user.id, 'links@example.edu', 3600, Date.now() - 2 * 3600_000);
    const res = await inject('GET', `/api/user/verify-email?token=${expired}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VERIFICATION_LINK_EXPIRED', errors: { token: expect.any(Array) } });

    const good = signEmailToken(t.config, user.id, 'links@example.edu', 3600);
    const last = good.at(-1) === 'A' ? 'B' : 'A';
    const tampered = [good.slice(0, -1) + last, good.replace(`${user.id}.`, `${user.id + 1}.`), 'not-a-token', `${user.id}.9999999999.${'x'.repeat(43)}`];
    for (const token of tampered) {
      const bad = await inject('GET', `/api/user/verify-email?token=${encodeURIComponent(token)}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VERIFICATION_LINK_INVALID', errors: { token: expect.any(Array) } });
    }
    // A link for the old address stops working when the address changes.
    await t.database.db.update(users).set({ email: 'links-new@example.edu' }).where(eq(users.id, user.id));
    expect((await inject('GET', `/api/user/verify-email?token=${good}`)).json().code).toBe('VERIFICATION_LINK_INVALID');
    expect((await inject('GET', '/api/user/verify-email')).statusCode).toBe(400);
    const [row] = await t.database.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, user.id));
    expect(row!.at).toBeNull();
  });

  it('400 naming email without an address; 401 for visitors', async () => {
    const { cookie } = await person(USER_ROLE.student);
    expect((await inject('POST', '/api/user/send_verification_email', cookie)).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { email: expect.any(Array) },
    });
    expect((await inject('POST', '/api/user/send_verification_email')).statusCode).toBe(401);
    expect((await inject('POST', '/api/user/send_org_sing_up_verification_email')).statusCode).toBe(401);
  });
});

describe('mobile binding', () => {
  it('the default SMS channel writes the 6-digit code to the outbox (kind sms); the right code binds the phone', async () => {
    const { user, cookie } = await person(USER_ROLE.instructor);
    const sent = await inject('POST', '/api/user/mobile/code', cookie, { mobile_phone: '+8613800138001' });
    expect(sent.json()).toEqual({ message: expect.any(String), resend_after_seconds: 60 });
    const [sms] = await mailsTo('+8613800138001');
    expect(sms).toMatchObject({ kind: 'sms', status: 'pending' });
    const code = /(\d{6})/.exec(sms!.text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await inject('PUT', '/api/user/mobile', cookie, { mobile_phone: '+8613800138001', code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'AUTH_CODE_INVALID', errors: { code: expect.any(Array) } });
    // The code was sent to this number, not another.
    expect((await inject('PUT', '/api/user/mobile', cookie, { mobile_phone: '+8613800138002', code })).statusCode).toBe(400);
    const bound = await inject('PUT', '/api/user/mobile', cookie, { mobile_phone: '+8613800138001', code });
    expect(bound.statusCode).toBe(200);
    expect(bound.json()).toEqual({ mobile_phone: '+8613800138001', mobile_verified_at: expect.any(String) });
    const [row] = await t.database.db.select({ phone: users.mobilePhone, at: users.mobileVerifiedAt }).from(users).where(eq(users.id, user.id));
    expect(row).toEqual({ phone: '+8613800138001', at: expect.any(Date) });
    // Used once.
    expect((await inject('PUT', '/api/user/mobile', cookie, { mobile_phone: '+8613800138001', code })).statusCode).toBe(400);
    // The SMTP sender never picks the SMS row (an SMS provider delivers it).
    const candidates = await listSendCandidates(t.database.db, 5, 10_000);
    expect(candidates.map((c) => c.id)).not.toContain(sms!.id);
  });

  it('refuses expired codes, spends a code after 5 wrong tries, 60 s between codes, bad numbers named', async () => {
    const codes: string[] = [];
    const capture: SmsChannel = { send: async (_deps, _db, m) => void codes.push(m.code) };
    const previous = setSmsChannel(capture);
    const { user, cookie } = await person(USER_ROLE.admin);
    try {
      expect((await inject('POST', '/api/user/mobile/code', cookie, { mobile_phone: '13900000001' })).statusCode).toBe(200);
      const soon = await inject('POST', '/api/user/mobile/code', cookie, { mobile_phone: '13900000001' });
      expect(soon.statusCode).toBe(429);
      expect(soon.json().errors).toHaveProperty('mobile_phone');
      await t.database.db
        .update(accountCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountCodes.userId, user.id));
      expect((await inject('PUT', '/api/user/mobile', cookie, { mobile_phone: '13900000001', code: codes[0] })).json().code).toBe('AUTH_CODE_INVALID');

      await t.database.db
        .update(accountCodes)
        .set({ sentAt: new Date(Date.now() - 61_000) })
        .where(eq(accountCodes.userId, user.id));
      expect((await inject('POST', '/api/user/mobile/code', cookie, { mobile_phone: '13900000001' })).statusCode).toBe(200);
      const wrong = codes[1] === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) expect((await inject('PUT', '/api/user/mobile', cookie, { mobile_phone: '13900000001', code: wrong })).statusCode).toBe(400);
      expect((await inject('PUT', '/api/user/mobile', cookie, { mobile_phone: '13900000001', code: codes[1] })).statusCode).toBe(400);
      const [row] = await t.database.db.select({ at: users.mobileVerifiedAt }).from(users).where(eq(users.id, user.id));
      expect(row!.at).toBeNull();
    } finally {
      setSmsChannel(previous);
    }
    expect((await inject('POST', '/api/user/mobile/code', cookie, { mobile_phone: 'call me' })).json().errors).toHaveProperty('mobile_phone');
    expect((await inject('PUT', '/api/user/mobile', cookie, { mobile_phone: '13900000001', code: '12' })).json().errors).toHaveProperty('code');
    expect((await inject('POST', '/api/user/mobile/code', undefined, { mobile_phone: '13900000001' })).statusCode).toBe(401);
  });
});

describe('password expiry and change', () => {
  const DAY = 86_400_000;
  it('counts from the last change, else from account creation, by the org’s passwordMaxAgeDays', async () => {
    const expired = async (values: Partial<typeof users.$inferInsert>) =>
      (await inject('GET', '/api/user/check-expired-password', (await person(USER_ROLE.student, values)).cookie)).json();
    await mergeOrgSettings(t.database.db, org.id, { passwordMaxAgeDays: 0 });
    expect(await expired({ passwordChangedAt: new Date(Date.now() - 1000 * DAY) })).toEqual({ is_password_expired: false });
    await mergeOrgSettings(t.database.db, org.id, { passwordMaxAgeDays: 90 });
    expect(await expired({ passwordChangedAt: new Date(Date.now() - 90 * DAY + 60_000) })).toEqual({ is_password_expired: false });
    expect(await expired({ passwordChangedAt: new Date(Date.now() - 90 * DAY - 60_000) })).toEqual({ is_password_expired: true });
    expect(await expired({ createdAt: new Date(Date.now() - 91 * DAY) })).toEqual({ is_password_expired: true });
    expect(await expired({ createdAt: new Date(Date.now() - 91 * DAY), passwordChangedAt: new Date() })).toEqual({ is_password_expired: false });
    expect((await inject('GET', '/api/user/check-expired-password')).statusCode).toBe(401);
  });
  it('expires from exactly the last day on', () => {
    const since = new Date('2026-01-01T00:00:00Z');
    expect(isPasswordExpired(since, 30, new Date('2026-01-30T23:59:59Z'))).toBe(false);
    expect(isPasswordExpired(since, 30, new Date('2026-01-31T00:00:00Z'))).toBe(true);
    expect(isPasswordExpired(since, null, new Date('2099-01-01T00:00:00Z'))).toBe(false);
  });
  it('PUT /api/user/password checks the old password, stores the new one and restarts the clock', async () => {
    const { user, cookie } = await person(USER_ROLE.student, { createdAt: new Date(Date.now() - 200 * DAY) });
    expect((await inject('GET', '/api/user/check-expired-password', cookie)).json().is_password_expired).toBe(true);
    const wrong = await inject('PUT', '/api/user/password', cookie, { old_password: 'not it', new_password: 'a new long password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty('old_password');
    expect((await inject('PUT', '/api/user/password', cookie, { old_password: TEST_PASSWORD, new_password: 'short' })).json().errors).toHaveProperty(
      'new_password',
    );
    expect((await inject('PUT', '/api/user/password', cookie, { old_password: TEST_PASSWORD, new_password: TEST_PASSWORD })).json().errors).toHaveProperty(
      'new_password',
    );
    const changed = await inject('PUT', '/api/user/password', cookie, { old_password: TEST_PASSWORD, new_password: 'a new long password' });
    expect(changed.statusCode).toBe(200);
    expect((await inject('GET', '/api/user/check-expired-password', cookie)).json().is_password_expired).toBe(false);
    expect((await t.factories.login(user.userName, 'a new long password')).startsWith('atrium_session=')).toBe(true);
    expect((await inject('POST', '/api/login', undefined, { user_name: user.userName, password: TEST_PASSWORD })).statusCode).toBe(401);
    await mergeOrgSettings(t.database.db, org.id, { passwordMaxAgeDays: 0 });
  });
});

describe('pre-task and association code', () => {
  it('answers the pre-task of the user’s own organisation only', async () => {
    await mergeOrgSettings(t.database.db, org.id, { preTaskUrl: 'https://survey.example.edu/start' });
    const mine = await person(USER_ROLE.student);
    const other = await person(USER_ROLE.student, {}, otherOrg.id);
    expect((await inject('GET', '/api/user/pre-task', mine.cookie)).json()).toEqual({ has_pre_task: true, url: 'https://survey.example.edu/start' });
    expect((await inject('GET', '/api/user/pre-task', other.cookie)).json()).toEqual({ has_pre_task: false, url: null });
    expect((await inject('GET', '/api/config', mine.cookie)).json().features.pre_task).toBe(true);
    await mergeOrgSettings(t.database.db, org.id, { preTaskUrl: 'javascript:alert(1)' });
    expect((await inject('GET', '/api/user/pre-task', mine.cookie)).json()).toEqual({ has_pre_task: false, url: null });
    expect((await inject('GET', '/api/user/pre-task')).statusCode).toBe(401);
  });
  it('PUT /api/user/association-code makes and stores a new code each time', async () => {
    const { user, cookie } = await person(USER_ROLE.student);
    const first = (await inject('PUT', '/api/user/association-code', cookie)).json().association_code as string;
    expect(first).toMatch(/^[A-Z2-9]{10}$/);
    const second = (await inject('PUT', '/api/user/association-code', cookie)).json().association_code as string;
    expect(second).not.toBe(first);
    const [row] = await t.database.db
      .select({ code: users.associationCode })
      .from(users)
      .where(and(eq(users.id, user.id)));
    expect(row!.code).toBe(second);
    expect((await inject('GET', '/api/config', cookie)).json().account.association_code).toBe(second);
    expect((await inject('PUT', '/api/user/association-code')).statusCode).toBe(401);
  });
});

describe('organisation prompt settings', () => {
  it('org admins read and set them; the users’ prompts follow; others 403, bad values 400 naming the field and nothing saved', async () => {
    const ownOrg = await t.factories.org();
    const admin = await person(USER_ROLE.admin, {}, ownOrg.id);
    const teacher = await person(USER_ROLE.instructor, {}, ownOrg.id);
    expect((await inject('GET', '/api/org/prompt-settings', admin.cookie)).json()).toEqual({
      force_mobile_binding: false,
      require_email_verification: true,
      password_max_age_days: null,
      pre_task_url: null,
    });
    const wanted = { force_mobile_binding: true, require_email_verification: false, password_max_age_days: 30, pre_task_url: 'https://survey.example.edu/a' };
    const saved = await inject('PUT', '/api/org/prompt-settings', admin.cookie, wanted);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(wanted);
    expect((await inject('GET', '/api/config', teacher.cookie)).json()).toMatchObject({
      prompts: { force_mobile_binding: true, require_email_verification: false, password_max_age_days: 30 },
      features: { pre_task: true },
    });
    expect((await inject('GET', '/api/user/pre-task', teacher.cookie)).json()).toEqual({ has_pre_task: true, url: 'https://survey.example.edu/a' });

    for (const [field, value] of [
      ['password_max_age_days', 0],
      ['password_max_age_days', 1.5],
      ['pre_task_url', 'javascript:alert(1)'],
      ['force_mobile_binding', 'yes'],
    ] as const) {
      const bad = await inject('PUT', '/api/org/prompt-settings', admin.cookie, { ...wanted, pre_task_url: null, [field]: value });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty(field);
    }
    expect((await inject('GET', '/api/org/prompt-settings', admin.cookie)).json()).toEqual(wanted);

    const cleared = { force_mobile_binding: false, require_email_verification: true, password_max_age_days: null, pre_task_url: null };
    expect((await inject('PUT', '/api/org/prompt-settings', admin.cookie, cleared)).json()).toEqual(cleared);
    expect((await inject('GET', '/api/user/pre-task', teacher.cookie)).json()).toEqual({ has_pre_task: false, url: null });
    expect((await inject('GET', '/api/user/check-expired-password', teacher.cookie)).json()).toEqual({ is_password_expired: false });

    expect((await inject('GET', '/api/org/prompt-settings', teacher.cookie)).statusCode).toBe(403);
    expect((await inject('PUT', '/api/org/prompt-settings', teacher.cookie, wanted)).statusCode).toBe(403);
    expect((await inject('GET', '/api/org/prompt-settings')).statusCode).toBe(401);
    expect((await inject('GET', '/api/org/prompt-settings', admin.cookie)).json()).toEqual(cleared);
  });
});
