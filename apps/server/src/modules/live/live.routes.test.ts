import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { contentWorld, type ContentWorld } from '../../../test/helpers/content-world.js';
import { activityReadRecords } from '../activities/activities.table.js';
import { liveAttendance } from './live.table.js';

/** Live activities (issue 24 item 1; spec §2 `/course/{id}/live-activities#/{id}/detail`; decision 0150). */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const JOIN = 'https://meeting.tencent.com/dm/abc123';
const REPLAYS = [
  { title: 'Part 1', url: 'https://replay.example.edu/1' },
  { title: 'Part 2', url: 'http://replay.example.edu/2' },
];
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

interface LiveOptions {
  type?: string;
  start?: string | null;
  end?: string | null;
  published?: boolean;
  replays?: typeof REPLAYS;
  title?: string;
}

/** Creates a meeting activity in a published module of the world's course (published unless told otherwise). */
async function live(w: ContentWorld, moduleId: number, o: LiveOptions = {}): Promise<number> {
  const created = await w.ok('POST', `/api/courses/${w.course.id}/activities`, {
    module_id: moduleId,
    type: o.type ?? 'tencent_meeting',
    title: o.title ?? 'Live lecture',
    data: {
      provider: 'Tencent Meeting',
      join_url: JOIN,
      meeting_start_time: o.start ?? null,
      meeting_end_time: o.end ?? null,
      ...(o.replays ? { replay_urls: o.replays } : {}),
    },
  });
  if (o.published ?? true) await w.ok('PUT', `/api/activities/${created.id}/publish`, { published: true });
  return created.id as number;
}

const attendanceRows = (activityId: number) => t.app.deps.db.select().from(liveAttendance).where(eq(liveAttendance.activityId, activityId));

describe('replay_urls of a meeting (data, decision 0150)', () => {
  let w: ContentWorld;
  let moduleId: number;
  beforeAll(async () => {
    w = await contentWorld(t);
    moduleId = (await w.moduleWith('Live', 0)).id;
  });

  it('refuses a replay address that is not http(s), naming the field, and a replay without title', async () => {
    for (const replay of [
      { title: 'x', url: 'javascript:alert(1)' },
      { title: ' ', url: 'https://replay.example.edu/1' },
    ]) {
      const res = await w.call('POST', `/api/courses/${w.course.id}/activities`, 'instructor', {
        module_id: moduleId,
        type: 'zoom',
        title: 'Bad',
        data: { provider: 'Zoom', join_url: JOIN, replay_urls: [replay] },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)[0]).toMatch(/^replay_urls\.0\.(url|title)$/);
    }
  });

  it('a learner gets no replays before the meeting ends and all of them after; the team always', async () => {
    const id = await live(w, moduleId, { start: at(-HOUR), end: at(HOUR), replays: REPLAYS });
    const data = async (who: 'student' | 'instructor') => (await w.call('GET', `/api/activities/${id}`, who)).json().data;
    expect((await data('student')).replay_urls).toEqual([]);
    expect((await data('instructor')).replay_urls).toEqual(REPLAYS);
    await w.ok('PUT', `/api/activities/${id}`, {
      data: { provider: 'Tencent Meeting', join_url: JOIN, meeting_start_time: at(-2 * HOUR), meeting_end_time: at(-HOUR), replay_urls: REPLAYS },
    });
    expect(await data('student')).toMatchObject({ join_url: null, join_withheld: 'ended', replay_urls: REPLAYS });
  });
});

