import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE, type LibraryItem, type LibraryList, type LibrarySettings, type LibraryUsage } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { countStatements } from '../../../test/helpers/count-statements.js';
import { waitForProcessed } from '../../../test/uploads-client.js';
import { activities } from '../activities/activities.table.js';
import { notifications } from '../notifications/notifications.table.js';
import { DEFAULT_ORG_SETTINGS, type OrgSettings } from '../orgs/orgs.table.js';
import { orgs } from '../orgs/orgs.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { libraryItems } from './library.table.js';

/**
 * Issue 19 §1, my library (decision 0132): folder depth and count limits, rename/move errors naming
 * the field, the storage quota enforced on every upload (library and course alike), the trash
 * (restore, purge deleting the uploads and their bytes), and a library file used by reference in an
 * activity following that activity's rules for learners while nobody else reaches it by any route.
 */

let t: TestApp;
type Who = 'instructor' | 'instructor2' | 'student' | 'otherLearner' | 'outsider' | 'adminB';
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let cookies: Record<Who, string>;
let course2Id: number;

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  const instructor2 = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.instructor });
  const otherLearner = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.student });
  const course2 = await t.factories.course({ orgId: w.org.id, instructorId: instructor2.id });
  await t.factories.enrol(course2.id, otherLearner.id, 'student');
  course2Id = course2.id;
  const orgB = await t.factories.org();
  const adminB = await t.factories.user({ orgId: orgB.id, role: USER_ROLE.admin });
  cookies = {
    instructor: await t.factories.login(w.instructor.userName),
    instructor2: await t.factories.login(instructor2.userName),
    student: await t.factories.login(w.student.userName),
    otherLearner: await t.factories.login(otherLearner.userName),
    outsider: await t.factories.login(w.outsider.userName),
    adminB: await t.factories.login(adminB.userName),
  };
}, 120_000);
afterAll(() => t?.close());

const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });

async function ok<T = unknown>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, status = 200): Promise<T> {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return (res.body ? res.json() : null) as T;
}

async function settings(extra: Partial<OrgSettings>) {
  await t.database.db
    .update(orgs)
    .set({ settings: { ...DEFAULT_ORG_SETTINGS, ...extra } })
    .where(eq(orgs.id, w.org.id));
}

