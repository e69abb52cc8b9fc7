import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  USER_ROLE,
  type LibraryItem,
  type ResourceGroupDetail,
  type ResourceGroupList,
  type SharedItems,
  type SharedResource,
  type SharedResourceList,
  type ShareTracking,
} from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { waitForProcessed } from '../../../test/uploads-client.js';
import { notifications } from '../notifications/notifications.table.js';
import { sharedResourceTracks } from './resource-groups.table.js';

/**
 * Issue 19 §2 (decision 0134): resource groups with roles, sharing a library file or folder to a
 * group or a person, the shared-resource viewer variants, tracking of opens and reuses, and the
 * rule that a share reaches its group's members (and its person) only — by every route: the
 * shared-with-me list and its search, the viewer variants, the upload answer and the blob — and
 * stops reaching them the moment it is withdrawn.
 */

let t: TestApp;
type Who = 'owner' | 'member' | 'colleague' | 'student' | 'adminB';
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
let cookies: Record<Who, string>;
let ids: { member: number; colleague: number; memberCourse: number };

beforeAll(async () => {
  t = await buildTestApp();
  w = await t.factories.courseWorld();
  const member = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.instructor });
  const colleague = await t.factories.user({ orgId: w.org.id, role: USER_ROLE.instructor });
  const memberCourse = await t.factories.course({ orgId: w.org.id, instructorId: member.id });
  const orgB = await t.factories.org();
  const adminB = await t.factories.user({ orgId: orgB.id, role: USER_ROLE.admin });
  ids = { member: member.id, colleague: colleague.id, memberCourse: memberCourse.id };
  cookies = {
    owner: await t.factories.login(w.instructor.userName),
    member: await t.factories.login(member.userName),
    colleague: await t.factories.login(colleague.userName),
    student: await t.factories.login(w.student.userName),
    adminB: await t.factories.login(adminB.userName),
  };
}, 120_000);
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: Who, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });

async function ok<T = unknown>(who: Who, method: Method, url: string, payload?: object, status = 200): Promise<T> {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return (res.body ? res.json() : null) as T;
}

async function bad(who: Who, method: Method, url: string, payload: object, field: string, key: string) {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
  expect(res.json().errors).toEqual({ [field]: [key] });
}

