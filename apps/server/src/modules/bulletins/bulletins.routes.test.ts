import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE, type Bulletin, type BulletinList } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { waitForProcessed } from '../../../test/uploads-client.js';
import { countStatements } from '../../../test/helpers/count-statements.js';
import { buildApp } from '../../app.js';
import { openPostgres, type Database } from '../../db/client.js';
import { createObjectStore } from '../../storage/create-store.js';
import { domainEvents } from '../events/events.table.js';
import { defineHandler, eventBusOf, type DomainEvent } from '../events/events.service.js';
import { bulletinReads, bulletins } from './bulletins.table.js';
import { announceDueBulletins } from './bulletins.service.js';

/**
 * Issue 17 §3, the API the checks use: org admins post organisation bulletins and the course team
 * course bulletins; every user of the organisation reads the organisation's, the course's members
 * the course's, nobody else (another organisation's admin never sees them); unread and popup
 * filters with page size 100, read marks, pinned order, sanitised content, attachments through the
 * bulletin's policy; `bulletin.published` once per bulletin, at once or by the scheduled job (two
 * instances at the same time still announce once).
 */

let t: TestApp;
type Json = Record<string, unknown>;
const HOUR = 3600 * 1000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function makeWorld() {
  const world = await t.factories.courseWorld();
  const wgAdmin = await t.factories.user({ orgId: world.org.id, role: USER_ROLE.wgAdmin });
  const instructor2 = await t.factories.user({ orgId: world.org.id, role: USER_ROLE.instructor });
  const course2 = await t.factories.course({ orgId: world.org.id, instructorId: instructor2.id });
  const orgB = await t.factories.org();
  const adminB = await t.factories.user({ orgId: orgB.id, role: USER_ROLE.admin });
  const studentB = await t.factories.user({ orgId: orgB.id, role: USER_ROLE.student });
  const cookies = {
    admin: await t.factories.login(world.admin.userName),
    wgAdmin: await t.factories.login(wgAdmin.userName),
    instructor: await t.factories.login(world.instructor.userName),
    assistant: await t.factories.login(world.assistant.userName),
    student: await t.factories.login(world.student.userName),
    /** A student of the organisation outside the course. */
    outsider: await t.factories.login(world.outsider.userName),
    instructor2: await t.factories.login(instructor2.userName),
    adminB: await t.factories.login(adminB.userName),
    studentB: await t.factories.login(studentB.userName),
  };
  type Who = keyof typeof cookies;
  const call = async (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });
  /** Posts a bulletin as `who` and answers it (expecting 201). */
  const post = async (who: Who, body: Json): Promise<Bulletin> => {
    const res = await call(who, 'POST', '/api/bulletins', { content: '<p>Hello</p>', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Bulletin;
  };
  const list = async (who: Who, query: string): Promise<BulletinList> => {
    const res = await call(who, 'GET', `/api/bulletins?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BulletinList;
  };
  /** A personal upload (parent `user`) of `who`, processed. */
  const personalFile = async (who: Who, name = 'notice.txt') => {
    const bytes = Buffer.from(`attachment ${Math.random()}\n`);
    const created = await call(who, 'POST', '/api/uploads', { name, size: bytes.length, parent_type: 'user' });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await t.app.inject({
      method: 'PUT',
      url: created.json().upload_url,
      headers: { cookie: cookies[who], 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return (await waitForProcessed(t, cookies[who], created.json().id)).id;
  };
  return { ...world, wgAdmin, instructor2, course2, orgB, adminB, studentB, cookies, call, post, list, personalFile };
}
type World = Awaited<ReturnType<typeof makeWorld>>;

/**
 * Runs `body` while recording the `bulletin.published` events this instance dispatches that were
 * emitted after it started (a new handler is also offered older events — the sweeper's, or another
 * instance's announced late on PostgreSQL —, which are not this body's).
 */
async function recording(body: (seen: DomainEvent<'bulletin.published'>[]) => Promise<void>): Promise<void> {
  const seen: DomainEvent<'bulletin.published'>[] = [];
  const [last] = await t.database.db.select({ id: sql<number>`coalesce(max(${domainEvents.id}), 0)::int` }).from(domainEvents);
  const off = eventBusOf(t.app.deps).on(
    defineHandler({
      name: `test.bulletins.${Math.random()}`,
      types: ['bulletin.published'],
      handle: async (event) => {
        if (event.id > last!.id) seen.push(event as DomainEvent<'bulletin.published'>);
      },
    }),
  );
  try {
    await body(seen);
  } finally {
    off();
  }
}

/** How many `bulletin.published` events the outbox holds for one bulletin. */
async function storedEvents(bulletinId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(domainEvents)
    .where(and(eq(domainEvents.type, 'bulletin.published'), sql`(${domainEvents.payload}->>'bulletin_id')::int = ${bulletinId}`));
  return row?.n ?? 0;
}

const countBulletins = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(bulletins))[0]!.n;

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(async () => t?.close());

describe('posting', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });

  it('lets org admins (admin and wg admin) post organisation bulletins and the course team course bulletins, and refuses everyone else with nothing written', async () => {
    const byAdmin = await w.post('admin', { type: 'org', title: 'Campus closed on Friday', show_on_popup: true });
    expect(byAdmin).toMatchObject({
      type: 'org',
      org_id: w.org.id,
      course_id: null,
      course_name: null,
      title: 'Campus closed on Friday',
      show_on_popup: true,
      is_pinned: false,
      is_published: true,
      // Its author has read it; nobody else has.
      is_read: true,
      author: { id: w.admin.id, name: w.admin.name },
      attachments: [],
    });
    expect((await w.call('student', 'GET', `/api/bulletins/${byAdmin.id}`)).json()).toMatchObject({ is_read: false });
    expect((await w.list('admin', 'type=org&unread=true')).items).toEqual([]);
    await w.post('wgAdmin', { type: 'org', title: 'From the working group' });
    const byInstructor = await w.post('instructor', { type: 'course', course_id: w.course.id, title: 'Exam room changed' });
    expect(byInstructor).toMatchObject({ type: 'course', course_id: w.course.id, course_name: w.course.name, author: { id: w.instructor.id } });
    await w.post('assistant', { type: 'course', course_id: w.course.id, title: 'Office hours' });
    await w.post('admin', { type: 'course', course_id: w.course.id, title: 'From the organisation' });

    const before = await countBulletins();
    const refusals: [keyof World['cookies'], Json, number][] = [
      ['student', { type: 'org', title: 'Hi all' }, 403],
      ['instructor', { type: 'org', title: 'Hi all' }, 403],
      ['student', { type: 'course', course_id: w.course.id, title: 'Hi class' }, 403],
      ['outsider', { type: 'course', course_id: w.course.id, title: 'Hi class' }, 403],
      // Another course's instructor, another organisation's admin.
      ['instructor2', { type: 'course', course_id: w.course.id, title: 'Hi class' }, 403],
      ['adminB', { type: 'course', course_id: w.course.id, title: 'Hi class' }, 403],
    ];
    for (const [who, body, status] of refusals) {
      const res = await w.call(who, 'POST', '/api/bulletins', { content: '<p>x</p>', ...body });
      expect(res.statusCode, `${who} ${res.body}`).toBe(status);
    }
    expect(await countBulletins()).toBe(before);
  });

  it('refuses bad input with a 400 (or the missing course’s 404) naming the field, and writes nothing', async () => {
    const before = await countBulletins();
    const cases: [Json, number, string][] = [
      [{ type: 'org', title: '' }, 400, 'title'],
      [{ type: 'org', title: '   ' }, 400, 'title'],
      [{ type: 'org', title: 'x'.repeat(201) }, 400, 'title'],
      [{ type: 'course', title: 'No course' }, 400, 'course_id'],
      [{ type: 'org', course_id: w.course.id, title: 'Both' }, 400, 'course_id'],
      [{ type: 'course', course_id: 99_999_999, title: 'Nowhere' }, 404, 'course_id'],
      [{ type: 'course', course_id: -3, title: 'Negative' }, 400, 'course_id'],
      [{ type: 'news', title: 'What type' }, 400, 'type'],
      [{ type: 'org', title: 'Later', publish_at: 'tomorrow' }, 400, 'publish_at'],
      [{ type: 'org', title: 'Files', upload_ids: [99_999_999] }, 400, 'upload_ids'],
      [{ type: 'org', title: 'Files', upload_ids: ['a'] }, 400, 'upload_ids.0'],
    ];
    for (const [body, status, field] of cases) {
      const res = await w.call('admin', 'POST', '/api/bulletins', { content: '<p>x</p>', ...body });
      expect(res.statusCode, res.body).toBe(status);
      expect(Object.keys((res.json() as { errors?: Json }).errors ?? {}), res.body).toContain(field);
    }
    expect(await countBulletins()).toBe(before);
    // 'x' × 200 is the limit, and it fits.
    await w.post('admin', { type: 'org', title: 'x'.repeat(200) });
  });

  it('sanitises the content: a script, event handlers and javascript: links are gone, the rich text stays', async () => {
    const created = await w.post('admin', {
      type: 'org',
      title: 'Rich',
      content:
        '<p onclick="steal()"><b>Bold</b> and <a href="javascript:alert(1)">a link</a><script>alert(document.cookie)</script></p><img src="x" onerror="boom()">',
    });
    expect(created.content).toContain('<b>Bold</b>');
    for (const bad of ['script', 'alert', 'onclick', 'onerror', 'javascript:', 'steal']) expect(created.content).not.toContain(bad);
    const edited = await w.call('admin', 'PUT', `/api/bulletins/${created.id}`, { type: 'org', title: 'Rich', content: '<p>Now</p><script>x()</script>' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as Bulletin).content).toBe('<p>Now</p>');
    const stored = await t.database.db.select({ content: bulletins.content }).from(bulletins).where(eq(bulletins.id, created.id));
    expect(stored[0]!.content).toBe('<p>Now</p>');
  });
});

describe('reading', () => {
  let w: World;
  let org: Bulletin;
  let course: Bulletin;
  let course2: Bulletin;
  beforeAll(async () => {
    w = await makeWorld();
    org = await w.post('admin', { type: 'org', title: 'For everyone' });
    course = await w.post('instructor', { type: 'course', course_id: w.course.id, title: 'For the class' });
    course2 = await w.post('instructor2', { type: 'course', course_id: w.course2.id, title: 'For the other class' });
  });

  it('shows the organisation’s bulletins to every user of the organisation and never to another organisation', async () => {
    for (const who of ['student', 'outsider', 'instructor', 'assistant', 'instructor2', 'admin'] as const) {
      expect(
        (await w.list(who, 'type=org')).items.map((b) => b.id),
        who,
      ).toEqual([org.id]);
      expect((await w.call(who, 'GET', `/api/bulletins/${org.id}`)).statusCode, who).toBe(200);
    }
    for (const who of ['adminB', 'studentB'] as const) {
      expect(await w.list(who, 'type=org'), who).toMatchObject({ items: [], total: 0, unread_count: 0 });
      expect(await w.list(who, 'type=course'), who).toMatchObject({ items: [], total: 0 });
      for (const id of [org.id, course.id]) {
        const res = await w.call(who, 'GET', `/api/bulletins/${id}`);
        expect(res.statusCode, `${who} ${res.body}`).toBe(404);
        expect(res.body).not.toContain('For ');
      }
      expect((await w.call(who, 'GET', `/api/bulletins?type=course&course_id=${w.course.id}`)).statusCode).toBe(403);
    }
  });

  it('shows a course’s bulletins to its members only; type=course alone lists every course of mine', async () => {
    for (const who of ['student', 'assistant', 'instructor', 'admin'] as const) {
      expect((await w.call(who, 'GET', `/api/bulletins/${course.id}`)).statusCode, who).toBe(200);
      expect(
        (await w.list(who, `type=course&course_id=${w.course.id}`)).items.map((b) => b.id),
        who,
      ).toEqual([course.id]);
    }
    for (const who of ['outsider', 'instructor2'] as const) {
      expect((await w.call(who, 'GET', `/api/bulletins/${course.id}`)).statusCode, who).toBe(404);
      expect((await w.call(who, 'GET', `/api/bulletins?type=course&course_id=${w.course.id}`)).statusCode, who).toBe(403);
    }
    expect((await w.list('student', 'type=course')).items.map((b) => b.id)).toEqual([course.id]);
    expect((await w.list('instructor2', 'type=course')).items.map((b) => b.id)).toEqual([course2.id]);
    expect((await w.list('outsider', 'type=course')).items).toEqual([]);
    await t.factories.enrol(w.course2.id, w.student.id, 'student');
    expect((await w.list('student', 'type=course')).items.map((b) => b.id)).toEqual([course2.id, course.id]);
    // An org admin in no course lists none with type=course alone, but reads any course's by id.
    expect((await w.list('admin', 'type=course')).items).toEqual([]);
    expect((await w.list('admin', `type=course&course_id=${w.course2.id}`)).items.map((b) => b.id)).toEqual([course2.id]);
    // The list's query is checked too.
    const bad = await w.call('student', 'GET', `/api/bulletins?type=org&course_id=${w.course.id}`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain('course_id');
    const badSize = await w.call('student', 'GET', '/api/bulletins?type=org&page_size=7');
    expect(badSize.statusCode).toBe(400);
    expect(Object.keys(badSize.json().errors)).toContain('page_size');
    expect((await w.call('student', 'GET', '/api/bulletins?type=course&course_id=99999999')).statusCode).toBe(404);
  });

  it('lets only managers edit and delete: readers 403, everyone else 404; type and course cannot change', async () => {
    const body = (b: Bulletin, title: string) => ({ type: b.type, course_id: b.course_id, title, content: '<p>changed</p>' });
    for (const [who, status] of [
      ['student', 403],
      ['instructor', 403],
      ['adminB', 404],
    ] as const) {
      expect((await w.call(who, 'PUT', `/api/bulletins/${org.id}`, body(org, 'Mine now'))).statusCode, who).toBe(status);
      expect((await w.call(who, 'DELETE', `/api/bulletins/${org.id}`)).statusCode, who).toBe(status);
    }
    for (const [who, status] of [
      ['student', 403],
      ['outsider', 404],
      ['instructor2', 404],
      ['adminB', 404],
    ] as const) {
      expect((await w.call(who, 'PUT', `/api/bulletins/${course.id}`, body(course, 'Mine now'))).statusCode, who).toBe(status);
      expect((await w.call(who, 'DELETE', `/api/bulletins/${course.id}`)).statusCode, who).toBe(status);
    }
    expect((await w.call('student', 'GET', `/api/bulletins/${org.id}`)).json()).toMatchObject({ title: 'For everyone' });

    const edited = await w.call('wgAdmin', 'PUT', `/api/bulletins/${org.id}`, { ...body(org, 'For everyone, edited'), is_pinned: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'For everyone, edited', is_pinned: true, publish_at: org.publish_at });
    expect((await w.call('assistant', 'PUT', `/api/bulletins/${course.id}`, body(course, 'Edited by the assistant'))).statusCode).toBe(200);
    const moved = await w.call('instructor', 'PUT', `/api/bulletins/${course.id}`, { ...body(course, 'x'), course_id: w.course2.id });
    expect(moved.statusCode).toBe(400);
    expect(Object.keys(moved.json().errors)).toEqual(['course_id']);
    const retyped = await w.call('admin', 'PUT', `/api/bulletins/${course.id}`, { type: 'org', title: 'x', content: '' });
    expect(retyped.statusCode).toBe(400);
    expect(Object.keys(retyped.json().errors)).toEqual(['type']);
    expect((await w.call('student', 'GET', `/api/bulletins/${course.id}`)).json()).toMatchObject({ title: 'Edited by the assistant', course_id: w.course.id });

    const doomed = await w.post('instructor', { type: 'course', course_id: w.course.id, title: 'Short-lived' });
    expect((await w.call('student', 'PUT', `/api/bulletins/${doomed.id}/read`)).statusCode).toBe(200);
    expect((await w.call('instructor', 'DELETE', `/api/bulletins/${doomed.id}`)).statusCode).toBe(204);
    for (const who of ['student', 'instructor'] as const) expect((await w.call(who, 'GET', `/api/bulletins/${doomed.id}`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(bulletinReads).where(eq(bulletinReads.bulletinId, doomed.id))).toEqual([]);
    expect((await w.call('instructor', 'DELETE', `/api/bulletins/${doomed.id}`)).statusCode).toBe(404);
  });
});

describe('unread, popup, order', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });

  it('filters unread popup bulletins with page size 100, marks one and all read (idempotent) and counts what is unread', async () => {
    const popup1 = await w.post('admin', { type: 'org', title: 'Popup 1', show_on_popup: true });
    const plain = await w.post('admin', { type: 'org', title: 'Plain' });
    const popup2 = await w.post('admin', { type: 'org', title: 'Popup 2', show_on_popup: true });
    // 100 more popup bulletins published an hour ago, so the popup's page of 100 is full.
    await t.database.db.insert(bulletins).values(
      Array.from({ length: 100 }, (_, i) => ({
        orgId: w.org.id,
        type: 'org',
        title: `Old popup ${i}`,
        content: '',
        showOnPopup: true,
        publishAt: new Date(Date.now() - HOUR - i * 1000),
        announcedAt: new Date(),
        authorId: w.admin.id,
      })),
    );
    const popupQuery = 'type=org&unread=true&show_on_popup=true&page_size=100';
    const first = await w.list('student', popupQuery);
    expect(first).toMatchObject({ total: 102, page: 1, page_size: 100, pages: 2, unread_count: 103 });
    expect(first.items).toHaveLength(100);
    expect(first.items.slice(0, 2).map((b) => b.id)).toEqual([popup2.id, popup1.id]);
    expect(first.items.every((b) => b.show_on_popup && !b.is_read)).toBe(true);
    expect((await w.list('student', `${popupQuery}&page=2`)).items).toHaveLength(2);
    // Query budget (decision 0083) of the popup's call after every sign-in: the session, then the page, the unread count and the attachments.
    const budget = await countStatements(t, () => w.call('student', 'GET', `/api/bulletins?${popupQuery}`));
    expect(budget.statements, budget.sql.join('\n')).toBeLessThanOrEqual(4);
    expect((await w.list('student', 'type=org&show_on_popup=false')).items.map((b) => b.id)).toEqual([plain.id]);

    const read = await w.call('student', 'PUT', `/api/bulletins/${popup2.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: popup2.id, is_read: true });
    expect((await w.call('student', 'PUT', `/api/bulletins/${popup2.id}/read`)).statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(bulletinReads)
        .where(and(eq(bulletinReads.bulletinId, popup2.id), eq(bulletinReads.userId, w.student.id))),
    ).toHaveLength(1);
    const after = await w.list('student', popupQuery);
    expect(after).toMatchObject({ total: 101, unread_count: 102 });
    expect(after.items[0]!.id).toBe(popup1.id);
    expect((await w.list('student', 'type=org&unread=false')).items.map((b) => b.id)).toEqual([popup2.id]);
    // Someone else's read marks are their own.
    expect((await w.list('outsider', popupQuery)).total).toBe(102);
    expect((await w.call('adminB', 'PUT', `/api/bulletins/${popup1.id}/read`)).statusCode).toBe(404);

    const all = await w.call('student', 'PUT', '/api/bulletins/read', { type: 'org' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ marked: 102, unread_count: 0 });
    expect(await w.list('student', popupQuery)).toMatchObject({ items: [], total: 0, unread_count: 0 });
    expect((await w.call('student', 'PUT', '/api/bulletins/read', { type: 'org' })).json()).toEqual({ marked: 0, unread_count: 0 });
    expect((await w.list('outsider', 'type=org')).unread_count).toBe(103);
    // Course scopes: one course, or every course of mine.
    const c = await w.post('instructor', { type: 'course', course_id: w.course.id, title: 'Course news' });
    expect((await w.list('student', 'type=course&unread=true')).items.map((b) => b.id)).toEqual([c.id]);
    expect((await w.call('student', 'PUT', '/api/bulletins/read', { type: 'course', course_id: w.course.id })).json()).toEqual({ marked: 1, unread_count: 0 });
    expect((await w.call('outsider', 'PUT', '/api/bulletins/read', { type: 'course', course_id: w.course.id })).statusCode).toBe(403);
    const bad = await w.call('student', 'PUT', '/api/bulletins/read', { type: 'org', course_id: w.course.id });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['course_id']);
  });

  it('lists pinned bulletins first, then the newest publish time; keyword finds title or text', async () => {
    const w2 = await makeWorld();
    const old = await w2.post('admin', { type: 'org', title: 'Old news', publish_at: iso(-3 * HOUR) });
    const pinned = await w2.post('admin', {
      type: 'org',
      title: 'Pinned rules',
      is_pinned: true,
      publish_at: iso(-5 * HOUR),
      content: '<p>Read the handbook</p>',
    });
    const fresh = await w2.post('admin', { type: 'org', title: 'Fresh news', publish_at: iso(-1 * HOUR) });
    const newest = await w2.post('admin', { type: 'org', title: '100% new_thing' });
    expect((await w2.list('student', 'type=org')).items.map((b) => b.id)).toEqual([pinned.id, newest.id, fresh.id, old.id]);
    expect((await w2.list('student', 'type=org&keyword=NEWS')).items.map((b) => b.id)).toEqual([fresh.id, old.id]);
    expect((await w2.list('student', 'type=org&keyword=handbook')).items.map((b) => b.id)).toEqual([pinned.id]);
    expect((await w2.list('student', 'type=org&keyword=100%25')).items.map((b) => b.id)).toEqual([newest.id]);
    expect((await w2.list('student', 'type=org&keyword=ne_')).items).toEqual([]);
    const paged = await w2.list('student', 'type=org&page=2&page_size=10');
    expect(paged).toMatchObject({ items: [], total: 4, pages: 1 });
  });
});

