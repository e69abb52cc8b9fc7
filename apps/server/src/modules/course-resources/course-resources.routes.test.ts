import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseResources, Upload } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createActivity, createExamSubject } from '../../../test/factories/activities.js';
import { countStatements } from '../../../test/helpers/count-statements.js';
import { uploadFile } from '../../../test/helpers/media-world.js';
import { waitForProcessed } from '../../../test/uploads-client.js';
import { activities, courseModules } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { NO_DESKTOP_CLIENT_REASON } from './course-resources.service.js';

/**
 * Issue 19 §3: `GET /api/user/course/{courseId}/resources/folder` lists a course's files by
 * folder through the one access model (decision 0080); §7 the honest open-client-url.
 */

type Case = 'open' | 'unpublished_activity' | 'not_started' | 'unpublished_module' | 'exam_only';
const CASES: Case[] = ['open', 'unpublished_activity', 'not_started', 'unpublished_module', 'exam_only'];
type Role = 'anonymous' | 'outsider' | 'student' | 'assistant' | 'instructor' | 'admin';

let t: TestApp;
let courseId: number;
let world: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let cookies: Record<Exclude<Role, 'anonymous'>, string>;
let courseFile: Upload;
let folderFile: Upload;
let noDownload: Upload;
const cases = {} as Record<Case, { activityId: number; moduleId: number; title: string; file: Upload }>;

const text = (name: string) => ({ name, bytes: Buffer.from(`${name}\n`) });

