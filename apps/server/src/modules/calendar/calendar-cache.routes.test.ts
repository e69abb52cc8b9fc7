import { gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { calendarWorld, type CalendarWorld, type Who } from '../../../test/helpers/calendar-world.js';
import { buildApp } from '../../app.js';
import { openPostgres, type Database } from '../../db/client.js';
import { createObjectStore } from '../../storage/create-store.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { calendarEvents, calendarEventTargets } from './calendar.table.js';

// The calendar cache (decision 0020, speed) seen through the page's five window GETs: `t` caches
// for a minute (so only a write, or another instance's write, can refresh an answer during a
// test), `cold` has the cache off, `brief` keeps answers 200 ms, `peer` caches for a minute as
// another instance (on PostgreSQL with its own connections, so it hears writes only by NOTIFY).
let t: TestApp;
let w: CalendarWorld;
let cold: FastifyInstance;
let brief: FastifyInstance;
let peer: FastifyInstance;
let peerDatabase: Database;
const BRIEF_MS = 200;

async function instance(calendarCacheMs: number, database: Database): Promise<FastifyInstance> {
  const config = { ...t.config, calendarCacheMs, logLevel: 'silent' as const, jobs: { ...t.config.jobs, runWorkers: false } };
  const app = await buildApp({ config, database, storage: await createObjectStore(config) });
  await app.ready();
  return app;
}

beforeAll(async () => {
  t = await buildTestApp({ CALENDAR_CACHE_MS: '60000' });
  w = await calendarWorld(t);
  cold = await instance(0, t.database);
  brief = await instance(BRIEF_MS, t.database);
  peerDatabase = t.database.pool ? openPostgres(t.database.pool.options.connectionString!) : t.database;
  peer = await instance(60_000, peerDatabase);
});
afterAll(async () => {
  await Promise.all([cold.close(), brief.close(), peer.close()]);
  if (peerDatabase !== t.database) await peerDatabase.close();
  await t.close();
});

const WEEK = 'start=2027-05-03T00:00:00Z&end=2027-05-10T00:00:00Z';
const PAGE_CALLS = [
  ['/api/calendar-timetables', 'timetables'],
  ['/api/calendar-events', 'calendar_events'],
  ['/api/calendar-meeting', 'meetings'],
  ['/api/instruction-team/meeting', 'meetings'],
  ['/api/activity/cloud-classroom', 'cloud_classrooms'],
] as const;
const send = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object) =>
  app.inject({ method, url, headers: { cookie: w.cookies[who] }, ...(payload ? { payload } : {}) });
const get = (url: string, who: Who, app: FastifyInstance = t.app) => send(app, 'GET', `${url}?${WEEK}`, who);
const titles = async (url: string, key: string, who: Who, app?: FastifyInstance): Promise<string[]> => {
  const res = await get(url, who, app);
  expect(res.statusCode).toBe(200);
  return (res.json()[key] as { title?: string; course_title?: string; start_time: string }[]).map((x) => x.title ?? `${x.course_title} ${x.start_time}`);
};
const lesson = { start_time: '2027-05-04T09:00:00Z', end_time: '2027-05-04T10:00:00Z', repeat_type: 'no_repeat', location: 'Room 7' };
const courseEvent = (title: string) => ({
  title,
  start_time: '2027-05-05T09:00:00Z',
  end_time: '2027-05-05T10:00:00Z',
  target_type: 'course',
  target_data: { course_id: w.course.id },
});

