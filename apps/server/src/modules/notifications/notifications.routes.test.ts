import { and, desc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND_NAMES, NOTIFICATION_KINDS, USER_ROLE, type DomainEventInput, type NotificationList } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createActivity } from '../../../test/factories/activities.js';
import { courseModules } from '../activities/activities.table.js';
import { bulletins } from '../bulletins/bulletins.table.js';
import { domainEventHandlings, domainEvents } from '../events/events.table.js';
import { emit, eventBusOf } from '../events/events.service.js';
import { courseGroupMembers, courseGroups } from '../enrolments/course-groups.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { homeworkSubmissions } from '../homework/homework.table.js';
import { outboxEmails } from '../outbox/outbox.table.js';
import { orgs } from '../orgs/orgs.table.js';
import { users } from '../users/users.table.js';
import { courses } from '../courses/courses.table.js';
import { notificationPreferences, notifications } from './notifications.table.js';
import { notifyHomeworkDueSoon, sendDailyDigests } from './notifications.service.js';

// Issue 17 §1: the notification list, marking read, preferences, the handlers that make
// notifications from domain events, the "due in 24 h" job and the e-mail channel (instant and daily).
let t: TestApp;
type World = Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let w: World;
let cookies: Record<'student' | 'outsider' | 'instructor' | 'admin' | 'assistant', string>;
let student2: { id: number; userName: string };

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  student2 = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student });
  await t.factories.enrol(w.course.id, student2.id, 'student');
  cookies = {
    student: await t.factories.login(w.student.userName),
    outsider: await t.factories.login(w.outsider.userName),
    instructor: await t.factories.login(w.instructor.userName),
    admin: await t.factories.login(w.admin.userName),
    assistant: await t.factories.login(w.assistant.userName),
  };
}, 60_000);
afterAll(() => t.close());

const db = () => t.app.deps.db;
const as = (who: keyof typeof cookies) => ({ cookie: cookies[who] });
let seq = 0;

/** Inserts notifications for a user straight into the table (the list's fixtures). */
async function seed(userId: number, rows: { type?: string; kind?: string; isLocked?: boolean; read?: boolean }[]) {
  const made = await db()
    .insert(notifications)
    .values(
      rows.map((r) => ({
        userId,
        type: r.type ?? 'other',
        kind: r.kind ?? 'enrolment.created',
        payload: { title: `n${++seq}` },
        isLocked: r.isLocked ?? false,
        readAt: r.read ? new Date() : null,
        courseId: w.course.id,
      })),
    )
    .returning({ id: notifications.id });
  return made.map((m) => m.id);
}

async function list(who: keyof typeof cookies, query = ''): Promise<NotificationList> {
  const res = await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: as(who) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotificationList;
}

const rowsOf = (userIds: number[], kind?: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), kind ? eq(notifications.kind, kind) : undefined))
    .orderBy(notifications.id);

async function clear() {
  await db().delete(notifications);
  await db().delete(notificationPreferences);
  await db().delete(outboxEmails);
}

/** Emits an event through the real dispatcher (autocommit: handled before this answers); answers its id. */
async function fire(event: DomainEventInput): Promise<number> {
  await emit(t.app.deps, db(), event);
  const [row] = await db().select({ id: domainEvents.id }).from(domainEvents).where(eq(domainEvents.type, event.type)).orderBy(desc(domainEvents.id)).limit(1);
  return row!.id;
}

/** Runs the notifications handler on event `id` again, as a retry after a lost handling record would. */
async function handleAgain(id: number) {
  await db()
    .update(domainEventHandlings)
    .set({ doneAt: null })
    .where(and(eq(domainEventHandlings.eventId, id), eq(domainEventHandlings.handler, 'notifications.make')));
  await eventBusOf(t.app.deps).dispatch([id], { wait: true, announce: false });
  const [handling] = await db()
    .select()
    .from(domainEventHandlings)
    .where(and(eq(domainEventHandlings.eventId, id), eq(domainEventHandlings.handler, 'notifications.make')));
  expect(handling?.doneAt, handling?.lastError ?? '').not.toBeNull();
}