/** A folder upload: `relative_path` as the web's folder button sends it. */
async function uploadInFolder(cookie: string, relativePath: string): Promise<Upload> {
  const name = relativePath.split('/').pop()!;
  const bytes = Buffer.from(`${name}\n`);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { cookie },
    payload: { name, size: bytes.length, parent_type: 'course', parent_id: courseId, relative_path: relativePath, folder_file_count: 1 },
  });
  expect(created.statusCode, created.body).toBe(201);
  const sent = await t.app.inject({
    method: 'PUT',
    url: created.json().upload_url,
    headers: { cookie, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return waitForProcessed(t, cookie, created.json().id);
}

beforeAll(async () => {
  t = await buildTestApp();
  const w = (world = await t.factories.courseWorld());
  courseId = w.course.id;
  cookies = {
    outsider: await t.factories.login(w.outsider.userName),
    student: await t.factories.login(w.student.userName),
    assistant: await t.factories.login(w.assistant.userName),
    instructor: await t.factories.login(w.instructor.userName),
    admin: await t.factories.login(w.admin.userName),
  };
  courseFile = await uploadFile(t, cookies.instructor, courseId, text('syllabus.txt'));
  folderFile = await uploadInFolder(cookies.instructor, 'Week 1/Slides/intro.txt');
  noDownload = await uploadFile(t, cookies.instructor, courseId, text('view-only.txt'));
  await t.database.db.update(uploads).set({ isAllowDownload: false }).where(eq(uploads.id, noDownload.id));
  for (const c of CASES) {
    const file = await uploadFile(t, cookies.instructor, courseId, text(`${c}-handout.txt`));
    const held = c === 'open' ? [file.id, noDownload.id] : [file.id];
    const activity =
      c === 'exam_only'
        ? await createActivity(t.database, { courseId, type: 'exam' })
        : await createActivity(t.database, { courseId, uploadIds: held, isPublished: c !== 'unpublished_activity' });
    if (c === 'exam_only') await createExamSubject(t.database, { activityId: activity.id, uploadIds: [file.id] });
    const title = `Activity ${c}`;
    await t.database.db
      .update(activities)
      .set({ title, ...(c === 'not_started' ? { startTime: new Date(Date.now() + 86_400_000) } : {}) })
      .where(eq(activities.id, activity.id));
    if (c === 'unpublished_module') await t.database.db.update(courseModules).set({ isPublished: false }).where(eq(courseModules.id, activity.moduleId));
    cases[c] = { activityId: activity.id, moduleId: activity.moduleId, title, file };
  }
}, 120_000);
afterAll(() => t?.close());

const url = () => `/api/user/course/${courseId}/resources/folder`;
async function resources(role: Role) {
  return t.app.inject({ method: 'GET', url: url(), headers: role === 'anonymous' ? {} : { cookie: cookies[role] } });
}
const fileIds = (body: CourseResources) => body.folders.flatMap((f) => f.files.map((file) => file.id));

describe('GET /api/user/course/{courseId}/resources/folder', () => {
  it('shows a student only the files they may open: no unpublished or not-started activity, no unpublished module, never exam media', async () => {
    const res = await resources('student');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CourseResources;
    expect(body.can_manage).toBe(false);
    const ids = fileIds(body);
    expect(ids).toContain(courseFile.id);
    expect(ids).toContain(folderFile.id);
    expect(ids).toContain(cases.open.file.id);
    for (const c of ['unpublished_activity', 'not_started', 'unpublished_module', 'exam_only'] as const) {
      expect(ids, c).not.toContain(cases[c].file.id);
      expect(res.body, c).not.toContain(`${c}-handout`);
      expect(res.body, c).not.toContain(cases[c].title);
    }
    expect(body.folders.map((f) => f.key)).toEqual(['course', 'course/Week 1/Slides', `activity/${cases.open.activityId}`]);
    expect(body.file_count).toBe(ids.length);
    expect(body.truncated).toBe(false);
  });

  it('groups a folder upload by its folder and names each activity (id, title, type) with its module', async () => {
    const body = (await resources('student')).json() as CourseResources;
    const folder = body.folders.find((f) => f.kind === 'folder')!;
    expect(folder).toMatchObject({ key: 'course/Week 1/Slides', path: 'Week 1/Slides', activity: null });
    expect(folder.files.map((f) => f.id)).toEqual([folderFile.id]);
    const course = body.folders.find((f) => f.kind === 'course')!;
    expect(course.files.map((f) => f.id)).toEqual([courseFile.id]); // files an activity holds are listed under it, not here
    const open = body.folders.find((f) => f.kind === 'activity')!;
    expect(open.activity).toEqual({ id: cases.open.activityId, title: 'Activity open', type: 'material', published: true });
    expect(open.module).toMatchObject({ id: cases.open.moduleId, published: true });
    expect(open.files.map((f) => [f.id, f.via, f.folder])).toEqual([
      [cases.open.file.id, 'activity', open.key],
      [noDownload.id, 'activity', open.key],
    ]);
  });

  it('reports allow_download and each file’s name, type, size, status and time', async () => {
    const body = (await resources('student')).json() as CourseResources;
    const all = body.folders.flatMap((f) => f.files);
    expect(all.find((f) => f.id === noDownload.id)?.allow_download).toBe(false);
    expect(all.find((f) => f.id === courseFile.id)).toMatchObject({
      name: 'syllabus.txt',
      type: courseFile.type,
      size: 'syllabus.txt\n'.length,
      status: courseFile.status,
      allow_download: true,
      folder: 'course',
      via: 'course',
    });
    expect(Date.parse(all[0]!.created_at)).not.toBeNaN();
  });

  it('shows the course team every file, the activities named, exam media under its exam', async () => {
    for (const role of ['instructor', 'assistant', 'admin'] as const) {
      const res = await resources(role);
      expect(res.statusCode, role).toBe(200);
      const body = res.json() as CourseResources;
      expect(body.can_manage, role).toBe(true);
      for (const c of CASES) {
        const folder = body.folders.find((f) => f.activity?.id === cases[c].activityId);
        expect(folder?.activity?.title, `${role} ${c}`).toBe(cases[c].title);
        expect(
          folder?.files.map((f) => f.id),
          `${role} ${c}`,
        ).toContain(cases[c].file.id);
      }
      const exam = body.folders.find((f) => f.activity?.id === cases.exam_only.activityId)!;
      expect(exam.activity?.type).toBe('exam');
      expect(exam.files[0]?.via).toBe('exam_subject');
      expect(body.folders.find((f) => f.activity?.id === cases.unpublished_activity.activityId)?.activity?.published).toBe(false);
      expect(body.folders.find((f) => f.activity?.id === cases.unpublished_module.activityId)?.module?.published).toBe(false);
    }
  });

  it('refuses a non-member (403) and an anonymous caller (401); an unknown course is 404 and a bad id 400', async () => {
    const outsider = await resources('outsider');
    expect(outsider.statusCode).toBe(403);
    expect(outsider.body).not.toContain('handout');
    const anonymous = await resources('anonymous');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('handout');
    const missing = await t.app.inject({ method: 'GET', url: '/api/user/course/999999/resources/folder', headers: { cookie: cookies.student } });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/user/course/abc/resources/folder', headers: { cookie: cookies.student } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('courseId');
  });

  it('meets its statement budget, set-based (not one statement per file)', async () => {
    // Session, course, my roles, then (course files, activity files, exam listings) together; a
    // learner adds the upload policy's holders and exam listings together (decision 0083).
    const student = await countStatements(t, () => resources('student'));
    expect(student.res.statusCode).toBe(200);
    expect(student.statements, student.sql.join('\n')).toBeLessThanOrEqual(8);
    expect(student.rounds, student.shape.join(',')).toBeLessThanOrEqual(5);
    const team = await countStatements(t, () => resources('instructor'));
    expect(team.res.statusCode).toBe(200);
    expect(team.statements, team.sql.join('\n')).toBeLessThanOrEqual(6);
    expect(team.rounds, team.shape.join(',')).toBeLessThanOrEqual(4);
    // Twelve more files in the open activity change nothing.
    const more = [];
    for (let i = 0; i < 12; i++) more.push(await uploadFile(t, cookies.instructor, courseId, text(`extra-${i}.txt`)));
    const extra = await createActivity(t.database, { courseId, uploadIds: more.map((f) => f.id) });
    const after = await countStatements(t, () => resources('student'));
    expect(fileIds(after.res.json() as CourseResources)).toEqual(expect.arrayContaining(more.map((f) => f.id)));
    expect(after.statements).toBe(student.statements);
    await t.database.db.update(activities).set({ deletedAt: new Date() }).where(eq(activities.id, extra.id));
  }, 60_000);

  it('shows a student the files once their activities open (exam media still never)', async () => {
    await t.database.db.update(activities).set({ isPublished: true }).where(eq(activities.id, cases.unpublished_activity.activityId));
    await t.database.db
      .update(activities)
      .set({ startTime: new Date(Date.now() - 60_000) })
      .where(eq(activities.id, cases.not_started.activityId));
    await t.database.db.update(courseModules).set({ isPublished: true }).where(eq(courseModules.id, cases.unpublished_module.moduleId));
    const body = (await resources('student')).json() as CourseResources;
    const ids = fileIds(body);
    for (const c of ['open', 'unpublished_activity', 'not_started', 'unpublished_module'] as const) {
      expect(ids, c).toContain(cases[c].file.id);
      expect(body.folders.find((f) => f.activity?.id === cases[c].activityId)?.activity?.title, c).toBe(cases[c].title);
    }
    expect(ids).not.toContain(cases.exam_only.file.id);
    expect(body.folders.some((f) => f.activity?.id === cases.exam_only.activityId)).toBe(false);
  });
});

describe('the activity rules of the upload policy, in a course of its own', () => {
  /** A course of its own (its learning mode changes) with the world's student and instructor. */
  async function ownCourse(mode: 'free' | 'checkpoint') {
    const course = await t.factories.course({ orgId: world.org.id, instructorId: world.instructor.id });
    await t.factories.enrol(course.id, world.student.id, 'student');
    await t.database.db.update(courses).set({ learningMode: mode }).where(eq(courses.id, course.id));
    return course;
  }
  const list = (id: number, role: 'student' | 'instructor') =>
    t.app.inject({ method: 'GET', url: `/api/user/course/${id}/resources/folder`, headers: { cookie: cookies[role] } });

  it('hides from a learner the files of an activity locked by an unfinished earlier one (checkpoint), within budget', async () => {
    const course = await ownCourse('checkpoint');
    await createActivity(t.database, { courseId: course.id, completionCriterion: 'viewed' }); // never visited: locks what follows
    const file = await uploadFile(t, cookies.instructor, course.id, text('locked-handout.txt'));
    const locked = await createActivity(t.database, { courseId: course.id, uploadIds: [file.id] });
    const student = await countStatements(t, () => list(course.id, 'student'));
    expect(student.res.statusCode).toBe(200);
    expect(fileIds(student.res.json() as CourseResources)).toEqual([]);
    expect(student.res.body).not.toContain('locked-handout');
    // Checkpoint mode reads the learner's course study (the policy's loadCourseStudy: four statements in one round).
    expect(student.statements, student.sql.join('\n')).toBeLessThanOrEqual(12);
    expect(student.rounds, student.shape.join(',')).toBeLessThanOrEqual(6);
    const team = (await list(course.id, 'instructor')).json() as CourseResources;
    expect(team.folders.find((f) => f.activity?.id === locked.id)?.files.map((f) => f.id)).toEqual([file.id]);
  });

  it('hides from a learner the files of an ended activity', async () => {
    const course = await ownCourse('free');
    const file = await uploadFile(t, cookies.instructor, course.id, text('ended-handout.txt'));
    const ended = await createActivity(t.database, { courseId: course.id, uploadIds: [file.id] });
    await t.database.db
      .update(activities)
      .set({ endTime: new Date(Date.now() - 86_400_000) })
      .where(eq(activities.id, ended.id));
    expect(fileIds((await list(course.id, 'student')).json() as CourseResources)).toEqual([]);
    expect(fileIds((await list(course.id, 'instructor')).json() as CourseResources)).toEqual([file.id]);
  });
});

describe('GET /api/blobstorage/open-client-url', () => {
  it('answers honestly that no desktop client is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/blobstorage/open-client-url?parent_id=${courseId}`, headers: { cookie: cookies.student } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ open_client_url: null, reason: NO_DESKTOP_CLIENT_REASON });
  });

  it('names parent_id when it is missing or not a number (400), and wants a session (401)', async () => {
    for (const query of ['', '?parent_id=abc', '?parent_id=-1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/blobstorage/open-client-url${query}`, headers: { cookie: cookies.student } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toHaveProperty('parent_id');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/blobstorage/open-client-url?parent_id=${courseId}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
