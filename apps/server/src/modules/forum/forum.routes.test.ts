import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE, type Reply, type Topic, type TopicDetail, type TopicPage } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createActivity } from '../../../test/factories/activities.js';
import { countStatements } from '../../../test/helpers/count-statements.js';
import { waitForProcessed } from '../../../test/uploads-client.js';
import { activities } from '../activities/activities.table.js';
import { courseGroupMembers, courseGroups } from '../enrolments/course-groups.table.js';
import { domainEvents } from '../events/events.table.js';
import { forumReplies, forumTopics } from './forum.table.js';
import { expectNoXss, XSS_CORPUS } from '../../../test/helpers/xss-corpus.js';

/**
 * Issue 18 §1–3 (decision 0110), on PGlite and PostgreSQL: the forum's routes as a course's people
 * use them — forum activities and the general category, group topics seen only by their group and
 * the team (list, search, counts, direct id), the teaching team's space, locked topics, sanitised
 * HTML with @mentions, two-level threading, likes, subscriptions, unread, edit history, moderation,
 * reports, bad input, and the query budget of the list and the detail.
 */

let t: TestApp;
type Json = Record<string, unknown>;

async function makeWorld() {
  const world = await t.factories.courseWorld();
  const student2 = await t.factories.user({ orgId: world.org.id, role: USER_ROLE.student });
  await t.factories.enrol(world.course.id, student2.id, 'student');
  const forum = await createActivity(t.database, { courseId: world.course.id, type: 'forum' });
  const hiddenForum = await createActivity(t.database, { courseId: world.course.id, type: 'forum', isPublished: false });
  const material = await createActivity(t.database, { courseId: world.course.id });
  const [group] = await t.database.db.insert(courseGroups).values({ courseId: world.course.id, name: 'Group A' }).returning();
  await t.database.db.insert(courseGroupMembers).values({ groupId: group!.id, userId: student2.id });
  const cookies = {
    admin: await t.factories.login(world.admin.userName),
    instructor: await t.factories.login(world.instructor.userName),
    assistant: await t.factories.login(world.assistant.userName),
    student: await t.factories.login(world.student.userName),
    student2: await t.factories.login(student2.userName),
    /** A student of the organisation outside the course. */
    outsider: await t.factories.login(world.outsider.userName),
  };
  type Who = keyof typeof cookies;
  const call = async (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });
  const post = async (who: Who, url: string, body: Json): Promise<Topic> => {
    const res = await call(who, 'POST', url, { content: '<p>Hello</p>', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Topic;
  };
  const reply = async (who: Who, topicId: number, body: Json): Promise<Reply> => {
    const res = await call(who, 'POST', `/api/topics/${topicId}/replies`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Reply;
  };
  const list = async (who: Who, url: string): Promise<TopicPage> => {
    const res = await call(who, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TopicPage;
  };
  const detail = async (who: Who, topicId: number): Promise<TopicDetail> => {
    const res = await call(who, 'GET', `/api/topics/${topicId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TopicDetail;
  };
  return { ...world, student2, forum, hiddenForum, material, group: group!, cookies, call, post, reply, list, detail };
}
type World = Awaited<ReturnType<typeof makeWorld>>;

const countTopics = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(forumTopics))[0]!.n;
const countReplies = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(forumReplies))[0]!.n;

/** The payloads of stored events of a type about one topic. */
async function eventsOf(type: 'topic.created' | 'topic.replied', topicId: number): Promise<Json[]> {
  const rows = await t.database.db
    .select({ payload: domainEvents.payload })
    .from(domainEvents)
    .where(and(eq(domainEvents.type, type), sql`(${domainEvents.payload}->>'topic_id')::int = ${topicId}`));
  return rows.map((r) => r.payload as Json);
}

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(async () => t?.close());

describe('topics in forum activities and the general category', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });

  it('posts a topic in a forum activity and lists it with its total, pinned first then latest activity', async () => {
    const first = await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: 'When is the exam?' });
    expect(first).toMatchObject({
      course_id: w.course.id,
      space: 'course',
      activity_id: w.forum.id,
      group_id: null,
      title: 'When is the exam?',
      excerpt: 'Hello',
      author: { id: w.student.id, name: w.student.name, is_team: false },
      reply_count: 0,
      unread: false,
      subscribed: true,
      liked: false,
    });
    const second = await w.post('instructor', `/api/forum/${w.forum.id}/topics`, { title: 'Reading list' });
    expect(second.author.is_team).toBe(true);
    const page = await w.list('student', `/api/forum/${w.forum.id}/topics?page=1&page_size=10`);
    expect(page).toMatchObject({ total: 2, page: 1, page_size: 10, pages: 1 });
    expect(page.items.map((i) => i.id)).toEqual([second.id, first.id]);
    const pin = await w.call('instructor', 'PUT', `/api/topics/${first.id}/moderation`, { is_pinned: true });
    expect(pin.statusCode, pin.body).toBe(200);
    expect((await w.list('student2', `/api/forum/${w.forum.id}/topics`)).items.map((i) => [i.id, i.is_pinned])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    // The course-wide list holds the forum's topics and the general category's.
    const general = await w.post('student2', `/api/courses/${w.course.id}/forum/topics`, { title: 'Study group?' });
    expect(general.activity_id).toBeNull();
    const all = await w.list('student', `/api/courses/${w.course.id}/forum/topics`);
    expect(all.items.map((i) => i.id).sort()).toEqual([first.id, second.id, general.id].sort());
    expect((await w.list('student', `/api/courses/${w.course.id}/forum/topics?activity_id=general`)).items.map((i) => i.id)).toEqual([general.id]);
    expect((await w.list('student', `/api/courses/${w.course.id}/forum/topics?activity_id=0`)).total).toBe(1);
    expect((await w.list('student', `/api/courses/${w.course.id}/forum/topics?activity_id=${w.forum.id}`)).total).toBe(2);
    const events = await eventsOf('topic.created', first.id);
    expect(events).toEqual([expect.objectContaining({ course_id: w.course.id, space: 'course', activity_id: w.forum.id, author_id: w.student.id })]);
  });

  it('answers FORUM_NOT_FOUND for an activity that is no forum or an unpublished forum, the access-forbidden code for a forum not open yet (the team gets in)', async () => {
    expect((await w.call('student', 'GET', `/api/forum/${w.material.id}/topics`)).json()).toMatchObject({ code: 'FORUM_NOT_FOUND' });
    expect((await w.call('student', 'POST', `/api/forum/${w.material.id}/topics`, { title: 'x' })).statusCode).toBe(404);
    expect((await w.call('student', 'GET', `/api/forum/${w.hiddenForum.id}/topics`)).statusCode).toBe(404);
    expect((await w.call('instructor', 'GET', `/api/forum/${w.hiddenForum.id}/topics`)).statusCode).toBe(200);
    const teamTopic = await w.post('instructor', `/api/forum/${w.hiddenForum.id}/topics`, { title: 'Draft forum' });
    expect((await w.call('student', 'GET', `/api/topics/${teamTopic.id}`)).statusCode).toBe(404);
    expect((await w.list('student', `/api/courses/${w.course.id}/forum/topics`)).items.map((i) => i.id)).not.toContain(teamTopic.id);
    const later = await createActivity(t.database, { courseId: w.course.id, type: 'forum' });
    const start = new Date(Date.now() + 86_400_000);
    await t.database.db.update(activities).set({ startTime: start }).where(eq(activities.id, later.id));
    const notYet = await w.call('student', 'GET', `/api/forum/${later.id}/topics`);
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json()).toMatchObject({ code: 'ACTIVITY_NOT_STARTED' });
    expect((await w.call('instructor', 'GET', `/api/forum/${later.id}/topics`)).statusCode).toBe(200);
    expect((await w.call('outsider', 'GET', `/api/forum/${w.forum.id}/topics`)).statusCode).toBe(404);
    expect((await w.call('outsider', 'GET', `/api/courses/${w.course.id}/forum/topics`)).statusCode).toBe(403);
  });

  it('keeps the list within 4 statements, a search within 5 and the topic detail within 6 (decision 0083, session lookup included)', async () => {
    const topic = await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: 'Budget' });
    await w.reply('instructor', topic.id, { content: '<p>One</p>' });
    const listed = await countStatements(t, () => w.call('student2', 'GET', `/api/forum/${w.forum.id}/topics?page=1&page_size=10`));
    expect(listed.res.statusCode).toBe(200);
    expect(listed.statements, listed.sql.join('\n')).toBeLessThanOrEqual(4);
    const courseWide = await countStatements(t, () => w.call('student2', 'GET', `/api/courses/${w.course.id}/forum/topics?q=budget`));
    expect(courseWide.res.statusCode).toBe(200);
    expect(courseWide.statements, courseWide.sql.join('\n')).toBeLessThanOrEqual(5);
    const opened = await countStatements(t, () => w.call('student2', 'GET', `/api/topics/${topic.id}`));
    expect(opened.res.statusCode).toBe(200);
    expect(opened.statements, opened.sql.join('\n')).toBeLessThanOrEqual(6);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const topic = await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: 'Input' });
    const [topics, replies] = [await countTopics(), await countReplies()];
    const cases: [string, Json, string][] = [
      [`/api/forum/${w.forum.id}/topics`, { title: '' }, 'title'],
      [`/api/forum/${w.forum.id}/topics`, { title: '<script>alert(1)</script>' }, 'title'],
      [`/api/forum/${w.forum.id}/topics`, { title: 'x'.repeat(201) }, 'title'],
      [`/api/forum/${w.forum.id}/topics`, { title: 'Files', upload_ids: [99_999_999] }, 'upload_ids'],
      [`/api/forum/${w.forum.id}/topics`, { title: 'Group', group_id: w.group.id }, 'group_id'],
      [`/api/forum/${w.forum.id}/topics`, { title: 'Group', group_id: 99_999_999 }, 'group_id'],
      [`/api/topics/${topic.id}/replies`, { content: '' }, 'content'],
      [`/api/topics/${topic.id}/replies`, { content: '<script>x</script>' }, 'content'],
      [`/api/topics/${topic.id}/replies`, { content: '<p>x</p>', parent_id: 99_999_999 }, 'parent_id'],
      [`/api/topics/${topic.id}/replies`, { content: '<p>x</p>', parent_id: 'a' }, 'parent_id'],
    ];
    for (const [url, body, field] of cases) {
      const res = await w.call('student', 'POST', url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
    }
    const badPage = await w.call('student', 'GET', `/api/forum/${w.forum.id}/topics?page_size=7`);
    expect(badPage.statusCode).toBe(400);
    expect(Object.keys(badPage.json().errors)).toContain('page_size');
    expect([await countTopics(), await countReplies()]).toEqual([topics, replies]);
  });
});

describe('group topics and the teaching team’s space', () => {
  let w: World;
  let groupTopic: Topic;
  beforeAll(async () => {
    w = await makeWorld();
    groupTopic = await w.post('student2', `/api/courses/${w.course.id}/forum/topics`, {
      title: 'Group A plans',
      content: '<p>Our secret rendezvous</p>',
      group_id: w.group.id,
    });
    await w.post('student2', `/api/forum/${w.forum.id}/topics`, { title: 'Forum group topic', content: '<p>rendezvous</p>', group_id: w.group.id });
  });

  it('never shows a group topic to a student outside the group: list, search, counts, direct id, replies', async () => {
    expect(groupTopic).toMatchObject({ group_id: w.group.id, group_name: 'Group A' });
    const outside = await w.list('student', `/api/courses/${w.course.id}/forum/topics`);
    expect(outside.total).toBe(0);
    expect(outside.items).toEqual([]);
    expect((await w.list('student', `/api/forum/${w.forum.id}/topics`)).total).toBe(0);
    expect((await w.list('student', `/api/courses/${w.course.id}/forum/topics?q=rendezvous`)).total).toBe(0);
    expect((await w.list('student', `/api/courses/${w.course.id}/forum/topics?group_id=${w.group.id}`)).total).toBe(0);
    const summary = await w.call('student', 'GET', `/api/courses/${w.course.id}/forum`);
    expect(summary.json()).toMatchObject({
      general: { topic_count: 0, unread_count: 0 },
      forums: [{ id: w.forum.id, topic_count: 0 }],
      groups: [],
      can_moderate: false,
    });
    const direct = await w.call('student', 'GET', `/api/topics/${groupTopic.id}`);
    expect(direct.statusCode).toBe(404);
    expect(direct.json()).toMatchObject({ code: 'TOPIC_NOT_FOUND' });
    expect((await w.call('student', 'POST', `/api/topics/${groupTopic.id}/replies`, { content: '<p>hi</p>' })).statusCode).toBe(404);
    expect((await w.call('student', 'PUT', `/api/topics/${groupTopic.id}/like`)).statusCode).toBe(404);

    // The group's member and the team see it everywhere.
    expect((await w.list('student2', `/api/courses/${w.course.id}/forum/topics?q=rendezvous`)).total).toBe(2);
    expect((await w.list('assistant', `/api/courses/${w.course.id}/forum/topics?group_id=${w.group.id}`)).total).toBe(2);
    expect((await w.call('student2', 'GET', `/api/courses/${w.course.id}/forum`)).json()).toMatchObject({
      general: { topic_count: 1 },
      forums: [{ id: w.forum.id, topic_count: 1 }],
      groups: [{ id: w.group.id, name: 'Group A' }],
    });
    expect((await w.call('instructor', 'GET', `/api/courses/${w.course.id}/forum`)).json()).toMatchObject({ can_moderate: true, groups: [{ id: w.group.id }] });
    await w.detail('instructor', groupTopic.id);
    await w.reply('instructor', groupTopic.id, { content: '<p>Noted</p>' });
  });

  it('keeps the teaching team’s space to the team: 404 to students, on the list and on a topic', async () => {
    const res = await w.call('student', 'GET', `/api/courses/${w.course.id}/teaching-team/topics`);
    expect(res.statusCode).toBe(404);
    expect((await w.call('student', 'POST', `/api/courses/${w.course.id}/teaching-team/topics`, { title: 'x' })).statusCode).toBe(404);
    const team = await w.post('assistant', `/api/courses/${w.course.id}/teaching-team/topics`, { title: 'Marking plan' });
    expect(team.space).toBe('team');
    expect((await w.list('instructor', `/api/courses/${w.course.id}/teaching-team/topics`)).items.map((i) => i.id)).toEqual([team.id]);
    expect((await w.list('admin', `/api/courses/${w.course.id}/teaching-team/topics`)).total).toBe(1);
    expect((await w.call('student', 'GET', `/api/topics/${team.id}`)).statusCode).toBe(404);
    // Team topics never reach the course forum's lists.
    expect((await w.list('instructor', `/api/courses/${w.course.id}/forum/topics`)).items.map((i) => i.id)).not.toContain(team.id);
  });
});

describe('replies, locks, moderation and sanitising', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });

  it('threads replies two levels deep; an answer to a second-level reply joins its first-level thread; another topic’s reply is refused', async () => {
    const topic = await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: 'Threads' });
    const r1 = await w.reply('student2', topic.id, { content: '<p>First</p>' });
    const r2 = await w.reply('instructor', topic.id, { content: '<p>Second</p>' });
    const r1a = await w.reply('student', topic.id, { content: '<p>Answer to first</p>', parent_id: r1.id });
    const r1b = await w.reply('student2', topic.id, { content: '<p>Answer to the answer</p>', parent_id: r1a.id });
    expect(r1a.parent_id).toBe(r1.id);
    expect(r1b.parent_id).toBe(r1.id);
    const d = await w.detail('student', topic.id);
    expect(d.reply_count).toBe(4);
    expect(d.replies.map((r) => [r.id, r.replies.map((x) => x.id)])).toEqual([
      [r1.id, [r1a.id, r1b.id]],
      [r2.id, []],
    ]);
    expect(d.replies[1]!.author.is_team).toBe(true);
    const replied = await eventsOf('topic.replied', topic.id);
    expect(replied.find((e) => e.reply_id === r1b.id)).toMatchObject({
      parent_id: r1.id,
      parent_author_id: w.student.id,
      topic_author_id: w.student.id,
      by_team: false,
    });
    expect(replied.find((e) => e.reply_id === r2.id)).toMatchObject({ by_team: true, parent_id: null });
    const other = await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: 'Other' });
    const before = await countReplies();
    const wrong = await w.call('student', 'POST', `/api/topics/${other.id}/replies`, { content: '<p>x</p>', parent_id: r1.id });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().errors)).toEqual(['parent_id']);
    expect(await countReplies()).toBe(before);
  });

  it('refuses replies to learners on a locked or closed topic (TOPIC_LOCKED), lets the team reply, and moderation is the team’s (403 to students)', async () => {
    const topic = await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: 'Lock me' });
    expect((await w.call('student', 'PUT', `/api/topics/${topic.id}/moderation`, { is_locked: true })).statusCode).toBe(403);
    const locked = await w.call('assistant', 'PUT', `/api/topics/${topic.id}/moderation`, { is_locked: true });
    expect(locked.json()).toMatchObject({ is_locked: true });
    const before = await countReplies();
    const refused = await w.call('student2', 'POST', `/api/topics/${topic.id}/replies`, { content: '<p>Let me in</p>' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TOPIC_LOCKED' });
    expect(await countReplies()).toBe(before);
    expect((await w.detail('student2', topic.id)).can_reply).toBe(false);
    await w.reply('instructor', topic.id, { content: '<p>Team note</p>' });
    await w.call('assistant', 'PUT', `/api/topics/${topic.id}/moderation`, { is_locked: false, is_closed: true });
    expect((await w.call('student', 'POST', `/api/topics/${topic.id}/replies`, { content: '<p>x</p>' })).json()).toMatchObject({ code: 'TOPIC_LOCKED' });
    await w.call('assistant', 'PUT', `/api/topics/${topic.id}/moderation`, { is_closed: false });
    const r = await w.reply('student2', topic.id, { content: '<p>Open again</p>' });
    expect((await w.call('student', 'PUT', `/api/replies/${r.id}/moderation`, { is_hidden: true })).statusCode).toBe(403);
    expect((await w.call('instructor', 'PUT', `/api/replies/${r.id}/moderation`, { is_hidden: true })).json()).toMatchObject({ is_hidden: true });
    // A hidden reply: the team and its author only.
    expect((await w.detail('student', topic.id)).replies.map((x) => x.id)).not.toContain(r.id);
    expect((await w.detail('student2', topic.id)).replies.map((x) => x.id)).toContain(r.id);
    expect((await w.call('student', 'GET', `/api/replies/${r.id}/edits`)).statusCode).toBe(404);
    // A hidden topic: the team and its author only.
    await w.call('instructor', 'PUT', `/api/topics/${topic.id}/moderation`, { is_hidden: true });
    expect((await w.call('student2', 'GET', `/api/topics/${topic.id}`)).statusCode).toBe(404);
    expect((await w.list('student2', `/api/forum/${w.forum.id}/topics`)).items.map((i) => i.id)).not.toContain(topic.id);
    expect((await w.detail('student', topic.id)).is_hidden).toBe(true);
  });

  it('sanitises HTML in titles, contents and replies (script, onerror, javascript: links), keeps @mention spans, and names the mentioned readers in the event', async () => {
    const mention = (id: number, name: string) => `<span class="mention" data-user-id="${id}">@${name}</span>`;
    const content = `<p>Hi ${mention(w.student2.id, 'Two')} ${mention(w.outsider.id, 'Out')}<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">go</a></p><script>alert(2)</script>`;
    const topic = await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: '<b>Bold</b> <script>alert(1)</script>title', content });
    expect(topic.title).toBe('Bold title');
    expect((await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: 'a < b &lt;script&gt;alert(1)&lt;/script&gt; &amp; c' })).title).toBe(
      'a < b & c',
    );
    const d = await w.detail('student', topic.id);
    for (const bad of ['<script', 'onerror', 'javascript:', 'alert(2)']) expect(d.content).not.toContain(bad);
    expect(d.content).toContain(`<span class="mention" data-user-id="${w.student2.id}">@Two</span>`);
    expect((await eventsOf('topic.created', topic.id))[0]).toMatchObject({ mentioned_user_ids: [w.student2.id] });
    const r = await w.reply('student2', topic.id, {
      content: `<p onclick="x()">Re ${mention(w.instructor.id, 'Prof')}</p><iframe src="https://evil"></iframe>`,
    });
    expect(r.content).toBe(`<p>Re <span class="mention" data-user-id="${w.instructor.id}">@Prof</span></p>`);
    expect((await eventsOf('topic.replied', topic.id))[0]).toMatchObject({ mentioned_user_ids: [w.instructor.id] });
    const edited = await w.call('student', 'PUT', `/api/topics/${topic.id}`, {
      title: '<img src=x onerror=alert(1)>New',
      content: '<p><a href="javascript:x">x</a></p>',
    });
    expect(edited.json()).toMatchObject({ title: 'New' });
    expect((await w.detail('student', topic.id)).content).not.toContain('javascript:');
    const picker = await w.call('student', 'GET', `/api/courses/${w.course.id}/forum/mentionable?q=${encodeURIComponent(w.student2.name.slice(0, 6))}`);
    expect(picker.json().items.map((i: { id: number }) => i.id)).toContain(w.student2.id);
    expect(picker.json().items.map((i: { id: number }) => i.id)).not.toContain(w.outsider.id);
  });

  it('stores none of the XSS corpus (activities.routes.test.ts) in a topic’s title or content, a reply, or their edits', async () => {
    // The shared corpus, and a mention span carrying a handler and a CSS URL.
    const CORPUS = [XSS_CORPUS, '<span class="mention" data-user-id="1" onmouseover="alert(1)" style="background:url(javascript:alert(1))">@x</span>'].join(
      '\n',
    );
    const clean = expectNoXss;
    const topic = await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: `T ${CORPUS}`.slice(0, 200), content: CORPUS });
    clean(topic.title);
    const r = await w.reply('student', topic.id, { content: `ok ${CORPUS}` });
    clean(r.content);
    const edited = await w.call('student', 'PUT', `/api/topics/${topic.id}`, { title: `E ${CORPUS}`.slice(0, 200), content: `v2 ${CORPUS}` });
    expect(edited.statusCode, edited.body).toBe(200);
    clean(edited.json().title);
    clean((await w.call('student', 'PUT', `/api/replies/${r.id}`, { content: `v2 ${CORPUS}` })).json().content);
    const d = await w.detail('student2', topic.id);
    clean(JSON.stringify(d));
    clean(JSON.stringify((await w.call('student2', 'GET', `/api/topics/${topic.id}/edits`)).json()));
  });

  it('keeps the edit history of topics and replies; only the author or the team edits; the author deletes only while there are no replies', async () => {
    const topic = await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: 'Draft', content: '<p>v1</p>' });
    expect((await w.call('student2', 'PUT', `/api/topics/${topic.id}`, { title: 'Mine now' })).statusCode).toBe(403);
    const edited = await w.call('student', 'PUT', `/api/topics/${topic.id}`, { title: 'Final', content: '<p>v2</p>' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().edited_at).not.toBeNull();
    const history = await w.call('student2', 'GET', `/api/topics/${topic.id}/edits`);
    expect(history.json().items).toMatchObject([{ title: 'Draft', content: '<p>v1</p>', editor: { id: w.student.id } }]);
    const r = await w.reply('student2', topic.id, { content: '<p>r1</p>' });
    expect((await w.call('student', 'PUT', `/api/replies/${r.id}`, { content: '<p>hijack</p>' })).statusCode).toBe(403);
    expect((await w.call('student2', 'PUT', `/api/replies/${r.id}`, { content: '<p>r2</p>' })).json()).toMatchObject({ content: '<p>r2</p>' });
    expect((await w.call('student', 'GET', `/api/replies/${r.id}/edits`)).json().items).toMatchObject([{ content: '<p>r1</p>' }]);
    expect((await w.call('student', 'DELETE', `/api/topics/${topic.id}`)).statusCode).toBe(403);
    expect((await w.call('student2', 'DELETE', `/api/replies/${r.id}`)).statusCode).toBe(204);
    expect((await w.detail('student', topic.id)).reply_count).toBe(0);
    expect((await w.call('student', 'DELETE', `/api/topics/${topic.id}`)).statusCode).toBe(204);
    expect((await w.call('student', 'GET', `/api/topics/${topic.id}`)).statusCode).toBe(404);
  });
});