/** A file in the owner's library (into `folderId`), through the real upload pipeline. */
async function libraryFile(name: string, folderId: number | null = null): Promise<LibraryItem> {
  const bytes = Buffer.from(`content of ${name}\n`);
  const created = await call('owner', 'POST', '/api/uploads', { name, size: bytes.length, parent_type: 'user' });
  expect(created.statusCode, created.body).toBe(201);
  const sent = await t.app.inject({
    method: 'PUT',
    url: created.json().upload_url,
    headers: { cookie: cookies.owner, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await waitForProcessed(t, cookies.owner, created.json().id);
  const { items } = await ok<{ items: LibraryItem[] }>('owner', 'POST', '/api/library/files', { upload_ids: [created.json().id], folder_id: folderId }, 201);
  return items[0]!;
}

let group: ResourceGroupDetail;

describe('resource groups', () => {
  it('has an owner, members added by user name with roles, and names the field of bad input', async () => {
    await bad('owner', 'POST', '/api/resource-groups', { name: '  ' }, 'name', 'resourceGroups.nameRequired');
    group = await ok<ResourceGroupDetail>('owner', 'POST', '/api/resource-groups', { name: 'Physics teachers' }, 201);
    expect(group.my_role).toBe('owner');
    const url = `/api/resource-groups/${group.id}/members`;
    await bad('owner', 'POST', url, { role: 'member' }, 'user_id', 'resourceGroups.userRequired');
    await bad('owner', 'POST', url, { user_name: w.student.userName }, 'user_name', 'resourceGroups.notTeacher');
    await bad('owner', 'POST', url, { user_name: 'nobody-at-all' }, 'user_name', 'resourceGroups.userMissing');
    const member = await ok<ResourceGroupDetail>('owner', 'POST', url, { user_name: await userName(ids.member) }, 201);
    expect(member.members.map((m) => [m.user_id, m.role])).toEqual([
      [w.instructor.id, 'owner'],
      [ids.member, 'member'],
    ]);
    await bad('owner', 'POST', url, { user_id: ids.member }, 'user_id', 'resourceGroups.alreadyMember');
    // A plain member changes nothing; the last owner stays one.
    expect((await call('member', 'PUT', `/api/resource-groups/${group.id}`, { name: 'Mine' })).statusCode).toBe(403);
    await bad('owner', 'PUT', `${url}/${w.instructor.id}`, { role: 'member' }, 'role', 'resourceGroups.lastOwner');
    // Members see the group; a colleague outside it, a student and another organisation do not.
    expect((await ok<ResourceGroupList>('member', 'GET', '/api/resource-groups')).groups.map((g) => g.id)).toEqual([group.id]);
    expect((await ok<ResourceGroupList>('colleague', 'GET', '/api/resource-groups')).groups).toEqual([]);
    expect((await call('colleague', 'GET', `/api/resource-groups/${group.id}`)).statusCode).toBe(404);
    expect((await call('adminB', 'GET', `/api/resource-groups/${group.id}`)).statusCode).toBe(404);
    expect((await call('student', 'GET', '/api/resource-groups')).statusCode).toBe(403);
  });
});

async function userName(id: number): Promise<string> {
  const { users } = await import('../users/users.table.js');
  const [row] = await t.database.db.select({ userName: users.userName }).from(users).where(eq(users.id, id));
  return row!.userName;
}

describe('sharing to a group', () => {
  it('reaches its members only, by every route, counts opens and reuses, and ends at once when withdrawn', async () => {
    const folder = await ok<LibraryItem>('owner', 'POST', '/api/library/folders', { name: 'Optics unit', parent_id: null }, 201);
    const inner = await libraryFile('lenses.txt', folder.id);
    const solo = await libraryFile('prisms.txt');
    const unshared = await libraryFile('private-notes.txt');

    // Bad input names the field.
    await bad(
      'owner',
      'POST',
      '/api/shared-resources',
      { item_id: 999999, share_to_kind: 'group', share_to_id: group.id },
      'item_id',
      'resourceGroups.itemMissing',
    );
    const foreignGroup = await ok<ResourceGroupDetail>('colleague', 'POST', '/api/resource-groups', { name: 'Not yours' }, 201);
    await bad(
      'owner',
      'POST',
      '/api/shared-resources',
      { item_id: solo.id, share_to_kind: 'group', share_to_id: foreignGroup.id },
      'share_to_id',
      'resourceGroups.groupMissing',
    );
    await bad(
      'owner',
      'POST',
      '/api/shared-resources',
      { item_id: solo.id, share_to_kind: 'user', share_to_id: w.student.id },
      'share_to_id',
      'resourceGroups.notTeacher',
    );
    expect((await call('member', 'POST', '/api/shared-resources', { item_id: solo.id, share_to_kind: 'group', share_to_id: group.id })).statusCode).toBe(400);

    const folderShare = await ok<SharedResource>(
      'owner',
      'POST',
      '/api/shared-resources',
      { item_id: folder.id, share_to_kind: 'group', share_to_id: group.id },
      201,
    );
    const fileShare = await ok<SharedResource>(
      'owner',
      'POST',
      '/api/shared-resources',
      { item_id: solo.id, share_to_kind: 'group', share_to_id: group.id },
      201,
    );
    expect(fileShare).toMatchObject({ share_to_kind: 'group', share_to_id: group.id, group: { id: group.id }, upload: { id: solo.upload!.id } });
    await bad(
      'owner',
      'POST',
      '/api/shared-resources',
      { item_id: solo.id, share_to_kind: 'group', share_to_id: group.id },
      'share_to_id',
      'resourceGroups.alreadyShared',
    );

    // The notice: the member, not the sharer, once per share, opening /vtrs/{id}.
    const notices = await t.database.db.select().from(notifications).where(eq(notifications.kind, 'resource.shared'));
    expect(notices.map((n) => [n.userId, n.resourceId]).sort()).toEqual(
      [
        [ids.member, folderShare.id],
        [ids.member, fileShare.id],
      ].sort(),
    );
    const listed = await ok<{ items: { url: string; kind: string }[] }>('member', 'GET', '/api/notifications');
    expect(
      listed.items
        .filter((n) => n.kind === 'resource.shared')
        .map((n) => n.url)
        .sort(),
    ).toEqual([`/vtrs/${fileShare.id}`, `/vtrs/${folderShare.id}`].sort());

    // The member: the list, its search, the folder, the viewer variants, the blob.
    const mine = await ok<SharedResourceList>('member', 'GET', '/api/shared-resources');
    expect(mine.resources.map((r) => r.id).sort()).toEqual([folderShare.id, fileShare.id].sort());
    expect((await ok<SharedResourceList>('member', 'GET', '/api/shared-resources?q=PRISM')).resources.map((r) => r.id)).toEqual([fileShare.id]);
    expect((await ok<SharedResourceList>('member', 'GET', `/api/shared-resources?group_id=${group.id}`)).total).toBe(2);
    const inside = await ok<SharedItems>('member', 'GET', `/api/shared-resources/${folderShare.id}/items`);
    expect(inside.items.map((i) => i.name)).toEqual(['lenses.txt']);
    expect((await ok<SharedItems>('member', 'GET', `/api/shared-resources/${folderShare.id}/items?q=lens`)).items.map((i) => i.id)).toEqual([inner.id]);
    const answer = await ok<{ id: number }>('member', 'GET', `/api/shared-resources/${folderShare.id}/uploads?upload_id=${inner.upload!.id}`);
    expect(answer.id).toBe(inner.upload!.id);
    expect((await ok<{ content: string }>('member', 'GET', `/api/shared-resources/${fileShare.id}/text?preview=true`)).content).toBe('content of prisms.txt\n');
    expect((await call('member', 'GET', `/api/uploads/${solo.upload!.id}/blob`)).statusCode).toBe(200);
    expect((await call('member', 'GET', `/api/uploads/${inner.upload!.id}`)).statusCode).toBe(200);
    // A file outside the share is not reached through it, nor directly.
    await bad(
      'member',
      'GET',
      `/api/shared-resources/${folderShare.id}/uploads?upload_id=${unshared.upload!.id}`,
      {},
      'upload_id',
      'resourceGroups.fileNotShared',
    );
    await bad(
      'member',
      'POST',
      `/api/shared-resources/${folderShare.id}/track`,
      { how: 'open', upload_id: unshared.upload!.id },
      'upload_id',
      'resourceGroups.fileNotShared',
    );
    expect([403, 404]).toContain((await call('member', 'GET', `/api/uploads/${unshared.upload!.id}/blob`)).statusCode);

    // Everyone else: nothing, by any route.
    for (const who of ['colleague', 'student', 'adminB'] as const) {
      const list = await call(who, 'GET', '/api/shared-resources?q=prism');
      if (list.statusCode === 200) expect((list.json() as SharedResourceList).resources, who).toEqual([]);
      else expect(list.statusCode, who).toBe(403);
      for (const url of [
        `/api/shared-resources/${fileShare.id}`,
        `/api/shared-resources/${fileShare.id}/uploads`,
        `/api/shared-resources/${fileShare.id}/text`,
        `/api/shared-resources/${fileShare.id}/audios`,
        `/api/shared-resources/${fileShare.id}/evercams`,
        `/api/shared-resources/${folderShare.id}/items`,
        `/api/shared-resources/${folderShare.id}/uploads?upload_id=${inner.upload!.id}`,
        `/api/uploads/${solo.upload!.id}`,
        `/api/uploads/${solo.upload!.id}/blob`,
        `/api/uploads/${inner.upload!.id}/blob`,
        `/api/uploads/${solo.upload!.id}/text`,
      ])
        expect([403, 404], `${who} ${url}`).toContain((await call(who, 'GET', url)).statusCode);
      expect([403, 404], who).toContain((await call(who, 'POST', `/api/shared-resources/${fileShare.id}/track`, { how: 'open' })).statusCode);
    }
    expect((await call('member', 'GET', `/api/shared-resources/${fileShare.id}/tracking`)).statusCode).toBe(403);

    // Reuse: the member puts the shared file in an activity of their course by reference; a colleague may not.
    const mod = await ok<{ id: number }>('member', 'POST', `/api/courses/${ids.memberCourse}/modules`, { title: 'Borrowed' });
    await ok('member', 'POST', `/api/courses/${ids.memberCourse}/activities`, {
      module_id: mod.id,
      type: 'material',
      title: 'Lenses',
      upload_ids: [inner.upload!.id],
    });
    await ok('member', 'POST', `/api/shared-resources/${folderShare.id}/track`, { how: 'reuse', upload_id: inner.upload!.id }, 204);
    const colleagueCourse = await t.factories.course({ orgId: w.org.id, instructorId: ids.colleague });
    const cmod = await ok<{ id: number }>('colleague', 'POST', `/api/courses/${colleagueCourse.id}/modules`, { title: 'Taken' });
    await bad(
      'colleague',
      'POST',
      `/api/courses/${colleagueCourse.id}/activities`,
      { module_id: cmod.id, type: 'material', title: 'x', upload_ids: [inner.upload!.id] },
      'upload_ids',
      'A file does not exist or is not one of this course',
    );

    // Tracking: opens and the reuse, for the sharer.
    await ok('member', 'GET', `/api/shared-resources/${folderShare.id}/uploads?upload_id=${inner.upload!.id}`);
    const rows = await t.database.db
      .select()
      .from(sharedResourceTracks)
      .where(and(eq(sharedResourceTracks.shareId, folderShare.id), eq(sharedResourceTracks.userId, ids.member)));
    expect(rows.map((r) => [r.how, r.count]).sort()).toEqual([
      ['open', 2],
      ['reuse', 1],
    ]);
    const tracking = await ok<ShareTracking>('owner', 'GET', `/api/shared-resources/${folderShare.id}/tracking`);
    expect(tracking.tracks.map((r) => [r.user.id, r.upload.id, r.how, r.count]).sort()).toEqual(
      [
        [ids.member, inner.upload!.id, 'open', 2],
        [ids.member, inner.upload!.id, 'reuse', 1],
      ].sort(),
    );
    const all = await ok<ShareTracking>('owner', 'GET', '/api/shared-resources/tracking');
    expect(all.tracks.map((r) => r.resource_id).sort()).toEqual([folderShare.id, folderShare.id].sort());
    expect((await ok<ShareTracking>('member', 'GET', '/api/shared-resources/tracking')).tracks).toEqual([]);

    // Withdrawn: gone at once from every route (the reused file stays reachable through the member's own activity).
    await ok('owner', 'DELETE', `/api/shared-resources/${fileShare.id}`, undefined, 204);
    expect((await ok<SharedResourceList>('member', 'GET', '/api/shared-resources')).resources.map((r) => r.id)).toEqual([folderShare.id]);
    for (const url of [`/api/shared-resources/${fileShare.id}/uploads`, `/api/shared-resources/${fileShare.id}/text`, `/api/uploads/${solo.upload!.id}/blob`])
      expect([403, 404], url).toContain((await call('member', 'GET', url)).statusCode);
    // Trashing the shared folder hides it too.
    await ok('owner', 'DELETE', `/api/library/items/${folder.id}`, undefined, 204);
    expect((await call('member', 'GET', `/api/shared-resources/${folderShare.id}/items`)).statusCode).toBe(404);
    expect((await ok<SharedResourceList>('member', 'GET', '/api/shared-resources')).resources).toEqual([]);
  });

  it('to one person: reaches them, not the group, and leaving a group ends its shares for the leaver', async () => {
    const file = await libraryFile('personal-share.txt');
    const share = await ok<SharedResource>(
      'owner',
      'POST',
      '/api/shared-resources',
      { item_id: file.id, share_to_kind: 'user', share_to_id: ids.colleague },
      201,
    );
    expect(share).toMatchObject({ share_to_kind: 'user', share_to_id: ids.colleague, group: null });
    expect((await ok<SharedResourceList>('colleague', 'GET', '/api/shared-resources')).resources.map((r) => r.id)).toEqual([share.id]);
    expect((await call('colleague', 'GET', `/api/uploads/${file.upload!.id}/blob`)).statusCode).toBe(200);
    expect([403, 404]).toContain((await call('member', 'GET', `/api/uploads/${file.upload!.id}/blob`)).statusCode);
    expect((await ok<{ resources: SharedResource[] }>('owner', 'GET', `/api/library/items/${file.id}/shares`)).resources.map((r) => r.id)).toEqual([share.id]);

    const groupShare = await ok<SharedResource>(
      'owner',
      'POST',
      '/api/shared-resources',
      { item_id: file.id, share_to_kind: 'group', share_to_id: group.id },
      201,
    );
    expect((await call('member', 'GET', `/api/shared-resources/${groupShare.id}/uploads`)).statusCode).toBe(200);
    await ok('member', 'DELETE', `/api/resource-groups/${group.id}/members/${ids.member}`, undefined, 204);
    expect((await call('member', 'GET', `/api/shared-resources/${groupShare.id}/uploads`)).statusCode).toBe(404);
    expect([403, 404]).toContain((await call('member', 'GET', `/api/uploads/${file.upload!.id}/blob`)).statusCode);
    await bad('owner', 'DELETE', `/api/resource-groups/${group.id}/members/${w.instructor.id}`, {}, 'user_id', 'resourceGroups.lastOwner');
  });
});
