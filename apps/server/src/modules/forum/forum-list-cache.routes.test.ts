import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TopicDetailSchema, TopicPageSchema, USER_ROLE, type MemberPage, type Topic, type TopicPage } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createActivity } from '../../../test/factories/activities.js';
import { countStatements } from '../../../test/helpers/count-statements.js';
import { buildApp } from '../../app.js';
import { openPostgres, type Database } from '../../db/client.js';
import { createObjectStore } from '../../storage/create-store.js';
import { courseGroups } from '../enrolments/course-groups.table.js';
import { FORUM_ANSWER_MAX_AGE_MS, ForumListCache, forumListCacheOf } from './forum-list-cache.js';

/**
 * The topic-order cache (forum-list-cache.ts, decision 0110) through the list routes, on PGlite
 * and PostgreSQL: a repeated list skips the page and count statements and answers the same
 * bytes; every kind of forum write shows in the next list at once; an access change (a group
 * membership) changes what the reader meets at once; the per-reader filters are never cached;
 * and `peer`, another instance (on PostgreSQL with its own connections, so it hears writes only
 * through NOTIFY), sees a write made on the first at once.
 */
let t: TestApp;
let peer: FastifyInstance;
let peerDatabase: Database;

beforeAll(async () => {
  t = await buildTestApp();
  peerDatabase = t.database.pool ? openPostgres(t.database.pool.options.connectionString!) : t.database;
  const config = { ...t.config, logLevel: 'silent' as const, jobs: { ...t.config.jobs, runWorkers: false } };
  peer = await buildApp({ config, database: peerDatabase, storage: await createObjectStore(config) });
  await peer.ready();
}, 60_000);
afterAll(async () => {
  await peer?.close();
  if (peerDatabase && peerDatabase !== t?.database) await peerDatabase.close();
  await t?.close();
});

async function world() {
  const w = await t.factories.courseWorld();
  const student2 = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student });
  await t.factories.enrol(w.course.id, student2.id, 'student');
  const forum = await createActivity(t.database, { courseId: w.course.id, type: 'forum' });
  const [group] = await t.database.db.insert(courseGroups).values({ courseId: w.course.id, name: 'Group A' }).returning();
  const cookies = {
    instructor: await t.factories.login(w.instructor.userName),
    student: await t.factories.login(w.student.userName),
    student2: await t.factories.login(student2.userName),
  };
  type Who = keyof typeof cookies;
  const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, app: FastifyInstance = t.app) =>
    app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });
  const post = async (who: Who, title: string, extra: object = {}): Promise<Topic> => {
    const res = await call(who, 'POST', `/api/forum/${forum.id}/topics`, { title, content: `<p>${title}</p>`, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Topic;
  };
  const titles = async (who: Who, query = '', app?: FastifyInstance): Promise<string[]> => {
    const res = await call(who, 'GET', `/api/forum/${forum.id}/topics?page=1&page_size=20${query}`, undefined, app);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TopicPage).items.map((x) => x.title);
  };
  return { ...w, student2, forum, group: group!, call, post, titles };
}

