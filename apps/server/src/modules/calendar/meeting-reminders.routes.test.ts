import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { calendarWorld, injectAs, type CalendarWorld, type Who } from '../../../test/helpers/calendar-world.js';
import { buildApp } from '../../app.js';
import { openPostgres, type Database } from '../../db/client.js';
import { createObjectStore } from '../../storage/create-store.js';
import { domainEvents } from '../events/events.table.js';
import { MEETING_REMINDER_LEAD_MINUTES, remindStartingMeetings } from './meetings.service.js';

/**
 * Issue 17 §1 meeting reminders: the `meeting-reminders` job emits `meeting.starting` once per
 * meeting occurrence starting within the lead time — not again on a later run, nor when two
 * instances run it at the same moment on one database — and `notifications.make` turns it into one
 * `meeting.starting` notice for each invitee (host and participants), nobody else, honouring the
 * in-app preference. The job runs with an explicit `now` a month ahead, so the app's own
 * every-minute job never reaches these meetings.
 */

let t: TestApp;
let w: CalendarWorld;
let second: FastifyInstance;
let secondDatabase: Database;
const MINUTE = 60_000;
/** The tests' clock: a whole minute a month from now. */
const base = Math.floor((Date.now() + 30 * 24 * 60 * MINUTE) / MINUTE) * MINUTE;
const at = (offsetMinutes: number) => new Date(base + offsetMinutes * MINUTE);

beforeAll(async () => {
  t = await buildTestApp();
  w = await calendarWorld(t);
  // A second instance on the same database (as decision 0081's and the bulletins' tests do): on PostgreSQL with its own connections.
  secondDatabase = t.database.pool ? openPostgres(t.database.pool.options.connectionString!) : t.database;
  const config = { ...t.config, logLevel: 'silent' as const, jobs: { ...t.config.jobs, runWorkers: false } };
  second = await buildApp({ config, database: secondDatabase, storage: await createObjectStore(config) });
  await second.ready();
}, 60_000);
afterAll(async () => {
  await second?.close();
  if (secondDatabase && secondDatabase !== t.database) await secondDatabase.close();
  await t?.close();
});

const inject = (...args: Parameters<ReturnType<typeof injectAs>>) => injectAs(t, w)(...args);

