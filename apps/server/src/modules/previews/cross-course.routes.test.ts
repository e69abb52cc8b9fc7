import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerOptions, Upload } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createExamSubject } from '../../../test/factories/activities.js';
import { zip as makeZip } from '../../../test/helpers/hostile-archives.js';
import { activityWith, manifest12, twoCourses, uploadFile, type TwoCourses } from '../../../test/helpers/media-world.js';
import { activityReadRecords } from '../activities/activities.table.js';
import { examSubjectPlayRecords } from '../exams/exams.table.js';
import { notes } from '../notes/notes.table.js';
import { scormRuntimeRecords } from '../scorm/scorm.table.js';

/**
 * Issue 5's cross-course matrix: a student of course A asks for course B's
 * files through every upload, preview, media, exam, notes and SCORM call, with
 * course B's activity and with an activity of their own course. Each is refused
 * (403 or 404), no answer carries a media URL or the file's name, and nothing
 * is written for the student.
 */
describe('cross-course matrix: a student of course A and the files of course B', () => {
  let t: TestApp;
  let w: TwoCourses;
  let video: Upload;
  let audio: Upload;
  let pdf: Upload;
  let text: Upload;
  let scorm: Upload;
  let activityB: number;
  let activityA: number;
  let subjectB: number;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await twoCourses(t);
    const as = w.cookies.instructorB;
    video = await uploadFile(t, as, w.courseB.id, 'video/pythonpptx__just-two-mice.mp4');
    audio = await uploadFile(t, as, w.courseB.id, 'audio/howler__sound2.mp3');
    pdf = await uploadFile(t, as, w.courseB.id, 'pdf/pdfjs__tracemonkey.pdf');
    text = await uploadFile(t, as, w.courseB.id, { name: 'secret-b.txt', bytes: Buffer.from('course B only\n') });
    scorm = await uploadFile(t, as, w.courseB.id, {
      name: 'package-b.zip',
      bytes: makeZip([
        { name: 'imsmanifest.xml', data: manifest12() },
        { name: 'index.html', data: '<html>B</html>' },
      ]),
    });
    activityB = (await activityWith(t, w.courseB.id, [video.id, audio.id, pdf.id, text.id, scorm.id])).id;
    activityA = (await activityWith(t, w.courseA.id, [])).id;
    const exam = await activityWith(t, w.courseB.id, [], { type: 'exam' });
    subjectB = (await createExamSubject(t.database, { activityId: exam.id, uploadIds: [audio.id], playLimit: true, playLimitTimes: 5 })).id;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  type Call = [label: string, method: 'GET' | 'POST' | 'PUT', url: () => string, body?: () => unknown];
  const progress = (activityId: () => number) => () => ({ activity_id: activityId(), ranges: [[0, 1]], position: 1 });
  const note = (courseId: () => number, activityId: () => number) => () => ({
    content: '<p>mine</p>',
    target_type: 'document',
    target_id: pdf.id,
    anchor: 1,
    course_id: courseId(),
    activity_id: activityId(),
  });
  const calls: Call[] = [
    ['upload', 'GET', () => `/api/uploads/${video.id}`],
    ['upload preview', 'GET', () => `/api/uploads/${video.id}?preview=true`],
    ['text', 'GET', () => `/api/uploads/${text.id}/text?preview=true`],
    ['document url', 'GET', () => `/api/uploads/document/${pdf.id}/url`],
    ['reference document url', 'GET', () => `/api/uploads/reference/document/${pdf.id}/url`],
    ['pdf info for statistics', 'GET', () => `/api/uploads/reference/document/${pdf.id}/pdf-info-for-stat`],
    ['office preview', 'GET', () => `/api/uploads/${pdf.id}/preview/wps`],
    ['arrears', 'GET', () => `/api/uploads/org/arrears/${pdf.id}`],
    ['derived MP4', 'GET', () => `/api/uploads/${video.id}/derived/360p/video.mp4`],
    ['derived HLS playlist', 'GET', () => `/api/uploads/${video.id}/derived/360p/hls/index.m3u8`],
    ['blob preview', 'GET', () => `/api/uploads/${pdf.id}/blob?preview=true`],
    ['blob download', 'GET', () => `/api/uploads/${pdf.id}/blob`],
    ['player options, activity of B', 'GET', () => `/api/uploads/${video.id}/player-options?activity_id=${activityB}`],
    ['player options, own activity', 'GET', () => `/api/uploads/${video.id}/player-options?activity_id=${activityA}`],
    ['audio', 'GET', () => `/api/uploads/audio/${audio.id}`],
    ['audio, activity of B', 'GET', () => `/api/uploads/audio/${audio.id}?activity_id=${activityB}`],
    ['audio, own activity', 'GET', () => `/api/uploads/audio/${audio.id}?activity_id=${activityA}`],
    ['seek, activity of B', 'POST', () => `/api/uploads/${video.id}/seek`, () => ({ activity_id: activityB, position: 0 })],
    ['seek, own activity', 'POST', () => `/api/uploads/${video.id}/seek`, () => ({ activity_id: activityA, position: 0 })],
    ['play progress, activity of B', 'POST', () => `/api/uploads/${video.id}/play-progress`, progress(() => activityB)],
    ['play progress, own activity', 'POST', () => `/api/uploads/${video.id}/play-progress`, progress(() => activityA)],
    ['exam play status', 'GET', () => `/api/exam-subjects/${subjectB}/uploads/${audio.id}/play-status`],
    ['exam play', 'POST', () => `/api/exam-subjects/${subjectB}/uploads/${audio.id}/play`, () => ({})],
    ['notes list, course B', 'GET', () => `/api/notes?course_id=${w.courseB.id}&activity_id=${activityB}&target_id=${pdf.id}`],
    ['notes list, own course', 'GET', () => `/api/notes?course_id=${w.courseA.id}&activity_id=${activityA}&target_id=${pdf.id}`],
    ['notes statistics', 'GET', () => `/api/notes/statistics?course_id=${w.courseB.id}&activity_id=${activityB}&target_id=${pdf.id}`],
    [
      'note create, course B',
      'POST',
      () => '/api/notes',
      note(
        () => w.courseB.id,
        () => activityB,
      ),
    ],
    [
      'note create, own course',
      'POST',
      () => '/api/notes',
      note(
        () => w.courseA.id,
        () => activityA,
      ),
    ],
    ['SCORM launch', 'GET', () => `/api/uploads/scorm/${scorm.id}?sco=i1&preview=true`],
    ['SCORM file', 'GET', () => `/api/uploads/scorm/${scorm.id}/content/index.html`],
    ['SCORM runtime launch, activity of B', 'GET', () => `/api/uploads/scorm/${scorm.id}/runtime?activity_id=${activityB}&sco=i1`],
    ['SCORM runtime launch, own activity', 'GET', () => `/api/uploads/scorm/${scorm.id}/runtime?activity_id=${activityA}&sco=i1`],
    [
      'SCORM runtime commit, activity of B',
      'PUT',
      () => `/api/uploads/scorm/${scorm.id}/runtime?activity_id=${activityB}&sco=i1`,
      () => ({ cmi: { core: { lesson_status: 'completed' } } }),
    ],
    [
      'SCORM runtime commit, own activity',
      'PUT',
      () => `/api/uploads/scorm/${scorm.id}/runtime?activity_id=${activityA}&sco=i1`,
      () => ({ cmi: { core: { lesson_status: 'completed' } } }),
    ],
    ['course B files', 'GET', () => `/api/courses/${w.courseB.id}/uploads`],
    ['course B activity files', 'GET', () => `/api/courses/${w.courseB.id}/activity-files`],
  ];

  it("course B's own student reaches these files (the matrix refuses for the course, not for the call)", async () => {
    expect([video, audio, pdf, scorm].map((u) => u.status)).toEqual(['ready', 'ready', 'ready', 'ready']);
    for (const url of [
      `/api/uploads/${video.id}/player-options?activity_id=${activityB}`,
      `/api/uploads/document/${pdf.id}/url`,
      `/api/uploads/${text.id}/text`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: w.cookies.studentB } })).statusCode, url).toBe(200);
    }
  });

  it.each(calls)('%s: refused, nothing of the file in the answer', async (_label, method, url, body) => {
    const payload = body?.();
    const res = await t.app.inject({
      method,
      url: url(),
      headers: { cookie: w.cookies.student },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    expect([403, 404], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).not.toMatch(/\/api\/media\/|\/derived\/|tracemonkey|secret-b|package-b|course B only|just-two-mice/);
  });

  it("a media URL signed for course B's student does not play for the student of course A", async () => {
    const options = (
      await t.app.inject({ method: 'GET', url: `/api/uploads/${video.id}/player-options?activity_id=${activityB}`, headers: { cookie: w.cookies.studentB } })
    ).json() as PlayerOptions;
    const res = await t.app.inject({ method: 'GET', url: options.resolutions[0]!.mp4_url!, headers: { cookie: w.cookies.student } });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 403, code: 'MEDIA_URL_INVALID' });
  });

  it('after the whole matrix nothing is stored for the student of course A', async () => {
    const db = t.database.db;
    const id = w.student.id;
    expect(await db.select().from(activityReadRecords).where(eq(activityReadRecords.userId, id))).toEqual([]);
    expect(await db.select().from(notes).where(eq(notes.userId, id))).toEqual([]);
    expect(await db.select().from(scormRuntimeRecords).where(eq(scormRuntimeRecords.userId, id))).toEqual([]);
    expect(await db.select().from(examSubjectPlayRecords).where(eq(examSubjectPlayRecords.userId, id))).toEqual([]);
  });
});
