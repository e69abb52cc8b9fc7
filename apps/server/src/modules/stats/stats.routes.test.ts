import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { STAT_BATCH_MAX, USER_ROLE } from '@atrium/contracts';
import { dailyCounts } from '@atrium/stats';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { statsForwardHandler } from './stats.handlers.js';

/**
 * Issue 25 item 1: the statistics server embedded in the main server (no STATS_URL). The spec's four streams take
 * batches; an event id with its ts dedupes retries; a malformed event is refused with a 400 naming the field and
 * nothing of its batch is stored; the reporter is the session's user (or nobody); the day's rollup grows by what
 * was stored.
 */

let t: TestApp;
let cookie: string;
let userId: number;
let orgId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const org = await t.factories.org();
  orgId = org.id;
  const user = await t.factories.user({ orgId, role: USER_ROLE.student });
  userId = user.id;
  cookie = await t.factories.login(user.userName);
});
afterAll(async () => t.close());

const event = (fields: Record<string, unknown> = {}) => ({ id: randomUUID(), action: 'page.view', ts: Date.now() - 1000, url: '/user/index', ...fields });

async function post(url: string, payload: unknown, options: { cookie?: string; contentType?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), 'content-type': options.contentType ?? 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function stored(eventIds: string[]) {
  const result = await t.database.db.execute(
    sql`select event_id, stream, action, source, user_id, org_id, course_id, activity_id, url, data, (extract(epoch from ts) * 1000)::bigint as ms
        from stats.events where event_id in (${sql.join(
          eventIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by event_id`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

describe('POST /api/user-actions (embedded statistics server)', () => {
  it('stores a batch once: a retry counts as duplicates and stores nothing again', async () => {
    const batch = [event({ course_id: 7, activity_id: 9 }), event(), event({ action: 'activity.open' })];
    const first = await post('/api/user-actions', { events: batch }, { cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accepted: 3, duplicates: 0 });
    const again = await post('/api/user-actions', { events: batch }, { cookie });
    expect(again.json()).toEqual({ accepted: 0, duplicates: 3 });
    const rows = await stored(batch.map((e) => e.id));
    expect(rows).toHaveLength(3);
    const withCourse = rows.find((row) => row.event_id === batch[0]!.id)!;
    expect(withCourse).toMatchObject({
      stream: 'user_action',
      action: 'page.view',
      source: 'client',
      user_id: userId,
      org_id: orgId,
      course_id: 7,
      activity_id: 9,
    });
    expect(Number(withCourse.ms)).toBe(batch[0]!.ts);
  });

  it('knows a retry by its id alone, whatever time it carries', async () => {
    const one = event();
    expect((await post('/api/user-actions', { events: [one] }, { cookie })).json()).toEqual({ accepted: 1, duplicates: 0 });
    expect((await post('/api/user-actions', { events: [{ ...one, ts: one.ts - 5000 }] }, { cookie })).json()).toEqual({ accepted: 0, duplicates: 1 });
    expect(await stored([one.id])).toHaveLength(1);
  });

  it('corrects the times of a device whose clock is off by its sent_at', async () => {
    const fast = 3600_000;
    const deviceNow = Date.now() + fast;
    const one = event({ ts: deviceNow - 2000 });
    expect((await post('/api/user-actions', { events: [one], sent_at: deviceNow }, { cookie })).json()).toEqual({ accepted: 1, duplicates: 0 });
    const [row] = await stored([one.id]);
    expect(Math.abs(Number(row!.ms) - (Date.now() - 2000))).toBeLessThan(1500);
    // Without sent_at the same clock is an hour ahead: refused.
    const res = await post('/api/user-actions', { events: [event({ ts: deviceNow - 2000 })] }, { cookie });
    expect(res.statusCode).toBe(400);
  });

  it('drops a duplicate inside one batch and counts it', async () => {
    const one = event();
    const res = await post('/api/user-actions', { events: [one, one, event()] }, { cookie });
    expect(res.json()).toEqual({ accepted: 2, duplicates: 1 });
  });

  it('takes a visitor’s events with no user, and a beacon’s text/plain body', async () => {
    const one = event({ url: '/guest/activities/3' });
    const res = await post('/api/user-actions', JSON.stringify({ events: [one] }), { contentType: 'text/plain;charset=UTF-8' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(await stored([one.id])).toMatchObject([{ user_id: null, org_id: null, url: '/guest/activities/3' }]);
  });

  it('keeps fields it does not name in data', async () => {
    const one = { ...event({ data: { page: 3 } }), referrer: '/user/courses' };
    await post('/api/user-actions', { events: [one] }, { cookie });
    expect((await stored([one.id]))[0]!.data).toEqual({ page: 3, referrer: '/user/courses' });
  });

  it.each([
    ['a missing id', { id: undefined }, 'events.1.id'],
    ['an id with spaces', { id: 'not an id at all' }, 'events.1.id'],
    ['a ts that is no number', { ts: 'yesterday' }, 'events.1.ts'],
    ['a ts 31 days old', { ts: Date.now() - 31 * 24 * 3600_000 }, 'events.1.ts'],
    ['a ts an hour ahead', { ts: Date.now() + 3600_000 }, 'events.1.ts'],
    ['an action in capitals', { action: 'Page View' }, 'events.1.action'],
    ['a course id that is no id', { course_id: -4 }, 'events.1.course_id'],
    ['5 KB of data', { data: { text: 'x'.repeat(5000) } }, 'events.1.data'],
  ])('refuses %s with a 400 naming %s and stores nothing of the batch', async (_label, fields, field) => {
    const good = event();
    const bad = { ...event(), ...fields };
    const res = await post('/api/user-actions', { events: [good, bad] }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await stored([good.id])).toEqual([]);
  });

  it('refuses an empty batch, one over 200 events, and a body that is not JSON', async () => {
    expect((await post('/api/user-actions', { events: [] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: STAT_BATCH_MAX + 1 }, () => event());
    const over = await post('/api/user-actions', { events: tooMany });
    expect(over.statusCode).toBe(400);
    expect(Object.keys(over.json().errors)).toContain('events');
    expect(await stored([tooMany[0]!.id])).toEqual([]);
    const text = await post('/api/user-actions', 'events=1', { contentType: 'text/plain' });
    expect(text.statusCode).toBe(400);
  });

  it('takes the other three streams of spec §7 on their own paths', async () => {
    const paths = { '/api/teaching-action': 'teaching_action', '/learning-activity': 'learning_activity', '/research-activity': 'research_activity' };
    for (const [path, stream] of Object.entries(paths)) {
      const one = event({ action: 'content.created' });
      expect((await post(path, { events: [one] }, { cookie })).json()).toEqual({ accepted: 1, duplicates: 0 });
      expect(await stored([one.id])).toMatchObject([{ stream }]);
    }
  });

  it('stores an offline batch spanning two months in their monthly partitions', async () => {
    const now = new Date();
    const startOfMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const lastMonth = event({ ts: Math.max(startOfMonth - 3600_000, Date.now() - 29 * 24 * 3600_000) });
    const thisMonth = event();
    expect((await post('/api/user-actions', { events: [lastMonth, thisMonth] }, { cookie })).json()).toEqual({ accepted: 2, duplicates: 0 });
    const result = await t.database.db.execute(
      sql`select tableoid::regclass::text as partition, event_id from stats.events where event_id in (${lastMonth.id}, ${thisMonth.id})`,
    );
    const partitions = (result as unknown as { rows: { partition: string; event_id: string }[] }).rows;
    const month = (ms: number) => `stats.events_y${new Date(ms).getUTCFullYear()}m${String(new Date(ms).getUTCMonth() + 1).padStart(2, '0')}`;
    expect(partitions.find((row) => row.event_id === lastMonth.id)?.partition).toBe(month(lastMonth.ts));
    expect(partitions.find((row) => row.event_id === thisMonth.id)?.partition).toBe(month(thisMonth.ts));
  });

  it('counts what it stored per day, course and action in the rollup (retries add nothing)', async () => {
    const courseId = 4242;
    const ts = Date.now() - 1000;
    const batch = [event({ course_id: courseId, ts }), event({ course_id: courseId, ts }), event({ course_id: courseId, ts, action: 'activity.open' })];
    await post('/api/user-actions', { events: batch }, { cookie });
    await post('/api/user-actions', { events: batch }, { cookie });
    const day = new Date(ts).toISOString().slice(0, 10);
    expect(await dailyCounts(t.database.db, courseId)).toEqual([
      { day, org_id: orgId, stream: 'user_action', action: 'activity.open', events: 1 },
      { day, org_id: orgId, stream: 'user_action', action: 'page.view', events: 2 },
    ]);
  });

  it('names the embedded server in GET /api/config (stats_url null: post here)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().stats_url).toBeNull();
  });
});

describe('the main server’s domain events, forwarded', () => {
  it('records a learner’s read of an activity as learning_activity from the server, once however often it is handled', async () => {
    const w = await t.factories.courseWorld();
    const as = async (userName: string) => t.factories.login(userName);
    const teacher = await as(w.instructor.userName);
    const learner = await as(w.student.userName);
    const call = (method: 'POST' | 'PUT', url: string, who: string, payload: unknown) =>
      t.app.inject({ method, url, headers: { cookie: who }, payload: payload as object });
    const mod = (await call('POST', `/api/courses/${w.course.id}/modules`, teacher, { title: 'Week 1' })).json();
    await call('PUT', `/api/modules/${mod.id}/publish`, teacher, { published: true });
    const page = (
      await call('POST', `/api/courses/${w.course.id}/activities`, teacher, {
        module_id: mod.id,
        type: 'page',
        title: 'Reading',
        data: { content: '<p>Read</p>' },
      })
    ).json();
    await call('PUT', `/api/activities/${page.id}/publish`, teacher, { published: true });
    expect((await call('POST', `/api/activities/${page.id}/reads`, learner, {})).statusCode).toBe(200);
    const reads = async () =>
      (
        (await t.database.db.execute(
          sql`select event_id, stream, source, user_id, org_id, course_id, activity_id from stats.events where action = 'activity.read' and activity_id = ${page.id}`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows;
    await vi.waitFor(async () => expect(await reads()).toHaveLength(1), { timeout: 10_000 });
    const [row] = await reads();
    expect(row).toMatchObject({
      stream: 'learning_activity',
      source: 'server',
      user_id: w.student.id,
      org_id: w.org.id,
      course_id: w.course.id,
      activity_id: page.id,
    });
    // The same outbox event handled again (a crash before its record committed) stores nothing more.
    const outboxId = Number(String(row!.event_id).replace('domain-', ''));
    const again = {
      id: outboxId,
      type: 'activity.read' as const,
      createdAt: new Date(),
      payload: { course_id: w.course.id, activity_id: page.id, user_id: w.student.id, upload_id: null },
    };
    const [{ ms }] = (
      (await t.database.db.execute(
        sql`select (extract(epoch from ts) * 1000)::bigint as ms from stats.events where event_id = ${row!.event_id}`,
      )) as unknown as {
        rows: { ms: string }[];
      }
    ).rows as [{ ms: string }];
    again.createdAt = new Date(Number(ms));
    await statsForwardHandler.handle(again as never, { deps: t.app.deps, db: t.database.db });
    expect(await reads()).toHaveLength(1);
  });
});

describe('GET/PUT /api/org/stats-retention', () => {
  it('lets the organisation’s admins set its days (31 or more) or fall back to the default; others read it', async () => {
    const admin = await t.factories.user({ orgId, role: USER_ROLE.admin });
    const adminCookie = await t.factories.login(admin.userName);
    const put = (who: string, days: unknown) => t.app.inject({ method: 'PUT', url: '/api/org/stats-retention', headers: { cookie: who }, payload: { days } });
    expect((await t.app.inject({ method: 'GET', url: '/api/org/stats-retention', headers: { cookie } })).json()).toEqual({ days: null, effective_days: 730 });
    expect((await put(adminCookie, 90)).json()).toEqual({ days: 90, effective_days: 90 });
    expect((await put(cookie, 120)).statusCode).toBe(403);
    const short = await put(adminCookie, 30);
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().errors)).toContain('days');
    expect((await t.app.inject({ method: 'GET', url: '/api/org/stats-retention', headers: { cookie } })).json()).toEqual({ days: 90, effective_days: 90 });
    expect((await put(adminCookie, null)).json()).toEqual({ days: null, effective_days: 730 });
  });
});

describe('with STATS_URL (the statistics server apart)', () => {
  it('names it in GET /api/config and takes no events itself', async () => {
    const apart = await buildTestApp({ STATS_URL: 'https://stats.example.edu/' });
    try {
      expect((await apart.app.inject({ method: 'GET', url: '/api/config' })).json().stats_url).toBe('https://stats.example.edu');
      const res = await apart.app.inject({ method: 'POST', url: '/api/user-actions', payload: { events: [event()] } });
      expect(res.statusCode).toBe(404);
      // No secret shared with it: no reporter token (events reach it anonymous) and nothing forwarded.
      expect((await apart.app.inject({ method: 'GET', url: '/api/stat/reporter-token' })).json()).toEqual({ token: null, expires_at: null });
    } finally {
      await apart.close();
    }
  });
});