/** Creates a meeting hosted by the instructor starting `startMinutes` after the tests' clock; answers its id and start. */
async function meeting(title: string, startMinutes: number, participantIds: number[], courseId?: number): Promise<{ id: number; start: string }> {
  const res = await inject('POST', '/api/calendar-meeting', 'instructor', {
    title,
    start_time: at(startMinutes).toISOString(),
    end_time: at(startMinutes + 60).toISOString(),
    data: { description: null, replay_address: [] },
    scope_org_ids: String(w.org.id),
    participant_ids: participantIds,
    ...(courseId ? { course_id: courseId } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const created = res.json().meeting as { id: number; start_time: string };
  return { id: created.id, start: created.start_time };
}

/** `who`'s meeting.starting notices, newest first. */
async function reminders(who: Who): Promise<Notification[]> {
  const res = await inject('GET', '/api/notifications?type=other&page_size=100', who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Notification[]).filter((n) => n.kind === 'meeting.starting');
}

/** How many `meeting.starting` events the outbox holds for meeting `id`. */
async function storedEvents(id: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(domainEvents)
    .where(and(eq(domainEvents.type, 'meeting.starting'), sql`(${domainEvents.payload}->>'meeting_id')::int = ${id}`));
  return row?.n ?? 0;
}

describe('meeting reminders', () => {
  it('reminds the host and participants of a meeting starting within the lead time once, not others, and a later meeting only when it nears', async () => {
    expect(MEETING_REMINDER_LEAD_MINUTES).toBe(15);
    const soon = await meeting('Team sync', 10, [w.colleague.id, w.student.id], w.course.id);
    const later = await meeting('Planning', 120, [w.colleague.id]);

    await remindStartingMeetings(t.app.deps, at(0));
    expect(await storedEvents(soon.id)).toBe(1);
    expect(await storedEvents(later.id)).toBe(0);
    const event = (await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'meeting.starting'))).find(
      (e) => e.payload.meeting_id === soon.id,
    );
    expect(event!.payload).toEqual({
      meeting_id: soon.id,
      title: 'Team sync',
      start: soon.start,
      course_id: w.course.id,
      user_ids: [w.instructor.id, w.colleague.id, w.student.id],
    });

    for (const who of ['instructor', 'colleague', 'student'] as const) {
      const got = await reminders(who);
      expect(got, who).toHaveLength(1);
      expect(got[0]).toMatchObject({
        kind: 'meeting.starting',
        type: 'other',
        url: '/user/index',
        course_id: w.course.id,
        payload: { title: 'Team sync', at: soon.start, course_name: w.course.name },
      });
    }
    // The course's assistant and an organisation member were not invited.
    for (const who of ['assistant', 'outsider', 'admin'] as const) expect(await reminders(who), who).toEqual([]);

    // Again, a minute later, and two instances at the same moment: nothing more.
    await remindStartingMeetings(t.app.deps, at(0));
    await remindStartingMeetings(t.app.deps, at(1));
    await Promise.all([remindStartingMeetings(t.app.deps, at(2)), remindStartingMeetings(second.deps, at(2))]);
    expect(await storedEvents(soon.id)).toBe(1);
    for (const who of ['instructor', 'colleague', 'student'] as const) expect(await reminders(who), who).toHaveLength(1);

    // The two-hour meeting: nothing until it is within the lead time, then once (no course name without a course).
    await remindStartingMeetings(t.app.deps, at(120 - MEETING_REMINDER_LEAD_MINUTES - 1));
    expect(await storedEvents(later.id)).toBe(0);
    await remindStartingMeetings(t.app.deps, at(120 - MEETING_REMINDER_LEAD_MINUTES));
    await remindStartingMeetings(t.app.deps, at(119));
    expect(await storedEvents(later.id)).toBe(1);
    const colleague = await reminders('colleague');
    expect(colleague.map((n) => n.payload.title)).toEqual(['Planning', 'Team sync']);
    expect(colleague[0]).toMatchObject({ course_id: null, payload: { title: 'Planning', at: later.start } });
    expect(colleague[0]!.payload).not.toHaveProperty('course_name');
    expect((await reminders('student')).map((n) => n.payload.title)).toEqual(['Team sync']);
  });

  it('reminds each of several due meetings exactly once when two instances run the job at the same moment', async () => {
    const due = [];
    for (let i = 0; i < 6; i++) due.push(await meeting(`Parallel ${i}`, 1000 + i, [w.outsider.id]));
    const [one, two] = await Promise.all([remindStartingMeetings(t.app.deps, at(995)), remindStartingMeetings(second.deps, at(995))]);
    expect(one + two).toBe(6);
    for (const d of due) expect(await storedEvents(d.id), `meeting ${d.id}`).toBe(1);
    const titles = (await reminders('outsider')).map((n) => n.payload.title).sort();
    expect(titles).toEqual(due.map((_, i) => `Parallel ${i}`));
  });

  it('reminds again of a meeting moved to another start, and not of a rejected one', async () => {
    const moved = await meeting('Moved', 2000, [w.admin.id]);
    await remindStartingMeetings(t.app.deps, at(1990));
    const res = await inject('PUT', `/api/calendar-meeting/${moved.id}`, 'instructor', {
      start_time: at(3000).toISOString(),
      end_time: at(3060).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    await remindStartingMeetings(t.app.deps, at(2990));
    await remindStartingMeetings(t.app.deps, at(2991));
    expect(await storedEvents(moved.id)).toBe(2);
    expect((await reminders('admin')).map((n) => n.payload.at)).toEqual([at(3000).toISOString(), at(2000).toISOString()]);

    const rejected = await meeting('Rejected', 4000, [w.assistant.id]);
    const review = await inject('PUT', `/api/calendar-meeting/${rejected.id}`, 'admin', {
      title: 'Rejected',
      start_time: at(4000).toISOString(),
      end_time: at(4060).toISOString(),
      data: { description: null, replay_address: [], audit_status: 'reject' },
      scope_org_ids: String(w.org.id),
      participant_ids: [w.assistant.id],
    });
    expect(review.statusCode, review.body).toBe(200);
    await remindStartingMeetings(t.app.deps, at(3995));
    expect(await storedEvents(rejected.id)).toBe(0);
    expect(await reminders('assistant')).toEqual([]);
  });

  it('makes no notice for a participant who switched meeting reminders off in the app', async () => {
    const off = await inject('PUT', '/api/notifications/preferences', 'colleague', { items: [{ kind: 'meeting.starting', in_app: false, email: 'off' }] });
    expect(off.statusCode, off.body).toBe(200);
    const before = (await reminders('colleague')).length;
    const m = await meeting('Quiet', 5000, [w.colleague.id, w.student.id]);
    await remindStartingMeetings(t.app.deps, at(4990));
    expect(await storedEvents(m.id)).toBe(1);
    expect(await reminders('colleague')).toHaveLength(before);
    expect((await reminders('student')).map((n) => n.payload.title)).toContain('Quiet');
  });
});