/** A personal upload of `who` through the real pipeline (created, bytes sent, processed). */
async function personalFile(who: Who, name: string, size = 20, extra: object = {}) {
  const bytes = Buffer.from('x'.repeat(size - 1) + '\n');
  const created = await call(who, 'POST', '/api/uploads', { name, size: bytes.length, parent_type: 'user', ...extra });
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

/** A file in `who`'s library (into `folderId`). */
async function libraryFile(who: Who, name: string, folderId: number | null = null, size = 20): Promise<LibraryItem> {
  const uploadId = await personalFile(who, name, size);
  const { items } = await ok<{ items: LibraryItem[] }>(who, 'POST', '/api/library/files', { upload_ids: [uploadId], folder_id: folderId }, 201);
  return items[0]!;
}

const folder = (who: Who, name: string, parentId: number | null = null) => call(who, 'POST', '/api/library/folders', { name, parent_id: parentId });

describe('folders', () => {
  it('keeps the organisation’s depth and count, and names the field of every refused rename or move', async () => {
    await settings({ libraryMaxFolderDepth: 2, libraryMaxFolders: 3 });
    try {
      const a = (await folder('instructor', 'Week 1')).json() as LibraryItem;
      const b = (await folder('instructor', 'Slides', a.id)).json() as LibraryItem;
      expect(b.parent_id).toBe(a.id);
      const deep = await folder('instructor', 'Too deep', b.id);
      expect(deep.statusCode).toBe(400);
      expect(deep.json().errors).toEqual({ parent_id: ['library.folderTooDeep'] });
      const c = (await folder('instructor', 'Week 2')).json() as LibraryItem;
      const fourth = await folder('instructor', 'Week 3');
      expect(fourth.statusCode).toBe(400);
      expect(fourth.json().errors).toEqual({ parent_id: ['library.folderLimit'] });

      const taken = await call('instructor', 'PUT', `/api/library/items/${c.id}`, { name: 'week 1' });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().errors).toEqual({ name: ['library.nameTaken'] });
      const blank = await call('instructor', 'PUT', `/api/library/items/${c.id}`, { name: '  ' });
      expect(blank.json().errors).toEqual({ name: ['library.nameRequired'] });
      const bad = await call('instructor', 'PUT', `/api/library/items/${c.id}`, { name: 'a/b' });
      expect(bad.json().errors).toEqual({ name: ['library.nameInvalid'] });
      const intoItself = await call('instructor', 'PUT', `/api/library/items/${a.id}`, { folder_id: b.id });
      expect(intoItself.statusCode).toBe(400);
      expect(intoItself.json().errors).toEqual({ folder_id: ['library.moveIntoItself'] });
      const tooDeep = await call('instructor', 'PUT', `/api/library/items/${a.id}`, { folder_id: c.id });
      expect(tooDeep.json().errors).toEqual({ folder_id: ['library.folderTooDeep'] });
      const missing = await call('instructor', 'PUT', `/api/library/items/${c.id}`, { folder_id: 99_999_999 });
      expect(missing.json().errors).toEqual({ folder_id: ['library.folderMissing'] });

      // A valid move and rename; the listing shows breadcrumbs and folders first.
      const file = await libraryFile('instructor', 'notes.txt', c.id);
      const moved = await ok<LibraryItem>('instructor', 'PUT', `/api/library/items/${file.id}`, {
        folder_id: b.id,
        name: 'Notes week 1.txt',
        tags: ['Reading', 'reading', 'Week1'],
      });
      expect(moved).toMatchObject({ parent_id: b.id, name: 'Notes week 1.txt', tags: ['Reading', 'Week1'] });
      const list = await ok<LibraryList>('instructor', 'GET', `/api/library/items?folder_id=${b.id}`);
      expect(list.breadcrumbs.map((c) => c.name)).toEqual(['Week 1', 'Slides']);
      expect(list.items.map((i) => i.name)).toEqual(['Notes week 1.txt']);
      const found = await ok<LibraryList>('instructor', 'GET', '/api/library/items?q=reading');
      expect(found.items.map((i) => i.id)).toEqual([file.id]);
      const tagged = await ok<LibraryList>('instructor', 'GET', '/api/library/items?tag=WEEK1');
      expect(tagged.items.map((i) => i.id)).toEqual([file.id]);

      // Nobody else reaches these folders.
      for (const who of ['instructor2', 'adminB'] as const) {
        expect((await call(who, 'GET', `/api/library/items?folder_id=${a.id}`)).statusCode, who).toBe(404);
        expect((await call(who, 'PUT', `/api/library/items/${a.id}`, { name: 'mine' })).statusCode, who).toBe(404);
        expect((await call(who, 'DELETE', `/api/library/items/${a.id}`)).statusCode, who).toBe(404);
      }
      expect((await call('student', 'GET', '/api/library/items')).statusCode).toBe(403);
      expect((await ok<LibraryList>('instructor2', 'GET', '/api/library/items')).items).toEqual([]);
    } finally {
      await settings({});
    }
  });

  it('sorts by name, size and time and pages long lists', async () => {
    const box = (await folder('instructor', 'Sorting')).json() as LibraryItem;
    const small = await libraryFile('instructor', 'b-small.txt', box.id, 10);
    const big = await libraryFile('instructor', 'a-big.txt', box.id, 40);
    const mid = await libraryFile('instructor', 'c-mid.txt', box.id, 25);
    const names = async (q: string) => (await ok<LibraryList>('instructor', 'GET', `/api/library/items?folder_id=${box.id}&${q}`)).items.map((i) => i.id);
    expect(await names('sort=name')).toEqual([big.id, small.id, mid.id]);
    expect(await names('sort=size&order=desc')).toEqual([big.id, mid.id, small.id]);
    expect(await names('sort=updated&order=desc')).toEqual([mid.id, big.id, small.id]);
    // The query budget (decision 0083): a folder's page and a search each a fixed few statements, whatever the folder holds.
    for (const url of [`/api/library/items?folder_id=${box.id}&sort=size`, '/api/library/items?q=mid', '/api/library/items']) {
      const budget = await countStatements(t, () => call('instructor', 'GET', url));
      expect(budget.res.statusCode).toBe(200);
      expect(budget.statements, budget.sql.join('\n')).toBeLessThanOrEqual(5);
      expect(budget.rounds, budget.shape.join(',')).toBeLessThanOrEqual(4);
    }
    // Search (full-text, word prefixes; CJK by character): names split at punctuation, every word must match.
    const exam = await libraryFile('instructor', '期中复习_Week3-Lecture.txt', box.id, 5);
    const ids = async (q: string) => (await ok<LibraryList>('instructor', 'GET', `/api/library/items?q=${encodeURIComponent(q)}`)).items.map((i) => i.id);
    expect(await ids('复习')).toEqual([exam.id]);
    expect(await ids('week3 lect')).toEqual([exam.id]);
    expect(await ids('WEEK3')).toEqual([exam.id]);
    expect(await ids('week lecture 复')).toEqual([exam.id]);
    expect(await ids('week4')).toEqual([]);
    expect(await ids('ecture')).toEqual([]);
    expect(await ids('&|!:*()')).toEqual([]);
    const page2 = await ok<LibraryList>('instructor', 'GET', `/api/library/items?folder_id=${box.id}&sort=name&page=2&page_size=2`);
    expect(page2).toMatchObject({ page: 2, pages: 2, total: 4 });
    expect(page2.items.map((i) => i.id)).toEqual([mid.id, exam.id]);
  });
});

