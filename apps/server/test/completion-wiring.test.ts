import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { activityWith, twoCourses, uploadFile, type TwoCourses } from './helpers/media-world.js';
import { findState } from '../src/modules/progress/progress.repository.js';

/**
 * The wiring between issue 5 (players, SCORM runtime) and issue 7 (completion,
 * study completeness): play-progress and the SCORM runtime status complete
 * activities and recompute the learner's course completeness (spec §3 Activity
 * read record, Study completeness); a PDF needs its pages; the copyright notice
 * set through the activity API reaches the player options.
 */
describe('completion wiring (players → completeness)', () => {
  let t: TestApp;
  let w: TwoCourses;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await twoCourses(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });

  /** A fresh course of the world's instructor with the world's student enrolled, so each test's completeness is its own. */
  async function freshCourse() {
    const course = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id });
    await t.factories.enrol(course.id, w.student.id, 'student');
    return course;
  }
  const studyOf = async (courseId: number) => (await call('GET', `/api/courses/${courseId}/content`, w.cookies.student)).json().study;

  it('play-progress completes a video_percent activity and recomputes the stored course completeness', async () => {
    const course = await freshCourse();
    const video = await uploadFile(t, w.cookies.instructor, course.id, 'video/pythonpptx__just-two-mice.mp4');
    const activity = await activityWith(t, course.id, [video.id], { completionCriterion: 'video_percent', completionPercent: 30 });
    expect(await findState(t.database.db, course.id, w.student.id)).toBeUndefined();

    await call('GET', `/api/uploads/${video.id}/player-options?activity_id=${activity.id}`, w.cookies.student);
    const url = `/api/uploads/${video.id}/play-progress`;
    const little = await call('POST', url, w.cookies.student, { activity_id: activity.id, ranges: [[0, 1]], position: 1 });
    expect(little.statusCode, little.body).toBe(200);
    // Opening the player created the record and stored the completeness; 1 s of 7.16 s is not 30 %.
    expect(await findState(t.database.db, course.id, w.student.id)).toMatchObject({ studyCompleteness: 0, lastActivityId: activity.id });

    const more = await call('POST', url, w.cookies.student, { activity_id: activity.id, ranges: [[1, 3]], position: 3 });
    expect(more.json().viewed_ranges).toEqual([[0, 3]]);
    expect(await findState(t.database.db, course.id, w.student.id)).toMatchObject({ studyCompleteness: 100, lastActivityId: activity.id });
    expect(await studyOf(course.id)).toMatchObject({ study_completeness: 100, last_activity: { id: activity.id } });
  }, 120_000);

  it('opening a video of a viewed activity completes it; a later report moves the last activity back from another one', async () => {
    const course = await freshCourse();
    const video = await uploadFile(t, w.cookies.instructor, course.id, 'video/pythonpptx__just-two-mice.mp4');
    const watched = await activityWith(t, course.id, [video.id], { completionCriterion: 'viewed' });
    const page = await activityWith(t, course.id, [], { type: 'page', completionCriterion: 'viewed' });
    await call('GET', `/api/uploads/${video.id}/player-options?activity_id=${watched.id}`, w.cookies.student);
    expect(await findState(t.database.db, course.id, w.student.id)).toMatchObject({ studyCompleteness: 50, lastActivityId: watched.id });

    const report = () => call('POST', `/api/uploads/${video.id}/play-progress`, w.cookies.student, { activity_id: watched.id, ranges: [[0, 1]], position: 1 });
    expect((await report()).statusCode).toBe(200);
    expect((await call('POST', `/api/activities/${page.id}/reads`, w.cookies.student, {})).statusCode).toBe(200);
    expect(await findState(t.database.db, course.id, w.student.id)).toMatchObject({ studyCompleteness: 100, lastActivityId: page.id });
    // Nothing completes with this report, but the video's activity is the last one again.
    expect((await report()).statusCode).toBe(200);
    expect(await findState(t.database.db, course.id, w.student.id)).toMatchObject({ studyCompleteness: 100, lastActivityId: watched.id });
    expect(await studyOf(course.id)).toMatchObject({ study_completeness: 100, last_activity: { id: watched.id } });
  }, 120_000);

  it('a SCORM activity completes when the SCO reports completed, not when it is opened or incomplete', async () => {
    const course = await freshCourse();
    const zip = await uploadFile(t, w.cookies.instructor, course.id, 'scorm/golf__RuntimeBasicCalls_SCORM12.zip');
    const activity = await activityWith(t, course.id, [zip.id], { type: 'scorm' });
    const sco = (await call('GET', `/api/uploads/${zip.id}?preview=true`, w.cookies.student)).json().scorm.data.manifest.scos[0].identifier as string;
    const runtime = `/api/uploads/scorm/${zip.id}/runtime?activity_id=${activity.id}&sco=${encodeURIComponent(sco)}`;

    const opened = await call('POST', `/api/activities/${activity.id}/reads`, w.cookies.student, { upload_id: zip.id });
    expect(opened.json()).toMatchObject({ is_completed: false, study_completeness: 0 });
    await call('GET', runtime, w.cookies.student);
    const incomplete = await call('PUT', runtime, w.cookies.student, { cmi: { core: { lesson_status: 'incomplete', session_time: '0000:00:10.00' } } });
    expect(incomplete.statusCode, incomplete.body).toBe(200);
    expect(await studyOf(course.id)).toMatchObject({ study_completeness: 0 });

    const passed = await call('PUT', runtime, w.cookies.student, { cmi: { core: { lesson_status: 'passed', session_time: '0000:00:20.00' } } });
    expect(passed.json()).toMatchObject({ status: 'passed' });
    expect(await studyOf(course.id)).toMatchObject({ study_completeness: 100, last_activity: { id: activity.id } });
    expect((await call('GET', `/api/activities/${activity.id}`, w.cookies.student)).json().is_completed).toBe(true);
    // Another learner's status is theirs.
    await t.factories.enrol(course.id, w.assistant.id, 'student');
    expect((await call('GET', `/api/activities/${activity.id}`, w.cookies.assistant)).json().is_completed).toBe(false);
  }, 120_000);

  it('a PDF is viewed when every page was reported, not by opening it', async () => {
    const course = await freshCourse();
    const pdf = await uploadFile(t, w.cookies.instructor, course.id, 'pdf/pdfjs__tracemonkey.pdf');
    const activity = await activityWith(t, course.id, [pdf.id]);
    const read = (body: object) => call('POST', `/api/activities/${activity.id}/reads`, w.cookies.student, body);
    expect((await read({ upload_id: pdf.id })).json().is_completed).toBe(false);
    for (let page = 1; page <= 13; page++) expect((await read({ upload_id: pdf.id, page })).json().is_completed).toBe(false);
    expect((await read({ upload_id: pdf.id, page: 14 })).json()).toMatchObject({ is_completed: true, study_completeness: 100 });
  }, 120_000);

  it('the copyright notice set through the activity API reaches the player options; a too long one is a field error', async () => {
    const course = await freshCourse();
    const video = await uploadFile(t, w.cookies.instructor, course.id, 'video/pythonpptx__just-two-mice.mp4');
    const module = (await call('POST', `/api/courses/${course.id}/modules`, w.cookies.instructor, { title: 'Week 1' })).json();
    const body = { module_id: module.id, type: 'material', title: 'Clip', upload_ids: [video.id], refuse_forward_seeking: true, can_guest_preview: true };
    const tooLong = await call('POST', `/api/courses/${course.id}/activities`, w.cookies.instructor, { ...body, data: { copyright_notice: 'x'.repeat(501) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toHaveProperty('copyright_notice');
    const created = await call('POST', `/api/courses/${course.id}/activities`, w.cookies.instructor, {
      ...body,
      data: { copyright_notice: '© Atrium — enrolled students only' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const activity = created.json();
    expect(activity).toMatchObject({ data: { copyright_notice: '© Atrium — enrolled students only' }, refuse_forward_seeking: true, can_guest_preview: true });
    await call('PUT', `/api/activities/${activity.id}/publish`, w.cookies.instructor, { published: true });
    // Its module too: a learner plays only what they may open (decision 0070).
    await call('PUT', `/api/modules/${module.id}/publish`, w.cookies.instructor, { published: true });
    const options = (await call('GET', `/api/uploads/${video.id}/player-options?activity_id=${activity.id}`, w.cookies.student)).json();
    expect(options).toMatchObject({ copyright_notice: '© Atrium — enrolled students only', seekable: false });
  }, 120_000);
});
