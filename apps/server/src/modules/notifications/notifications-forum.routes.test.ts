import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { USER_ROLE, type Notification, type Question } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { activityWith, uploadFile } from '../../../test/helpers/media-world.js';
import { courseGroupMembers, courseGroups } from '../enrolments/course-groups.table.js';
import { emit } from '../events/events.service.js';
import { forumReplies, forumSubscriptions, forumTopics } from '../forum/forum.table.js';
import { notifications } from './notifications.table.js';

// Issue 18 §5: forum notices made by notifications.make from topic.created / topic.replied — who gets
// which kind (one per person: mention > the team's answer > reply > subscription), who never does
// (the writer, someone outside a group topic's group, a student for the team space), preferences
// honoured, and where each opens. Topics and replies are written as the forum core writes them and
// the events emitted with the payload its reply route emits; a question is asked through its route.
let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
type U = { id: number; userName: string };
let author: U, replier: U, subscriber: U, mentioned: U, grouped: U;
let groupId: number;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  author = w.student;
  const mk = async () => {
    const u = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student });
    await t.factories.enrol(w.course.id, u.id, 'student');
    return u;
  };
  replier = await mk();
  subscriber = await mk();
  mentioned = await mk();
  grouped = await mk();
  const [group] = await t.database.db.insert(courseGroups).values({ courseId: w.course.id, name: 'G' }).returning();
  groupId = group!.id;
  await t.database.db.insert(courseGroupMembers).values([{ groupId, userId: grouped.id }]);
  // The general category's subscribers: `subscriber`, the instructor, and the outsider (not a member: never notified).
  await t.database.db.insert(forumSubscriptions).values([subscriber, w.instructor, w.outsider].map((u) => ({ userId: u.id, courseId: w.course.id })));
  for (const [k, u] of Object.entries({ author, instructor: w.instructor, replier })) cookies[k] = await t.factories.login(u.userName);
}, 120_000);
afterAll(() => t.close());

const db = () => t.database.db;

async function topic(space: 'course' | 'team' | 'question', by: U, group: number | null = null) {
  const [row] = await db()
    .insert(forumTopics)
    .values({ courseId: w.course.id, space, groupId: group, title: `T ${space}`, content: '<p>Start</p>', authorId: by.id })
    .returning();
  await db().insert(forumSubscriptions).values({ userId: by.id, courseId: w.course.id, topicId: row!.id });
  return row!;
}

async function created(row: typeof forumTopics.$inferSelect, mentions: number[] = []) {
  await emit(t.app.deps, t.app.deps.db, {
    type: 'topic.created',
    payload: {
      course_id: w.course.id,
      topic_id: row.id,
      space: row.space as 'course',
      activity_id: row.activityId,
      group_id: row.groupId,
      upload_id: row.uploadId,
      author_id: row.authorId!,
      title: row.title,
      mentioned_user_ids: mentions,
    },
  });
}

async function replied(row: typeof forumTopics.$inferSelect, by: U, options: { mentions?: number[]; parent?: { id: number; authorId: number } } = {}) {
  const [reply] = await db()
    .insert(forumReplies)
    .values({ topicId: row.id, courseId: w.course.id, parentId: options.parent?.id ?? null, content: '<p>A <b>reply</b></p>', authorId: by.id })
    .returning();
  await emit(t.app.deps, t.app.deps.db, {
    type: 'topic.replied',
    payload: {
      course_id: w.course.id,
      topic_id: row.id,
      reply_id: reply!.id,
      parent_id: options.parent?.id ?? null,
      space: row.space as 'course',
      activity_id: row.activityId,
      group_id: row.groupId,
      author_id: by.id,
      by_team: by.id === w.instructor.id || by.id === w.assistant.id,
      topic_author_id: row.authorId,
      parent_author_id: options.parent?.authorId ?? null,
      title: row.title,
      mentioned_user_ids: options.mentions ?? [],
    },
  });
  return reply!;
}

/** Who got a notice with this dedupe key, and which kind: { userId: kind }. */
async function noticesOf(dedupeKey: string): Promise<Record<number, string>> {
  const rows = await db().select({ userId: notifications.userId, kind: notifications.kind }).from(notifications).where(eq(notifications.dedupeKey, dedupeKey));
  return Object.fromEntries(rows.map((r) => [r.userId, r.kind]));
}

async function listed(who: 'author' | 'instructor', topicId: number): Promise<Notification[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications?page_size=100', headers: { cookie: cookies[who]! } });
  return (res.json() as { items: Notification[] }).items.filter((n) => n.topic_id === topicId);
}