describe('GET /api/courses/{id}/live-activities', () => {
  let w: ContentWorld;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    w = await contentWorld(t);
    const mod = await w.moduleWith('Live', 1);
    ids.ended = await live(w, mod.id, { title: 'Ended', start: at(-3 * HOUR), end: at(-2 * HOUR), replays: REPLAYS });
    ids.upcoming = await live(w, mod.id, { title: 'Upcoming', type: 'lecture_live', start: at(2 * HOUR), end: at(3 * HOUR), replays: REPLAYS });
    ids.live = await live(w, mod.id, { title: 'Now', type: 'zoom', start: at(-HOUR), end: at(HOUR) });
    ids.open = await live(w, mod.id, { title: 'Always open', type: 'classin' });
    ids.draft = await live(w, mod.id, { title: 'Draft', start: at(HOUR), published: false });
    const hidden = await w.moduleWith('Hidden', 0, false);
    ids.hiddenModule = await live(w, hidden.id, { title: 'In a hidden module', start: at(HOUR) });
  });

  it('a learner gets the published ones of published modules, by start (none first), with status, provider and visible replays', async () => {
    const res = await w.call('GET', `/api/courses/${w.course.id}/live-activities`, 'student');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { id: number; status: string; provider: string; replay_count: number; access: string; type: string }[];
    expect(items.map((i) => i.id)).toEqual([ids.open, ids.ended, ids.live, ids.upcoming]);
    expect(items.map((i) => i.status)).toEqual(['live', 'ended', 'live', 'upcoming']);
    expect(items.every((i) => i.provider === 'Tencent Meeting' && i.access === 'open')).toBe(true);
    // Replays reach a learner only after the end: the ended one shows 2, the upcoming one 0.
    expect(items.find((i) => i.id === ids.ended)!.replay_count).toBe(2);
    expect(items.find((i) => i.id === ids.upcoming)!.replay_count).toBe(0);
    expect(items.find((i) => i.id === ids.upcoming)!.type).toBe('lecture_live');
  });

  it('the team gets every meeting, unpublished ones too, and every replay', async () => {
    for (const who of ['instructor', 'assistant', 'admin'] as const) {
      const res = await w.call('GET', `/api/courses/${w.course.id}/live-activities`, who);
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().items as { id: number; replay_count: number; is_published: boolean }[];
      expect(new Set(items.map((i) => i.id))).toEqual(new Set(Object.values(ids)));
      expect(items.find((i) => i.id === ids.upcoming)!.replay_count).toBe(2);
      expect(items.find((i) => i.id === ids.draft)!.is_published).toBe(false);
    }
  });

  it('refuses who is not a member (403) and the anonymous caller (401)', async () => {
    expect((await w.call('GET', `/api/courses/${w.course.id}/live-activities`, 'outsider')).statusCode).toBe(403);
    expect((await w.call('GET', `/api/courses/${w.course.id}/live-activities`, 'anonymous')).statusCode).toBe(401);
  });
});