describe('listings answered from the owner’s cache', () => {
  it('answer a repeated listing without a statement, the same bytes, and show every write at once', async () => {
    const box = (await folder('instructor', 'Cached')).json() as LibraryItem;
    const file = await libraryFile('instructor', 'kept.txt', box.id, 10);
    const url = `/api/library/items?folder_id=${box.id}`;
    const first = await countStatements(t, () => call('instructor', 'GET', url));
    const second = await countStatements(t, () => call('instructor', 'GET', url));
    const own = (sqls: string[]) => sqls.filter((q) => !/"sessions"/.test(q)).length;
    expect(own(first.sql)).toBeGreaterThan(0);
    expect(own(second.sql), second.sql.join('\n')).toBe(0);
    expect(second.res.body).toBe(first.res.body);
    const names = async () => (await ok<LibraryList>('instructor', 'GET', url)).items.map((i) => i.name);
    expect(await names()).toEqual(['kept.txt']);
    await ok('instructor', 'PUT', `/api/library/items/${file.id}`, { name: 'renamed.txt', tags: ['week 1'] });
    expect(await names()).toEqual(['renamed.txt']);
    expect((await ok<LibraryList>('instructor', 'GET', `/api/library/items?tag=${encodeURIComponent('week 1')}`)).items.map((i) => i.id)).toEqual([file.id]);
    // Deleted through the uploads API (into the trash, by the library's own deletion).
    expect((await call('instructor', 'DELETE', `/api/uploads/${file.upload!.id}`)).statusCode).toBe(204);
    expect(await names()).toEqual([]);
    // Another owner's listing is theirs: the same query answers their own library.
    const other = (await folder('instructor2', 'Cached')).json() as LibraryItem;
    expect((await ok<LibraryList>('instructor2', 'GET', '/api/library/items?q=cached')).items.map((i) => i.id)).toEqual([other.id]);
    expect((await ok<LibraryList>('instructor', 'GET', '/api/library/items?q=cached')).items.map((i) => i.id)).toEqual([box.id]);
  });
});

describe('storage quota', () => {
  it('is enforced on every new upload, the library’s and a course’s alike, for the user and the organisation; 90 % is notified', async () => {
    const before = await ok<LibraryUsage>('instructor', 'GET', '/api/library/usage');
    await settings({ userStorageQuotaBytes: before.user.used + 100 });
    try {
      await libraryFile('instructor', 'quota-a.txt', null, 60);
      const usage = await ok<LibraryUsage>('instructor', 'GET', '/api/library/usage');
      expect(usage.user).toEqual({ used: before.user.used + 60, quota: before.user.used + 100 });
      // A course file past the quota: refused, naming size with the message key.
      const course = await call('instructor', 'POST', '/api/uploads', { name: 'course.txt', size: 50, parent_type: 'course', parent_id: w.course.id });
      expect(course.statusCode, course.body).toBe(413);
      expect(course.json().errors).toEqual({ size: ['library.quotaExceeded'] });
      const personal = await call('instructor', 'POST', '/api/uploads', { name: 'p.txt', size: 41, parent_type: 'user' });
      expect(personal.statusCode).toBe(413);
      // 35 bytes fit and take the user past 90 %: one notice.
      const fits = await call('instructor', 'POST', '/api/uploads', { name: 'course.txt', size: 35, parent_type: 'course', parent_id: w.course.id });
      expect(fits.statusCode, fits.body).toBe(201);
      const notices = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, w.instructor.id), eq(notifications.kind, 'storage.quota_near')));
      expect(notices).toHaveLength(1);
      // The organisation's quota binds another user too.
      const orgUsed = (await ok<LibraryUsage>('instructor2', 'GET', '/api/library/usage')).org.used;
      await settings({ orgStorageQuotaBytes: orgUsed + 10 });
      const other = await call('instructor2', 'POST', '/api/uploads', { name: 'x.txt', size: 20, parent_type: 'course', parent_id: course2Id });
      expect(other.statusCode).toBe(413);
      expect(other.json().errors).toEqual({ size: ['library.orgQuotaExceeded'] });
    } finally {
      await settings({});
    }
  });
});

