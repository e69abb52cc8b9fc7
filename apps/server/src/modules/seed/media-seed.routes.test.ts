import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Upload } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { waitForProcessed } from '../../../test/uploads-client.js';
import { activities, activityUploads } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { examSubjects } from '../exams/exams.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { seedDemoData } from './demo-seed.js';

/** The MEDIA101 demo course (issue 5 journeys) from the shipped demo files, seeded twice without workers: same rows, and the activity-files call maps them. */
describe('media demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ATRIUM_WORKERS: 'false' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds MEDIA101 with six shipped files (five previewer types and a SCORM 1.2 package), three activities and a play-limited exam subject, idempotently', async () => {
    await seedDemoData(t.app.deps);
    await seedDemoData(t.app.deps);
    const db = t.database.db;
    const [course] = await db.select().from(courses).where(eq(courses.courseCode, 'MEDIA101'));
    expect(course).toBeDefined();
    const files = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.parentType, 'course'), eq(uploads.parentId, course!.id)));
    expect(files.map((f) => f.name).sort()).toEqual([
      'cs101-lecture-1-chime.mp3',
      'cs101-lecture-1-handout.pdf',
      'cs101-lecture-1-intro.mp4',
      'cs101-pipeline-diagram.png',
      'cs101-reading-list.docx',
      'cs101-self-check-scorm12.zip',
    ]);
    expect(files.filter((f) => f.type === 'scorm')).toHaveLength(1);
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
    expect(await db.select().from(activityUploads).where(eq(activityUploads.activityId, material.id))).toHaveLength(5);
    const exam = acts.find((a) => a.type === 'exam')!;
    const [subject] = await db.select().from(examSubjects).where(eq(examSubjects.activityId, exam.id));
    const video = files.find((f) => f.name === 'cs101-lecture-1-intro.mp4')!;
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
    expect(items).toHaveLength(5 + 1 + 1);
    expect(items).toContainEqual(
      expect.objectContaining({
        upload_id: video.id,
        activity_id: exam.id,
        activity_type: 'exam',
        subject_id: subject!.id,
        name: 'cs101-lecture-1-intro.mp4',
        upload_type: 'video',
      }),
    );
    expect(items).toContainEqual(expect.objectContaining({ upload_id: video.id, activity_id: material.id, activity_type: 'material', subject_id: null }));
    const outsider = await t.factories.login('student2', 'atrium-demo');
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${course!.id}/activity-files`, headers: { cookie: outsider } })).statusCode).toBe(403);
  });
});

/** Issue 20 §11: with workers on, every shipped demo file goes through the real pipeline and ends ready. */
describe('the shipped demo files, processed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('end ready: a 3-page PDF, a docx converted to PDF, a PNG, a 5 s video, a 5 s MP3 and a SCORM 1.2 package with one SCO', async () => {
    await seedDemoData(t.app.deps);
    const [course] = await t.database.db.select().from(courses).where(eq(courses.courseCode, 'MEDIA101'));
    const files = await t.database.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.parentType, 'course'), eq(uploads.parentId, course!.id)));
    const cookie = await t.factories.login('instructor', 'atrium-demo');
    const done = new Map<string, Upload>();
    for (const f of files) done.set(f.name, await waitForProcessed(t, cookie, f.id));
    const byName = (name: string) => done.get(name)!;
    for (const upload of done.values()) expect(upload, upload.name).toMatchObject({ status: 'ready', failure_reason: null });
    expect(byName('cs101-lecture-1-handout.pdf')).toMatchObject({ type: 'document', num_pages: 3 });
    expect(byName('cs101-reading-list.docx')).toMatchObject({ type: 'document' });
    expect(byName('cs101-pipeline-diagram.png')).toMatchObject({ type: 'image' });
    expect(byName('cs101-lecture-1-intro.mp4')).toMatchObject({ type: 'video', duration: expect.closeTo(5, 0) });
    expect(byName('cs101-lecture-1-chime.mp3')).toMatchObject({ type: 'audio', duration: expect.closeTo(5, 0) });
    expect(byName('cs101-self-check-scorm12.zip')).toMatchObject({ type: 'scorm' });
    const preview = await t.app.inject({ method: 'GET', url: `/api/uploads/${byName('cs101-self-check-scorm12.zip').id}?preview=true`, headers: { cookie } });
    expect(preview.json().scorm).toMatchObject({
      status_code: 200,
      data: { manifest: { version: '1.2', scos: [{ identifier: 'item-quiz', title: 'Lecture 1 self-check', launch: 'index.html' }] } },
    });
  }, 240_000);
});
