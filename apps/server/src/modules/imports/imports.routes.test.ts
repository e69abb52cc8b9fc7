import { readFileSync, readdirSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/build-test-app.js';
import { createImportWorld, expectationOf, uploadFile, waitForImport, type ImportWorld } from '../../../test/helpers/import-world.js';
import { activities, activityUploads } from '../activities/activities.table.js';
import { examSubjects } from '../exams/exams.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { registerCoursePackage } from './imports.service.js';
import { courseImports, coursePackages } from './imports.table.js';

let world: ImportWorld;
let t: ImportWorld['t'];
let w: ImportWorld['w'];
let cookies: ImportWorld['cookies'];

beforeAll(async () => {
  world = await createImportWorld();
  ({ t, w, cookies } = world);
});
afterAll(async () => world.close());

const as = (who: 'instructor' | 'student' | 'admin') => world.as(who);
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
const newCourse = () => world.newCourse();
const startImport = (courseId: number, uploadId: number) => world.startImport(courseId, uploadId);
const report = (courseId: number, importId: number) => world.report(courseId, importId);
const contentOf = (courseId: number) => world.contentOf(courseId);
const expectTempEmpty = () => world.expectTempEmpty();

const FIXTURES = readdirSync(fixturePath('mbz')).filter((f) => f.endsWith('.mbz') && f !== 'moodle2cc__moodle2_shell.mbz');

describe('every Moodle fixture imports as its own XML says', () => {
  it.each(FIXTURES)('%s', async (fixture) => {
    const file = fixturePath(`mbz/${fixture}`);
    const expected = expectationOf(file);
    const course = await newCourse();
    const uploadId = await uploadFile(t, cookies.instructor!, course.id, fixture, readFileSync(file));
    const { status_key, import_id } = await startImport(course.id, uploadId);
    const status = await waitForImport(t, cookies.instructor!, course.id, status_key);
    expect(status, status.reason ?? '').toMatchObject({ status: 1, progress: 1, reason: null });

    const { modules, acts, files } = await contentOf(course.id);
    expect(modules).toHaveLength(expected.sectionCount);
    const got = acts.map((a) => [a.type, norm(a.title)] as [string, string]).sort((a, b) => (a[0] + a[1]).localeCompare(b[0] + b[1]));
    expect(got).toEqual(expected.activities.map(([type, title]) => [type, norm(title)]));
    expect(files).toHaveLength(expected.fileCount);

    const r = await report(course.id, import_id);
    expect(r.counts.files).toBe(expected.fileCount);
    expect(r.missing_files).toHaveLength(expected.missingBlobs);
    // Every module that has no Atrium equivalent is in the report as skipped, by name.
    for (const mod of expected.skippedModules)
      expect(r.items.some((i) => i.kind === 'activity' && i.source_type === mod && i.outcome === 'skipped')).toBe(true);
    const activityItems = r.items.filter((i) => i.kind === 'activity');
    expect(activityItems).toHaveLength(expected.moduleCount);
    expect(activityItems.filter((i) => i.outcome === 'skipped')).toHaveLength(expected.skippedModules.length);
    expect(r.items.filter((i) => i.kind === 'section')).toHaveLength(expected.type === 'activity' ? 0 : expected.sectionCount);
    // Each quiz is one exam; its subjects and skipped questions against questions.xml: quiz-import.routes.test.ts.
    const exams = acts.filter((a) => a.type === 'exam');
    expect(exams.map((e) => norm(e.title)).sort()).toEqual(expected.quizzes);
    // Nothing left in the import's temporary area.
    await expectTempEmpty();
  });

  it('moodle2cc__SC.mbz: quiz questions become exam subjects in the canonical shapes, calculated ones at fixed values, nothing skipped', async () => {
    const course = await newCourse();
    const uploadId = await uploadFile(t, cookies.instructor!, course.id, 'SC.mbz', readFileSync(fixturePath('mbz/moodle2cc__SC.mbz')));
    const { status_key, import_id } = await startImport(course.id, uploadId);
    expect((await waitForImport(t, cookies.instructor!, course.id, status_key)).status).toBe(1);
    const [exam] = (await contentOf(course.id)).acts.filter((a) => a.type === 'exam');
    const subjects = await t.database.db.select().from(examSubjects).where(eq(examSubjects.activityId, exam!.id)).orderBy(asc(examSubjects.sort));
    // The quiz's slots: questions 1–4 (calculated, calculatedmulti, calculatedsimple, multianswer) and 10–15 of questions.xml.
    expect(subjects.map((s) => s.type)).toEqual([
      'numerical',
      'single_selection',
      'numerical',
      'fill_in_blank',
      'essay',
      'matching',
      'single_selection',
      'numerical',
      'short_answer',
      'true_or_false',
    ]);
    const [calculated, calculatedMulti, calculatedSimple, cloze, , match, choice, numerical, short] = subjects;
    expect(calculated!.description).toBe('<p>What is the perimeter of a square that is 3.5 x 3.1</p>');
    expect(calculated!.data).toMatchObject({ numerical_answers: [{ value: 10.85, tolerance: 0.1085 }], fixed_values: { A: '3.5', B: '3.1' } });
    // Its choices hold no {=formula}: Moodle shows them with the values put in, as here.
    expect(calculatedMulti!.description).toBe('<p>What is the Perimeter of a square that is 5.1 x 7.1?</p>');
    expect(calculatedMulti!.data).toMatchObject({
      options: [
        { content: '5.1*7.1', is_answer: true },
        { content: '5.1+7.1', is_answer: false },
      ],
      fixed_values: { A: '5.1', B: '7.1' },
    });
    expect(calculatedSimple!.data).toMatchObject({ numerical_answers: [{ value: 12.96, tolerance: 0.1296 }] });
    expect(cloze!.description).toContain('* San Francisco: [[1]]');
    expect(cloze!.data).toMatchObject({ answers: [['California'], ['Arizona'], ['California'], ['Arizona'], ['Paris']] });
    expect(cloze!.score).toBe(5);
    expect(choice!.data).toMatchObject({ options: [{ is_answer: false }, { is_answer: false }, { is_answer: true }] });
    expect(numerical!.data).toMatchObject({ numerical_answers: [{ value: 3, tolerance: 1 }], units: [] });
    expect(short!.data).toMatchObject({ answers: [['ping pong']], case_sensitive: false });
    expect(match!.data).toMatchObject({ pairs: [{ answer: 'Answer One' }, { answer: 'Answer 2' }, { answer: 'Answer 3' }] });
    const r = await report(course.id, import_id);
    const skippedQ = r.items
      .filter((i) => i.kind === 'question' && i.outcome === 'skipped')
      .map((i) => i.source_type)
      .sort();
    expect(skippedQ).toEqual([]);
    // @@PLUGINFILE@@ in the page points at the imported file.
    const [page] = (await contentOf(course.id)).acts.filter((a) => a.type === 'page');
    expect(String(page!.data.content)).not.toContain('@@PLUGINFILE@@');
    expect(String(page!.data.content)).toMatch(/\/api\/uploads\/\d+\/blob/);
    // The resource's PDF is a material upload.
    const [material] = (await contentOf(course.id)).acts.filter((a) => a.type === 'material');
    expect(await t.database.db.select().from(activityUploads).where(eq(activityUploads.activityId, material!.id))).toHaveLength(1);
  });

  it('re-importing the same package into the same course adds nothing', async () => {
    const course = await newCourse();
    const uploadId = await uploadFile(
      t,
      cookies.instructor!,
      course.id,
      'lorem.mbz',
      readFileSync(fixturePath('mbz/ietou__backup-moodle2-course-2-lorem2016--nu.mbz')),
    );
    const first = await startImport(course.id, uploadId);
    expect((await waitForImport(t, cookies.instructor!, course.id, first.status_key)).status).toBe(1);
    const before = await contentOf(course.id);
    const second = await startImport(course.id, uploadId);
    expect((await waitForImport(t, cookies.instructor!, course.id, second.status_key)).status).toBe(1);
    const after = await contentOf(course.id);
    expect(after.modules.map((m) => m.id)).toEqual(before.modules.map((m) => m.id));
    expect(after.acts.map((a) => a.id)).toEqual(before.acts.map((a) => a.id));
    expect(after.files).toHaveLength(before.files.length);
    const r = await report(course.id, second.import_id);
    expect(r.items.filter((i) => i.kind === 'activity').every((i) => i.outcome === 'skipped')).toBe(true);

    // An activity deleted since comes back (once) with a third import; nothing else is duplicated.
    const removed = after.acts.find((a) => a.type === 'web_link')!;
    await t.database.db.delete(activities).where(eq(activities.id, removed.id));
    const third = await startImport(course.id, uploadId);
    expect((await waitForImport(t, cookies.instructor!, course.id, third.status_key)).status).toBe(1);
    const final = await contentOf(course.id);
    expect(final.acts).toHaveLength(before.acts.length);
    expect(final.acts.filter((a) => a.title === removed.title)).toHaveLength(1);
    expect(final.modules.map((m) => m.id)).toEqual(before.modules.map((m) => m.id));
  });
});

describe('package library and permissions', () => {
  it('lists uploaded .mbz files with metadata read from the backup; use_count counts imports; admins edit', async () => {
    const course = await newCourse();
    const uploadId = await uploadFile(t, cookies.instructor!, course.id, 'gapfill.mbz', readFileSync(fixturePath('mbz/gapfill__gapfill_example_course.mbz')));
    const list = async (conditions?: object) => {
      const q = conditions ? `&conditions=${encodeURIComponent(JSON.stringify(conditions))}` : '';
      const res = await t.app.inject({ method: 'GET', url: `/api/uploads/moodle-pkg?page=1&page_size=10${q}`, headers: as('instructor') });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const found = await list({ keyword: 'gapfill question' });
    expect(found).toMatchObject({ page: 1, page_size: 10, pages: 1, start: 1, end: found.items.length, total: found.items.length });
    for (const i of found.items) expect(i.data.course_name).toMatch(/gapfill/i);
    const item = found.items.find((i: { upload_id: number }) => i.upload_id === uploadId);
    expect(item).toMatchObject({ upload_id: uploadId, data: { course_name: 'Gapfill Question Type Examples', use_count: 0 } });
    expect((await list({ keyword: 'no such course zz' })).items).toEqual([]);

    const { status_key } = await startImport(course.id, uploadId);
    await waitForImport(t, cookies.instructor!, course.id, status_key);
    expect((await list({ keyword: 'gapfill question' })).items.find((i: { upload_id: number }) => i.upload_id === uploadId).data.use_count).toBe(1);

    const byInstructor = await t.app.inject({
      method: 'PUT',
      url: `/api/uploads/moodle-pkg/${item.id}`,
      headers: as('instructor'),
      payload: { semester: 'Spring' },
    });
    expect(byInstructor.statusCode).toBe(403);
    const byAdmin = await t.app.inject({
      method: 'PUT',
      url: `/api/uploads/moodle-pkg/${item.id}`,
      headers: as('admin'),
      payload: { semester: 'Spring', academic_year: '2025-2026' },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().data).toMatchObject({ semester: 'Spring', academic_year: '2025-2026', use_count: 1 });

    // Spec §2: the list filtered by instructor (conditions.instructor, case-insensitive part of a name).
    const named = await t.app.inject({
      method: 'PUT',
      url: `/api/uploads/moodle-pkg/${item.id}`,
      headers: as('admin'),
      payload: { instructors: ['Grace Hopper', 'Alan Turing'] },
    });
    expect(named.statusCode, named.body).toBe(200);
    const ids = (page: { items: { id: number }[] }) => page.items.map((i) => i.id);
    expect(ids(await list({ instructor: 'hopper' }))).toEqual([item.id]);
    expect(ids(await list({ instructor: 'TURING', keyword: 'gapfill' }))).toEqual([item.id]);
    expect(ids(await list({ instructor: 'nobody by that name' }))).toEqual([]);
    expect(ids(await list({ keyword: 'gapfill question' }))).toContain(item.id);
    const badInstructor = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/moodle-pkg?conditions=${encodeURIComponent(JSON.stringify({ instructor: 5 }))}`,
      headers: as('instructor'),
    });
    expect(badInstructor.statusCode).toBe(400);
    expect(badInstructor.json().errors).toHaveProperty('conditions');

    const badConditions = await t.app.inject({ method: 'GET', url: '/api/uploads/moodle-pkg?conditions=%7Bnot-json', headers: as('instructor') });
    expect(badConditions.statusCode).toBe(400);
    expect(badConditions.json().errors).toHaveProperty('conditions');
    const student = await t.app.inject({ method: 'GET', url: '/api/uploads/moodle-pkg', headers: as('student') });
    expect(student.statusCode).toBe(403);
  });

  it('counts an import started before the backup joined the package library (a direct .mbz upload; issue 20 §13)', async () => {
    const course = await newCourse();
    const file = fixturePath('mbz/gapfill__gapfill_example_course.mbz');
    const uploadId = await uploadFile(t, cookies.instructor!, course.id, 'gapfill-direct.mbz', readFileSync(file));
    // The import starts as soon as the bytes are in, while the package processor may still be reading the backup.
    await t.database.db.delete(coursePackages).where(eq(coursePackages.uploadId, uploadId));
    const { status_key, import_id } = await startImport(course.id, uploadId);
    await waitForImport(t, cookies.instructor!, course.id, status_key);
    const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    await registerCoursePackage(t.app.deps, upload!, file);
    const [pkg] = await t.database.db.select().from(coursePackages).where(eq(coursePackages.uploadId, uploadId));
    expect(pkg!.useCount).toBe(1);
    const [row] = await t.database.db.select().from(courseImports).where(eq(courseImports.id, import_id));
    expect(row!.packageId).toBe(pkg!.id);
    // Registering again (idempotent per upload) keeps the count; a second import from the library adds one.
    await registerCoursePackage(t.app.deps, upload!, file);
    const again = await newCourse();
    const second = await startImport(again.id, uploadId);
    await waitForImport(t, cookies.instructor!, again.id, second.status_key);
    const res = await t.app.inject({ method: 'GET', url: `/api/uploads/moodle-pkg?page=1&page_size=100`, headers: as('instructor') });
    expect(res.json().items.find((i: { upload_id: number }) => i.upload_id === uploadId).data.use_count).toBe(2);
  });

  it('a student cannot import; a missing upload is named; POST /api/course/mbz/import makes a new course from a form field', async () => {
    const course = await newCourse();
    const uploadId = await uploadFile(
      t,
      cookies.instructor!,
      course.id,
      'quiz.mbz',
      readFileSync(fixturePath('mbz/moodlecore__mod_quiz__moodle_311_quiz.mbz')),
    );
    const byStudent = await t.app.inject({
      method: 'POST',
      url: `/api/course/${w.course.id}/moodle/import`,
      headers: as('student'),
      payload: { upload_id: uploadId },
    });
    expect(byStudent.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/course/${course.id}/moodle/import`,
      headers: as('instructor'),
      payload: { upload_id: 999999 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toHaveProperty('upload_id');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/course/mbz/import',
      headers: { ...as('instructor'), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `upload_id=${uploadId}`,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { course_id, status_key } = res.json();
    expect(course_id).not.toBe(course.id);
    expect((await waitForImport(t, cookies.instructor!, course_id, status_key)).status).toBe(1);
    const { acts } = await contentOf(course_id);
    expect(acts.map((a) => a.type)).toEqual(['exam']);

    // The same form as multipart/form-data (what a browser's FormData sends).
    const form = new FormData();
    form.set('upload_id', String(uploadId));
    const request = new Request('http://x', { method: 'POST', body: form });
    const multipartRes = await t.app.inject({
      method: 'POST',
      url: '/api/course/mbz/import',
      headers: { ...as('instructor'), 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(multipartRes.statusCode, multipartRes.body).toBe(202);
    expect(multipartRes.json().course_id).not.toBe(course_id);
    expect((await waitForImport(t, cookies.instructor!, multipartRes.json().course_id, multipartRes.json().status_key)).status).toBe(1);
    const badForm = new FormData();
    badForm.set('upload_id', 'abc');
    const badRequest = new Request('http://x', { method: 'POST', body: badForm });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/course/mbz/import',
      headers: { ...as('instructor'), 'content-type': badRequest.headers.get('content-type')! },
      payload: Buffer.from(await badRequest.arrayBuffer()),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('imported content opens through the activity pages (issue 7)', () => {
  it('a student opens every published imported activity and the content tree; @@PLUGINFILE@@ images load; the team edits imported data unchanged', async () => {
    const course = await newCourse();
    await t.factories.enrol(course.id, w.student.id, 'student');
    const uploadId = await uploadFile(t, cookies.instructor!, course.id, 'SC.mbz', readFileSync(fixturePath('mbz/moodle2cc__SC.mbz')));
    const { status_key, import_id } = await startImport(course.id, uploadId);
    expect((await waitForImport(t, cookies.instructor!, course.id, status_key)).status).toBe(1);

    // Spec §3 Course: imported_from and course_attributes.data.course_importer_status come from the latest import.
    const courseRes = await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers: as('instructor') });
    expect(courseRes.json()).toMatchObject({
      imported_from: { source: 'moodle', import_id, upload_id: uploadId, name: 'SC.mbz' },
      course_attributes: { data: { course_importer_status: 1 } },
    });
    const untouched = await t.app.inject({ method: 'GET', url: `/api/courses/${w.course.id}`, headers: as('instructor') });
    expect(untouched.json().imported_from).toBeNull();
    expect(untouched.json().course_attributes.data).not.toHaveProperty('course_importer_status');

    // Publish everything the backup had hidden, as the instructor would before students come.
    const { modules, acts } = await contentOf(course.id);
    for (const m of modules)
      await t.app.inject({ method: 'PUT', url: `/api/modules/${m.id}/publish`, headers: as('instructor'), payload: { published: true } });
    for (const a of acts) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/activities/${a.id}/publish`, headers: as('instructor'), payload: { published: true } });
      expect(res.statusCode, res.body).toBe(200);
    }

    const tree = await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}/content`, headers: as('student') });
    expect(tree.statusCode, tree.body).toBe(200);
    const listed = (tree.json().modules as { activities: { id: number; type: string; title: string }[] }[]).flatMap((m) => m.activities);
    expect(listed.map((a) => a.id).sort()).toEqual(acts.map((a) => a.id).sort());

    for (const a of acts) {
      const res = await t.app.inject({ method: 'GET', url: `/api/activities/${a.id}`, headers: as('student') });
      // Moodle's dates are carried over, so issue 7's time window applies: an assignment due in 2014 has ended; the rest opens.
      if (a.endTime && a.endTime < new Date()) expect(res.json()).toMatchObject({ code: 'ACTIVITY_ENDED', end_time: a.endTime.toISOString() });
      else if (a.startTime && a.startTime > new Date()) expect(res.json().code).toBe('ACTIVITY_NOT_STARTED');
      else expect(res.statusCode, `${a.type} ${a.title}: ${res.body}`).toBe(200);
      if (res.statusCode === 200) expect(res.json()).toMatchObject({ id: a.id, type: a.type, data: a.data });
    }
    const types = new Set(acts.map((a) => a.type));
    for (const type of ['page', 'material', 'exam']) expect(types.has(type as never), type).toBe(true);

    // The page's images point at the course's imported files, which a student may read.
    const page = acts.find((a) => a.type === 'page' && /\/api\/uploads\/\d+\/blob/.test(String(a.data.content)))!;
    const blobUrls = [...String(page.data.content).matchAll(/\/api\/uploads\/\d+\/blob[^"'\s)]*/g)].map((m) => m[0].replace(/&amp;/g, '&'));
    expect(blobUrls.length).toBeGreaterThan(0);
    for (const url of blobUrls) {
      const res = await t.app.inject({ method: 'GET', url, headers: as('student') });
      expect(res.statusCode, url).toBe(200);
    }

    // Editing an imported exam, homework or forum keeps its data (issue 7's per-type schemas accept the importer's shapes).
    for (const a of acts.filter((x) => ['exam', 'homework', 'forum', 'page', 'web_link'].includes(x.type))) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/activities/${a.id}`,
        headers: as('instructor'),
        payload: { title: `${a.title} (edited)`, data: a.data },
      });
      expect(res.statusCode, `${a.type}: ${res.body}`).toBe(200);
      expect(res.json().data).toEqual(a.type === 'page' ? { content: expect.any(String) } : a.data);
    }
    const [exam] = acts.filter((a) => a.type === 'exam');
    const bad = await t.app.inject({ method: 'PUT', url: `/api/activities/${exam!.id}`, headers: as('instructor'), payload: { data: { max_attempts: -1 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('max_attempts');
    const [homework] = acts.filter((a) => a.type === 'homework');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/activities/${homework!.id}`,
      headers: as('instructor'),
      payload: { data: { ...homework!.data, attachment_upload_ids: [999999] } },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toHaveProperty('attachment_upload_ids');
  });
});

describe('without a session', () => {
  it('every import call answers 401 and starts nothing; an unknown course or import answers 404', async () => {
    const course = await newCourse();
    const before = (await t.database.db.select().from(courseImports)).length;
    const calls = [
      { method: 'GET' as const, url: '/api/uploads/moodle-pkg' },
      { method: 'PUT' as const, url: '/api/uploads/moodle-pkg/1', payload: { course_name: 'x' } },
      { method: 'POST' as const, url: `/api/course/${course.id}/moodle/import`, payload: { upload_id: 1 } },
      { method: 'POST' as const, url: '/api/course/mbz/import', payload: { upload_id: 1 } },
      { method: 'GET' as const, url: `/api/course/${course.id}/sync-status?status_key=x` },
      { method: 'GET' as const, url: `/api/course/${course.id}/imports` },
      { method: 'GET' as const, url: `/api/course/${course.id}/imports/1` },
    ];
    for (const call of calls) expect((await t.app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
    expect((await t.database.db.select().from(courseImports)).length).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/course/999999/imports', headers: as('instructor') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/course/${course.id}/imports/999999`, headers: as('instructor') })).statusCode).toBe(404);
  });
});