describe('calendar writes through the API show at once', () => {
  it("an instructor's timetable, event and meeting changes reach a member's next GET; a change behind the API's back does not (the answer is cached)", async () => {
    expect(await titles('/api/calendar-timetables', 'timetables', 'student')).toEqual([]);
    expect(await titles('/api/calendar-events', 'calendar_events', 'student')).toEqual([]);
    // Written straight into the database: no calendar write, so the cached answer stands.
    const [hidden] = await t.app.deps.db
      .insert(calendarEvents)
      .values({
        orgId: w.org.id,
        createdById: w.instructor.id,
        title: 'Behind the API',
        startTime: new Date('2027-05-06T09:00:00Z'),
        endTime: new Date('2027-05-06T10:00:00Z'),
        targetType: 'course',
        targetData: {},
      })
      .returning();
    await t.app.deps.db.insert(calendarEventTargets).values({ eventId: hidden!.id, courseId: w.course.id });
    expect(await titles('/api/calendar-events', 'calendar_events', 'student')).toEqual([]);

    const created = await send(t.app, 'POST', '/api/calendar-timetables', 'instructor', { ...lesson, course_id: w.course.id });
    expect(created.statusCode).toBe(200);
    expect(await titles('/api/calendar-timetables', 'timetables', 'student')).toEqual([`${w.course.name} 2027-05-04T09:00:00.000Z`]);
    // Every calendar write forgets every answer: the event written behind the API shows too.
    expect(await titles('/api/calendar-events', 'calendar_events', 'student')).toEqual(['Behind the API']);

    const moved = await send(t.app, 'PUT', `/api/calendar-timetables/${created.json().timetable.id}`, 'instructor', {
      ...lesson,
      course_id: w.course.id,
      start_time: '2027-05-07T09:00:00Z',
      end_time: '2027-05-07T10:00:00Z',
      update_scope: 'current',
      update_target_time: '2027-05-04T09:00:00Z',
    });
    expect(moved.statusCode).toBe(200);
    expect(await titles('/api/calendar-timetables', 'timetables', 'student')).toEqual([`${w.course.name} 2027-05-07T09:00:00.000Z`]);
    const removed = await send(t.app, 'PUT', `/api/calendar-timetables/${moved.json().timetable.id}/delete`, 'instructor', {
      target_time: '2027-05-07T09:00:00Z',
      update_scope: 'current',
    });
    expect(removed.statusCode).toBe(200);
    expect(await titles('/api/calendar-timetables', 'timetables', 'student')).toEqual([]);

    const event = (await send(t.app, 'POST', '/api/calendar-events', 'instructor', courseEvent('Quiz'))).json().calendar_event;
    expect(await titles('/api/calendar-events', 'calendar_events', 'student')).toEqual(['Quiz', 'Behind the API']);
    await send(t.app, 'PUT', `/api/calendar-events/${event.id}`, 'instructor', { start_time: '2027-05-07T09:00:00Z', end_time: '2027-05-07T10:00:00Z' });
    expect(await titles('/api/calendar-events', 'calendar_events', 'student')).toEqual(['Behind the API', 'Quiz']);
    await send(t.app, 'DELETE', `/api/calendar-events/${event.id}`, 'instructor');
    expect(await titles('/api/calendar-events', 'calendar_events', 'student')).toEqual(['Behind the API']);

    expect(await titles('/api/calendar-meeting', 'meetings', 'student')).toEqual([]);
    const meeting = await send(t.app, 'POST', '/api/calendar-meeting', 'instructor', {
      title: 'Course meeting',
      kind: 'meeting',
      start_time: '2027-05-05T14:00:00Z',
      end_time: '2027-05-05T15:00:00Z',
      data: {},
      participant_ids: [],
      course_id: w.course.id,
    });
    expect(meeting.statusCode).toBe(200);
    expect(await titles('/api/calendar-meeting', 'meetings', 'student')).toEqual(['Course meeting']);
    await send(t.app, 'DELETE', `/api/calendar-meeting/${meeting.json().meeting.id}`, 'instructor');
    expect(await titles('/api/calendar-meeting', 'meetings', 'student')).toEqual([]);
    await send(t.app, 'DELETE', `/api/calendar-events/${hidden!.id}`, 'instructor');
  });

  it('a write on one instance reaches the cached answers of another (same process on PGlite; NOTIFY on PostgreSQL)', async () => {
    expect(await titles('/api/calendar-events', 'calendar_events', 'student', peer)).toEqual([]);
    const event = (await send(t.app, 'POST', '/api/calendar-events', 'instructor', courseEvent('Told by NOTIFY'))).json().calendar_event;
    await vi.waitFor(async () => expect(await titles('/api/calendar-events', 'calendar_events', 'student', peer)).toEqual(['Told by NOTIFY']), {
      timeout: 10_000,
      interval: 50,
    });
    await send(t.app, 'DELETE', `/api/calendar-events/${event.id}`, 'instructor');
    await vi.waitFor(async () => expect(await titles('/api/calendar-events', 'calendar_events', 'student', peer)).toEqual([]), {
      timeout: 10_000,
      interval: 50,
    });
  });
});

describe('time zone changes forget cached answers (timetables expand in the zone)', () => {
  it("the user's own zone and the organisation's zone each refresh a member's cached calendar at once", async () => {
    expect(await titles('/api/calendar-events', 'calendar_events', 'student')).toEqual([]);
    const [hidden] = await t.app.deps.db
      .insert(calendarEvents)
      .values({
        orgId: w.org.id,
        createdById: w.instructor.id,
        title: 'Behind the API',
        startTime: new Date('2027-05-06T09:00:00Z'),
        endTime: new Date('2027-05-06T10:00:00Z'),
        targetType: 'course',
        targetData: {},
      })
      .returning();
    await t.app.deps.db.insert(calendarEventTargets).values({ eventId: hidden!.id, courseId: w.course.id });
    expect(await titles('/api/calendar-events', 'calendar_events', 'student')).toEqual([]);
    expect((await send(t.app, 'PUT', '/api/user/time-zone', 'student', { time_zone: 'Europe/Berlin' })).statusCode).toBe(200);
    expect(await titles('/api/calendar-events', 'calendar_events', 'student')).toEqual(['Behind the API']);

    await t.app.deps.db.delete(calendarEvents).where(eq(calendarEvents.id, hidden!.id));
    expect(await titles('/api/calendar-events', 'calendar_events', 'student')).toEqual(['Behind the API']);
    expect((await send(t.app, 'PUT', '/api/org/time-zone', 'admin', { time_zone: 'Asia/Shanghai' })).statusCode).toBe(200);
    expect(await titles('/api/calendar-events', 'calendar_events', 'student')).toEqual([]);
    await send(t.app, 'PUT', '/api/user/time-zone', 'student', { time_zone: null });
  });
});

