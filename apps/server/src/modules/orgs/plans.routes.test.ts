import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { USER_ROLE, type OrgPlan, type PlanRequest } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { notifyPlanExpiry } from './plans.service.js';
import { orgPlanRequests } from './plans.table.js';

/**
 * Issue 24 item 3: organisation plans. An org admin sees the plan and its usage at /management/plan and applies for
 * a change; a platform operator (wg admin) approves it (the change applies at once) or rejects it at /wg-admin/request;
 * the plan's features switch the toggles they name, its storage caps the quota, an ended plan takes no new file, and
 * the daily job tells the org admins once per threshold that the plan or its storage ends.
 */

const GiB = 1024 ** 3;
const DAY = 86_400_000;
let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let otherOrgAdmin: string;
const cookies = {} as Record<'admin' | 'instructor' | 'student' | 'operator', string>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  const operator = await t.factories.user({ orgId: (await t.factories.org('Platform')).id, role: USER_ROLE.wgAdmin });
  const other = await t.factories.org('Other University');
  otherOrgAdmin = await t.factories.login((await t.factories.user({ orgId: other.id, role: USER_ROLE.admin })).userName);
  for (const who of ['admin', 'instructor', 'student'] as const) cookies[who] = await t.factories.login(w[who].userName);
  cookies.operator = await t.factories.login(operator.userName);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const as = (who: keyof typeof cookies) => cookies[who];
