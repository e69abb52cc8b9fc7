import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE } from '@atrium/contracts';
import { fixturePath } from '../../../test/build-test-app.js';
import { createActivity } from '../../../test/factories/activities.js';
import { BILLION_LAUGHS_XML, XXE_XML, minimalBackup, tarGz, zip } from '../../../test/helpers/hostile-archives.js';
import { createImportWorld, filesUnder, uploadFile, waitForImport, type ImportWorld } from '../../../test/helpers/import-world.js';
import type { AppDeps } from '../../lib/deps.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { courses } from '../courses/courses.table.js';
import { DEFAULT_ORG_SETTINGS, orgs } from '../orgs/orgs.table.js';
import { courseImports } from './imports.table.js';
import { importPackageFile } from './mbz-importer.js';

let world: ImportWorld;
let t: ImportWorld['t'];
let cookies: ImportWorld['cookies'];

beforeAll(async () => {
  world = await createImportWorld();
  ({ t, cookies } = world);
});
afterAll(async () => world.close());

const as = (who: 'instructor' | 'student' | 'admin') => world.as(who);

/** A course that already holds a module with an activity (made outside any import), to see that a failed import leaves it as it was. */
async function courseWithContent() {
  const course = await world.newCourse();
  await createActivity(t.database, { courseId: course.id, type: 'page', data: { content: '<p>Before</p>' } });
  return course;
}

