import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE, type CourseResources, type LibraryItem, type LibraryUsage } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { waitForProcessed } from '../../../test/uploads-client.js';
import { uploads } from '../uploads/uploads.table.js';

/**
 * Issue 19 §3, decision 0131: the course team reuses library files in the course resources by
 * reference — listed with the course's files for the team and learners, still the owner's library
 * upload (no copy, no quota charged again); another's library file or any other file is refused
 * with nothing written; learners cannot call it; stopping the reuse, the trash and purge.
 */

type Who = 'instructor' | 'instructor2' | 'assistant' | 'student' | 'outsider';
let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let cookies: Record<Who, string>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  const instructor2 = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.instructor });
  cookies = {
    instructor: await t.factories.login(w.instructor.userName),
    instructor2: await t.factories.login(instructor2.userName),
    assistant: await t.factories.login(w.assistant.userName),
    student: await t.factories.login(w.student.userName),
    outsider: await t.factories.login(w.outsider.userName),
  };
}, 120_000);
afterAll(() => t?.close());

const call = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });

async function ok<T = unknown>(who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, status = 200): Promise<T> {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return (res.body ? res.json() : null) as T;
}

/** A personal upload of `who` through the real pipeline, processed. */
async function personalFile(who: Who, name: string): Promise<number> {
  const bytes = Buffer.from(`${name}\n`);
  const created = await call(who, 'POST', '/api/uploads', { name, size: bytes.length, parent_type: 'user' });
  expect(created.statusCode, created.body).toBe(201);
  const sent = await t.app.inject({
    method: 'PUT',
    url: created.json().upload_url,
    headers: { cookie: cookies[who], 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return (await waitForProcessed(t, cookies[who], created.json().id)).id as number;
}

async function libraryFile(who: Who, name: string): Promise<LibraryItem> {
  const uploadId = await personalFile(who, name);
  const { items } = await ok<{ items: LibraryItem[] }>(who, 'POST', '/api/library/files', { upload_ids: [uploadId], folder_id: null }, 201);
  return items[0]!;
}

const resourcesUrl = () => `/api/user/course/${w.course.id}/resources/folder`;
const reuseUrl = () => `/api/user/course/${w.course.id}/resources/library`;
const listed = (r: CourseResources) => r.folders.flatMap((f) => f.files.map((file) => ({ id: file.id, folder: f.key, via: file.via })));
const uploadRow = async (id: number) => (await t.database.db.select().from(uploads).where(eq(uploads.id, id)))[0]!;
const uploadCount = async () => (await t.database.db.select({ id: uploads.id }).from(uploads)).length;

describe('reusing a library file in the course resources', () => {
  it('lists the owner’s library file with the course’s files for the team and learners, by reference', async () => {
    const file = await libraryFile('instructor', 'reading-list.txt');
    const uploadId = file.upload!.id;
    const usageBefore = await ok<LibraryUsage>('instructor', 'GET', '/api/library/usage');
    const countBefore = await uploadCount();
    // Not reused yet: the learner cannot open it.
    expect(listed(await ok<CourseResources>('student', 'GET', resourcesUrl())).map((f) => f.id)).not.toContain(uploadId);
    expect([403, 404]).toContain((await call('student', 'GET', `/api/uploads/${uploadId}/blob`)).statusCode);

    const answer = await ok<CourseResources>('instructor', 'POST', reuseUrl(), { upload_ids: [uploadId] });
    expect(listed(answer)).toContainEqual({ id: uploadId, folder: 'course', via: 'library' });
    // Twice changes nothing.
    await ok('instructor', 'POST', reuseUrl(), { upload_ids: [uploadId] });
    expect((await uploadRow(uploadId)).meta.courseIds).toEqual([w.course.id]);

    for (const who of ['instructor', 'assistant', 'student'] as const)
      expect(listed(await ok<CourseResources>(who, 'GET', resourcesUrl())), who).toContainEqual({ id: uploadId, folder: 'course', via: 'library' });
    expect((await call('student', 'GET', `/api/uploads/${uploadId}`)).statusCode).toBe(200);
    expect((await call('student', 'GET', `/api/uploads/${uploadId}/blob`)).statusCode).toBe(200);
    expect((await call('assistant', 'GET', `/api/uploads/${uploadId}/blob`)).statusCode).toBe(200);
    for (const who of ['outsider', 'instructor2'] as const)
      expect([403, 404], who).toContain((await call(who, 'GET', `/api/uploads/${uploadId}/blob`)).statusCode);

    // By reference: the same upload, still the library's; no row made, no quota charged again.
    expect(await uploadRow(uploadId)).toMatchObject({ parentType: 'library', parentId: w.instructor.id, deletedAt: null });
    expect(await uploadCount()).toBe(countBefore);
    expect((await ok<LibraryUsage>('instructor', 'GET', '/api/library/usage')).user).toEqual(usageBefore.user);

    // In the owner's trash: gone from the course; purging it is refused while the course reuses it.
    await ok('instructor', 'DELETE', `/api/library/items/${file.id}`, undefined, 204);
    expect(listed(await ok<CourseResources>('student', 'GET', resourcesUrl())).map((f) => f.id)).not.toContain(uploadId);
    expect([403, 404]).toContain((await call('student', 'GET', `/api/uploads/${uploadId}/blob`)).statusCode);
    const purge = await call('instructor', 'DELETE', `/api/library/trash/${file.id}`);
    expect(purge.statusCode, purge.body).toBe(409);
    expect(purge.json().code).toBe('LIBRARY_FILE_IN_USE');
    await ok('instructor', 'POST', `/api/library/trash/${file.id}/restore`);
    expect(listed(await ok<CourseResources>('student', 'GET', resourcesUrl())).map((f) => f.id)).toContain(uploadId);

    // Stopping the reuse (the team): out of the course, still in the library.
    expect((await call('student', 'DELETE', `${reuseUrl()}/${uploadId}`)).statusCode).toBe(403);
    await ok('assistant', 'DELETE', `${reuseUrl()}/${uploadId}`, undefined, 204);
    expect((await call('instructor', 'DELETE', `${reuseUrl()}/${uploadId}`)).statusCode).toBe(404);
    expect(listed(await ok<CourseResources>('instructor', 'GET', resourcesUrl())).map((f) => f.id)).not.toContain(uploadId);
    expect([403, 404]).toContain((await call('student', 'GET', `/api/uploads/${uploadId}/blob`)).statusCode);
    expect(await uploadRow(uploadId)).toMatchObject({ parentType: 'library', deletedAt: null });
  });

  it('refuses another’s library file, a course or personal file and a missing one, writing nothing', async () => {
    const theirs = await libraryFile('instructor2', 'not-shared.txt');
    const mine = await libraryFile('instructor', 'mine.txt');
    const personal = await personalFile('instructor', 'personal.txt');
    for (const id of [theirs.upload!.id, personal, 999_999]) {
      const res = await call('instructor', 'POST', reuseUrl(), { upload_ids: [mine.upload!.id, id] });
      expect([403, 404], res.body).toContain(res.statusCode);
      expect(res.json().errors.upload_ids).toBeDefined();
    }
    expect((await uploadRow(theirs.upload!.id)).meta.courseIds).toBeUndefined();
    expect((await uploadRow(mine.upload!.id)).meta.courseIds).toBeUndefined();
    const twice = await call('instructor', 'POST', reuseUrl(), { upload_ids: [mine.upload!.id, mine.upload!.id] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.upload_ids).toBeDefined();
    expect((await call('instructor', 'POST', reuseUrl(), { upload_ids: [] })).statusCode).toBe(400);
    expect(listed(await ok<CourseResources>('instructor', 'GET', resourcesUrl())).map((f) => f.id)).not.toContain(theirs.upload!.id);
  });

  it('is the course team’s: a learner or someone of another organisation cannot call it', async () => {
    const mine = await libraryFile('instructor', 'for-learners.txt');
    expect((await call('student', 'POST', reuseUrl(), { upload_ids: [mine.upload!.id] })).statusCode).toBe(403);
    expect([403, 404]).toContain((await call('outsider', 'POST', reuseUrl(), { upload_ids: [mine.upload!.id] })).statusCode);
    // Another instructor of the organisation, not of this course.
    const other = await libraryFile('instructor2', 'elsewhere.txt');
    expect((await call('instructor2', 'POST', reuseUrl(), { upload_ids: [other.upload!.id] })).statusCode).toBe(403);
    expect((await uploadRow(mine.upload!.id)).meta.courseIds).toBeUndefined();
    expect((await uploadRow(other.upload!.id)).meta.courseIds).toBeUndefined();
  });
});