describe('trash', () => {
  it('restores what one deletion took, and purging deletes the items, their uploads and bytes', async () => {
    const box = (await folder('instructor', 'Old term')).json() as LibraryItem;
    const inner = (await folder('instructor', 'Handouts', box.id)).json() as LibraryItem;
    const file = await libraryFile('instructor', 'handout.txt', inner.id);
    await ok('instructor', 'DELETE', `/api/library/items/${box.id}`, undefined, 204);
    expect((await ok<LibraryList>('instructor', 'GET', '/api/library/items')).items.map((i) => i.id)).not.toContain(box.id);
    expect((await call('instructor', 'GET', `/api/library/items?folder_id=${inner.id}`)).statusCode).toBe(404);
    const trash = await ok<{ items: LibraryItem[] }>('instructor', 'GET', '/api/library/trash');
    expect(trash.items.map((i) => i.id)).toContain(box.id);
    expect(trash.items.map((i) => i.id)).not.toContain(file.id);
    // Another user cannot restore or purge it.
    expect((await call('instructor2', 'POST', `/api/library/trash/${box.id}/restore`)).statusCode).toBe(404);
    expect((await call('instructor2', 'DELETE', `/api/library/trash/${box.id}`)).statusCode).toBe(404);

    const restored = await ok<LibraryItem>('instructor', 'POST', `/api/library/trash/${box.id}/restore`);
    expect(restored.trashed_at).toBeNull();
    expect((await ok<LibraryList>('instructor', 'GET', `/api/library/items?folder_id=${inner.id}`)).items.map((i) => i.id)).toEqual([file.id]);

    await ok('instructor', 'DELETE', `/api/library/items/${box.id}`, undefined, 204);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, file.upload!.id));
    expect(await t.app.deps.storage.stat(row!.key)).toBeDefined();
    await ok('instructor', 'DELETE', `/api/library/trash/${box.id}`, undefined, 204);
    const [after] = await t.database.db.select().from(uploads).where(eq(uploads.id, file.upload!.id));
    expect(after!.deletedAt).not.toBeNull();
    expect(await t.app.deps.storage.stat(row!.key)).toBeUndefined();
    expect(await t.database.db.select().from(libraryItems).where(eq(libraryItems.id, inner.id))).toEqual([]);
    expect((await call('instructor', 'POST', `/api/library/trash/${box.id}/restore`)).statusCode).toBe(404);
  });
});