describe('POST /api/activities/{id}/join and GET /api/activities/{id}/attendance', () => {
  let w: ContentWorld;
  let moduleId: number;
  let pageId: number;
  beforeAll(async () => {
    w = await contentWorld(t);
    const mod = await w.moduleWith('Live', 1);
    moduleId = mod.id;
    pageId = mod.activityIds[0]!;
  });

  it('inside the window: answers the join URL, records the join (first, last, count) and a visit that completes the activity', async () => {
    const id = await live(w, moduleId, { start: at(-HOUR), end: at(HOUR) });
    const first = await w.call('POST', `/api/activities/${id}/join`, 'student');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ join_url: JOIN, recorded: true, join_count: 1 });
    const second = await w.call('POST', `/api/activities/${id}/join`, 'student');
    expect(second.json().join_count).toBe(2);
    const [row] = await attendanceRows(id);
    expect(row).toMatchObject({ userId: w.student.id, joinCount: 2 });
    expect(row!.lastJoinedAt.getTime()).toBeGreaterThanOrEqual(row!.firstJoinedAt.getTime());
    const reads = await t.app.deps.db
      .select()
      .from(activityReadRecords)
      .where(and(eq(activityReadRecords.activityId, id), eq(activityReadRecords.userId, w.student.id)));
    expect(reads).toHaveLength(1);
    const content = (await w.call('GET', `/api/courses/${w.course.id}/content`, 'student')).json();
    const summary = content.modules
      .flatMap((m: { activities: { id: number; is_completed: boolean }[] }) => m.activities)
      .find((a: { id: number }) => a.id === id);
    expect(summary.is_completed).toBe(true);
  });

  it('before the window: 409 LIVE_NOT_STARTED with join_available_from, nothing recorded', async () => {
    const start = at(HOUR);
    const id = await live(w, moduleId, { start, end: at(2 * HOUR) });
    const res = await w.call('POST', `/api/activities/${id}/join`, 'student');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LIVE_NOT_STARTED', join_available_from: new Date(start).toISOString() });
    expect(res.body).not.toContain(JOIN);
    expect(await attendanceRows(id)).toEqual([]);
  });

  it('after the window: 409 LIVE_ENDED, nothing recorded', async () => {
    const id = await live(w, moduleId, { start: at(-2 * HOUR), end: at(-HOUR) });
    const res = await w.call('POST', `/api/activities/${id}/join`, 'student');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('LIVE_ENDED');
    expect(res.body).not.toContain(JOIN);
    expect(await attendanceRows(id)).toEqual([]);
  });

  it('the activity’s own window closes the join too: 403 ACTIVITY_NOT_STARTED before its start_time', async () => {
    const id = await live(w, moduleId);
    await w.ok('PUT', `/api/activities/${id}`, { start_time: at(HOUR) });
    const res = await w.call('POST', `/api/activities/${id}/join`, 'student');
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('ACTIVITY_NOT_STARTED');
    expect(await attendanceRows(id)).toEqual([]);
  });

  it('the course team gets the URL at any time and is not counted; a non-member and an unpublished meeting are refused', async () => {
    const id = await live(w, moduleId, { start: at(HOUR), end: at(2 * HOUR) });
    for (const who of ['instructor', 'assistant', 'admin'] as const) {
      const res = await w.call('POST', `/api/activities/${id}/join`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ join_url: JOIN, recorded: false, join_count: 0 });
    }
    expect(await attendanceRows(id)).toEqual([]);
    expect((await w.call('POST', `/api/activities/${id}/join`, 'outsider')).statusCode).toBe(403);
    expect((await w.call('POST', `/api/activities/${id}/join`, 'anonymous')).statusCode).toBe(401);
    const draft = await live(w, moduleId, { published: false });
    const refused = await w.call('POST', `/api/activities/${draft}/join`, 'student');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACTIVITY_UNPUBLISHED');
  });

  it('the team previewing as a student joins as a learner: only inside the window, and counted', async () => {
    const id = await live(w, moduleId, { start: at(HOUR), end: at(2 * HOUR) });
    expect((await w.call('PUT', `/api/courses/${w.course.id}/preview`, 'instructor', { as: 'student' })).statusCode).toBe(200);
    try {
      const res = await w.call('POST', `/api/activities/${id}/join`, 'instructor');
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('LIVE_NOT_STARTED');
      const open = await live(w, moduleId, { start: at(-HOUR), end: at(HOUR) });
      const joined = await w.call('POST', `/api/activities/${open}/join`, 'instructor');
      expect(joined.json()).toEqual({ join_url: JOIN, recorded: true, join_count: 1 });
      expect((await attendanceRows(open)).map((r) => r.userId)).toEqual([w.instructor.id]);
    } finally {
      expect((await w.call('DELETE', `/api/courses/${w.course.id}/preview`, 'instructor')).statusCode).toBe(200);
    }
  });

  it('an activity that is not a meeting: 409 NOT_A_LIVE_ACTIVITY for join and attendance; an unknown one 404', async () => {
    const join = await w.call('POST', `/api/activities/${pageId}/join`, 'student');
    expect(join.statusCode).toBe(409);
    expect(join.json().code).toBe('NOT_A_LIVE_ACTIVITY');
    const list = await w.call('GET', `/api/activities/${pageId}/attendance`, 'instructor');
    expect(list.statusCode).toBe(409);
    expect((await w.call('POST', '/api/activities/999999/join', 'student')).statusCode).toBe(404);
  });

  it('attendance: every student with joined or not, first/last join and count, paged by name, filtered, with totals; the team only', async () => {
    const id = await live(w, moduleId, { start: at(-HOUR), end: at(HOUR) });
    const extra = [];
    for (const name of ['Aaron Early', 'Zed Late']) {
      const u = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student, name });
      await t.factories.enrol(w.course.id, u.id, 'student');
      extra.push(u);
    }
    expect((await w.call('POST', `/api/activities/${id}/join`, 'student')).statusCode).toBe(200);
    const aaron = await t.factories.login(extra[0]!.userName);
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'POST', url: `/api/activities/${id}/join`, headers: { cookie: aaron } })).statusCode).toBe(200);

    const page1 = await w.call('GET', `/api/activities/${id}/attendance?page=1&page_size=10`, 'assistant');
    expect(page1.statusCode, page1.body).toBe(200);
    const body = page1.json();
    expect(body).toMatchObject({ total: 3, students: 3, joined_students: 2, page: 1, pages: 1 });
    expect(body.items.map((r: { name: string }) => r.name)).toEqual(['Aaron Early', w.student.name, 'Zed Late'].sort((a, b) => (a < b ? -1 : 1)));
    const byId = new Map(body.items.map((r: { user_id: number }) => [r.user_id, r]));
    expect(byId.get(extra[0]!.id)).toMatchObject({ joined: true, join_count: 3 });
    expect(byId.get(extra[1]!.id)).toEqual({
      user_id: extra[1]!.id,
      name: 'Zed Late',
      user_no: extra[1]!.userNo,
      joined: false,
      first_joined_at: null,
      last_joined_at: null,
      join_count: 0,
    });
    expect(byId.get(w.student.id)).toMatchObject({ joined: true, join_count: 1 });
    // The team is not listed: only students.
    expect(byId.has(w.instructor.id)).toBe(false);

    const notJoined = (await w.call('GET', `/api/activities/${id}/attendance?joined=false`, 'instructor')).json();
    expect(notJoined.items.map((r: { user_id: number }) => r.user_id)).toEqual([extra[1]!.id]);
    expect(notJoined).toMatchObject({ total: 1, students: 3, joined_students: 2 });

    const page2 = (await w.call('GET', `/api/activities/${id}/attendance?page=2&page_size=10`, 'instructor')).json();
    expect(page2).toMatchObject({ items: [], page: 2, page_size: 10, pages: 1, total: 3 });
    expect((await w.call('GET', `/api/activities/${id}/attendance?page_size=7`, 'instructor')).statusCode).toBe(400);
    for (const who of ['student', 'outsider'] as const) expect((await w.call('GET', `/api/activities/${id}/attendance`, who)).statusCode).toBe(403);
  });
});