describe('failures leave the course unchanged', () => {
  /** Uploads `bytes` into a course that has content, imports it and answers the final status with the course before and after. */
  async function importBytes(name: string, bytes: Buffer) {
    const course = await courseWithContent();
    const uploadId = await uploadFile(t, cookies.instructor, course.id, name, bytes);
    const before = await world.wholeCourse(course.id);
    const { status_key } = await world.startImport(course.id, uploadId);
    const status = await waitForImport(t, cookies.instructor, course.id, status_key);
    const after = await world.wholeCourse(course.id);
    await world.expectTempEmpty();
    return { status, before, after };
  }

  it('moodle2cc__moodle2_shell.mbz fails with a clear reason and no partial course', async () => {
    const { status, before, after } = await importBytes('shell.mbz', readFileSync(fixturePath('mbz/moodle2cc__moodle2_shell.mbz')));
    expect(status).toMatchObject({ status: 2, reason: expect.stringMatching(/moodle_backup\.xml is missing or empty/) });
    expect(status).toMatchObject({ failure_code: 'BACKUP_NOT_MOODLE', failure_params: {} });
    expect(after).toEqual(before);
  });

  // Each name is new per run, so a file found where it points was written by this run.
  const evil = () => `evil-${randomUUID()}.txt`;
  const cases: [string, () => Promise<{ bytes: Buffer; names: string[] }>, RegExp][] = [
    [
      'zip-slip',
      async () => ((n) => ({ bytes: zip([...minimalBackup(), { name: n, data: 'pwned' }]), names: [n] }))(`../../../${evil()}`),
      /outside the archive/,
    ],
    [
      'tar traversal',
      async () => ((n) => tarGz([...minimalBackup(), { name: n, data: 'pwned' }]).then((bytes) => ({ bytes, names: [n] })))(`./../../../${evil()}`),
      /outside the archive/,
    ],
    [
      'tar absolute path',
      async () => ((n) => tarGz([...minimalBackup(), { name: n, data: 'pwned' }]).then((bytes) => ({ bytes, names: [n] })))(`/tmp/${evil()}`),
      /absolute path/,
    ],
    [
      'zip absolute path',
      async () => ((n) => ({ bytes: zip([...minimalBackup(), { name: n, data: 'pwned' }]), names: [n] }))(`/tmp/${evil()}`),
      /absolute path/,
    ],
    [
      'tar backslash name',
      async () => ((n) => tarGz([...minimalBackup(), { name: n, data: 'pwned' }]).then((bytes) => ({ bytes, names: [n] })))(`..\\..\\..\\${evil()}`),
      /backslash/,
    ],
    [
      'zip backslash name',
      async () => ((n) => ({ bytes: zip([...minimalBackup(), { name: n, data: 'pwned' }]), names: [n] }))(`files\\..\\..\\..\\..\\${evil()}`),
      /backslash/,
    ],
    [
      'tar symlink entry',
      async () => ({ bytes: await tarGz([...minimalBackup(), { name: 'files/aa/link', type: 'symlink', linkname: '/etc/passwd' }]), names: [] }),
      /symbolic link/,
    ],
    [
      'tar hard link entry',
      async () => ({ bytes: await tarGz([...minimalBackup(), { name: 'files/aa/hard', type: 'link', linkname: '/etc/passwd' }]), names: [] }),
      /hard link/,
    ],
    [
      'zip symlink entry',
      async () => ({ bytes: zip([...minimalBackup(), { name: 'files/aa/link', type: 'symlink', linkname: '/etc/passwd' }]), names: [] }),
      /symbolic link/,
    ],
    ['XXE moodle_backup.xml', async () => ({ bytes: await tarGz(minimalBackup({ mainXml: XXE_XML })), names: [] }), /DOCTYPE/],
    ['billion laughs moodle_backup.xml', async () => ({ bytes: await tarGz(minimalBackup({ mainXml: BILLION_LAUGHS_XML })), names: [] }), /DOCTYPE/],
    [
      'gzip compression bomb',
      async () => ({ bytes: await tarGz([...minimalBackup(), { name: 'files/00/zeros', data: Buffer.alloc(40 * 1024 * 1024) }]), names: [] }),
      /compression bomb/,
    ],
    [
      'zip bomb',
      async () => ({ bytes: zip([...minimalBackup(), { name: 'files/00/zeros', data: Buffer.alloc(20 * 1024 * 1024) }]), names: [] }),
      /compression bomb/,
    ],
    [
      'truncated archive',
      async () => {
        const whole = await tarGz([...minimalBackup(), { name: 'files/ab/noise', data: randomBytes(60_000) }]);
        return { bytes: whole.subarray(0, Math.floor(whole.length / 2)), names: [] };
      },
      /damaged or truncated/,
    ],
  ];

  it.each(cases)('%s is refused, nothing is written outside the temporary folder and the course is unchanged', async (_label, build, reason) => {
    const { bytes, names } = await build();
    const { status, before, after } = await importBytes('hostile.mbz', bytes);
    expect(status.status).toBe(2);
    expect(status.reason).toMatch(reason);
    expect(after).toEqual(before);
    world.expectNothingEscaped(names);
  });

  it('script in page HTML is neutralised', async () => {
    const html =
      '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(2)">x</a><iframe src="https://evil"></iframe><img src="x" onerror="alert(3)"></p>';
    const course = await world.newCourse();
    const uploadId = await uploadFile(t, cookies.instructor, course.id, 'script.mbz', await tarGz(minimalBackup({ pageHtml: html })));
    const { status_key, import_id } = await world.startImport(course.id, uploadId);
    expect((await waitForImport(t, cookies.instructor, course.id, status_key)).status).toBe(1);
    const page = (await world.contentOf(course.id)).acts[0]!;
    const stored = String(page.data.content);
    expect(stored).toContain('Hi');
    expect(stored).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    const r = await world.report(course.id, import_id);
    expect(r.items.find((i) => i.kind === 'activity')).toMatchObject({
      outcome: 'imported_with_losses',
      notes: expect.arrayContaining(['unsafe HTML (scripts, frames, event handlers) was removed']),
    });
    await world.expectTempEmpty();
  });
});

