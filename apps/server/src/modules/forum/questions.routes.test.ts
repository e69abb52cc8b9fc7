import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Question, QuestionPage, Upload } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { activityWith, twoCourses, uploadFile, type TwoCourses } from '../../../test/helpers/media-world.js';
import { forumReplies, forumTopics } from './forum.table.js';

/** Questions on files (issue 18 §4; spec §2 the previewer's question panel, §7 comment/count) on real processed files. */
describe('questions on files', () => {
  let t: TestApp;
  let w: TwoCourses;
  let pdf: Upload;
  let video: Upload;
  let activityId: number;
  let closedActivityId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await twoCourses(t);
    pdf = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'pdf/pdfjs__tracemonkey.pdf');
    video = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'video/pythonpptx__just-two-mice.mp4');
    activityId = (await activityWith(t, w.courseA.id, [pdf.id, video.id])).id;
    closedActivityId = (await activityWith(t, w.courseA.id, [pdf.id], { isPublished: false })).id;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const ask = (cookie: string, uploadId: number, over: Record<string, unknown> = {}) =>
    call('POST', `/api/uploads/${uploadId}/questions`, cookie, { activity_id: activityId, title: 'Why?', content: '<p>Explain</p>', ...over });
  const count = async (cookie: string, uploadId?: number) => {
    const conditions = uploadId
      ? `?conditions=${encodeURIComponent(JSON.stringify({ referrer_id: uploadId, referrer_type: 'upload_reference', type: 'question' }))}`
      : '';
    const res = await call('GET', `/api/activities/${activityId}/comment/count${conditions}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { count: number }).count;
  };

  it('a student asks on page 3 of the PDF: 201 with the anchor, sanitised HTML, plain-text title, and lists and counts follow', async () => {
    expect(await count(w.cookies.student, pdf.id)).toBe(0);
    const res = await ask(w.cookies.student, pdf.id, {
      title: '<b>Page</b> three<script>alert(1)</script>',
      content: '<p onclick="x()">Why <img src=x onerror=alert(1)> this?<script>alert(2)</script></p>',
      anchor_page: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    const q = res.json() as Question;
    expect(q).toMatchObject({
      space: 'question',
      course_id: w.courseA.id,
      activity_id: activityId,
      upload_id: pdf.id,
      anchor_page: 3,
      anchor_second: null,
      reply_count: 0,
      answered: false,
      subscribed: true,
      author: { id: w.student.id, is_team: false },
    });
    expect(q.title).toBe('Page threealert(1)');
    expect(q.excerpt).toBe('Why this?');
    const [row] = await t.database.db.select().from(forumTopics).where(eq(forumTopics.id, q.id));
    expect(row!.content).not.toMatch(/script|onerror|onclick/i);
    expect(row!.content).toContain('Why');

    expect(await count(w.cookies.student, pdf.id)).toBe(1);
    expect(await count(w.cookies.instructor, pdf.id)).toBe(1);
    expect(await count(w.cookies.student, video.id)).toBe(0);
  });

  it('lists newest first, filtered by page; a video question is anchored at a second', async () => {
    const five = await ask(w.cookies.assistant, pdf.id, { title: 'Page five', anchor_page: 5 });
    expect(five.statusCode, five.body).toBe(201);
    const media = await ask(w.cookies.student, video.id, { title: 'At 2 s', anchor_second: 2.5 });
    expect(media.statusCode, media.body).toBe(201);
    expect(media.json()).toMatchObject({ anchor_second: 2.5, anchor_page: null, upload_id: video.id });

    const all = (await call('GET', `/api/uploads/${pdf.id}/questions?activity_id=${activityId}`, w.cookies.student)).json() as QuestionPage;
    expect(all.items.map((q) => q.title)).toEqual(['Page five', 'Page threealert(1)']);
    expect(all.total).toBe(2);
    expect(all.items[0]!.author.is_team).toBe(true);
    const page3 = (await call('GET', `/api/uploads/${pdf.id}/questions?activity_id=${activityId}&anchor_page=3`, w.cookies.instructor)).json() as QuestionPage;
    expect(page3.items.map((q) => q.anchor_page)).toEqual([3]);
    const paged = (
      await call('GET', `/api/uploads/${pdf.id}/questions?activity_id=${activityId}&page=2&page_size=10`, w.cookies.student)
    ).json() as QuestionPage;
    expect(paged).toMatchObject({ items: [], total: 2, page: 2 });
    // Without conditions: every question of the activity.
    expect(await count(w.cookies.student)).toBe(3);
  });

  it('refuses a bad anchor with a 400 naming it, and writes nothing', async () => {
    const before = await count(w.cookies.instructor, pdf.id);
    const beyond = await ask(w.cookies.student, pdf.id, { anchor_page: 99 });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({ errors: { anchor_page: [expect.stringContaining('14')] } });
    const pageOfVideo = await ask(w.cookies.student, video.id, { anchor_page: 2 });
    expect(pageOfVideo.statusCode).toBe(400);
    expect(pageOfVideo.json()).toMatchObject({ errors: { anchor_page: expect.any(Array) } });
    const secondOfPdf = await ask(w.cookies.student, pdf.id, { anchor_second: 3 });
    expect(secondOfPdf.statusCode).toBe(400);
    expect(secondOfPdf.json()).toMatchObject({ errors: { anchor_second: expect.any(Array) } });
    const zero = await ask(w.cookies.student, pdf.id, { anchor_page: 0 });
    expect(zero.statusCode).toBe(400);
    const noTitle = await ask(w.cookies.student, pdf.id, { title: '<b></b>' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ errors: { title: expect.any(Array) } });
    const badConditions = await call(
      'GET',
      `/api/activities/${activityId}/comment/count?conditions=${encodeURIComponent('{"type":"like"}')}`,
      w.cookies.student,
    );
    expect(badConditions.statusCode).toBe(400);
    expect(badConditions.body).toContain('conditions');
    expect(await count(w.cookies.instructor, pdf.id)).toBe(before);
  });

  it('a student who cannot open the file in that activity gets 404 (outsider, another course) or the activity refusal; nothing is written', async () => {
    for (const cookie of [w.cookies.outsider, w.cookies.studentB]) {
      expect((await ask(cookie, pdf.id)).statusCode).toBe(404);
      expect((await call('GET', `/api/uploads/${pdf.id}/questions?activity_id=${activityId}`, cookie)).statusCode).toBe(404);
      const counted = await call(
        'GET',
        `/api/activities/${activityId}/comment/count?conditions=${encodeURIComponent(JSON.stringify({ referrer_id: pdf.id, referrer_type: 'upload_reference', type: 'question' }))}`,
        cookie,
      );
      expect(counted.statusCode).toBe(404);
    }
    // The file is not held by that activity of another course.
    const activityB = (await activityWith(t, w.courseB.id, [])).id;
    expect((await ask(w.cookies.studentB, pdf.id, { activity_id: activityB })).statusCode).toBe(404);
    // An unpublished activity is closed to learners.
    const closed = await ask(w.cookies.student, pdf.id, { activity_id: closedActivityId });
    expect([403, 404]).toContain(closed.statusCode);
    const rows = await t.database.db.select().from(forumTopics).where(eq(forumTopics.activityId, closedActivityId));
    expect(rows).toEqual([]);
  });

  it('hidden questions count for the team only; an answer by the team marks a question answered', async () => {
    const res = await ask(w.cookies.student, pdf.id, { title: 'To hide', anchor_page: 2 });
    const id = (res.json() as Question).id;
    const teamCount = await count(w.cookies.instructor, pdf.id);
    await t.database.db.update(forumTopics).set({ isHidden: true }).where(eq(forumTopics.id, id));
    expect(await count(w.cookies.instructor, pdf.id)).toBe(teamCount);
    expect(await count(w.cookies.student, pdf.id)).toBe(teamCount - 1);
    // Its author still sees it in the list, marked hidden.
    const mine = (await call('GET', `/api/uploads/${pdf.id}/questions?activity_id=${activityId}&anchor_page=2`, w.cookies.student)).json() as QuestionPage;
    expect(mine.items.map((q) => [q.id, q.is_hidden])).toEqual([[id, true]]);

    const [first] = (await call('GET', `/api/uploads/${pdf.id}/questions?activity_id=${activityId}&anchor_page=3`, w.cookies.student)).json()
      .items as Question[];
    await t.database.db.insert(forumReplies).values({ topicId: first!.id, courseId: w.courseA.id, content: '<p>Because</p>', authorId: w.student.id });
    let listed = (await call('GET', `/api/uploads/${pdf.id}/questions?activity_id=${activityId}&anchor_page=3`, w.cookies.student)).json() as QuestionPage;
    expect(listed.items[0]!.answered).toBe(false);
    await t.database.db.insert(forumReplies).values({ topicId: first!.id, courseId: w.courseA.id, content: '<p>Answer</p>', authorId: w.instructor.id });
    listed = (await call('GET', `/api/uploads/${pdf.id}/questions?activity_id=${activityId}&anchor_page=3`, w.cookies.student)).json() as QuestionPage;
    expect(listed.items[0]!.answered).toBe(true);
  });

  it('through the real routes: the team answers with POST /api/topics/{id}/replies; the learner reads the answer and is notified where it opens', async () => {
    const asked = await ask(w.cookies.student, pdf.id, { title: 'Real answer?', anchor_page: 4 });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = (asked.json() as Question).id;
    // Someone outside the course cannot read it by id either.
    expect((await call('GET', `/api/topics/${id}`, w.cookies.studentB)).statusCode).toBe(404);
    const answered = await call('POST', `/api/topics/${id}/replies`, w.cookies.instructor, { content: '<p>See <b>figure 2</b><script>x()</script></p>' });
    expect(answered.statusCode, answered.body).toBe(201);
    const detail = await call('GET', `/api/topics/${id}`, w.cookies.student);
    expect(detail.statusCode, detail.body).toBe(200);
    const topic = detail.json() as { replies: { content: string; author: { is_team: boolean } }[]; reply_count: number };
    expect(topic.reply_count).toBe(1);
    expect(topic.replies[0]!.author.is_team).toBe(true);
    expect(topic.replies[0]!.content).not.toContain('script');
    const listed = (await call('GET', `/api/uploads/${pdf.id}/questions?activity_id=${activityId}&anchor_page=4`, w.cookies.student)).json() as QuestionPage;
    expect(listed.items[0]).toMatchObject({ id, answered: true, reply_count: 1 });
    await vi.waitFor(async () => {
      const notices = (await call('GET', '/api/notifications?page_size=50', w.cookies.student)).json() as {
        items: { kind: string; topic_id: number; url: string }[];
      };
      expect(notices.items.find((n) => n.topic_id === id)).toMatchObject({
        kind: 'question.answered',
        url: `/course/${w.courseA.id}/learning-activity#/${activityId}?upload=${pdf.id}&page=4&question=${id}`,
      });
    });
  });
});