describe('the topic list cache', () => {
  it('answers a repeated list from the reader’s cached answer without a statement, the same body, and follows the reader’s own marks', async () => {
    const w = await world();
    await w.post('instructor', 'Alpha');
    const url = `/api/forum/${w.forum.id}/topics?page=1&page_size=20`;
    const first = await countStatements(t, () => w.call('student', 'GET', url));
    const second = await countStatements(t, () => w.call('student', 'GET', url));
    expect(first.res.statusCode).toBe(200);
    expect(second.res.body).toBe(first.res.body);
    // The session lookup may be cached for one and not the other (SESSION_CACHE_MS): compare the rest.
    // The reader's answer is cached whole: no statement at all.
    const own = (sqls: string[]) => sqls.filter((q) => !/"sessions"/.test(q)).length;
    expect(own(first.sql), first.sql.join('\n')).toBeGreaterThan(0);
    expect(own(second.sql), second.sql.join('\n')).toBe(0);
    // Answers skip the zod response pass (presentedResponse): they still match their contracts exactly.
    expect(TopicPageSchema.strict().parse(first.res.json())).toEqual(first.res.json());
    // Reading the topic is the reader's own mark: the cached order still shows it read.
    const [topic] = (first.res.json() as TopicPage).items;
    expect(topic!.unread).toBe(true);
    const opened = await w.call('student', 'GET', `/api/topics/${topic!.id}`);
    expect(opened.statusCode).toBe(200);
    expect(TopicDetailSchema.strict().parse(opened.json())).toEqual(opened.json());
    const after = (await w.call('student', 'GET', url)).json() as TopicPage;
    expect(after.items[0]).toMatchObject({ id: topic!.id, unread: false });
    // Opening (or marking) a topic already read changes nothing the reader's lists show: the answer stays.
    expect((await w.call('student', 'GET', `/api/topics/${topic!.id}`)).statusCode).toBe(200);
    expect((await w.call('student', 'PUT', `/api/topics/${topic!.id}/read`)).statusCode).toBe(200);
    const again = await countStatements(t, () => w.call('student', 'GET', url));
    expect(own(again.sql), again.sql.join('\n')).toBe(0);
    expect(again.res.json()).toEqual(after);
    // A new reply makes it unread again; reading it then is a change the next list shows.
    await w.call('instructor', 'POST', `/api/topics/${topic!.id}/replies`, { content: '<p>More</p>' });
    expect(((await w.call('student', 'GET', url)).json() as TopicPage).items[0]).toMatchObject({ id: topic!.id, unread: true });
    expect((await w.call('student', 'GET', `/api/topics/${topic!.id}`)).statusCode).toBe(200);
    expect(((await w.call('student', 'GET', url)).json() as TopicPage).items[0]).toMatchObject({ id: topic!.id, unread: false });
  });

  it('shows every kind of forum write in the next list at once: a topic, a reply, a pin, an edit, a hide, a deletion', async () => {
    const w = await world();
    const a = await w.post('instructor', 'Alpha');
    const b = await w.post('instructor', 'Beta');
    expect(await w.titles('student')).toEqual(['Beta', 'Alpha']);
    // A reply moves its topic up (latest activity).
    expect((await w.call('student2', 'POST', `/api/topics/${a.id}/replies`, { content: '<p>Up</p>' })).statusCode).toBe(201);
    expect(await w.titles('student')).toEqual(['Alpha', 'Beta']);
    // Pinned first.
    expect((await w.call('instructor', 'PUT', `/api/topics/${b.id}/moderation`, { is_pinned: true })).statusCode).toBe(200);
    expect(await w.titles('student')).toEqual(['Beta', 'Alpha']);
    // An edit reaches the search.
    expect(await w.titles('student', '&q=quokka')).toEqual([]);
    expect((await w.call('instructor', 'PUT', `/api/topics/${a.id}`, { content: '<p>A quokka</p>' })).statusCode).toBe(200);
    expect(await w.titles('student', '&q=quokka')).toEqual(['Alpha']);
    // Hidden: gone for learners, still there for the team.
    expect((await w.call('instructor', 'PUT', `/api/topics/${a.id}/moderation`, { is_hidden: true })).statusCode).toBe(200);
    expect(await w.titles('student')).toEqual(['Beta']);
    expect(await w.titles('instructor')).toEqual(['Beta', 'Alpha']);
    // Deleted.
    expect((await w.call('instructor', 'DELETE', `/api/topics/${b.id}`)).statusCode).toBe(204);
    expect(await w.titles('student')).toEqual([]);
    expect(await w.titles('instructor')).toEqual(['Alpha']);
  });

  it('follows an access change at once (a student joins a group: its topics appear) and never caches the unread filter', async () => {
    const w = await world();
    await w.post('instructor', 'Everyone');
    await w.post('instructor', 'Group only', { group_id: w.group.id });
    expect(await w.titles('student')).toEqual(['Everyone']);
    // Through the groups API, which announces the change (course.access_changed).
    const regroup = (memberIds: number[]) =>
      w.call('instructor', 'PUT', `/api/courses/${w.course.id}/groups/${w.group.id}`, { name: 'Group A', member_ids: memberIds });
    expect((await regroup([w.student.id])).statusCode).toBe(200);
    expect(await w.titles('student')).toEqual(['Group only', 'Everyone']);
    expect(await w.titles('student', '&filter=unread')).toEqual(['Group only', 'Everyone']);
    const groupTopic = (await w.call('student', 'GET', `/api/forum/${w.forum.id}/topics?page=1&page_size=20`)).json() as TopicPage;
    await w.call('student', 'GET', `/api/topics/${groupTopic.items[0]!.id}`);
    expect(await w.titles('student', '&filter=unread')).toEqual(['Everyone']);
    // Out of the group again: its topic is gone from the next list.
    expect((await regroup([])).statusCode).toBe(200);
    expect(await w.titles('student')).toEqual(['Everyone']);
  });

  it('follows likes, subscriptions, a forum closed, a team member’s preview and a member leaving the course', async () => {
    const w = await world();
    const topic = await w.post('instructor', 'Alpha');
    const list = async (who: 'student' | 'student2' | 'instructor') =>
      ((await w.call(who, 'GET', `/api/forum/${w.forum.id}/topics?page=1&page_size=20`)).json() as TopicPage).items;
    expect((await list('student'))[0]).toMatchObject({ like_count: 0, subscribed: false });
    // Another reader's like changes the count every reader sees.
    expect((await w.call('student2', 'PUT', `/api/topics/${topic.id}/like`)).statusCode).toBe(200);
    expect((await list('student'))[0]).toMatchObject({ like_count: 1 });
    // The reader's own subscription.
    expect((await w.call('student', 'PUT', `/api/topics/${topic.id}/subscription`)).statusCode).toBe(200);
    expect((await list('student'))[0]).toMatchObject({ subscribed: true });
    // The team member previews as a student: a hidden topic leaves their list; back, it returns.
    const beta = await w.post('student2', 'Beta');
    expect((await w.call('instructor', 'PUT', `/api/topics/${beta.id}/moderation`, { is_hidden: true })).statusCode).toBe(200);
    expect((await list('instructor')).map((x) => x.title)).toEqual(['Beta', 'Alpha']);
    expect((await w.call('instructor', 'PUT', `/api/courses/${w.course.id}/preview`, { as: 'student' })).statusCode).toBe(200);
    expect((await list('instructor')).map((x) => x.title)).toEqual(['Alpha']);
    expect((await w.call('instructor', 'DELETE', `/api/courses/${w.course.id}/preview`)).statusCode).toBe(200);
    expect((await list('instructor')).map((x) => x.title)).toEqual(['Beta', 'Alpha']);
    expect((await w.call('instructor', 'DELETE', `/api/topics/${beta.id}`)).statusCode).toBe(204);
    expect((await list('student2')).map((x) => x.title)).toEqual(['Alpha']);
    // The forum unpublished: learners meet FORUM_NOT_FOUND at once.
    expect((await w.call('instructor', 'PUT', `/api/activities/${w.forum.id}/publish`, { published: false })).statusCode).toBe(200);
    expect((await w.call('student2', 'GET', `/api/forum/${w.forum.id}/topics?page=1&page_size=20`)).statusCode).toBe(404);
    expect((await w.call('instructor', 'PUT', `/api/activities/${w.forum.id}/publish`, { published: true })).statusCode).toBe(200);
    expect((await list('student2')).map((x) => x.title)).toEqual(['Alpha']);
    // A member removed from the course reads nothing more (the forum names nothing to a non-member).
    const members = (await w.call('instructor', 'GET', `/api/courses/${w.course.id}/members?page=1&page_size=50`)).json() as MemberPage;
    const enrolment = members.items.find((m) => m.user.id === w.student2.id)!;
    expect((await w.call('instructor', 'DELETE', '/api/course/enrollments', { enrollment_ids: [enrolment.enrollment_id] })).statusCode).toBe(200);
    expect((await w.call('student2', 'GET', `/api/forum/${w.forum.id}/topics?page=1&page_size=20`)).statusCode).toBe(404);
  });

  it('lets another instance see a write at once (PostgreSQL: through NOTIFY)', async () => {
    const w = await world();
    await w.post('instructor', 'First');
    expect(await w.titles('student', '', peer)).toEqual(['First']);
    expect(await w.titles('student', '', peer)).toEqual(['First']);
    await w.post('instructor', 'Second');
    expect(await w.titles('student', '', peer)).toEqual(['Second', 'First']);
    // And the other way round.
    expect((await w.call('instructor', 'POST', `/api/forum/${w.forum.id}/topics`, { title: 'Third', content: '<p>3</p>' }, peer)).statusCode).toBe(201);
    expect(await w.titles('student')).toEqual(['Third', 'Second', 'First']);
  });

  it('holds at most its size, keeps no order computed before a write, and serves nothing while it cannot hear other instances', () => {
    const cache = new ForumListCache(2);
    const order = { ids: [1], total: 1, exact: true };
    const before = cache.generation(7);
    cache.bump(7);
    cache.set(7, before, 'k', order);
    expect(cache.get(7, 'k')).toBeUndefined();
    cache.set(7, cache.generation(7), 'k', order);
    expect(cache.get(7, 'k')).toBe(order);
    // Another course's write leaves it.
    cache.bump(8);
    expect(cache.get(7, 'k')).toBe(order);
    cache.shared = false;
    expect(cache.get(7, 'k')).toBeUndefined();
    cache.shared = true;
    cache.set(7, cache.generation(7), 'k2', order);
    cache.set(7, cache.generation(7), 'k3', order);
    expect(cache.size).toBe(2);
    cache.forgetAll();
    expect(cache.size).toBe(0);
    expect(new ForumListCache(0).get(7, 'k')).toBeUndefined();
    expect(forumListCacheOf(t.app.deps).max).toBe(t.config.forumListCacheEntries);
  });

  it('keeps a reader’s answer only while neither the course nor the reader moved on since it was computed, nor its time ran out', () => {
    const cache = new ForumListCache(10);
    const body = Buffer.from('{}');
    const now = 1_000_000;
    const answer = (since: number, until = now + 5_000) => ({ courseId: 7, userId: 3, since, until, body });
    // Computed before a write of its course: never kept.
    const before = cache.mark();
    cache.bump(7);
    cache.setAnswer('a', answer(before), now);
    expect(cache.getAnswer('a', now)).toBeUndefined();
    cache.setAnswer('a', answer(cache.mark()), now);
    expect(cache.getAnswer('a', now)).toBe(body);
    // Another course's write or another reader's mark leaves it; the reader's own mark does not.
    cache.bump(8);
    cache.bumpUser(4);
    expect(cache.getAnswer('a', now)).toBe(body);
    cache.bumpUser(3);
    expect(cache.getAnswer('a', now)).toBeUndefined();
    // Its time: `until`, and never past FORUM_ANSWER_MAX_AGE_MS.
    cache.setAnswer('b', answer(cache.mark()), now);
    expect(cache.getAnswer('b', now + 4_999)).toBe(body);
    expect(cache.getAnswer('b', now + 5_000)).toBeUndefined();
    cache.setAnswer('c', answer(cache.mark(), Number.POSITIVE_INFINITY), now);
    expect(cache.getAnswer('c', now + FORUM_ANSWER_MAX_AGE_MS - 1)).toBe(body);
    expect(cache.getAnswer('c', now + FORUM_ANSWER_MAX_AGE_MS)).toBeUndefined();
    // Forgetting everything (a listener reconnected) also refuses answers computed before it.
    const early = cache.mark();
    cache.forgetAll();
    cache.setAnswer('d', answer(early), now);
    expect(cache.getAnswer('d', now)).toBeUndefined();
    cache.shared = false;
    cache.setAnswer('e', answer(cache.mark()), now);
    cache.shared = true;
    expect(cache.getAnswer('e', now)).toBeUndefined();
    expect(cache.answerCount).toBe(0);
  });
});