describe('a library file used in an activity', () => {
  it('is opened by that activity’s learners while it is open, by nobody else by any route', async () => {
    const file = await libraryFile('instructor', 'worksheet.txt');
    const uploadId = file.upload!.id;
    const mod = await ok<{ id: number }>('instructor', 'POST', `/api/courses/${w.course.id}/modules`, { title: 'Library unit' });
    await ok('instructor', 'PUT', `/api/modules/${mod.id}/publish`, { published: true });
    const activity = await ok<{ id: number }>('instructor', 'POST', `/api/courses/${w.course.id}/activities`, {
      module_id: mod.id,
      type: 'material',
      title: 'Worksheet',
      upload_ids: [uploadId],
    });
    // By reference: the same upload, still the library's.
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(row).toMatchObject({ parentType: 'library', parentId: w.instructor.id });

    const routes = [`/api/uploads/${uploadId}`, `/api/uploads/${uploadId}/blob`, `/api/activities/${activity.id}/uploads/${uploadId}`];
    const statuses = async (who: Who) => Promise.all(routes.map(async (url) => (await call(who, 'GET', url)).statusCode));
    // Unpublished: the learner is refused too.
    for (const s of await statuses('student')) expect([403, 404]).toContain(s);
    await ok('instructor', 'PUT', `/api/activities/${activity.id}/publish`, { published: true });
    expect((await call('student', 'GET', `/api/uploads/${uploadId}`)).statusCode).toBe(200);
    expect((await call('student', 'GET', `/api/uploads/${uploadId}/blob`)).statusCode).toBe(200);
    for (const who of ['outsider', 'otherLearner', 'instructor2', 'adminB'] as const) {
      for (const [i, s] of (await statuses(who)).entries()) expect([403, 404], `${who} ${routes[i]}`).toContain(s);
      const course = await call(who, 'GET', `/api/user/course/${w.course.id}/resources/folder`);
      expect([403, 404], who).toContain(course.statusCode);
      const list = await call(who, 'GET', '/api/library/items?q=worksheet');
      if (list.statusCode === 200) expect((list.json() as LibraryList).items).toEqual([]);
      else expect([403, 404]).toContain(list.statusCode);
    }
    // Ended: closed to the learner again; purging the file while used is refused.
    await t.database.db
      .update(activities)
      .set({ endTime: new Date(Date.now() - 60_000), startTime: new Date(Date.now() - 120_000) })
      .where(eq(activities.id, activity.id));
    for (const s of await statuses('student')) expect([403, 404]).toContain(s);
    await ok('instructor', 'DELETE', `/api/library/items/${file.id}`, undefined, 204);
    const purge = await call('instructor', 'DELETE', `/api/library/trash/${file.id}`);
    expect(purge.statusCode).toBe(409);
    expect(purge.json().code).toBe('LIBRARY_FILE_IN_USE');
  });
});

describe('the owner deleting a library file through DELETE /api/uploads/{id}', () => {
  it('puts it in the library trash: removed for the activity using it, quota still counted, restorable, purged for good', async () => {
    const file = await libraryFile('instructor', 'old-quiz.txt', null, 300);
    const uploadId = file.upload!.id;
    const mod = await ok<{ id: number }>('instructor', 'POST', `/api/courses/${w.course.id}/modules`, { title: 'Trash unit' });
    await ok('instructor', 'PUT', `/api/modules/${mod.id}/publish`, { published: true });
    const activity = await ok<{ id: number }>('instructor', 'POST', `/api/courses/${w.course.id}/activities`, {
      module_id: mod.id,
      type: 'material',
      title: 'Old quiz',
      upload_ids: [uploadId],
    });
    await ok('instructor', 'PUT', `/api/activities/${activity.id}/publish`, { published: true });
    expect((await call('student', 'GET', `/api/uploads/${uploadId}/blob`)).statusCode).toBe(200);
    const usageBefore = await ok<LibraryUsage>('instructor', 'GET', '/api/library/usage');

    // Nobody else may delete it.
    for (const who of ['student', 'instructor2', 'adminB'] as const)
      expect([403, 404], who).toContain((await call(who, 'DELETE', `/api/uploads/${uploadId}`)).statusCode);
    expect((await ok<LibraryList>('instructor', 'GET', '/api/library/items?q=old-quiz')).items.map((i) => i.id)).toEqual([file.id]);

    await ok('instructor', 'DELETE', `/api/uploads/${uploadId}`, undefined, 204);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(row!.deletedAt).toBeNull();
    expect(await t.app.deps.storage.stat(row!.key)).toBeDefined();
    expect((await ok<LibraryList>('instructor', 'GET', '/api/library/items?q=old-quiz')).items).toEqual([]);
    expect((await ok<{ items: LibraryItem[] }>('instructor', 'GET', '/api/library/trash')).items.map((i) => i.id)).toContain(file.id);
    // Removed for the activity: its learner (and another teacher) no longer open it; the quota still counts it.
    for (const url of [`/api/uploads/${uploadId}`, `/api/uploads/${uploadId}/blob`, `/api/activities/${activity.id}/uploads/${uploadId}`])
      expect([403, 404], url).toContain((await call('student', 'GET', url)).statusCode);
    expect((await ok<LibraryUsage>('instructor', 'GET', '/api/library/usage')).user).toEqual(usageBefore.user);
    // The activity no longer lists it to its learners; its team still sees it (to restore or replace it).
    const listed = async (who: Who) => (await ok<{ uploads: { id: number }[] }>(who, 'GET', `/api/activities/${activity.id}`)).uploads.map((u) => u.id);
    expect(await listed('student')).toEqual([]);
    expect(await listed('instructor')).toEqual([uploadId]);
    // Twice: nothing more.
    await ok('instructor', 'DELETE', `/api/uploads/${uploadId}`, undefined, 204);

    // Restored: the activity's learner opens it again.
    await ok('instructor', 'POST', `/api/library/trash/${file.id}/restore`);
    expect((await call('student', 'GET', `/api/uploads/${uploadId}/blob`)).statusCode).toBe(200);
    expect(await listed('student')).toEqual([uploadId]);

    // Purged (once no activity uses it): the upload and its bytes are gone, the quota freed.
    await ok('instructor', 'DELETE', `/api/uploads/${uploadId}`, undefined, 204);
    await ok('instructor', 'PUT', `/api/activities/${activity.id}`, { upload_ids: [] });
    await ok('instructor', 'DELETE', `/api/library/trash/${file.id}`, undefined, 204);
    const [after] = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(after!.deletedAt).not.toBeNull();
    expect(await t.app.deps.storage.stat(row!.key)).toBeUndefined();
    expect((await ok<LibraryUsage>('instructor', 'GET', '/api/library/usage')).user.used).toBeLessThan(usageBefore.user.used);
  });
});

