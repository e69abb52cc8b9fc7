import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { calendarWorld, injectAs, type CalendarWorld } from '../../../test/helpers/calendar-world.js';
import { domainEventHandlings, domainEvents } from '../events/events.table.js';
import { EMAIL_CATALOGS } from '../../lib/i18n/server-messages.js';
import { outboxEmails } from './outbox.table.js';

// The e-mails handler (decision 0081) for timetable notices: `send_ntf` on a timetable write
// emits timetable.notice_requested, whose handler writes one e-mail per member with an address.
let t: TestApp;
let w: CalendarWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await calendarWorld(t);
});
afterAll(() => t.close());

const notices = () => t.app.deps.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'timetable-notification')).orderBy(outboxEmails.id);
const lesson = { start_time: '2027-05-04T09:00:00Z', end_time: '2027-05-04T10:00:00Z', repeat_type: 'no_repeat', location: 'Room 7' };

describe('timetable notices', () => {
  it('a timetable written with send_ntf e-mails the members with an address once, by the time the request answers; without it, nobody', async () => {
    const send = injectAs(t, w);
    const quiet = await send('POST', '/api/calendar-timetables', 'instructor', { course_id: w.course.id, ...lesson, send_ntf: false });
    expect(quiet.statusCode).toBe(200);
    expect(await notices()).toEqual([]);

    const res = await send('POST', '/api/calendar-timetables', 'instructor', { course_id: w.course.id, ...lesson, send_ntf: true, ntf_content: 'Room 7 now' });
    expect(res.statusCode).toBe(200);
    const mails = await notices();
    expect(mails.map((m) => [m.to, m.subject, m.text])).toEqual([['student@example.test', `Timetable of ${w.course.name} changed`, 'Room 7 now']]);

    const [event] = await t.app.deps.db.select().from(domainEvents).where(eq(domainEvents.type, 'timetable.notice_requested'));
    expect(event!.payload).toEqual({ course_id: w.course.id, course_name: w.course.name, text: 'Room 7 now' });
    const [handling] = await t.app.deps.db
      .select()
      .from(domainEventHandlings)
      .where(and(eq(domainEventHandlings.eventId, event!.id), eq(domainEventHandlings.handler, 'outbox.emails')));
    expect(handling).toMatchObject({ attempts: 1, lastError: null });
    expect(handling!.doneAt).not.toBeNull();
  });

  it('each member’s e-mail is in the language they chose (issue 23 §2); the instructor’s text stays as written', async () => {
    const send = injectAs(t, w);
    expect((await send('PUT', '/api/user/locale', 'student', { locale: 'zh-cn' })).statusCode).toBe(200);
    const before = (await notices()).length;
    const res = await send('POST', '/api/calendar-timetables', 'instructor', { course_id: w.course.id, ...lesson, send_ntf: true, ntf_content: '7 号教室' });
    expect(res.statusCode).toBe(200);
    const mails = (await notices()).slice(before);
    const subject = EMAIL_CATALOGS['zh-cn']['timetable.subject'];
    expect(subject).toBeDefined();
    expect(mails.map((m) => [m.to, m.subject, m.text])).toEqual([['student@example.test', subject!.replace('{course}', w.course.name), '7 号教室']]);
    expect(mails[0]!.subject).not.toContain('Timetable of');
  });
});