describe('access', () => {
  it('refuses the anonymous caller with 401 on every notifications route, the stream included', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['PUT', '/api/notifications/read'],
      ['GET', '/api/notifications/unread-count'],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
      ['GET', '/api/notifications/stream'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'PUT' ? { all: true } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('the list', () => {
  beforeEach(clear);

  it('pages the user’s own notifications newest first, with total, pages and the unread count of all of them', async () => {
    const ids = await seed(w.student.id, [{}, {}, { read: true }, {}, {}, {}, {}, {}, {}, {}, {}, {}]);
    await seed(w.outsider.id, [{}, {}]);
    const first = await list('student', '?page=1&page_size=10');
    expect(first.total).toBe(12);
    expect(first.pages).toBe(2);
    expect(first.page).toBe(1);
    expect(first.page_size).toBe(10);
    expect(first.unread_count).toBe(11);
    expect(first.items.map((n) => n.id)).toEqual([...ids].reverse().slice(0, 10));
    const second = await list('student', '?page=2&page_size=10');
    expect(second.items.map((n) => n.id)).toEqual([ids[1], ids[0]]);
    const item = first.items[0]!;
    expect(item).toMatchObject({
      type: 'other',
      kind: 'enrolment.created',
      is_locked: false,
      sender: null,
      url: '/user/index',
      read_at: null,
      course_id: w.course.id,
    });
    expect((await list('outsider')).total).toBe(2);
    expect((await list('student', '?page=3&page_size=10')).items).toEqual([]);
  });

  it('filters by a comma list of types and by unread; refuses an unknown type and page size with 400 naming the field', async () => {
    await seed(w.student.id, [
      { type: 'homework', kind: 'homework.assigned' },
      { type: 'exam', kind: 'exam.opened', read: true },
      { type: 'bulletin', kind: 'bulletin.published' },
      {},
    ]);
    expect((await list('student', '?type=homework,exam')).items.map((n) => n.type)).toEqual(['exam', 'homework']);
    expect((await list('student', '?unread=true')).total).toBe(3);
    expect((await list('student', '?unread=true&type=exam')).total).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/notifications?type=homework,nonsense', headers: as('student') });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('type');
    const size = await t.app.inject({ method: 'GET', url: '/api/notifications?page_size=7', headers: as('student') });
    expect(size.statusCode).toBe(400);
    expect(size.body).toContain('page_size');
  });
});

describe('marking read', () => {
  beforeEach(clear);

  it('marks the listed ids of the user (not locked ones, not other users’ ones), then all; answers updated and the unread count', async () => {
    const [a, b, locked] = await seed(w.student.id, [{}, {}, { isLocked: true }, {}]);
    const [theirs] = await seed(w.outsider.id, [{}]);
    const res = await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: as('student'), payload: { ids: [a, locked, theirs] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 1, unread_count: 3 });
    const [other] = await db().select().from(notifications).where(eq(notifications.id, theirs!));
    expect(other!.readAt).toBeNull();
    const count = await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: as('student') });
    expect(count.json()).toEqual({ unread_count: 3 });

    const all = await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: as('student'), payload: { all: true } });
    expect(all.json()).toEqual({ updated: 2, unread_count: 1 });
    const rows = await rowsOf([w.student.id]);
    expect(rows.filter((r) => r.readAt === null).map((r) => r.id)).toEqual([locked]);
    expect(rows.find((r) => r.id === b)!.readAt).not.toBeNull();
    expect((await rowsOf([w.outsider.id]))[0]!.readAt).toBeNull();
  });

  it('refuses a body with neither ids nor all, or an empty list, with 400 and changes nothing', async () => {
    await seed(w.student.id, [{}]);
    for (const payload of [{}, { ids: [] }, { all: false }, { ids: ['x'] }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: as('student'), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await rowsOf([w.student.id]))[0]!.readAt).toBeNull();
  });
});

