import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { USER_ROLE } from '@atrium/contracts';
import { signReporterToken, verifyReporterToken } from '@atrium/stats';
import { buildStatsServer, openStatsDatabase } from '../../../../stats/src/server.js';
import { openColumnStore } from '../../../../stats/src/columnar/column-store.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { statsForwardHandler } from './stats.handlers.js';

/**
 * Issue 25 item 1, the statistics server apart (decision 0147): a real apps/stats server on its own database and
 * port, and a main server configured with its STATS_URL and the secret both share. The main server hands out
 * reporter tokens naming the signed-in user; the statistics server stores a batch under the user its token names,
 * refuses forged and expired tokens (401, nothing stored), answers CORS for the web app's origin, and receives the
 * main server's domain events forwarded over HTTP (source `server`), once however often they are handled.
 */

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const ORIGIN = 'http://atrium.example.edu';
let statsDatabase: Awaited<ReturnType<typeof openStatsDatabase>>;
let stats: FastifyInstance;
let statsUrl: string;
let t: TestApp;

beforeAll(async () => {
  statsDatabase = await openStatsDatabase({});
  stats = await buildStatsServer({ db: statsDatabase.db, secret: SECRET, allowedOrigins: [ORIGIN] });
  await stats.listen({ port: 0, host: '127.0.0.1' });
  statsUrl = `http://127.0.0.1:${(stats.server.address() as AddressInfo).port}`;
  t = await buildTestApp({ STATS_URL: statsUrl, STATS_SECRET: SECRET, PUBLIC_URL: ORIGIN });
});
afterAll(async () => {
  await t?.close();
  await stats?.close();
  await statsDatabase?.close();
});

const event = (fields: Record<string, unknown> = {}) => ({ id: randomUUID(), action: 'page.view', ts: Date.now() - 1000, ...fields });

async function storedRows(where: ReturnType<typeof sql>) {
  const result = await statsDatabase.db.execute(
    sql`select event_id, stream, action, source, user_id, org_id, course_id, activity_id from stats.events where ${where}`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

const postStats = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  stats.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers }, payload: JSON.stringify(payload) });