describe('forum notifications (issue 18 §5)', () => {
  it('a new topic: mentions first, then the forum subscribers who may read it; never the author nor a non-member', async () => {
    const row = await topic('course', replier);
    await created(row, [mentioned.id, subscriber.id, replier.id]);
    expect(await noticesOf(`topic:${row.id}`)).toEqual({
      [mentioned.id]: 'topic.mentioned',
      [subscriber.id]: 'topic.mentioned',
      [w.instructor.id]: 'topic.created',
    });
    const [notice] = await listed('instructor', row.id);
    expect(notice).toMatchObject({ type: 'topic', kind: 'topic.created', url: `/course/${w.course.id}/forum#/topics/${row.id}`, sender: { id: replier.id } });
  });

  it("a group topic reaches only its group's members and the team", async () => {
    const row = await topic('course', grouped, groupId);
    await created(row, [mentioned.id]);
    // `mentioned` is outside the group: not even a mention reaches them; the subscriber outside the group neither.
    expect(await noticesOf(`topic:${row.id}`)).toEqual({ [w.instructor.id]: 'topic.created' });
    await replied(row, w.instructor, { mentions: [subscriber.id] });
    const [reply] = await db().select().from(forumReplies).where(eq(forumReplies.topicId, row.id));
    expect(await noticesOf(`reply:${reply!.id}`)).toEqual({ [grouped.id]: 'topic.replied' });
    const [notice] = (
      await db()
        .select()
        .from(notifications)
        .where(eq(notifications.dedupeKey, `reply:${reply!.id}`))
    ).map((n) => n.payload);
    expect(notice).toMatchObject({ group_id: groupId, reply_id: reply!.id });
  });

  it('a reply: mention wins over reply wins over subscription, one notice each, never the replier; destination lands on the reply', async () => {
    const row = await topic('course', author);
    await db().insert(forumSubscriptions).values({ userId: subscriber.id, courseId: w.course.id, topicId: row.id });
    const first = await replied(row, replier, { mentions: [mentioned.id] });
    expect(await noticesOf(`reply:${first.id}`)).toEqual({
      [author.id]: 'topic.replied',
      [subscriber.id]: 'topic.replied',
      [mentioned.id]: 'topic.mentioned',
    });
    const [notice] = await listed('author', row.id);
    expect(notice).toMatchObject({
      kind: 'topic.replied',
      url: `/course/${w.course.id}/forum#/topics/${row.id}?reply=${first.id}`,
      payload: { title: row.title, text: 'A reply', reply_id: first.id },
    });
    // An answer to the replier's reply reaches them; the topic's author mentioned in it gets the mention only.
    const second = await replied(row, subscriber, { mentions: [author.id], parent: { id: first.id, authorId: replier.id } });
    expect(await noticesOf(`reply:${second.id}`)).toEqual({ [author.id]: 'topic.mentioned', [replier.id]: 'topic.replied' });
  });

  it('the in-app preference is honoured', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: cookies.author! },
      payload: { items: [{ kind: 'topic.replied', in_app: false, email: 'off' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await topic('course', author);
    const reply = await replied(row, replier);
    expect(await noticesOf(`reply:${reply.id}`)).toEqual({});
    await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: cookies.author! },
      payload: { items: [{ kind: 'topic.replied', in_app: true, email: 'daily' }] },
    });
  });

  it("the team space: only the team; a student mentioned there gets nothing; it opens the team's forum", async () => {
    const row = await topic('team', w.instructor);
    const reply = await replied(row, w.assistant, { mentions: [author.id] });
    expect(await noticesOf(`reply:${reply.id}`)).toEqual({ [w.instructor.id]: 'topic.replied' });
    const [notice] = await listed('instructor', row.id);
    expect(notice!.url).toBe(`/course/${w.course.id}/teaching-team#/forum/${row.id}`);
  });

  it("the team's answer to a question: question.answered to its author, opening the previewer of the file at its page", async () => {
    const pdf = await uploadFile(t, cookies.instructor!, w.course.id, 'pdf/pdfjs__tracemonkey.pdf');
    const activity = await activityWith(t, w.course.id, [pdf.id]);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/uploads/${pdf.id}/questions`,
      headers: { cookie: cookies.author! },
      payload: { activity_id: activity.id, title: 'Figure 2?', content: '<p>What is it?</p>', anchor_page: 3 },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const question = asked.json() as Question;
    const [row] = await db().select().from(forumTopics).where(eq(forumTopics.id, question.id));
    const byLearner = await replied(row!, replier);
    expect(await noticesOf(`reply:${byLearner.id}`)).toEqual({ [author.id]: 'topic.replied' });
    const answer = await replied(row!, w.instructor);
    expect(await noticesOf(`reply:${answer.id}`)).toEqual({ [author.id]: 'question.answered' });
    const notices = await listed('author', question.id);
    expect(notices[0]).toMatchObject({
      kind: 'question.answered',
      url: `/course/${w.course.id}/learning-activity#/${activity.id}?upload=${pdf.id}&page=3&question=${question.id}`,
    });
    // Nobody else was told of the question itself (no forum subscription covers questions).
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.topicId, question.id), like(notifications.dedupeKey, 'topic:%'))),
    ).toEqual([]);
  }, 120_000);

  it("through the forum's real routes: a topic, a reply mentioning a member — the mention and the reply notices land on the reply", async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${w.course.id}/forum/topics`,
      headers: { cookie: cookies.author! },
      payload: { title: 'Real topic', content: '<p>Hello</p>' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const topicId = (posted.json() as { id: number }).id;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/topics/${topicId}/replies`,
      headers: { cookie: cookies.replier! },
      payload: { content: `<p>Ask <span class="mention" data-user-id="${mentioned.id}">@M</span></p>` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const replyId = (res.json() as { id: number }).id;
    await expect.poll(() => noticesOf(`reply:${replyId}`)).toEqual({ [author.id]: 'topic.replied', [mentioned.id]: 'topic.mentioned' });
    const [notice] = await listed('author', topicId);
    expect(notice!.url).toBe(`/course/${w.course.id}/forum#/topics/${topicId}?reply=${replyId}`);
  });
});