describe('attachments', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });

  it('takes over the author’s own uploads; the bulletin’s audience reads them, outsiders do not', async () => {
    const orgFile = await w.personalFile('admin', 'timetable.txt');
    const orgB = await w.post('admin', { type: 'org', title: 'With a file', upload_ids: [orgFile] });
    expect(orgB.attachments).toEqual([expect.objectContaining({ id: orgFile, name: 'timetable.txt', type: expect.any(String), size: expect.any(Number) })]);
    for (const who of ['student', 'outsider', 'instructor2'] as const) {
      expect((await w.call(who, 'GET', `/api/uploads/${orgFile}`)).statusCode, who).toBe(200);
      expect((await w.call(who, 'GET', `/api/uploads/${orgFile}/blob`)).statusCode, who).toBe(200);
    }
    expect((await w.call('adminB', 'GET', `/api/uploads/${orgFile}`)).statusCode).toBe(404);
    expect((await w.call('adminB', 'GET', `/api/uploads/${orgFile}/blob`)).statusCode).toBe(404);
    // A reader cannot delete it; its manager can (the upload policy asks the bulletin's).
    expect([403, 404]).toContain((await w.call('student', 'DELETE', `/api/uploads/${orgFile}`)).statusCode);

    const courseFile = await w.personalFile('instructor', 'slides.txt');
    const courseB = await w.post('instructor', { type: 'course', course_id: w.course.id, title: 'Slides', upload_ids: [courseFile] });
    for (const who of ['student', 'assistant', 'admin'] as const)
      expect((await w.call(who, 'GET', `/api/uploads/${courseFile}/blob`)).statusCode, who).toBe(200);
    for (const who of ['outsider', 'instructor2'] as const)
      expect([403, 404], who).toContain((await w.call(who, 'GET', `/api/uploads/${courseFile}/blob`)).statusCode);
    expect((await w.call('adminB', 'GET', `/api/uploads/${courseFile}/blob`)).statusCode).toBe(404);

    // Someone else's file, or a file another bulletin holds, is refused with nothing written.
    const before = await countBulletins();
    const theirs = await w.personalFile('assistant');
    for (const ids of [[theirs], [orgFile], [courseFile, courseFile]]) {
      const res = await w.call('instructor', 'POST', '/api/bulletins', {
        type: 'course',
        course_id: w.course.id,
        title: 'Steal',
        content: '',
        upload_ids: ids,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['upload_ids']);
    }
    expect(await countBulletins()).toBe(before);
    expect((await w.call('assistant', 'GET', `/api/uploads/${theirs}`)).json()).toMatchObject({ id: theirs });

    // Editing without the file gives it back to its owner; deleting the bulletin deletes its files.
    const second = await w.personalFile('instructor', 'second.txt');
    const edited = await w.call('assistant', 'PUT', `/api/bulletins/${courseB.id}`, {
      type: 'course',
      course_id: w.course.id,
      title: 'Slides',
      content: '',
      upload_ids: [second],
    });
    expect(edited.statusCode, edited.body).toBe(400); // the assistant did not upload `second`
    const kept = await w.call('instructor', 'PUT', `/api/bulletins/${courseB.id}`, {
      type: 'course',
      course_id: w.course.id,
      title: 'Slides',
      content: '',
      upload_ids: [second],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json() as Bulletin).attachments.map((a) => a.id)).toEqual([second]);
    expect((await w.call('student', 'GET', `/api/uploads/${courseFile}`)).statusCode).toBe(403);
    expect((await w.call('instructor', 'GET', `/api/uploads/${courseFile}`)).statusCode).toBe(200);
    expect((await w.call('student', 'GET', `/api/uploads/${second}`)).statusCode).toBe(200);
    expect((await w.call('instructor', 'DELETE', `/api/bulletins/${courseB.id}`)).statusCode).toBe(204);
    expect((await w.call('instructor', 'GET', `/api/uploads/${second}`)).statusCode).toBe(404);
  });

  it('keeps a scheduled bulletin’s files from its readers until it is published', async () => {
    const file = await w.personalFile('admin', 'later.txt');
    const later = await w.post('admin', { type: 'org', title: 'Later', publish_at: iso(HOUR), upload_ids: [file] });
    expect((await w.call('admin', 'GET', `/api/uploads/${file}/blob`)).statusCode).toBe(200);
    expect((await w.call('student', 'GET', `/api/uploads/${file}/blob`)).statusCode).toBe(404);
    await t.database.db
      .update(bulletins)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(bulletins.id, later.id));
    expect((await w.call('student', 'GET', `/api/uploads/${file}/blob`)).statusCode).toBe(200);
  });
});