describe('preferences', () => {
  beforeEach(clear);

  it('answers every kind with its defaults, keeps what the user sets, and refuses a kind twice or an unknown kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: as('student') });
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: { kind: string; in_app: boolean; email: string }[] }).items;
    expect(items.map((i) => i.kind)).toEqual(NOTIFICATION_KIND_NAMES);
    expect(items.every((i) => i.in_app && i.email === NOTIFICATION_KINDS[i.kind as keyof typeof NOTIFICATION_KINDS].email)).toBe(true);

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: as('student'),
      payload: { items: [{ kind: 'homework.graded', in_app: false, email: 'daily' }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = (put.json() as { items: { kind: string; in_app: boolean; email: string }[] }).items;
    expect(after.find((i) => i.kind === 'homework.graded')).toEqual({ kind: 'homework.graded', in_app: false, email: 'daily' });
    expect(after).toHaveLength(NOTIFICATION_KIND_NAMES.length);
    const other = await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: as('outsider') });
    expect((other.json() as { items: { kind: string; in_app: boolean }[] }).items.find((i) => i.kind === 'homework.graded')!.in_app).toBe(true);

    for (const payload of [
      {
        items: [
          { kind: 'homework.graded', in_app: true, email: 'off' },
          { kind: 'homework.graded', in_app: false, email: 'off' },
        ],
      },
      { items: [{ kind: 'nope', in_app: true, email: 'off' }] },
      { items: [{ kind: 'homework.graded', in_app: true, email: 'weekly' }] },
    ]) {
      const bad = await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: as('student'), payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const kept = await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: as('student') });
    expect((kept.json() as { items: { kind: string; email: string }[] }).items.find((i) => i.kind === 'homework.graded')!.email).toBe('daily');
  });
});