describe('all or nothing after files were stored', () => {
  it('a transaction that fails after its writes leaves a course with earlier imported content as it was, and removes the stored objects and the temporary folder', async () => {
    const course = await courseWithContent();
    // Earlier content: a real import (modules, activities, imported files) next to the hand-made activity.
    const first = await uploadFile(
      t,
      cookies.instructor,
      course.id,
      'lorem.mbz',
      readFileSync(fixturePath('mbz/ietou__backup-moodle2-course-2-lorem2016--nu.mbz')),
    );
    const started = await world.startImport(course.id, first);
    expect((await waitForImport(t, cookies.instructor, course.id, started.status_key)).status).toBe(1);
    await world.expectTempEmpty();
    const before = await world.wholeCourse(course.id);
    expect(before.modules.length).toBeGreaterThan(1);
    expect(before.files.length).toBeGreaterThan(0);

    // The seam: the importer's own dependencies. The store records what it is given; the database runs the transaction's work, then fails.
    const deps = t.app.deps as AppDeps;
    const putKeys: string[] = [];
    const storage: ObjectStore = Object.create(deps.storage) as ObjectStore;
    storage.put = async (key, body, options) => {
      putKeys.push(key);
      return deps.storage.put(key, body, options);
    };
    let wroteInTransaction = false;
    const db = Object.create(deps.db) as AppDeps['db'];
    db.transaction = (async (work: Parameters<AppDeps['db']['transaction']>[0]) =>
      deps.db.transaction(async (tx) => {
        await work(tx);
        wroteInTransaction = true;
        throw new Error('injected failure after the transaction wrote everything');
      })) as AppDeps['db']['transaction'];
    const failing: AppDeps = { ...deps, db, storage };

    const sc = fixturePath('mbz/moodle2cc__SC.mbz');
    await expect(
      importPackageFile(failing, sc, { courseId: course.id, orgId: world.w.org.id, ownerId: world.w.instructor.id, importId: null }),
    ).rejects.toThrow(/injected failure/);
    expect(wroteInTransaction).toBe(true);
    expect(putKeys.length).toBeGreaterThan(0);
    for (const key of putKeys) expect(await deps.storage.stat(key), key).toBeUndefined();
    expect(await world.wholeCourse(course.id)).toEqual(before);
    expect(filesUnder(world.importTmp)).toEqual([]);
    // The earlier import's files are still in the store.
    for (const f of before.files) expect(await deps.storage.stat(f.key), f.name).toBeDefined();

    // The same import without the fault goes through: the seam was the only difference.
    const outcome = await importPackageFile(deps, sc, { courseId: course.id, orgId: world.w.org.id, ownerId: world.w.instructor.id, importId: null });
    expect(outcome.activityIds.length).toBeGreaterThan(0);
  });
});

