import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gradebook } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createActivity } from '../../../test/factories/activities.js';
import { activities } from '../activities/activities.table.js';
import { grades } from '../gradebook/gradebook.table.js';
import { participationScore } from './forum-participation.js';
import { forumReplies } from './forum.table.js';

// Issue 18 §1 "forum activities may be graded on participation": a forum's data.grading
// (participation, max_score, posts_for_full) is validated with the activity; each topic or reply
// posted through the forum's routes (topic.created / topic.replied through the real event bus)
// recomputes the author's score into the gradebook. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.

let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let cookie: string;
const cookies = { student: '', instructor: '' };

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  cookie = await t.factories.login(w.instructor.userName);
  cookies.instructor = cookie;
  cookies.student = await t.factories.login(w.student.userName);
});
afterAll(() => t.close());

const GRADING = { type: 'participation', max_score: 10, posts_for_full: 4 };

async function newForum(data: Record<string, unknown>) {
  const anchor = await createActivity(t.database, { courseId: w.course.id, type: 'page', data: { content: '<p>x</p>' } });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/courses/${w.course.id}/activities`,
    headers: { cookie },
    payload: { module_id: anchor.moduleId, type: 'forum', title: 'Discussion', data },
  });
  if (res.statusCode === 200) {
    const published = await t.app.inject({
      method: 'PUT',
      url: `/api/activities/${res.json().id as number}/publish`,
      headers: { cookie },
      payload: { published: true },
    });
    expect(published.statusCode, published.body).toBe(200);
  }
  return res;
}

/** A topic by `who` in the forum through POST /api/forum/{activityId}/topics (topic.created in its transaction). */
async function postTopic(activityId: number, who: 'student' | 'instructor') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/forum/${activityId}/topics`,
    headers: { cookie: cookies[who] },
    payload: { title: 'Hello', content: '<p>hi</p>' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

/** A reply by `who` through POST /api/topics/{topicId}/replies (topic.replied in its transaction). */
async function postReply(topic: { id: number }, who: 'student' | 'instructor') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/topics/${topic.id}/replies`,
    headers: { cookie: cookies[who] },
    payload: { content: '<p>yes</p>' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

const gradesOf = (activityId: number) => t.database.db.select().from(grades).where(eq(grades.activityId, activityId));

async function gradebook(): Promise<Gradebook> {
  const res = await t.app.inject({ method: 'GET', url: `/api/courses/${w.course.id}/scores`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Gradebook;
}

describe('participation grading settings', () => {
  it('are validated with the forum activity: bad values answer 400 naming the field and write nothing', async () => {
    const before = (await t.database.db.select().from(activities).where(eq(activities.courseId, w.course.id))).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...GRADING, posts_for_full: 0 }, 'grading.posts_for_full'],
      [{ ...GRADING, posts_for_full: 2.5 }, 'grading.posts_for_full'],
      [{ ...GRADING, max_score: -1 }, 'grading.max_score'],
      [{ ...GRADING, max_score: 'ten' }, 'grading.max_score'],
      [{ ...GRADING, type: 'likes' }, 'grading.type'],
    ];
    for (const [grading, field] of cases) {
      const res = await newForum({ grading });
      expect(res.statusCode, JSON.stringify(grading)).toBe(400);
      expect(Object.keys(res.json().errors as object)).toEqual([field]);
    }
    // createActivity made one anchor page per case; no forum was written.
    const after = await t.database.db.select().from(activities).where(eq(activities.courseId, w.course.id));
    expect(after.filter((a) => a.type === 'forum')).toHaveLength(0);
    expect(after.length).toBe(before + cases.length);
    const ok = await newForum({ grading: GRADING });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ grading: GRADING });
  });

  it('score = min(posts, posts_for_full) / posts_for_full × max_score', () => {
    const g = { type: 'participation' as const, max_score: 10, posts_for_full: 4 };
    expect([0, 1, 2, 4, 9].map((n) => participationScore(n, g))).toEqual([0, 2.5, 5, 10, 10]);
    expect(participationScore(1, { ...g, max_score: 100, posts_for_full: 3 })).toBe(33.33);
  });
});

describe('participation grades reach the gradebook', () => {
  it('a student with 2 of 4 posts gets 50% of the maximum; more posts raise it to the cap; a settings change recomputes', async () => {
    const created = await newForum({ grading: GRADING });
    expect(created.statusCode, created.body).toBe(200);
    const forumId = created.json().id as number;

    const topic = await postTopic(forumId, 'student');
    await postReply(topic, 'student');
    expect((await gradesOf(forumId)).map((g) => [g.userId, g.score, g.maxScore, g.source])).toEqual([[w.student.id, 5, 10, 'forum']]);

    const book = await gradebook();
    const item = book.items.find((i) => i.activity_id === forumId);
    expect(item).toMatchObject({ type: 'forum', title: 'Discussion', max_score: 10 });
    const row = book.rows.find((r) => r.user_id === w.student.id)!;
    expect(row.scores[String(forumId)]).toBe(5);

    // The team's posts count for nobody's grade.
    await postReply(topic, 'instructor');
    expect(await gradesOf(forumId)).toHaveLength(1);

    for (let i = 0; i < 3; i++) await postReply(topic, 'student');
    expect((await gradesOf(forumId))[0]!.score).toBe(10);

    // Changing the settings recomputes: 5 posts of 8 for full, out of 20 → 12.5.
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/activities/${forumId}`,
      headers: { cookie },
      payload: { data: { grading: { type: 'participation', max_score: 20, posts_for_full: 8 } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await gradesOf(forumId)).map((g) => [g.score, g.maxScore])).toEqual([[12.5, 20]]);
    expect((await gradebook()).items.find((i) => i.activity_id === forumId)).toMatchObject({ max_score: 20 });

    // Deleted posts stop counting at once (forum.posts_deleted): the student's four replies, then their topic by the team.
    const mine = await t.database.db
      .select({ id: forumReplies.id })
      .from(forumReplies)
      .where(and(eq(forumReplies.topicId, topic.id), eq(forumReplies.authorId, w.student.id)));
    expect(mine).toHaveLength(4);
    for (const r of mine) {
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/replies/${r.id}`, headers: { cookie: cookies.student } });
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    }
    expect((await gradesOf(forumId))[0]!.score).toBe(2.5); // 1 topic of 8 × 20
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/topics/${topic.id}`, headers: { cookie: cookies.instructor } });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect((await gradesOf(forumId))[0]!.score).toBe(0);
  });

  it('an ungraded forum writes nothing and is no gradebook column', async () => {
    const created = await newForum({});
    expect(created.statusCode, created.body).toBe(200);
    const forumId = created.json().id as number;
    const topic = await postTopic(forumId, 'student');
    await postReply(topic, 'student');
    expect(await gradesOf(forumId)).toEqual([]);
    expect((await gradebook()).items.some((i) => i.activity_id === forumId)).toBe(false);
  });
});