describe('notifications made by the handlers of domain events', () => {
  beforeEach(clear);

  it('invite.sent → the invitee only (course.invited, sender the inviter), once on a retry; no second e-mail beside the invitation', async () => {
    const id = await fire({
      type: 'invite.sent',
      payload: {
        invite_id: 7,
        course_id: w.course.id,
        course_title: w.course.name,
        role: 'student',
        inviter: { id: w.instructor.id, name: w.instructor.name },
        invitee: { id: w.outsider.id, name: w.outsider.name, email: 'outsider@example.test' },
      },
    });
    await handleAgain(id);
    const rows = await db().select().from(notifications);
    expect(rows.map((r) => [r.userId, r.kind, r.type, r.senderId, r.dedupeKey])).toEqual([
      [w.outsider.id, 'course.invited', 'other', w.instructor.id, `event:${id}`],
    ]);
    expect((await db().select().from(outboxEmails).where(like(outboxEmails.kind, 'notification:%'))).length).toBe(0);
    const [item] = (await list('outsider')).items;
    expect(item).toMatchObject({
      kind: 'course.invited',
      sender: { id: w.instructor.id, name: w.instructor.name },
      url: '/user/index',
      payload: { course_name: w.course.name },
    });
  });

  it('course.published (through the publish route) → the course’s students only, once', async () => {
    const [org] = await db().select().from(orgs).where(eq(orgs.id, w.org.id));
    await db()
      .update(orgs)
      .set({ settings: { ...org!.settings, courseNeedPublish: true } })
      .where(eq(orgs.id, w.org.id));
    const off = await t.app.inject({ method: 'PUT', url: `/api/courses/${w.course.id}/publish`, headers: as('instructor'), payload: { published: false } });
    expect(off.statusCode, off.body).toBe(200);
    const on = await t.app.inject({ method: 'PUT', url: `/api/courses/${w.course.id}/publish`, headers: as('instructor'), payload: { published: true } });
    expect(on.statusCode, on.body).toBe(200);
    const rows = await db().select().from(notifications);
    expect(rows.map((r) => r.userId).sort()).toEqual([w.student.id, student2.id].sort());
    expect(rows.every((r) => r.kind === 'course.published' && r.senderId === w.instructor.id)).toBe(true);
    const [event] = await db().select().from(domainEvents).where(eq(domainEvents.type, 'course.published')).orderBy(domainEvents.id);
    await handleAgain(event!.id);
    expect(await db().select().from(notifications)).toHaveLength(2);
  });

  it('enrolment.created → that user; not the creator of a course joining it by creating it', async () => {
    const id = await fire({ type: 'enrolment.created', payload: { course_id: w.course.id, user_id: w.outsider.id, role: 'student' } });
    await handleAgain(id);
    expect((await db().select().from(notifications)).map((r) => [r.userId, r.kind])).toEqual([[w.outsider.id, 'enrolment.created']]);
    const own = await t.factories.course({ orgId: w.org.id });
    await db().update(courses).set({ createdById: w.instructor.id }).where(eq(courses.id, own.id));
    await fire({ type: 'enrolment.created', payload: { course_id: own.id, user_id: w.instructor.id, role: 'instructor' } });
    await fire({ type: 'enrolment.created', payload: { course_id: own.id, user_id: w.assistant.id, role: 'instructor' } });
    expect(await rowsOf([w.instructor.id])).toEqual([]);
    expect((await rowsOf([w.assistant.id])).map((r) => [r.courseId, r.kind])).toEqual([[own.id, 'enrolment.created']]);
  });

  it('an activity published (through the route) → the course’s students, once per activity, with the type and kind of the activity', async () => {
    const cases = [
      { type: 'homework', kind: 'homework.assigned', data: { due_date: '2030-01-01T10:00:00.000Z' } },
      { type: 'exam', kind: 'exam.opened' },
      { type: 'online_video', kind: 'activity.published', data: { url: 'https://example.test/v.mp4' } },
      { type: 'questionnaire', kind: 'activity.published' },
    ] as const;
    for (const c of cases) {
      const activity = await createActivity(t.database, { courseId: w.course.id, type: c.type, isPublished: false, data: 'data' in c ? c.data : {} });
      const res = await t.app.inject({ method: 'PUT', url: `/api/activities/${activity.id}/publish`, headers: as('instructor'), payload: { published: true } });
      expect(res.statusCode, res.body).toBe(200);
      // A later change of the published activity makes nothing more.
      const again = await t.app.inject({ method: 'PUT', url: `/api/activities/${activity.id}`, headers: as('instructor'), payload: { title: 'Renamed' } });
      expect(again.statusCode, again.body).toBe(200);
      const rows = await db().select().from(notifications).where(eq(notifications.activityId, activity.id));
      expect(rows.map((r) => r.userId).sort(), c.type).toEqual([w.student.id, student2.id].sort());
      expect(
        rows.every((r) => r.kind === c.kind && r.type === c.type),
        c.type,
      ).toBe(true);
    }
    // A student who joins later is not told of an activity announced before, even when it changes again.
    const late = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student });
    await t.factories.enrol(w.course.id, late.id, 'student');
    const announced = (await db().select().from(notifications).where(eq(notifications.kind, 'exam.opened')))[0]!.activityId!;
    const edit = await t.app.inject({ method: 'PUT', url: `/api/activities/${announced}`, headers: as('instructor'), payload: { title: 'Again' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await rowsOf([late.id])).toEqual([]);
    await db().delete(enrolments).where(eq(enrolments.userId, late.id));
    const [homework] = (await list('student', '?type=homework')).items;
    expect(homework!.payload.at).toBe('2030-01-01T10:00:00.000Z');
    expect(homework!.url).toBe(`/course/${w.course.id}/learning-activity#/${homework!.activity_id}`);
    const [exam] = (await list('student', '?type=exam')).items;
    expect(exam!.url).toBe(`/course/${w.course.id}/learning-activity#/exam/${exam!.activity_id}`);
  });

  it('an unpublished activity, or one in an unpublished module, makes nothing', async () => {
    const hidden = await createActivity(t.database, { courseId: w.course.id, isPublished: false });
    await fire({ type: 'activity.changed', payload: { course_id: w.course.id, activity_id: hidden.id } });
    const inHidden = await createActivity(t.database, { courseId: w.course.id });
    await db().update(courseModules).set({ isPublished: false }).where(eq(courseModules.id, inHidden.moduleId));
    await fire({ type: 'activity.changed', payload: { course_id: w.course.id, activity_id: inHidden.id } });
    expect(await db().select().from(notifications)).toEqual([]);
  });

  it('homework.graded → its learners (no score in the notice); scores.published and exam.scores_published → their learners (score_publish → the score page)', async () => {
    const homework = await createActivity(t.database, { courseId: w.course.id, type: 'homework' });
    const graded = await fire({
      type: 'homework.graded',
      payload: { course_id: w.course.id, activity_id: homework.id, submission_id: 1, user_ids: [w.student.id], grader_id: w.instructor.id, score: 88 },
    });
    await handleAgain(graded);
    const g = await db().select().from(notifications);
    expect(g.map((r) => [r.userId, r.kind, r.type, r.payload.score])).toEqual([[w.student.id, 'homework.graded', 'homework', undefined]]);
    await clear();

    const exam = await createActivity(t.database, { courseId: w.course.id, type: 'exam' });
    const published = await fire({
      type: 'scores.published',
      payload: { course_id: w.course.id, activity_id: homework.id, actor_id: w.instructor.id, user_ids: [student2.id] },
    });
    await fire({
      type: 'exam.scores_published',
      payload: { course_id: w.course.id, activity_id: exam.id, actor_id: w.instructor.id, user_ids: [w.student.id, student2.id] },
    });
    await handleAgain(published);
    // One event's recipients are written in no particular order: compared by activity, then learner.
    const rows = await db().select().from(notifications).orderBy(notifications.activityId, notifications.userId);
    expect(rows.map((r) => [r.userId, r.activityId, r.kind, r.type])).toEqual(
      [
        [student2.id, homework.id, 'scores.published', 'score_publish'],
        [w.student.id, exam.id, 'scores.published', 'score_publish'],
        [student2.id, exam.id, 'scores.published', 'score_publish'],
      ].sort((a, b) => Number(a[1]) - Number(b[1]) || Number(a[0]) - Number(b[0])),
    );
    expect((await list('student')).items[0]!.url).toBe(`/course/${w.course.id}/score`);
  });

  it('bulletin.published → an org bulletin’s organisation or a course bulletin’s members, the author excepted, once', async () => {
    const [org] = await db()
      .insert(bulletins)
      .values({ orgId: w.org.id, type: 'org', title: 'Holidays', content: '<p>Closed <b>Friday</b> &amp; Monday</p>', authorId: w.admin.id })
      .returning();
    const id = await fire({
      type: 'bulletin.published',
      payload: { bulletin_id: org!.id, type: 'org', org_id: w.org.id, course_id: null, actor_id: w.admin.id, title: 'Holidays', show_on_popup: true },
    });
    await handleAgain(id);
    const everyone = await db().select({ id: users.id }).from(users).where(eq(users.orgId, w.org.id));
    const rows = await db().select().from(notifications);
    expect(rows.map((r) => r.userId).sort()).toEqual(
      everyone
        .map((u) => u.id)
        .filter((u) => u !== w.admin.id)
        .sort(),
    );
    expect(rows[0]).toMatchObject({ kind: 'bulletin.published', type: 'bulletin', bulletinId: org!.id, senderId: w.admin.id });
    expect(rows[0]!.payload).toEqual({ title: 'Holidays', bulletin_type: 'org', text: 'Closed Friday & Monday' });
    const [item] = (await list('outsider')).items;
    expect(item!.url).toBe(`/bulletin-list/?type=org&bulletin_id=${org!.id}`);
    await clear();

    const [course] = await db()
      .insert(bulletins)
      .values({ orgId: w.org.id, courseId: w.course.id, type: 'course', title: 'Week 2', content: '<p>Read chapter 2</p>', authorId: w.instructor.id })
      .returning();
    await fire({
      type: 'bulletin.published',
      payload: {
        bulletin_id: course!.id,
        type: 'course',
        org_id: w.org.id,
        course_id: w.course.id,
        actor_id: w.instructor.id,
        title: 'Week 2',
        show_on_popup: false,
      },
    });
    const members = await db().select().from(notifications);
    expect(members.map((r) => r.userId).sort()).toEqual([w.assistant.id, w.student.id, student2.id].sort());
    expect(members[0]!.payload).toMatchObject({ bulletin_type: 'course', course_name: w.course.name });
  });

  it('reading a bulletin (one, or all of a list) reads its notice: the unread count falls, other notices stay unread', async () => {
    await clear();
    const post = async (title: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bulletins',
        headers: as('admin'),
        payload: { type: 'org', title, content: `<p>${title}</p>`, show_on_popup: true },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const first = await post('Library closed');
    const second = await post('Exam week');
    const [other] = await seed(w.student.id, [{ kind: 'enrolment.created' }]);
    expect((await list('student')).unread_count).toBe(3);
    const read = async (url: string, payload?: object) => {
      const res = await t.app.inject({ method: 'PUT', url, headers: as('student'), ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBe(200);
    };

    await read(`/api/bulletins/${first}/read`);
    let mine = await list('student');
    expect(mine.unread_count).toBe(2);
    expect(mine.items.find((n) => n.bulletin_id === first)!.read_at).not.toBeNull();
    expect(mine.items.find((n) => n.bulletin_id === second)!.read_at).toBeNull();
    // Another reader's notices are theirs.
    expect((await list('instructor')).unread_count).toBe(2);

    await read('/api/bulletins/read', { type: 'org' });
    mine = await list('student');
    expect(mine.unread_count).toBe(1);
    expect(mine.items.filter((n) => n.read_at === null).map((n) => n.id)).toEqual([other]);
  });

  it('honours the in-app preference (off → no notice) and sends an instant e-mail to users with an address; daily and off ones wait or send nothing', async () => {
    await db().update(users).set({ email: 'student@example.test' }).where(eq(users.id, w.student.id));
    await db().update(users).set({ email: 'student2@example.test' }).where(eq(users.id, student2.id));
    const homework = await createActivity(t.database, { courseId: w.course.id, type: 'homework' });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: await t.factories.login(student2.userName) },
      payload: { items: [{ kind: 'homework.graded', in_app: false, email: 'instant' }] },
    });
    expect(off.statusCode).toBe(200);
    await fire({
      type: 'homework.graded',
      payload: {
        course_id: w.course.id,
        activity_id: homework.id,
        submission_id: 1,
        user_ids: [w.student.id, student2.id],
        grader_id: w.instructor.id,
        score: 70,
      },
    });
    const rows = await db().select().from(notifications);
    expect(rows.map((r) => r.userId)).toEqual([w.student.id]);
    expect(rows[0]!.emailedAt).not.toBeNull();
    const mails = await db().select().from(outboxEmails);
    expect(mails.map((m) => [m.to, m.kind, m.subject])).toEqual([
      ['student@example.test', 'notification:homework.graded', 'Your homework was graded: Activity'],
    ]);
    expect(mails[0]!.text).toContain(`/course/${w.course.id}/learning-activity#/${homework.id}`);

    // homework.assigned defaults to the daily digest: no e-mail at once.
    await clear();
    const daily = await createActivity(t.database, { courseId: w.course.id, type: 'homework', isPublished: false });
    await t.app.inject({ method: 'PUT', url: `/api/activities/${daily.id}/publish`, headers: as('instructor'), payload: { published: true } });
    expect(await db().select().from(notifications)).toHaveLength(2);
    expect(await db().select().from(outboxEmails)).toEqual([]);
  });
});

