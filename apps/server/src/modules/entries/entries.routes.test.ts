import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLE, type Entry, type EntryList } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { countStatements } from '../../../test/helpers/count-statements.js';
import { waitForProcessed } from '../../../test/uploads-client.js';
import { domainEvents } from '../events/events.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { entries, entryKeywords } from './entries.table.js';

/**
 * Issue 19 §4, vocabulary entries: the spec §7 shape of `GET /api/entries` (`fields`, `page`,
 * `conditions` → `result{entries, page, pages}`), paging, keyword search in names and keywords (Chinese
 * too), field selection, malformed conditions refused naming `conditions`, another organisation's
 * entries invisible, org admins alone write (uploads taken over as bulletins do), the organisation's
 * `vocabulary_entries` toggle (off: 403 ENTRIES_DISABLED), `entry.*` events, and the list's query budget.
 */

let t: TestApp;

async function makeWorld() {
  const world = await t.factories.courseWorld();
  const wgAdmin = await t.factories.user({ orgId: world.org.id, role: USER_ROLE.wgAdmin });
  const orgB = await t.factories.org();
  const adminB = await t.factories.user({ orgId: orgB.id, role: USER_ROLE.admin });
  const studentB = await t.factories.user({ orgId: orgB.id, role: USER_ROLE.student });
  const cookies = {
    admin: await t.factories.login(world.admin.userName),
    wgAdmin: await t.factories.login(wgAdmin.userName),
    instructor: await t.factories.login(world.instructor.userName),
    student: await t.factories.login(world.student.userName),
    adminB: await t.factories.login(adminB.userName),
    studentB: await t.factories.login(studentB.userName),
  };
  type Who = keyof typeof cookies;
  const call = async (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });
  const toggle = async (who: Who, on: boolean) => {
    const res = await call(who, 'PUT', '/api/org/toggles', { vocabulary_entries: on });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Creates an entry as `who` (201 expected). */
  const create = async (who: Who, body: { name: string; keywords?: string[]; upload_ids?: number[] }): Promise<Entry> => {
    const res = await call(who, 'POST', '/api/entries', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Entry;
  };
  const list = async (who: Who, query: string): Promise<EntryList['result']> => {
    const res = await call(who, 'GET', `/api/entries?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as EntryList).result;
  };
  /** A processed personal upload (parent `user`) of `who`. */
  const personalFile = async (who: Who, name = 'glossary.txt') => {
    const bytes = Buffer.from(`entry file ${Math.random()}\n`);
    const created = await call(who, 'POST', '/api/uploads', { name, size: bytes.length, parent_type: 'user' });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await t.app.inject({
      method: 'PUT',
      url: created.json().upload_url,
      headers: { cookie: cookies[who], 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return (await waitForProcessed(t, cookies[who], created.json().id)).id;
  };
  const countEntries = async () =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(entries)
        .where(eq(entries.orgId, world.org.id))
    )[0]!.n;
  return { ...world, wgAdmin, orgB, adminB, studentB, cookies, call, toggle, create, list, personalFile, countEntries };
}
type World = Awaited<ReturnType<typeof makeWorld>>;

/** The `entry.*` events stored for one entry, oldest first. */
async function eventsOf(entryId: number): Promise<{ type: string; payload: unknown }[]> {
  return t.database.db
    .select({ type: domainEvents.type, payload: domainEvents.payload })
    .from(domainEvents)
    .where(and(sql`${domainEvents.type} like 'entry.%'`, sql`(${domainEvents.payload}->>'entry_id')::int = ${entryId}`))
    .orderBy(domainEvents.id);
}

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(async () => t?.close());

describe('the vocabulary_entries toggle', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });

  it('is off by default in GET /api/org, and only org admins turn it on with PUT /api/org/toggles (unknown toggles 400 naming them)', async () => {
    const before = (await w.call('student', 'GET', '/api/org')).json();
    expect(before.toggles).toEqual({
      timetable: true,
      meeting: true,
      instruction_meeting: true,
      cloud_classroom: true,
      vocabulary_entries: false,
      inclass_user_action_track: false,
      chat_group: false,
    });

    const byStudent = await w.call('student', 'PUT', '/api/org/toggles', { vocabulary_entries: true });
    expect(byStudent.statusCode).toBe(403);
    expect(byStudent.json().code).toBe('FORBIDDEN');
    expect((await w.call('instructor', 'PUT', '/api/org/toggles', { vocabulary_entries: true })).statusCode).toBe(403);

    const unknown = await w.call('admin', 'PUT', '/api/org/toggles', { vocabulary_entries: true, flying_cars: true });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().errors)).toContain('flying_cars');
    const wrongType = await w.call('admin', 'PUT', '/api/org/toggles', { vocabulary_entries: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().errors)).toEqual(['vocabulary_entries']);
    expect((await w.call('student', 'GET', '/api/org')).json().toggles.vocabulary_entries).toBe(false);

    const on = await w.call('wgAdmin', 'PUT', '/api/org/toggles', { vocabulary_entries: true, meeting: false });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().toggles).toEqual({
      timetable: true,
      meeting: false,
      instruction_meeting: true,
      cloud_classroom: true,
      vocabulary_entries: true,
      inclass_user_action_track: false,
      chat_group: false,
    });
    expect((await w.call('student', 'GET', '/api/org')).json().toggles.vocabulary_entries).toBe(true);
    // Another organisation is untouched.
    expect((await w.call('studentB', 'GET', '/api/org')).json().toggles.vocabulary_entries).toBe(false);
  });

  it('off: every entry call answers 403 ENTRIES_DISABLED and writes nothing; on again, entries are as they were', async () => {
    await w.toggle('admin', true);
    const entry = await w.create('admin', { name: 'Osmosis', keywords: ['water'] });
    await w.toggle('admin', false);

    for (const [who, method, url, body] of [
      ['student', 'GET', '/api/entries?fields=&page=1&conditions='],
      ['admin', 'GET', '/api/entries'],
      ['student', 'GET', `/api/entries/${entry.id}`],
      ['admin', 'POST', '/api/entries', { name: 'Diffusion' }],
      ['admin', 'PUT', `/api/entries/${entry.id}`, { name: 'Renamed' }],
      ['admin', 'DELETE', `/api/entries/${entry.id}`],
    ] as const) {
      const res = await w.call(who, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ENTRIES_DISABLED', message: 'Vocabulary entries are not turned on for this organisation' });
    }
    expect(await w.countEntries()).toBe(1);
    await w.toggle('admin', true);
    expect((await w.list('student', '')).entries.map((e) => e.name)).toEqual(['Osmosis']);
  });
});

describe('GET /api/entries', () => {
  let w: World;
  let photo: Entry;
  let chinese: Entry;
  let fileId: number;
  beforeAll(async () => {
    w = await makeWorld();
    await w.toggle('admin', true);
    fileId = await w.personalFile('admin', 'leaf.txt');
    photo = await w.create('admin', { name: 'Photosynthesis', keywords: ['chlorophyll', ' Light ', 'light', ''], upload_ids: [fileId] });
    chinese = await w.create('admin', { name: '光合作用', keywords: ['植物', '叶绿素'] });
    await w.create('admin', { name: 'Mitochondria', keywords: ['cell', '100%'] });
  }, 60_000);

  it('answers the spec §7 shape result{entries, page, pages} with every field when fields is empty', async () => {
    const res = await w.call('student', 'GET', '/api/entries?fields=&page=1&conditions=');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as EntryList;
    expect(Object.keys(body)).toEqual(['result']);
    expect(body.result).toMatchObject({ page: 1, pages: 1, total: 3 });
    // By name (case-insensitive), then id.
    expect(body.result.entries.map((e) => e.name)).toEqual(['Mitochondria', 'Photosynthesis', '光合作用']);
    expect(body.result.entries[1]).toEqual({
      id: photo.id,
      org_id: w.org.id,
      name: 'Photosynthesis',
      created_at: photo.created_at,
      updated_at: photo.updated_at,
      created_by_id: w.admin.id,
      updated_by_id: w.admin.id,
      // Trimmed, blanks dropped, repeats (case-insensitive) kept once.
      keywords: [{ name: 'chlorophyll' }, { name: 'Light' }],
      uploads: [{ id: fileId, name: 'leaf.txt', type: expect.any(String) }],
    });
    expect(await eventsOf(photo.id)).toEqual([
      { type: 'entry.created', payload: { entry_id: photo.id, org_id: w.org.id, actor_id: w.admin.id, name: 'Photosynthesis' } },
    ]);
  });

  it('searches names and keywords case-insensitively, Chinese included, with like wildcards taken literally', async () => {
    const names = async (conditions: object) =>
      (await w.list('student', `conditions=${encodeURIComponent(JSON.stringify(conditions))}`)).entries.map((e) => e.name);
    expect(await names({ keyword: 'PHOTO' })).toEqual(['Photosynthesis']);
    expect(await names({ keyword: 'light' })).toEqual(['Photosynthesis']);
    expect(await names({ keyword: '合作' })).toEqual(['光合作用']);
    expect(await names({ keyword: '叶绿' })).toEqual(['光合作用']);
    expect(await names({ keyword: 'o' })).toEqual(['Mitochondria', 'Photosynthesis']);
    expect(await names({ keyword: '%' })).toEqual(['Mitochondria']);
    expect(await names({ keyword: '_' })).toEqual([]);
    expect(await names({ keyword: '  ' })).toEqual(['Mitochondria', 'Photosynthesis', '光合作用']);
    expect(await names({ ids: [chinese.id, photo.id] })).toEqual(['Photosynthesis', '光合作用']);
    expect(await names({ ids: [chinese.id], keyword: 'photo' })).toEqual([]);
    expect(await names({ ids: [] })).toEqual([]);
  });

  it('answers only the fields asked for beside id and name, ignoring unknown ones', async () => {
    const [kw] = (await w.list('student', `fields=keywords&conditions=${encodeURIComponent('{"keyword":"photo"}')}`)).entries;
    expect(kw).toEqual({ id: photo.id, name: 'Photosynthesis', keywords: [{ name: 'chlorophyll' }, { name: 'Light' }] });
    const [two] = (await w.list('student', `fields=uploads,created_by_id,nonsense,id&conditions=${encodeURIComponent('{"keyword":"photo"}')}`)).entries;
    expect(two).toEqual({
      id: photo.id,
      name: 'Photosynthesis',
      uploads: [{ id: fileId, name: 'leaf.txt', type: expect.any(String) }],
      created_by_id: w.admin.id,
    });
    const [bare] = (await w.list('student', `fields=name&conditions=${encodeURIComponent('{"keyword":"photo"}')}`)).entries;
    expect(Object.keys(bare!).sort()).toEqual(['created_at', 'created_by_id', 'id', 'keywords', 'name', 'org_id', 'updated_at', 'updated_by_id', 'uploads']);
  });

  it('refuses malformed conditions with 400 naming conditions only, and changes nothing', async () => {
    const before = await w.countEntries();
    for (const conditions of ['{keyword:', 'not json', '[1,2]', '"photo"', '{"keyword": 5}', '{"ids": ["a"]}', '{"colour": "red"}', '{"ids": [4294967296]}']) {
      const res = await w.call('student', 'GET', `/api/entries?conditions=${encodeURIComponent(conditions)}`);
      expect(res.statusCode, conditions).toBe(400);
      expect(Object.keys(res.json().errors), conditions).toEqual(['conditions']);
    }
    expect(await w.countEntries()).toBe(before);
    const big = await w.call('student', 'GET', '/api/entries?page_size=101');
    expect(big.statusCode).toBe(400);
    expect(Object.keys(big.json().errors)).toEqual(['page_size']);
    expect((await w.call('student', 'GET', '/api/entries?page=0')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/entries' })).statusCode).toBe(401);
  });

  it('runs within its query budget (decision 0083): session, then the toggle beside the page, then keywords beside files', async () => {
    const budget = await countStatements(t, () => w.call('student', 'GET', '/api/entries?fields=&page=1&conditions='));
    expect(budget.res.statusCode).toBe(200);
    expect(budget.statements, budget.sql.join('\n')).toBeLessThanOrEqual(5);
    expect(budget.rounds, budget.shape.join(',')).toBeLessThanOrEqual(3);
    // Without keywords and files asked for, neither is read.
    const named = await countStatements(t, () => w.call('student', 'GET', '/api/entries?fields=created_at'));
    expect(named.statements, named.sql.join('\n')).toBeLessThanOrEqual(3);
    expect(named.rounds, named.shape.join(',')).toBeLessThanOrEqual(2);
  });
});

describe('paging', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
    await w.toggle('admin', true);
    for (let i = 1; i <= 25; i++) await w.create('admin', { name: `Term ${String(i).padStart(2, '0')}` });
  }, 60_000);

  it('pages by 20 by default, page_size up to 100, pages at least 1 and total under the conditions', async () => {
    const first = await w.list('student', 'page=1');
    expect(first).toMatchObject({ page: 1, pages: 2, total: 25 });
    expect(first.entries).toHaveLength(20);
    expect(first.entries[0]!.name).toBe('Term 01');
    const second = await w.list('student', 'page=2');
    expect(second.entries.map((e) => e.name)).toEqual(['Term 21', 'Term 22', 'Term 23', 'Term 24', 'Term 25']);
    expect(await w.list('student', 'page=3')).toMatchObject({ entries: [], page: 3, pages: 2, total: 25 });
    expect(await w.list('student', 'page=2&page_size=10')).toMatchObject({ page: 2, pages: 3, total: 25 });
    expect((await w.list('student', 'page_size=100')).entries).toHaveLength(25);
    const none = await w.list('student', `conditions=${encodeURIComponent('{"keyword":"zzz"}')}`);
    expect(none).toEqual({ entries: [], page: 1, pages: 1, total: 0 });
  });
});

describe('writing entries', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
    await w.toggle('admin', true);
    await w.toggle('adminB', true);
  });

  it('lets only org admins (admin and wg admin) create, edit and delete; students and instructors get 403 and nothing changes', async () => {
    const entry = await w.create('wgAdmin', { name: 'Enzyme', keywords: ['catalyst'] });
    for (const who of ['student', 'instructor'] as const) {
      for (const [method, url] of [
        ['POST', '/api/entries'],
        ['PUT', `/api/entries/${entry.id}`],
        ['DELETE', `/api/entries/${entry.id}`],
      ] as const) {
        const res = await w.call(who, method, url, method === 'DELETE' ? undefined : { name: 'Hacked' });
        expect(res.statusCode, `${who} ${method}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    expect((await w.list('student', '')).entries.map((e) => e.name)).toEqual(['Enzyme']);
    // A learner reads one entry (the hover card).
    const card = await w.call('student', 'GET', `/api/entries/${entry.id}`);
    expect(card.statusCode).toBe(200);
    expect(card.json()).toMatchObject({ id: entry.id, name: 'Enzyme', keywords: [{ name: 'catalyst' }], uploads: [] });
  });

  it('refuses a name taken in the organisation (case-insensitive) and files that are not the admin’s own, with 400 naming the field and nothing written', async () => {
    await w.create('admin', { name: 'Ribosome' });
    const before = await w.countEntries();
    const taken = await w.call('admin', 'POST', '/api/entries', { name: '  RIBOSOME ' });
    expect(taken.statusCode).toBe(400);
    expect(Object.keys(taken.json().errors)).toEqual(['name']);
    const blank = await w.call('admin', 'POST', '/api/entries', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().errors)).toEqual(['name']);
    const studentsFile = await w.personalFile('student', 'mine.txt');
    const foreign = await w.call('admin', 'POST', '/api/entries', { name: 'Nucleus', upload_ids: [studentsFile] });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().errors)).toEqual(['upload_ids']);
    const missing = await w.call('admin', 'POST', '/api/entries', { name: 'Nucleus', upload_ids: [999_999] });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['upload_ids']);
    expect(await w.countEntries()).toBe(before);
    const [file] = await t.database.db.select().from(uploads).where(eq(uploads.id, studentsFile));
    expect(file).toMatchObject({ parentType: 'user', ownerId: w.student.id });
    // The same name in another organisation is fine.
    await w.create('adminB', { name: 'Ribosome' });
  });

  it('edits name, keywords and files (dropped files go back to their owner), then deletes with its files; events in order', async () => {
    const a = await w.personalFile('admin', 'a.txt');
    const b = await w.personalFile('admin', 'b.txt');
    const entry = await w.create('admin', { name: 'Vacuole', keywords: ['storage'], upload_ids: [a] });
    // A student of the organisation reads the entry's file through the entry; another organisation does not.
    expect((await w.call('student', 'GET', `/api/uploads/${a}`)).statusCode).toBe(200);
    expect((await w.call('studentB', 'GET', `/api/uploads/${a}`)).statusCode).toBe(404);

    const edited = await w.call('wgAdmin', 'PUT', `/api/entries/${entry.id}`, { name: 'Central vacuole', keywords: ['sap', 'turgor'], upload_ids: [a] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Central vacuole',
      created_by_id: w.admin.id,
      updated_by_id: w.wgAdmin.id,
      keywords: [{ name: 'sap' }, { name: 'turgor' }],
      uploads: [{ id: a, name: 'a.txt' }],
    });
    // Another admin's personal file is not the wg admin's to give.
    const notTheirs = await w.call('wgAdmin', 'PUT', `/api/entries/${entry.id}`, { name: 'Renamed', upload_ids: [a, b] });
    expect(notTheirs.statusCode).toBe(400);
    expect(Object.keys(notTheirs.json().errors)).toEqual(['upload_ids']);
    expect((await w.call('student', 'GET', `/api/entries/${entry.id}`)).json()).toMatchObject({
      name: 'Central vacuole',
      keywords: [{ name: 'sap' }, { name: 'turgor' }],
    });

    const swapped = await w.call('admin', 'PUT', `/api/entries/${entry.id}`, { name: 'central Vacuole', keywords: [], upload_ids: [b] });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json()).toMatchObject({ name: 'central Vacuole', keywords: [], uploads: [{ id: b, name: 'b.txt' }] });
    const [back] = await t.database.db.select().from(uploads).where(eq(uploads.id, a));
    expect(back).toMatchObject({ parentType: 'user', parentId: w.admin.id, deletedAt: null });

    const deleted = await w.call('admin', 'DELETE', `/api/entries/${entry.id}`);
    expect(deleted.statusCode).toBe(204);
    const gone = await w.call('student', 'GET', `/api/entries/${entry.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('ENTRY_NOT_FOUND');
    expect((await w.call('admin', 'DELETE', `/api/entries/${entry.id}`)).statusCode).toBe(404);
    const [removed] = await t.database.db.select().from(uploads).where(eq(uploads.id, b));
    expect(removed!.deletedAt).not.toBeNull();
    expect(await t.database.db.select().from(entryKeywords).where(eq(entryKeywords.entryId, entry.id))).toEqual([]);
    expect((await eventsOf(entry.id)).map((e) => e.type)).toEqual(['entry.created', 'entry.updated', 'entry.updated', 'entry.deleted']);
    expect((await eventsOf(entry.id))[3]!.payload).toEqual({ entry_id: entry.id, org_id: w.org.id, actor_id: w.admin.id, name: 'central Vacuole' });
  });

  it('rolls a refused edit back whole: name, keywords and files unchanged, no event', async () => {
    const entry = await w.create('admin', { name: 'Cytoplasm', keywords: ['fluid'] });
    await w.create('admin', { name: 'Membrane' });
    const clash = await w.call('admin', 'PUT', `/api/entries/${entry.id}`, { name: 'membrane', keywords: ['changed'] });
    expect(clash.statusCode).toBe(400);
    expect(Object.keys(clash.json().errors)).toEqual(['name']);
    expect((await w.call('admin', 'GET', `/api/entries/${entry.id}`)).json()).toMatchObject({ name: 'Cytoplasm', keywords: [{ name: 'fluid' }] });
    expect((await eventsOf(entry.id)).map((e) => e.type)).toEqual(['entry.created']);
  });
});

describe('another organisation', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
    await w.toggle('admin', true);
    await w.toggle('adminB', true);
  });

  it('never shows or changes an entry of another organisation: not listed (even by id), 404 by id to readers and admins', async () => {
    const mine = await w.create('admin', { name: 'Chloroplast' });
    const theirs = await w.create('adminB', { name: 'Chloroplast B', keywords: ['green'] });
    const conditions = encodeURIComponent(JSON.stringify({ ids: [mine.id, theirs.id] }));
    expect((await w.list('student', `conditions=${conditions}`)).entries.map((e) => e.id)).toEqual([mine.id]);
    expect((await w.list('studentB', `conditions=${conditions}`)).entries.map((e) => e.id)).toEqual([theirs.id]);
    expect((await w.list('admin', `conditions=${encodeURIComponent('{"keyword":"green"}')}`)).entries).toEqual([]);
    for (const [who, method] of [
      ['student', 'GET'],
      ['admin', 'GET'],
      ['admin', 'PUT'],
      ['admin', 'DELETE'],
    ] as const) {
      const res = await w.call(who, method, `/api/entries/${theirs.id}`, method === 'PUT' ? { name: 'Mine now' } : undefined);
      expect(res.statusCode, `${who} ${method}`).toBe(404);
      expect(res.json().code).toBe('ENTRY_NOT_FOUND');
      expect(res.body).not.toContain('Chloroplast B');
    }
    expect((await w.call('studentB', 'GET', `/api/entries/${theirs.id}`)).json()).toMatchObject({ name: 'Chloroplast B', keywords: [{ name: 'green' }] });
    expect((await eventsOf(theirs.id)).map((e) => e.type)).toEqual(['entry.created']);
  });
});