describe('changes outside the calendar (CALENDAR_CACHE_MS)', () => {
  it('a new enrolment shows in the member’s calendar once the cache time has passed', async () => {
    const created = await send(t.app, 'POST', '/api/calendar-timetables', 'instructor', { ...lesson, course_id: w.course.id });
    expect(await titles('/api/calendar-timetables', 'timetables', 'colleague', brief)).toEqual([]);
    await t.app.deps.db.insert(enrolments).values({ courseId: w.course.id, userId: w.colleague.id, role: 'student' });
    await new Promise((resolve) => setTimeout(resolve, BRIEF_MS + 50));
    expect(await titles('/api/calendar-timetables', 'timetables', 'colleague', brief)).toEqual([`${w.course.name} 2027-05-04T09:00:00.000Z`]);
    await t.app.deps.db.delete(enrolments).where(and(eq(enrolments.courseId, w.course.id), eq(enrolments.userId, w.colleague.id)));
    await send(t.app, 'PUT', `/api/calendar-timetables/${created.json().timetable.id}/delete`, 'instructor', {
      target_time: '2027-05-04T09:00:00Z',
      update_scope: 'current',
    });
  });
});

describe('the cache changes no answer', () => {
  it('every page GET answers the same bytes and content type with the cache on (miss and hit) and off', async () => {
    await send(t.app, 'POST', '/api/calendar-timetables', 'instructor', {
      ...lesson,
      course_id: w.course.id,
      repeat_type: 'day',
      repeat_end_date: '2027-05-09',
    });
    await send(t.app, 'POST', '/api/calendar-events', 'instructor', courseEvent('Seminar “δ” 课程'));
    await send(t.app, 'POST', '/api/calendar-events', 'student', { title: 'Own study', start_time: '2027-05-08T09:00:00Z', end_time: '2027-05-08T10:00:00Z' });
    for (const kind of ['meeting', 'instruction', 'cloud_classroom']) {
      const res = await send(t.app, 'POST', '/api/calendar-meeting', 'instructor', {
        title: `A ${kind}`,
        kind,
        start_time: '2027-05-06T14:00:00Z',
        end_time: '2027-05-06T15:00:00Z',
        data: {},
        participant_ids: [w.student.id],
      });
      expect(res.statusCode).toBe(200);
    }
    for (const who of ['student', 'instructor', 'admin', 'outsider'] as const) {
      for (const [url, key] of PAGE_CALLS) {
        const off = await get(url, who, cold);
        const miss = await get(url, who);
        const hit = await get(url, who);
        expect(off.statusCode).toBe(200);
        expect(miss.payload).toBe(off.payload);
        expect(hit.payload).toBe(off.payload);
        expect(hit.headers['content-type']).toBe(off.headers['content-type']);
        expect(off.headers['content-type']).toBe('application/json; charset=utf-8');
        if (who === 'student') expect((off.json()[key] as unknown[]).length).toBeGreaterThan(0);
        // A browser accepts gzip: a large answer comes gzipped, the same JSON once unzipped.
        const zipped = await t.app.inject({
          method: 'GET',
          url: `${url}?${WEEK}`,
          headers: { cookie: w.cookies[who], 'accept-encoding': 'gzip, deflate, br, zstd' },
        });
        expect(zipped.headers.vary).toBe('accept-encoding');
        const unzipped = zipped.headers['content-encoding'] === 'gzip' ? gunzipSync(zipped.rawPayload).toString('utf8') : zipped.payload;
        expect(unzipped).toBe(off.payload);
        if (who === 'student' && url === '/api/calendar-timetables') expect(zipped.headers['content-encoding']).toBe('gzip');
      }
    }
    // Errors are not cached and stay the same: 401 without a session, 400 naming the field.
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar-events?${WEEK}` })).statusCode).toBe(401);
    const bad = await send(t.app, 'GET', '/api/calendar-timetables?start=2027-05-10T00:00:00Z&end=2027-05-03T00:00:00Z', 'student');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('end');
  });
});