describe('the organisation’s library settings', () => {
  it('are read and set by its administrators only, with the usage, field errors named, null back to the default', async () => {
    await settings({});
    await libraryFile('instructor', 'counted.txt', null, 500);
    const admin = await t.factories.login(w.admin.userName);
    const asAdmin = (method: 'GET' | 'PUT', payload?: object) =>
      t.app.inject({ method, url: '/api/org/library-settings', headers: { cookie: admin }, ...(payload ? { payload } : {}) });

    const first = await asAdmin('GET');
    expect(first.statusCode, first.body).toBe(200);
    const s = first.json() as LibrarySettings;
    expect(s.custom).toEqual({ max_folder_depth: null, max_folders: null, user_quota_bytes: null, org_quota_bytes: null });
    expect(s.effective).toEqual(s.defaults);
    expect(s.usage.org_used).toBeGreaterThan(0);
    expect(s.usage.top_users.map((u) => u.id)).toContain(w.instructor.id);

    for (const who of ['instructor', 'student', 'adminB'] as const) {
      expect((await call(who, 'GET', '/api/org/library-settings')).statusCode, who).toBe(who === 'adminB' ? 200 : 403);
      if (who !== 'adminB') expect((await call(who, 'PUT', '/api/org/library-settings', { max_folders: 2 })).statusCode, who).toBe(403);
    }
    // Another organisation's administrator sees their own organisation, not this one.
    expect(((await call('adminB', 'GET', '/api/org/library-settings')).json() as LibrarySettings).usage.top_users.map((u) => u.id)).not.toContain(
      w.instructor.id,
    );

    const set = await asAdmin('PUT', { max_folder_depth: 3, user_quota_bytes: 2 * 1024 ** 2 });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as LibrarySettings).effective).toMatchObject({
      max_folder_depth: 3,
      user_quota_bytes: 2 * 1024 ** 2,
      max_folders: s.defaults.max_folders,
    });
    const usage = await ok<LibraryUsage>('instructor', 'GET', '/api/library/usage');
    expect(usage.user.quota).toBe(2 * 1024 ** 2);
    expect(usage.limits.max_folder_depth).toBe(3);

    const above = await asAdmin('PUT', { user_quota_bytes: 3 * 1024 ** 2, org_quota_bytes: 2 * 1024 ** 2 });
    expect(above.statusCode).toBe(400);
    expect(above.json().errors).toHaveProperty('user_quota_bytes');
    const bad = await asAdmin('PUT', { max_folder_depth: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('max_folder_depth');
    expect(((await asAdmin('GET')).json() as LibrarySettings).effective.max_folder_depth).toBe(3);

    const reset = await asAdmin('PUT', { max_folder_depth: null, user_quota_bytes: null });
    expect((reset.json() as LibrarySettings).custom).toEqual({ max_folder_depth: null, max_folders: null, user_quota_bytes: null, org_quota_bytes: null });
    expect((await ok<LibraryUsage>('instructor', 'GET', '/api/library/usage')).user.quota).toBe(s.defaults.user_quota_bytes);
  });
});