describe('a new course from a backup (POST /api/course/mbz/import)', () => {
  it('that fails leaves no course: hidden while it runs, deleted after, its status still answered by the key', async () => {
    const home = await world.newCourse();
    const uploadId = await uploadFile(t, cookies.instructor, home.id, 'shell.mbz', readFileSync(fixturePath('mbz/moodle2cc__moodle2_shell.mbz')));
    const listed = async () => (await t.app.inject({ method: 'GET', url: '/api/user/courses?page=1&page_size=100', headers: as('instructor') })).json();
    const res = await t.app.inject({ method: 'POST', url: '/api/course/mbz/import', headers: as('instructor'), payload: { upload_id: uploadId } });
    expect(res.statusCode, res.body).toBe(202);
    const { course_id, status_key } = res.json() as { course_id: number; status_key: string };
    const status = await waitForImport(t, cookies.instructor, course_id, status_key);
    expect(status).toMatchObject({ status: 2, reason: expect.stringMatching(/moodle_backup\.xml is missing or empty/) });
    const [row] = await t.database.db.select().from(courses).where(eq(courses.id, course_id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${course_id}`, headers: as('instructor') })).statusCode).toBe(404);
    expect(JSON.stringify(await listed())).not.toContain(`"id":${course_id},`);
    expect(await world.contentOf(course_id)).toEqual({ modules: [], acts: [], files: [] });
    // Without the key the deleted course is not found.
    expect((await t.app.inject({ method: 'GET', url: `/api/course/${course_id}/sync-status`, headers: as('instructor') })).statusCode).toBe(404);
    await world.expectTempEmpty();
  });

  it('that succeeds shows the course', async () => {
    const home = await world.newCourse();
    const uploadId = await uploadFile(t, cookies.instructor, home.id, 'quiz.mbz', readFileSync(fixturePath('mbz/moodlecore__mod_quiz__moodle_311_quiz.mbz')));
    const res = await t.app.inject({ method: 'POST', url: '/api/course/mbz/import', headers: as('instructor'), payload: { upload_id: uploadId } });
    expect(res.statusCode, res.body).toBe(202);
    const { course_id, status_key } = res.json() as { course_id: number; status_key: string };
    expect((await waitForImport(t, cookies.instructor, course_id, status_key)).status).toBe(1);
    const shown = await t.app.inject({ method: 'GET', url: `/api/courses/${course_id}`, headers: as('instructor') });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ id: course_id, deleted: false, my_roles: ['instructor'] });
  });
});

describe('organisation limits', () => {
  it('an organisation that allows fewer archive entries gets a clear refusal and an unchanged course', async () => {
    const org = await t.factories.org();
    const teacher = await t.factories.user({ orgId: org.id, role: USER_ROLE.instructor });
    await t.database.db
      .update(orgs)
      .set({ settings: { ...DEFAULT_ORG_SETTINGS, importMaxEntries: 20 } })
      .where(eq(orgs.id, org.id));
    const cookie = await t.factories.login(teacher.userName);
    const course = await t.factories.course({ orgId: org.id, instructorId: teacher.id });
    const uploadId = await uploadFile(t, cookie, course.id, 'SC.mbz', readFileSync(fixturePath('mbz/moodle2cc__SC.mbz')));
    const res = await t.app.inject({ method: 'POST', url: `/api/course/${course.id}/moodle/import`, headers: { cookie }, payload: { upload_id: uploadId } });
    expect(res.statusCode).toBe(202);
    const status = await waitForImport(t, cookie, course.id, res.json().status_key as string);
    expect(status).toMatchObject({ status: 2, reason: expect.stringMatching(/more than 20 entries/) });
    expect(status).toMatchObject({ failure_code: 'ARCHIVE_TOO_MANY_ENTRIES', failure_params: { limit: 20 } });
    expect(await world.contentOf(course.id)).toEqual({ modules: [], acts: [], files: [] });
  });
});

describe('an import whose server died', () => {
  it('is reported failed once its job no longer exists, and the course can import again', async () => {
    const course = await world.newCourse();
    const uploadId = await uploadFile(
      t,
      cookies.instructor,
      course.id,
      'quiz2.mbz',
      readFileSync(fixturePath('mbz/moodlecore__mod_quiz__moodle_311_quiz.mbz')),
    );
    const statusKey = randomUUID();
    await t.database.db
      .insert(courseImports)
      .values({ courseId: course.id, uploadId, statusKey, status: 0, progress: 0.3, createdAt: new Date(Date.now() - 5 * 60_000) });
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/course/${course.id}/moodle/import`,
      headers: as('instructor'),
      payload: { upload_id: uploadId },
    });
    expect(blocked.statusCode).toBe(409);
    const res = await t.app.inject({ method: 'GET', url: `/api/course/${course.id}/sync-status?status_key=${statusKey}`, headers: as('instructor') });
    expect(res.json()).toMatchObject({ status: 2, reason: expect.stringMatching(/interrupted/) });
    expect(res.json()).toMatchObject({ failure_code: 'IMPORT_INTERRUPTED', failure_params: {} });
    const again = await world.startImport(course.id, uploadId);
    expect((await waitForImport(t, cookies.instructor, course.id, again.status_key)).status).toBe(1);
  });
});