describe('announcing', () => {
  let w: World;
  let second: FastifyInstance;
  let secondDatabase: Database;
  beforeAll(async () => {
    w = await makeWorld();
    // A second instance on the same database (decision 0081's test does the same): on PostgreSQL with its own connections.
    secondDatabase = t.database.pool ? openPostgres(t.database.pool.options.connectionString!) : t.database;
    const config = { ...t.config, logLevel: 'silent' as const, jobs: { ...t.config.jobs, runWorkers: false } };
    second = await buildApp({ config, database: secondDatabase, storage: await createObjectStore(config) });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    if (secondDatabase && secondDatabase !== t.database) await secondDatabase.close();
  });

  it('emits bulletin.published once when a bulletin is posted, and not again when it is edited', async () => {
    await recording(async (seen) => {
      const posted = await w.post('instructor', { type: 'course', course_id: w.course.id, title: 'Now', show_on_popup: true });
      expect(seen.map((e) => e.payload)).toEqual([
        { bulletin_id: posted.id, type: 'course', org_id: w.org.id, course_id: w.course.id, actor_id: w.instructor.id, title: 'Now', show_on_popup: true },
      ]);
      const res = await w.call('instructor', 'PUT', `/api/bulletins/${posted.id}`, {
        type: 'course',
        course_id: w.course.id,
        title: 'Now, edited',
        content: '',
      });
      expect(res.statusCode, res.body).toBe(200);
      const org = await w.post('admin', { type: 'org', title: 'Everyone', publish_at: iso(-HOUR) });
      expect(seen.map((e) => e.payload.bulletin_id)).toEqual([posted.id, org.id]);
      expect(seen[1]!.payload).toMatchObject({ type: 'org', course_id: null, actor_id: w.admin.id });
      expect(await storedEvents(posted.id)).toBe(1);
    });
  });

  it('announces a scheduled bulletin once its time passes — by the job, once, even with two instances running it together', async () => {
    await recording(async (seen) => {
      const later = await w.post('admin', { type: 'org', title: 'Scheduled', publish_at: iso(2 * HOUR), show_on_popup: true });
      expect(later).toMatchObject({ is_published: false });
      expect(seen).toEqual([]);
      // Not yet: readers neither list nor open it; its managers do.
      expect((await w.list('student', 'type=org')).items.map((b) => b.id)).not.toContain(later.id);
      expect((await w.call('student', 'GET', `/api/bulletins/${later.id}`)).statusCode).toBe(404);
      expect((await w.call('student', 'PUT', `/api/bulletins/${later.id}/read`)).statusCode).toBe(404);
      expect((await w.list('wgAdmin', 'type=org')).items.find((b) => b.id === later.id)).toMatchObject({ is_published: false, is_read: false });
      // Not news yet, even to another manager who has not read it.
      expect((await w.list('wgAdmin', 'type=org&unread=true')).items.map((b) => b.id)).not.toContain(later.id);

      // The job before the time: nothing. With a clock past it: announced once, not twice.
      await announceDueBulletins(t.app.deps);
      expect(await storedEvents(later.id)).toBe(0);
      await announceDueBulletins(t.app.deps, new Date(Date.now() + 3 * HOUR));
      await announceDueBulletins(t.app.deps, new Date(Date.now() + 4 * HOUR));
      expect(await storedEvents(later.id)).toBe(1);
      // (Other tests' due bulletins are announced by the same calls.)
      expect(seen.filter((e) => e.payload.bulletin_id === later.id).map((e) => e.payload)).toEqual([
        { bulletin_id: later.id, type: 'org', org_id: w.org.id, course_id: null, actor_id: w.admin.id, title: 'Scheduled', show_on_popup: true },
      ]);

      // Several due at once, two instances' jobs at the same moment: each bulletin announced exactly once.
      const due = [];
      for (let i = 0; i < 5; i++) due.push(await w.post('instructor', { type: 'course', course_id: w.course.id, title: `Due ${i}`, publish_at: iso(HOUR) }));
      await t.database.db
        .update(bulletins)
        .set({ publishAt: new Date(Date.now() - 1000) })
        .where(
          inArray(
            bulletins.id,
            due.map((b) => b.id),
          ),
        );
      // (The app's own every-minute job may take some of them first: the count per bulletin is what matters.)
      await Promise.all([announceDueBulletins(t.app.deps), announceDueBulletins(second.deps)]);
      for (const d of due) expect(await storedEvents(d.id), `bulletin ${d.id}`).toBe(1);
      const rows = await t.database.db
        .select({ id: bulletins.id, announcedAt: bulletins.announcedAt })
        .from(bulletins)
        .where(eq(bulletins.courseId, w.course.id));
      expect(rows.every((r) => r.announcedAt !== null)).toBe(true);
      // Now readers see them.
      expect((await w.list('student', `type=course&course_id=${w.course.id}&unread=true`)).items.map((x) => x.title)).toEqual(
        expect.arrayContaining(due.map((d) => d.title)),
      );
    });
  });

  it('announces a scheduled bulletin when an edit brings its time to now, once', async () => {
    await recording(async (seen) => {
      const later = await w.post('admin', { type: 'org', title: 'Moved up', publish_at: iso(HOUR) });
      const body = { type: 'org', title: 'Moved up', content: '' };
      // Editing it with its time still ahead announces nothing; without publish_at it is published now.
      expect((await w.call('admin', 'PUT', `/api/bulletins/${later.id}`, { ...body, publish_at: later.publish_at })).statusCode).toBe(200);
      expect(seen).toEqual([]);
      const now = await w.call('admin', 'PUT', `/api/bulletins/${later.id}`, body);
      expect(now.statusCode, now.body).toBe(200);
      expect(now.json()).toMatchObject({ is_published: true });
      expect((await w.call('admin', 'PUT', `/api/bulletins/${later.id}`, { ...body, title: 'Again' })).statusCode).toBe(200);
      await announceDueBulletins(t.app.deps, new Date(Date.now() + 2 * HOUR));
      expect(seen.filter((e) => e.payload.bulletin_id === later.id)).toHaveLength(1);
      expect(await storedEvents(later.id)).toBe(1);
    });
  });
});
