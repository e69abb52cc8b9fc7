import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { calendarWorld, injectAs, type CalendarWorld } from '../../../test/helpers/calendar-world.js';

let t: TestApp;
let w: CalendarWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await calendarWorld(t);
});
afterAll(() => t.close());

const inject = (...args: Parameters<ReturnType<typeof injectAs>>) => injectAs(t, w)(...args);

/** Occurrence starts (ISO, UTC) of every VEVENT in an iCalendar text, expanded by ical.js up to `until`. */
function occurrencesIn(ics: string, until: Date): Map<string, string[]> {
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const tz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  const out = new Map<string, string[]>();
  for (const v of root.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(v);
    const starts: string[] = [];
    const it = event.iterator();
    for (let next = it.next(); next && next.toJSDate() < until; next = it.next()) starts.push(next.toJSDate().toISOString());
    out.set(event.uid, starts);
  }
  return out;
}

describe('iCalendar feed', () => {
  it('a year-long weekly timetable parses with ical.js and yields the same occurrences as the API', async () => {
    // Spans both daylight-saving changes of Europe/London (the instructor's zone).
    const created = await inject('POST', '/api/calendar-timetables', 'instructor', {
      course_id: w.course.id,
      start_time: '2027-01-04T09:00:00Z',
      end_time: '2027-01-04T11:00:00Z',
      repeat_type: 'week',
      repeat_weekly_days: '1,3',
      repeat_end_date: '2027-12-31',
    });
    const id = created.json().timetable.id;
    await inject('PUT', `/api/calendar-timetables/${id}/delete`, 'instructor', { target_time: '2027-01-11T09:00:00Z', update_scope: 'current' });
    await inject('POST', '/api/calendar-events', 'student', { title: 'Study', start_time: '2026-12-20T09:00:00Z', end_time: '2026-12-20T10:00:00Z' });

    const feed = await inject('POST', '/api/calendar-feed', 'student');
    expect(feed.json().url).toMatch(/^\/api\/calendar-feed\/[\w-]+\.ics$/);
    expect((await inject('GET', '/api/calendar-feed', 'student')).json()).toEqual(feed.json());
    const ics = await t.app.inject({ method: 'GET', url: feed.json().url });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('RRULE:');
    expect(ics.body).toContain('EXDATE;TZID=Europe/London');

    const fromApi: string[] = [];
    for (let start = Date.parse('2027-01-01T00:00:00Z'); start < Date.parse('2028-01-01T00:00:00Z'); start += 60 * 86_400_000) {
      const end = Math.min(start + 60 * 86_400_000, Date.parse('2028-01-01T00:00:00Z'));
      const res = await inject('GET', `/api/calendar-timetables?start=${new Date(start).toISOString()}&end=${new Date(end).toISOString()}`, 'student');
      for (const o of res.json().timetables) if (Date.parse(o.start_time) >= start) fromApi.push(o.start_time);
    }
    const fromFeed = occurrencesIn(ics.body, new Date('2028-01-01T00:00:00Z')).get(`timetable-${id}@atrium`);
    expect(fromApi.length).toBeGreaterThan(100);
    expect(fromFeed).toEqual(fromApi);
    expect(fromApi).toContain('2027-07-05T08:00:00.000Z'); // 09:00 BST
    expect(fromApi).not.toContain('2027-01-11T09:00:00.000Z');
    expect(occurrencesIn(ics.body, new Date('2028-01-01T00:00:00Z')).size).toBe(2);
  });

  it('holds the published live activities of my courses, linking to their detail and never naming the join URL (decision 0150)', async () => {
    const mod = (await inject('POST', `/api/courses/${w.course.id}/modules`, 'instructor', { title: 'Live' })).json();
    expect((await inject('PUT', `/api/modules/${mod.id}/publish`, 'instructor', { published: true })).statusCode).toBe(200);
    const start = new Date(Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000).toISOString();
    const ids: number[] = [];
    for (const published of [true, false]) {
      const created = await inject('POST', `/api/courses/${w.course.id}/activities`, 'instructor', {
        module_id: mod.id,
        type: 'lecture_live',
        title: published ? 'Guest lecture' : 'Draft lecture',
        data: { provider: 'Campus live', join_url: 'https://live.example.edu/secret-room', meeting_start_time: start },
      });
      expect(created.statusCode, created.body).toBe(200);
      if (published) expect((await inject('PUT', `/api/activities/${created.json().id}/publish`, 'instructor', { published: true })).statusCode).toBe(200);
      ids.push(created.json().id);
    }
    const url = (await inject('POST', '/api/calendar-feed', 'student')).json().url;
    const ics = (await t.app.inject({ method: 'GET', url })).body;
    const root = new ICAL.Component(ICAL.parse(ics));
    for (const tz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
    const live = root
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .filter((e) => e.uid.startsWith('live-'));
    expect(live.map((e) => e.uid)).toEqual([`live-${ids[0]}@atrium`]);
    expect(live[0]!.summary).toBe(`Guest lecture · ${w.course.name}`);
    expect(live[0]!.startDate.toJSDate().toISOString()).toBe(start);
    expect(String(live[0]!.component.getFirstPropertyValue('url'))).toMatch(new RegExp(`/course/${w.course.id}/live-activities#/${ids[0]}/detail$`));
    expect(ics).not.toContain('secret-room');
  });

  it('renewing or revoking the URL makes the old one answer 404; the feed list needs a session', async () => {
    const first = (await inject('POST', '/api/calendar-feed', 'colleague')).json().url;
    const second = (await inject('POST', '/api/calendar-feed', 'colleague')).json().url;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect((await inject('DELETE', '/api/calendar-feed', 'colleague')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    expect((await inject('GET', '/api/calendar-feed', 'colleague')).json()).toEqual({ url: null });
    expect((await inject('GET', '/api/calendar-feed')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar-feed/short.ics' })).statusCode).toBe(400);
  });
});