describe('scheduled jobs', () => {
  beforeEach(clear);

  it('homework due within 24 h: every student with nothing handed in (alone or by their group), once per homework', async () => {
    const now = new Date('2031-03-01T08:00:00Z');
    const soon = await createActivity(t.database, { courseId: w.course.id, type: 'homework', data: { due_date: '2031-03-02T07:00:00.000Z' } });
    const later = await createActivity(t.database, { courseId: w.course.id, type: 'homework', data: { due_date: '2031-03-03T09:00:00.000Z' } });
    const group = await createActivity(t.database, {
      courseId: w.course.id,
      type: 'homework',
      data: { due_date: '2031-03-01T20:00:00.000Z', group_mode: true },
    });
    await db().insert(homeworkSubmissions).values({ activityId: soon.id, courseId: w.course.id, userId: w.student.id, status: 'submitted', submittedAt: now });
    const [g] = await db().insert(courseGroups).values({ courseId: w.course.id, name: 'G1' }).returning();
    await db()
      .insert(courseGroupMembers)
      .values([{ groupId: g!.id, userId: w.student.id }]);
    await db()
      .insert(homeworkSubmissions)
      .values({ activityId: group.id, courseId: w.course.id, userId: w.student.id, groupId: g!.id, status: 'submitted', submittedAt: now });
    await db().update(users).set({ email: 'student2@example.test' }).where(eq(users.id, student2.id));

    expect(await notifyHomeworkDueSoon(t.app.deps, now)).toBe(2);
    expect(await notifyHomeworkDueSoon(t.app.deps, new Date(now.getTime() + 10 * 60_000))).toBe(0);
    const rows = await db().select().from(notifications).orderBy(notifications.activityId);
    expect(rows.map((r) => [r.userId, r.activityId, r.kind, r.type])).toEqual([
      [student2.id, soon.id, 'homework.due_soon', 'homework'],
      [student2.id, group.id, 'homework.due_soon', 'homework'],
    ]);
    expect(rows.find((r) => r.activityId === soon.id)!.payload).toMatchObject({ at: '2031-03-02T07:00:00.000Z', title: 'Activity' });
    expect(rows.some((r) => r.activityId === later.id)).toBe(false);
    // homework.due_soon is instant by default: one e-mail each.
    expect((await db().select().from(outboxEmails)).map((m) => [m.to, m.kind])).toEqual([
      ['student2@example.test', 'notification:homework.due_soon'],
      ['student2@example.test', 'notification:homework.due_soon'],
    ]);
  });

  it('the daily digest: one e-mail per user with an address listing their unread daily-kind notices, each notice considered once', async () => {
    await db().update(users).set({ email: 'student@example.test' }).where(eq(users.id, w.student.id));
    await db().update(users).set({ email: null }).where(eq(users.id, student2.id));
    await seed(w.student.id, [
      { type: 'bulletin', kind: 'bulletin.published' },
      { type: 'homework', kind: 'homework.assigned' },
      { type: 'exam', kind: 'exam.opened', read: true },
      { kind: 'course.published' },
    ]);
    await seed(student2.id, [{ type: 'bulletin', kind: 'bulletin.published' }]);
    await db().insert(notificationPreferences).values({ userId: w.student.id, kind: 'course.published', inApp: true, email: 'daily' });
    expect(await sendDailyDigests(t.app.deps)).toBe(1);
    const [mail] = await db().select().from(outboxEmails);
    expect(mail).toMatchObject({ to: 'student@example.test', kind: 'notification:digest', subject: 'Your Atrium digest: 3 new notifications' });
    expect(mail!.text).toContain('Bulletin: n');
    const claimed = await rowsOf([w.student.id, student2.id]);
    expect(claimed.every((r) => r.emailedAt !== null)).toBe(true);
    expect(await sendDailyDigests(t.app.deps)).toBe(0);
  });
});
