import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { USER_ROLE } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { openSse, type SseClient } from '../../../test/helpers/sse-client.js';
import { courseGroupMembers, courseGroups } from '../enrolments/course-groups.table.js';
import { emit } from '../events/events.service.js';
import { forumReplies, forumTopics } from '../forum/forum.table.js';

// Issue 18 §1: new replies appear live through the notification stream (`event: topic`), only to
// connected users who may read the topic: course members; a group topic's group and the team; the
// team space's team. The reply is announced by notifications.make handling a real topic.replied.
let t: TestApp;
let base: string;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let grouped: { id: number; userName: string };
let groupId: number;
let cookies: Record<'instructor' | 'student' | 'grouped' | 'outsider', string>;
const open: SseClient[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  w = await t.factories.courseWorld();
  grouped = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student });
  await t.factories.enrol(w.course.id, grouped.id, 'student');
  const [group] = await t.database.db.insert(courseGroups).values({ courseId: w.course.id, name: 'Group A' }).returning();
  groupId = group!.id;
  await t.database.db.insert(courseGroupMembers).values({ groupId, userId: grouped.id });
  cookies = {
    instructor: await t.factories.login(w.instructor.userName),
    student: await t.factories.login(w.student.userName),
    grouped: await t.factories.login(grouped.userName),
    outsider: await t.factories.login(w.outsider.userName),
  };
}, 60_000);
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(() => t.close());

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 3_000, interval: 10 });
const topicEvents = (client: SseClient) => client.frames.filter((f) => f.event === 'topic').map((f) => JSON.parse(f.data!) as Record<string, number>);

/** A topic and one reply to it by the instructor, announced as topic.replied (the forum core's reply route emits the same). */
async function reply(space: 'course' | 'team', group: number | null) {
  const db = t.database.db;
  const [topic] = await db
    .insert(forumTopics)
    .values({ courseId: w.course.id, space, groupId: group, title: 'Topic', content: '<p>Hi</p>', authorId: w.student.id })
    .returning();
  const [row] = await db
    .insert(forumReplies)
    .values({ topicId: topic!.id, courseId: w.course.id, content: '<p>Answer</p>', authorId: w.instructor.id })
    .returning();
  await emit(t.app.deps, t.app.deps.db, {
    type: 'topic.replied',
    payload: {
      course_id: w.course.id,
      topic_id: topic!.id,
      reply_id: row!.id,
      parent_id: null,
      space,
      activity_id: null,
      group_id: group,
      author_id: w.instructor.id,
      by_team: true,
      topic_author_id: w.student.id,
      parent_author_id: null,
      title: 'Topic',
      mentioned_user_ids: [],
    },
  });
  return { topicId: topic!.id, replyId: row!.id };
}

async function connectAll() {
  const clients = {} as Record<keyof typeof cookies, SseClient>;
  for (const who of Object.keys(cookies) as (keyof typeof cookies)[]) {
    const client = await openSse(base, { cookie: cookies[who] });
    open.push(client);
    clients[who] = client;
  }
  for (const client of Object.values(clients)) await waitFor(() => expect(client.unreadCounts().length).toBeGreaterThan(0));
  return clients;
}

describe('event: topic on the notification stream', () => {
  it('a course topic reply reaches every connected member (ids only), never someone outside the course', async () => {
    const c = await connectAll();
    const { topicId, replyId } = await reply('course', null);
    const expected = { topic_id: topicId, reply_id: replyId, course_id: w.course.id };
    await waitFor(() => expect(topicEvents(c.student)).toEqual([expected]));
    await waitFor(() => expect(topicEvents(c.grouped)).toEqual([expected]));
    await waitFor(() => expect(topicEvents(c.instructor)).toEqual([expected]));
    // The topic frame carries no id: the notification cursor (Last-Event-ID) does not move.
    expect(c.student.frames.find((f) => f.event === 'topic')!.id).toBeUndefined();
    expect(topicEvents(c.outsider)).toEqual([]);
  });

  it("a group topic's reply reaches its group and the team only; a team topic's the team only", async () => {
    const c = await connectAll();
    const group = await reply('course', groupId);
    await waitFor(() => expect(topicEvents(c.grouped).map((e) => e.topic_id)).toEqual([group.topicId]));
    await waitFor(() => expect(topicEvents(c.instructor).map((e) => e.topic_id)).toEqual([group.topicId]));
    const team = await reply('team', null);
    await waitFor(() => expect(topicEvents(c.instructor).map((e) => e.topic_id)).toEqual([group.topicId, team.topicId]));
    // A later event reached everyone who gets one: nothing more is on its way to the others.
    const marker = await reply('course', null);
    await waitFor(() => expect(topicEvents(c.student).map((e) => e.topic_id)).toEqual([marker.topicId]));
    await waitFor(() => expect(topicEvents(c.grouped).map((e) => e.topic_id)).toEqual([group.topicId, marker.topicId]));
    expect(topicEvents(c.outsider)).toEqual([]);
  });
});