const planOf = async (): Promise<OrgPlan> => {
  const res = await call('GET', '/api/org/plan', as('admin'));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const setPlan = (values: { seats?: number; storage?: number; features?: Record<string, boolean>; expires?: Date | null; storageExpires?: Date | null }) =>
  t.app.deps.db.execute(sql`insert into org_plans (org_id, name, seats, storage_bytes, features, expires_at, storage_expires_at)
    values (${w.org.id}, 'Campus', ${values.seats ?? 100}, ${values.storage ?? 50 * GiB}, ${JSON.stringify(values.features ?? { vocabulary_entries: false, team_teaching: true, cloud_classroom: true, instruction_meeting: true, online_office_preview: false })}::jsonb,
      ${values.expires?.toISOString() ?? null}, ${values.storageExpires?.toISOString() ?? null})
    on conflict (org_id) do update set name = excluded.name, seats = excluded.seats, storage_bytes = excluded.storage_bytes, features = excluded.features,
      expires_at = excluded.expires_at, storage_expires_at = excluded.storage_expires_at`);
const kindsOf = async (cookie: string, type: string) => {
  const res = await call('GET', `/api/notifications?type=${type}&page_size=50`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { kind: string; url: string; payload: Record<string, unknown> }[]).map((n) => ({ kind: n.kind, url: n.url, payload: n.payload }));
};
const pendingCount = async () =>
  (
    await t.app.deps.db
      .select({ n: count() })
      .from(orgPlanRequests)
      .where(and(eq(orgPlanRequests.orgId, w.org.id), eq(orgPlanRequests.status, 'pending')))
  )[0]!.n;

describe('GET /api/org/plan', () => {
  it('answers the org admin no plan (nothing capped) and the usage: accounts, bytes, courses', async () => {
    const plan = await planOf();
    expect(plan).toMatchObject({ plan: null, pending_request: null, usage: { seats_used: 5, storage_used_bytes: 0, courses: 1 } });
  });

  it('refuses anyone but the organisation’s admins (403), and the anonymous (401); an operator reads their own organisation’s', async () => {
    for (const who of ['instructor', 'student'] as const) expect((await call('GET', '/api/org/plan', as(who))).statusCode).toBe(403);
    expect((await call('GET', '/api/org/plan', as('operator'))).json()).toMatchObject({ plan: null, usage: { seats_used: 1, courses: 0 } });
    expect((await call('GET', '/api/org/plan', null)).statusCode).toBe(401);
  });

  it('shows a plan with its states: expiring within 30 days, storage expired', async () => {
    await setPlan({ expires: new Date(Date.now() + 10 * DAY), storageExpires: new Date(Date.now() - DAY) });
    const { plan } = await planOf();
    expect(plan).toMatchObject({ name: 'Campus', seats: 100, storage_bytes: 50 * GiB, state: 'expiring', storage_state: 'expired' });
    expect(plan!.features).toEqual({
      vocabulary_entries: false,
      team_teaching: true,
      cloud_classroom: true,
      instruction_meeting: true,
      online_office_preview: false,
    });
    await t.app.deps.db.execute(sql`delete from org_plans where org_id = ${w.org.id}`);
  });
});

describe('applying for a plan change and deciding it', () => {
  let request: PlanRequest;

  it('refuses a request asking for nothing, or without a reason (400 naming the field), writing nothing', async () => {
    const empty = await call('POST', '/api/org/plan/requests', as('admin'), { changes: {}, reason: 'More room' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('changes');
    const noReason = await call('POST', '/api/org/plan/requests', as('admin'), { changes: { storage_bytes: 200 * GiB }, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toHaveProperty('reason');
    const tooSmall = await call('POST', '/api/org/plan/requests', as('admin'), { changes: { storage_bytes: 10 }, reason: 'x' });
    expect(tooSmall.statusCode).toBe(400);
    expect(await pendingCount()).toBe(0);
  });

  it('refuses instructors and students (403)', async () => {
    for (const who of ['instructor', 'student'] as const)
      expect((await call('POST', '/api/org/plan/requests', as(who), { changes: { seats: 10 }, reason: 'x' })).statusCode).toBe(403);
    expect(await pendingCount()).toBe(0);
  });

  it('records the org admin’s request as pending, tells the operators, and shows it with the plan', async () => {
    const res = await call('POST', '/api/org/plan/requests', as('admin'), {
      changes: { storage_bytes: 200 * GiB, features: { vocabulary_entries: true } },
      reason: 'Lecture videos for the new faculty',
    });
    expect(res.statusCode, res.body).toBe(201);
    request = res.json();
    expect(request).toMatchObject({
      status: 'pending',
      org: { id: w.org.id },
      requested_by: { id: w.admin.id },
      changes: { storage_bytes: 200 * GiB },
      decided_at: null,
    });
    expect((await planOf()).pending_request).toMatchObject({ id: request.id });
    expect(await kindsOf(as('operator'), 'plan_request')).toEqual([
      { kind: 'plan.requested', url: '/wg-admin/request', payload: expect.objectContaining({ title: w.org.name }) },
    ]);
  });

  it('refuses a second pending request (409 PLAN_REQUEST_PENDING), writing nothing', async () => {
    const res = await call('POST', '/api/org/plan/requests', as('admin'), { changes: { seats: 500 }, reason: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PLAN_REQUEST_PENDING');
    expect(await pendingCount()).toBe(1);
  });

  it('lists the request to the operator (every organisation, by status) and to its org admin only', async () => {
    const pending = await call('GET', '/api/wg-admin/plan-requests?status=pending', as('operator'));
    expect(pending.statusCode).toBe(200);
    expect(pending.json().items.map((r: PlanRequest) => r.id)).toContain(request.id);
    expect((await call('GET', '/api/wg-admin/plan-requests?status=rejected', as('operator'))).json().items).toEqual([]);
    expect((await call('GET', '/api/wg-admin/plan-requests', as('admin'))).statusCode).toBe(403);
    expect((await call('GET', '/api/org/plan/requests', as('admin'))).json()).toMatchObject({ total: 1, items: [{ id: request.id }] });
    expect((await call('GET', '/api/org/plan/requests', otherOrgAdmin)).json()).toMatchObject({ total: 0, items: [] });
  });

  it('refuses deciding to org admins (403) and withdrawing another organisation’s request (404)', async () => {
    expect((await call('PUT', `/api/wg-admin/plan-requests/${request.id}`, as('admin'), { decision: 'approved' })).statusCode).toBe(403);
    const other = await call('DELETE', `/api/org/plan/requests/${request.id}`, otherOrgAdmin);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('PLAN_REQUEST_NOT_FOUND');
    expect(await pendingCount()).toBe(1);
  });

  it('approving applies the changes at once (a plan from the standard one when there was none) and tells the requester', async () => {
    const res = await call('PUT', `/api/wg-admin/plan-requests/${request.id}`, as('operator'), { decision: 'approved', note: 'Granted for the year' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', decision_note: 'Granted for the year', decided_by: { name: expect.any(String) } });
    const { plan, pending_request } = await planOf();
    expect(pending_request).toBeNull();
    expect(plan).toMatchObject({ storage_bytes: 200 * GiB, seats: 5, state: 'active', features: { vocabulary_entries: true, team_teaching: true } });
    expect(await kindsOf(as('admin'), 'plan_expiry')).toEqual([
      { kind: 'plan.request_approved', url: '/management/plan', payload: expect.objectContaining({ title: w.org.name }) },
    ]);
  });

  it('a decided request cannot be decided or withdrawn again (409 PLAN_REQUEST_CLOSED), the plan unchanged', async () => {
    const again = await call('PUT', `/api/wg-admin/plan-requests/${request.id}`, as('operator'), { decision: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PLAN_REQUEST_CLOSED');
    expect((await call('DELETE', `/api/org/plan/requests/${request.id}`, as('admin'))).json().code).toBe('PLAN_REQUEST_CLOSED');
    expect((await planOf()).plan!.storage_bytes).toBe(200 * GiB);
  });

  it('rejecting changes nothing of the plan; withdrawing frees the way for a new request', async () => {
    const second = (await call('POST', '/api/org/plan/requests', as('admin'), { changes: { seats: 900 }, reason: 'New campus' })).json() as PlanRequest;
    const rejected = await call('PUT', `/api/wg-admin/plan-requests/${second.id}`, as('operator'), { decision: 'rejected', note: 'Not this term' });
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    expect((await planOf()).plan!.seats).toBe(5);
    expect((await kindsOf(as('admin'), 'plan_expiry')).map((n) => n.kind)).toContain('plan.request_rejected');
    const third = (await call('POST', '/api/org/plan/requests', as('admin'), { changes: { seats: 50 }, reason: 'Smaller' })).json() as PlanRequest;
    const withdrawn = await call('DELETE', `/api/org/plan/requests/${third.id}`, as('admin'));
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn' });
    expect(await pendingCount()).toBe(0);
  });
});

describe('the plan switches what it names', () => {
  it('a feature the plan leaves out is off whatever the organisation set, and cannot be turned on (409 naming it)', async () => {
    await t.app.deps.db.execute(
      sql`update orgs set settings = settings || '{"vocabularyEntries": true, "calendarCloudClassroom": true}'::jsonb where id = ${w.org.id}`,
    );
    await setPlan({
      features: { vocabulary_entries: false, team_teaching: false, cloud_classroom: false, instruction_meeting: true, online_office_preview: false },
    });
    const org = (await call('GET', '/api/org', as('admin'))).json();
    expect(org.toggles).toMatchObject({ vocabulary_entries: false, cloud_classroom: false, instruction_meeting: true });
    expect((await call('GET', '/api/entries', as('admin'))).json().code).toBe('ENTRIES_DISABLED');
    const on = await call('PUT', '/api/org/toggles', as('admin'), { vocabulary_entries: true });
    expect(on.statusCode).toBe(409);
    expect(on.json()).toMatchObject({ code: 'PLAN_FEATURE_NOT_INCLUDED', errors: { vocabulary_entries: ['plan.featureNotIncluded'] } });
    const team = await call('PUT', '/api/courses/settings', as('admin'), { team_teaching: true });
    expect(team.json().code).toBe('PLAN_FEATURE_NOT_INCLUDED');
    // Turning a toggle off is always allowed; the organisation's own choice is kept under the plan.
    expect((await call('PUT', '/api/org/toggles', as('admin'), { instruction_meeting: false })).statusCode).toBe(200);
  });

  it('including the feature again gives the organisation its own setting back', async () => {
    await setPlan({
      features: { vocabulary_entries: true, team_teaching: true, cloud_classroom: true, instruction_meeting: true, online_office_preview: false },
    });
    const org = (await call('GET', '/api/org', as('admin'))).json();
    expect(org.toggles).toMatchObject({ vocabulary_entries: true, cloud_classroom: true, instruction_meeting: false });
    expect((await call('GET', '/api/entries', as('admin'))).statusCode).toBe(200);
  });

  it('the plan’s storage caps the organisation’s quota, seen in the library settings', async () => {
    await setPlan({ storage: 3 * GiB });
    const res = await call('GET', '/api/org/library-settings', as('admin'));
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json())).toContain(String(3 * GiB));
  });

  it('once the plan or its storage has ended, no new file is taken (409 PLAN_EXPIRED naming size)', async () => {
    const payload = { name: 'Week 1.pdf', size: 1000, parent_type: 'course', parent_id: w.course.id };
    await setPlan({ storageExpires: new Date(Date.now() - DAY) });
    const refused = await call('POST', '/api/uploads', as('instructor'), payload);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PLAN_EXPIRED', errors: { size: ['plan.expired'] } });
    await setPlan({ storageExpires: null });
    expect((await call('POST', '/api/uploads', as('instructor'), payload)).statusCode).toBe(201);
  });
});

describe('the daily plan expiry job', () => {
  it('tells the org admins once per threshold that the plan and its storage end, and again for a renewed end', async () => {
    const now = new Date();
    const ends = new Date(now.getTime() + 5 * DAY);
    await setPlan({ expires: ends, storageExpires: new Date(now.getTime() + 200 * DAY) });
    expect(await notifyPlanExpiry(t.app.deps, now)).toBe(1);
    expect(await notifyPlanExpiry(t.app.deps, now)).toBe(0);
    const notices = await kindsOf(as('admin'), 'plan_expiry');
    expect(notices.filter((n) => n.kind === 'plan.expiring')).toEqual([
      { kind: 'plan.expiring', url: '/management/plan', payload: expect.objectContaining({ title: 'Campus', at: ends.toISOString(), count: 5 }) },
    ]);
    // A day before: the next threshold, told once more. The storage ending in 200 days is not told yet.
    expect(await notifyPlanExpiry(t.app.deps, new Date(ends.getTime() - DAY / 2))).toBe(1);
    expect((await kindsOf(as('admin'), 'storage_expiry')).length).toBe(0);
    // Storage ending today: told as storage.expiring to the admins, never to the instructor.
    await setPlan({ expires: ends, storageExpires: new Date(now.getTime() + 60_000) });
    expect(await notifyPlanExpiry(t.app.deps, now)).toBe(1);
    expect((await kindsOf(as('admin'), 'storage_expiry')).map((n) => n.kind)).toEqual(['storage.expiring']);
    expect(await kindsOf(as('instructor'), 'storage_expiry')).toEqual([]);
  });
});