describe('reporter tokens', () => {
  it('names the signed-in user and their organisation, and a visitor as nobody', async () => {
    const org = await t.factories.org();
    const user = await t.factories.user({ orgId: org.id, role: USER_ROLE.student });
    const cookie = await t.factories.login(user.userName);
    const res = await t.app.inject({ method: 'GET', url: '/api/stat/reporter-token', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token, expires_at } = res.json() as { token: string; expires_at: string };
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(11 * 3600_000);
    expect(await verifyReporterToken(SECRET, token)).toEqual({ userId: user.id, orgId: org.id, source: 'client' });

    const visitor = (await t.app.inject({ method: 'GET', url: '/api/stat/reporter-token' })).json() as { token: string };
    expect(await verifyReporterToken(SECRET, visitor.token)).toEqual({ userId: null, orgId: null, source: 'client' });

    // The statistics server stores the batch under the user the token names (a beacon's body, and a fetch's header).
    const inBody = event({ course_id: 5 });
    expect((await postStats('/api/user-actions', { events: [inBody], reporter: token })).json()).toEqual({ accepted: 1, duplicates: 0 });
    const inHeader = event();
    expect((await postStats('/learning-activity', { events: [inHeader] }, { authorization: `Bearer ${token}` })).json()).toEqual({
      accepted: 1,
      duplicates: 0,
    });
    const rows = await storedRows(sql`event_id in (${inBody.id}, ${inHeader.id}) order by stream`);
    expect(rows.map((row) => [row.stream, row.source, row.user_id, row.org_id])).toEqual([
      ['learning_activity', 'client', user.id, org.id],
      ['user_action', 'client', user.id, org.id],
    ]);
  });

  it('refuses an expired or forged token with a 401 naming reporter, and stores nothing of the batch', async () => {
    const expired = await signReporterToken(SECRET, { userId: 3, orgId: 1, source: 'client' }, Date.now() - 1000);
    const forged = await signReporterToken('another-secret-of-at-least-thirty-two-chars', { userId: 3, orgId: 1, source: 'server' }, Date.now() + 60_000);
    const cases = [
      [expired, 'REPORTER_TOKEN_EXPIRED'],
      [forged, 'REPORTER_TOKEN_INVALID'],
      ['not.a.token', 'REPORTER_TOKEN_INVALID'],
    ] as const;
    for (const [token, code] of cases) {
      const refused = event();
      const res = await postStats('/api/user-actions', { events: [refused], reporter: token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code, errors: { reporter: [expect.any(String)] } });
      expect(await storedRows(sql`event_id = ${refused.id}`)).toEqual([]);
    }
    // No token at all: a visitor's events, anonymous.
    const anonymous = event();
    expect((await postStats('/api/user-actions', { events: [anonymous] })).statusCode).toBe(200);
    expect((await storedRows(sql`event_id = ${anonymous.id}`))[0]).toMatchObject({ user_id: null, org_id: null });
  });

  it('lets the web app’s origin read its answers (CORS), and no other origin', async () => {
    const allowed = await postStats('/api/user-actions', { events: [event()] }, { origin: ORIGIN });
    expect(allowed.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const other = await postStats('/api/user-actions', { events: [event()] }, { origin: 'https://elsewhere.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await stats.inject({
      method: 'OPTIONS',
      url: '/api/user-actions',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
  });
});

describe('the main server’s domain events, forwarded over HTTP', () => {
  it('posts a learner’s read to the statistics server as learning_activity from the server, once however often it is handled', async () => {
    const w = await t.factories.courseWorld();
    const teacher = await t.factories.login(w.instructor.userName);
    const learner = await t.factories.login(w.student.userName);
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

    const reads = () => storedRows(sql`action = 'activity.read' and activity_id = ${page.id}`);
    await vi.waitFor(async () => expect(await reads()).toHaveLength(1), { timeout: 15_000 });
    const [row] = await reads();
    expect(row).toMatchObject({ stream: 'learning_activity', source: 'server', user_id: w.student.id, org_id: w.org.id, course_id: w.course.id });
    // Nothing went into the main server's own statistics tables.
    const local = await t.database.db.execute(sql`select count(*)::int as n from stats.events where activity_id = ${page.id}`);
    expect((local as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    // Handled again (the outbox retrying after a lost answer): the statistics server counts it a duplicate.
    const outboxId = Number(String(row!.event_id).replace('domain-', ''));
    const again = {
      id: outboxId,
      type: 'activity.read' as const,
      createdAt: new Date(),
      payload: { course_id: w.course.id, activity_id: page.id, user_id: w.student.id, upload_id: null },
    };
    await statsForwardHandler.handle(again as never, { deps: t.app.deps, db: t.database.db });
    expect(await reads()).toHaveLength(1);
  });

  it('fails the handling (for the outbox to retry) when the statistics server cannot be reached', async () => {
    const down = await buildTestApp({ STATS_URL: 'http://127.0.0.1:9', STATS_SECRET: SECRET });
    try {
      const w = await down.factories.courseWorld();
      const handling = statsForwardHandler.handle(
        {
          id: 1,
          type: 'activity.read',
          createdAt: new Date(),
          payload: { course_id: w.course.id, activity_id: 1, user_id: w.student.id, upload_id: null },
        } as never,
        { deps: down.app.deps, db: down.database.db },
      );
      await expect(handling).rejects.toThrow();
    } finally {
      await down.close();
    }
  });
});

describe('the learning dashboard reads its days from the statistics server apart', () => {
  const today = () => new Date().toISOString().slice(0, 10);

  it('shows the events and active students the statistics server holds for the course', async () => {
    const world = await t.factories.courseWorld();
    const teacher = await t.factories.login(world.instructor.userName);
    const learner = await t.factories.login(world.student.userName);
    const { token } = (await t.app.inject({ method: 'GET', url: '/api/stat/reporter-token', headers: { cookie: learner } })).json() as { token: string };
    const events = [event({ course_id: world.course.id }), event({ course_id: world.course.id }), event({ course_id: world.course.id + 1000 })];
    expect((await postStats('/api/user-actions', { events, reporter: token })).json()).toEqual({ accepted: 3, duplicates: 0 });
    const res = await t.app.inject({ method: 'GET', url: `/api/stat/courses/${world.course.id}/learning`, headers: { cookie: teacher } });
    expect(res.statusCode, res.body).toBe(200);
    const day = (res.json() as { days: { day: string; events: number; active_students: number }[] }).days.find((d) => d.day === today());
    expect(day).toMatchObject({ events: 2, active_students: 1 });
    // The students table's last activity and the student's own days come from there too (course-users).
    const latest = Math.max(events[0]!.ts, events[1]!.ts);
    const table = await t.app.inject({ method: 'GET', url: `/api/stat/courses/${world.course.id}/learning/students`, headers: { cookie: teacher } });
    expect(table.statusCode, table.body).toBe(200);
    const row = (table.json() as { items: { user_id: number; last_active_at: string | null }[] }).items.find((r) => r.user_id === world.student.id);
    expect(row?.last_active_at).toBe(new Date(latest).toISOString());
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/stat/courses/${world.course.id}/learning/students/${world.student.id}`,
      headers: { cookie: teacher },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect((one.json() as { days: { day: string; events: number }[] }).days.find((d) => d.day === today())).toMatchObject({ events: 2 });
  });

  it('answers only the main server: no token is a 401, a browser’s token a 403, a bad period a 400 naming the field', async () => {
    const body = { course_id: 1, from: today(), to: today() };
    const call = (authorization?: string, payload: object = body) =>
      stats.inject({ method: 'POST', url: '/api/stat/course-days', headers: authorization ? { authorization } : {}, payload });
    expect((await call()).statusCode).toBe(401);
    expect((await stats.inject({ method: 'POST', url: '/api/stat/course-users', payload: { course_id: 1 } })).statusCode).toBe(401);
    expect((await call('Bearer forged')).json()).toMatchObject({ code: 'REPORTER_TOKEN_INVALID' });
    const browser = await signReporterToken(SECRET, { userId: 5, orgId: 1, source: 'client' }, Date.now() + 60_000);
    expect((await call(`Bearer ${browser}`)).statusCode).toBe(403);
    const server = `Bearer ${await signReporterToken(SECRET, { userId: null, orgId: null, source: 'server' }, Date.now() + 60_000)}`;
    const backwards = await call(server, { ...body, from: '2026-02-01', to: '2026-01-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toHaveProperty('from');
    const notADay = await call(server, { ...body, to: 'tomorrow' });
    expect(notADay.statusCode).toBe(400);
    expect(notADay.body).toContain('to');
  });

  it('reads days past the retention from the column store, the recent ones from the rollups', async () => {
    const database = await openStatsDatabase({});
    const store = await openColumnStore('duckdb::memory:');
    const server = await buildStatsServer({
      db: database.db,
      secret: SECRET,
      retentionDays: 31,
      columnStore: {
        store,
        onError: (error) => {
          throw error;
        },
      },
    });
    try {
      const reporter = { userId: 7, orgId: 1, source: 'client' as const };
      const token = await signReporterToken(SECRET, reporter, Date.now() + 60_000);
      // Today's event arrives by ingestion (PostgreSQL and the live copy); one 100 days old is in the column store
      // alone, as after the monthly export and retention.
      const recent = event({ course_id: 77 });
      expect((await server.inject({ method: 'POST', url: '/api/user-actions', payload: { events: [recent], reporter: token } })).json()).toEqual({
        accepted: 1,
        duplicates: 0,
      });
      const old = Date.now() - 100 * 24 * 3600_000;
      await store.append([
        {
          ts: BigInt(old) * 1000n,
          event_id: randomUUID(),
          stream: 'user_action',
          action: 'page.view',
          source: 'client',
          org_id: 1,
          user_id: 7,
          course_id: 77,
          activity_id: null,
          url: null,
          data: null,
          received_at: BigInt(old) * 1000n,
        },
      ]);
      const authorization = `Bearer ${await signReporterToken(SECRET, { userId: null, orgId: null, source: 'server' }, Date.now() + 60_000)}`;
      const from = new Date(Date.now() - 200 * 24 * 3600_000).toISOString().slice(0, 10);
      const res = await server.inject({
        method: 'POST',
        url: '/api/stat/course-days',
        headers: { authorization },
        payload: { course_id: 77, from, to: today(), students: [7] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        days: [
          { day: new Date(old).toISOString().slice(0, 10), events: 1, active_students: 1 },
          { day: today(), events: 1, active_students: 1 },
        ],
        sources: ['column_store', 'rollups'],
      });
      // A period inside the retention reads the rollups alone.
      const inside = await server.inject({
        method: 'POST',
        url: '/api/stat/course-days',
        headers: { authorization },
        payload: { course_id: 77, from: today(), to: today() },
      });
      expect(inside.json()).toEqual({ days: [{ day: today(), events: 1, active_students: 1 }], sources: ['rollups'] });
    } finally {
      await server.close();
      await store.close();
      await database.close();
    }
  });
});