describe('GET /api/calendar-live-activities', () => {
  let w: ContentWorld;
  const ids: Record<string, number> = {};
  const windowQuery = `start=${encodeURIComponent(at(-24 * HOUR))}&end=${encodeURIComponent(at(24 * HOUR))}`;
  beforeAll(async () => {
    w = await contentWorld(t);
    const mod = await w.moduleWith('Live', 0);
    ids.inWindow = await live(w, mod.id, { title: 'This week', start: at(HOUR), end: at(2 * HOUR) });
    ids.noEnd = await live(w, mod.id, { title: 'No end', type: 'lecture_live', start: at(-2 * HOUR) });
    ids.draft = await live(w, mod.id, { title: 'Draft', start: at(HOUR), published: false });
    ids.later = await live(w, mod.id, { title: 'Next month', start: at(30 * 24 * HOUR), end: at(30 * 24 * HOUR + HOUR) });
    ids.noTime = await live(w, mod.id, { title: 'Any time' });
  });

  it('a student gets the published meetings of their courses in the window, with course, provider, times and status', async () => {
    const res = await w.call('GET', `/api/calendar-live-activities?${windowQuery}`, 'student');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().live_activities as { id: number; start_time: string; end_time: string; status: string; course_title: string }[];
    expect(items.map((i) => i.id)).toEqual([ids.noEnd, ids.inWindow]);
    expect(items[1]).toMatchObject({ course_id: w.course.id, course_title: w.course.name, provider: 'Tencent Meeting', status: 'upcoming' });
    // Without an end, an hour long.
    expect(Date.parse(items[0]!.end_time) - Date.parse(items[0]!.start_time)).toBe(HOUR);
  });

  it('the course’s instructors also see the unpublished ones; who is not in the course sees none', async () => {
    const mine = (await w.call('GET', `/api/calendar-live-activities?${windowQuery}`, 'instructor')).json().live_activities as { id: number }[];
    expect(mine.map((i) => i.id)).toEqual(expect.arrayContaining([ids.noEnd, ids.inWindow, ids.draft]));
    expect(mine.map((i) => i.id)).not.toContain(ids.later);
    const outsider = await w.call('GET', `/api/calendar-live-activities?${windowQuery}`, 'outsider');
    expect(outsider.statusCode).toBe(200);
    expect(outsider.json().live_activities).toEqual([]);
    expect((await w.call('GET', `/api/calendar-live-activities?${windowQuery}`, 'anonymous')).statusCode).toBe(401);
  });
});
