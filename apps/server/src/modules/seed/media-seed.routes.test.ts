import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { activities, activityUploads } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { examSubjects } from '../exams/exams.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { seedDemoData } from './demo-seed.js';

/** The MEDIA101 demo course (issue 5 journeys), seeded twice without workers: same rows, and the activity-files call maps them. */
describe('media demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ATRIUM_WORKERS: 'false' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds MEDIA101 with eight files, three activities and a play-limited exam subject, idempotently', async () => {
    await seedDemoData(t.app.deps);
    await seedDemoData(t.app.deps);
    const db = t.database.db;
    const [course] = await db.select().from(courses).where(eq(courses.courseCode, 'MEDIA101'));
    expect(course).toBeDefined();
    const files = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.parentType, 'course'), eq(uploads.parentId, course!.id)));
    expect(files).toHaveLength(8);
    expect(files.filter((f) => f.type === 'scorm')).toHaveLength(2);
    const acts = await db.select().from(activities).where(eq(activities.courseId, course!.id));
    expect(acts.map((a) => a.type).sort()).toEqual(['exam', 'material', 'scorm']);
    // An exam completes by being submitted (its own feature), not by a visit to its page.
    expect(acts.find((a) => a.type === 'exam')!.completionCriterion).toBe('submitted');
    const material = acts.find((a) => a.type === 'material')!;
    expect(material).toMatchObject({
      isForwardSeekingRefused: true,
      canGuestPreview: true,
      data: { copyright_notice: '© Atrium demo — not for redistribution' },
    });
    expect(await db.select().from(activityUploads).where(eq(activityUploads.activityId, material.id))).toHaveLength(6);
    const exam = acts.find((a) => a.type === 'exam')!;
    const [subject] = await db.select().from(examSubjects).where(eq(examSubjects.activityId, exam.id));
    const video = files.find((f) => f.name === 'pythonpptx__just-two-mice.mp4')!;
    expect(subject).toMatchObject({ isPlayLimited: true, playLimitTimes: 1, uploadIds: [video.id] });

    const cookie = await t.factories.login('student4', 'atrium-demo');
    const res = await t.app.inject({ method: 'GET', url: `/api/courses/${course!.id}/activity-files`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      upload_id: number;
      activity_id: number;
      activity_type: string;
      subject_id: number | null;
      name: string | null;
      upload_type: string | null;
    }[];
    expect(items).toHaveLength(6 + 2 + 1);
    expect(items).toContainEqual(
      expect.objectContaining({
        upload_id: video.id,
        activity_id: exam.id,
        activity_type: 'exam',
        subject_id: subject!.id,
        name: 'pythonpptx__just-two-mice.mp4',
        upload_type: 'video',
      }),
    );
    expect(items).toContainEqual(expect.objectContaining({ upload_id: video.id, activity_id: material.id, activity_type: 'material', subject_id: null }));
    const outsider = await t.factories.login('student2', 'atrium-demo');
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${course!.id}/activity-files`, headers: { cookie: outsider } })).statusCode).toBe(403);
  });
});