describe('likes, subscriptions, unread, reports, search', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });

  it('keeps like counters exact and idempotent, for topics and replies', async () => {
    const topic = await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: 'Like me' });
    for (let i = 0; i < 2; i++) expect((await w.call('student2', 'PUT', `/api/topics/${topic.id}/like`)).json()).toEqual({ liked: true, like_count: 1 });
    expect((await w.call('instructor', 'PUT', `/api/topics/${topic.id}/like`)).json()).toEqual({ liked: true, like_count: 2 });
    for (let i = 0; i < 2; i++) expect((await w.call('student2', 'DELETE', `/api/topics/${topic.id}/like`)).json()).toEqual({ liked: false, like_count: 1 });
    const r = await w.reply('student', topic.id, { content: '<p>r</p>' });
    for (let i = 0; i < 2; i++) expect((await w.call('student2', 'PUT', `/api/replies/${r.id}/like`)).json()).toEqual({ liked: true, like_count: 1 });
    const d = await w.detail('student2', topic.id);
    expect(d).toMatchObject({ like_count: 1, liked: false });
    expect(d.replies[0]).toMatchObject({ like_count: 1, liked: true });
  });

  it('subscribes idempotently (authors to their own topics), filters by subscription, mine and unread', async () => {
    const mine = await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: 'Mine' });
    const theirs = await w.post('student2', `/api/forum/${w.forum.id}/topics`, { title: 'Theirs' });
    // Only these two topics count here (the world's forum holds the other tests' topics too).
    const sub = (f: string) =>
      w.list('student', `/api/forum/${w.forum.id}/topics?filter=${f}`).then((p) =>
        p.items
          .map((i) => i.id)
          .filter((id) => id === mine.id || id === theirs.id)
          .sort(),
      );
    expect(await sub('subscribed')).toEqual([mine.id]);
    for (let i = 0; i < 2; i++) expect((await w.call('student', 'PUT', `/api/topics/${theirs.id}/subscription`)).json()).toEqual({ subscribed: true });
    expect(await sub('subscribed')).toEqual([mine.id, theirs.id].sort());
    for (let i = 0; i < 2; i++) expect((await w.call('student', 'DELETE', `/api/topics/${theirs.id}/subscription`)).json()).toEqual({ subscribed: false });
    expect(await sub('subscribed')).toEqual([mine.id]);
    for (let i = 0; i < 2; i++) expect((await w.call('student', 'PUT', `/api/forum/${w.forum.id}/subscription`)).statusCode).toBe(200);
    expect(await sub('subscribed')).toEqual([mine.id, theirs.id].sort());
    expect((await w.call('student', 'GET', `/api/courses/${w.course.id}/forum`)).json().forums[0]).toMatchObject({ subscribed: true });
    await w.call('student', 'DELETE', `/api/forum/${w.forum.id}/subscription`);
    expect((await w.call('student', 'PUT', `/api/courses/${w.course.id}/forum/subscription`)).json()).toEqual({ subscribed: true });
    expect(await sub('mine')).toEqual([mine.id]);

    // Unread: theirs is new to the student; opening it reads it; a new reply makes it unread again; their own reply does not.
    expect(await sub('unread')).toEqual([theirs.id]);
    await w.detail('student', theirs.id);
    expect(await sub('unread')).toEqual([]);
    await w.reply('student2', theirs.id, { content: '<p>news</p>' });
    expect(await sub('unread')).toEqual([theirs.id]);
    expect((await w.call('student', 'PUT', `/api/topics/${theirs.id}/read`)).json()).toMatchObject({ unread: false });
    await w.reply('student', theirs.id, { content: '<p>my own</p>' });
    expect(await sub('unread')).toEqual([]);
    expect((await w.call('student', 'GET', `/api/courses/${w.course.id}/forum`)).json().forums[0]).toMatchObject({ unread_count: 0 });
  });

  it('lets members report to the team, who list and resolve reports', async () => {
    const topic = await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: 'Spam?' });
    const r = await w.reply('student', topic.id, { content: '<p>buy now</p>' });
    expect((await w.call('student2', 'POST', `/api/topics/${topic.id}/report`, { reason: '' })).statusCode).toBe(400);
    const rep = await w.call('student2', 'POST', `/api/replies/${r.id}/report`, { reason: 'Advertising' });
    expect(rep.statusCode, rep.body).toBe(201);
    expect((await w.call('student2', 'GET', `/api/courses/${w.course.id}/forum/reports`)).statusCode).toBe(403);
    const open = await w.call('instructor', 'GET', `/api/courses/${w.course.id}/forum/reports`);
    expect(open.json()).toMatchObject({
      total: 1,
      items: [{ topic_id: topic.id, reply_id: r.id, reason: 'Advertising', reporter: { id: w.student2.id }, resolved_at: null }],
    });
    expect((await w.call('student2', 'PUT', `/api/forum/reports/${rep.json().id}`, { resolved: true })).statusCode).toBe(403);
    expect((await w.call('outsider', 'PUT', `/api/forum/reports/${rep.json().id}`, { resolved: true })).statusCode).toBe(404);
    expect((await w.call('assistant', 'PUT', `/api/forum/reports/${rep.json().id}`, { resolved: true })).json()).toEqual({ id: rep.json().id, resolved: true });
    expect((await w.call('instructor', 'GET', `/api/courses/${w.course.id}/forum/reports`)).json().total).toBe(0);
    expect((await w.call('instructor', 'GET', `/api/courses/${w.course.id}/forum/reports?status=all`)).json().total).toBe(1);
  });

  it('searches titles, contents and visible replies with full-text search, Chinese included, latest activity first', async () => {
    const exam = await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: '期末考试什么时候', content: '<p>请问老师</p>' });
    const lab = await w.post('student2', `/api/forum/${w.forum.id}/topics`, { title: 'Lab report format', content: '<p>Which <b>citation</b> style?</p>' });
    const other = await w.post('student2', `/api/forum/${w.forum.id}/topics`, { title: 'Unrelated', content: '<p>nothing</p>' });
    const hidden = await w.reply('student2', other.id, { content: '<p>secret citation</p>' });
    const found = (who: 'student' | 'instructor', q: string) =>
      w.list(who, `/api/courses/${w.course.id}/forum/topics?q=${encodeURIComponent(q)}`).then((p) => p.items.map((i) => i.id));
    expect(await found('student', '期末')).toEqual([exam.id]);
    expect(await found('student', '考试 老师')).toEqual([exam.id]);
    expect(await found('student', '末期')).toEqual([]);
    expect(await found('student', 'CITATION')).toEqual([other.id, lab.id]);
    expect(await found('student', 'lab format')).toEqual([lab.id]);
    await w.call('instructor', 'PUT', `/api/replies/${hidden.id}/moderation`, { is_hidden: true });
    expect(await found('student', 'citation')).toEqual([lab.id]);
    expect((await found('instructor', 'citation')).sort()).toEqual([lab.id, other.id].sort());
    expect(await found('student', '  ')).toHaveLength((await w.list('student', `/api/courses/${w.course.id}/forum/topics`)).items.length);
  });

  it('searches a word in thousands of replies topic by topic, latest activity first; the total then counts 100 past the page at most', async () => {
    const v = await makeWorld();
    // 300 topics straight into the table (the fill is not what is tested); five in six get nine replies with the word:
    // 2,250 matching replies, past the probe of 2,000, so the search walks the topics.
    const made = await t.database.db
      .insert(forumTopics)
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          courseId: v.course.id,
          space: 'course',
          activityId: v.forum.id,
          title: `Topic ${i}`,
          content: '<p>x</p>',
          searchText: `Topic ${i}`,
          authorId: v.instructor.id,
          lastActivityAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
        })),
      )
      .returning({ id: forumTopics.id });
    const ids = made.map((m) => m.id);
    const matching = ids.filter((_, i) => i % 6 !== 0);
    await t.database.db.execute(sql`insert into forum_replies (topic_id, course_id, content, search_text, author_id)
      select topic_id, ${v.course.id}, '<p>quokka</p>', 'the quokka habitat', ${v.instructor.id}
      from unnest(${`{${matching.join(',')}}`}::int[]) topic_id, generate_series(1, 9)`);
    // One topic without the word gets a hidden reply with it: the team finds it, students do not.
    await t.database.db
      .insert(forumReplies)
      .values({ topicId: ids[0]!, courseId: v.course.id, content: '<p>quokka</p>', searchText: 'quokka', authorId: v.instructor.id, isHidden: true });
    const newestFirst = [...matching].reverse();
    const search = (who: 'student' | 'instructor', page: number) => v.list(who, `/api/forum/${v.forum.id}/topics?q=Quokka&page=${page}&page_size=20`);
    const first = await search('student', 1);
    expect(first.items.map((i) => i.id)).toEqual(newestFirst.slice(0, 20));
    expect([first.total, first.total_exact, first.pages]).toEqual([120, false, 6]);
    // Paging on: the query is remembered as common, so the replies are not probed again.
    const next = await countStatements(t, () => v.call('student', 'GET', `/api/forum/${v.forum.id}/topics?q=Quokka&page=2&page_size=20`));
    expect(next.res.json().items.map((i: Topic) => i.id)).toEqual(newestFirst.slice(20, 40));
    expect(next.sql.filter((q) => q.includes('from forum_replies r where r.course_id'))).toEqual([]);
    const last = await search('student', 13);
    expect(last.items.map((i) => i.id)).toEqual(newestFirst.slice(240));
    expect([last.total, last.total_exact]).toEqual([250, true]);
    const team = await search('instructor', 13);
    expect(team.items.map((i) => i.id)).toEqual([...newestFirst.slice(240), ids[0]]);
    expect(team.total).toBe(251);
    // A list without a query counts exactly.
    expect((await v.list('student', `/api/forum/${v.forum.id}/topics?page=1&page_size=20`)).total_exact).toBe(true);
  });

  it('takes the author’s own uploads over as attachments, read through the topic’s policy', async () => {
    const bytes = Buffer.from(`attachment ${Math.random()}\n`);
    const created = await w.call('student', 'POST', '/api/uploads', { name: 'notes.txt', size: bytes.length, parent_type: 'user' });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await t.app.inject({
      method: 'PUT',
      url: created.json().upload_url,
      headers: { cookie: w.cookies.student, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const file = await waitForProcessed(t, w.cookies.student, created.json().id);
    expect((await w.call('student2', 'GET', `/api/uploads/${file.id}`)).statusCode).not.toBe(200);
    const topic = await w.post('student', `/api/forum/${w.forum.id}/topics`, { title: 'With file', upload_ids: [file.id] });
    expect((await w.detail('student2', topic.id)).attachments).toMatchObject([{ id: file.id, name: 'notes.txt' }]);
    expect((await w.call('student2', 'GET', `/api/uploads/${file.id}`)).statusCode).toBe(200);
    expect((await w.call('outsider', 'GET', `/api/uploads/${file.id}`)).statusCode).toBe(404);
    // Someone else's file is refused.
    expect((await w.call('student2', 'POST', `/api/forum/${w.forum.id}/topics`, { title: 'Steal', upload_ids: [file.id] })).statusCode).toBe(400);
  });
});
