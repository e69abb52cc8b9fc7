import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fixturePath, type TestApp } from '../../../test/build-test-app.js';
import { waitForProcessed } from '../../../test/uploads-client.js';
import { uploads } from './uploads.table.js';

let t: TestApp;
let w: Awaited<ReturnType<TestApp['factories']['courseWorld']>>;
const cookies: Record<string, string> = {};
const pdf = readFileSync(fixturePath('pdf/pdfjs__tracemonkey.pdf'));
const png = readFileSync(fixturePath('images/filetype__fixture.png'));

beforeAll(async () => {
  t = await buildTestApp({ ATRIUM_MAX_UPLOAD_BYTES: String(5 * 1024 * 1024) });
  w = await t.factories.courseWorld();
  for (const who of ['instructor', 'assistant', 'student', 'outsider', 'admin'] as const) cookies[who] = await t.factories.login(w[who].userName);
});
afterAll(() => t.close());

const as = (who: string) => ({ cookie: cookies[who]! });

function storedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(t.filesDir, full));
    }
  };
  walk(t.filesDir);
  return out;
}

async function create(who: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/uploads', headers: as(who), payload });
}

async function send(who: string, url: string, body: Buffer) {
  return t.app.inject({ method: 'PUT', url, headers: { ...as(who), 'content-type': 'application/octet-stream' }, payload: body });
}

/** Creates and transfers the tracemonkey PDF into the world's course as the instructor. */
async function uploadPdf(name = 'Trace monkey.pdf') {
  const created = await create('instructor', { name, size: pdf.length, parent_type: 'course', parent_id: w.course.id });
  expect(created.statusCode).toBe(201);
  const sent = await send('instructor', created.json().upload_url, pdf);
  expect(sent.statusCode).toBe(200);
  expect(sent.json()).toMatchObject({ status: 'processing', upload_url: null });
  return waitForProcessed(t, cookies.instructor!, created.json().id);
}

describe('POST /api/uploads', () => {
  it('creates the upload first and answers its upload_url (spec §4 lifecycle)', async () => {
    const res = await create('assistant', { name: 'Week 1.pdf', size: pdf.length, parent_type: 'course', parent_id: w.course.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Week 1.pdf',
      size: pdf.length,
      type: 'document',
      status: 'processing',
      storage_type: 'local',
      parent_type: 'course',
      parent_id: w.course.id,
      deleted: false,
    });
    expect(res.json().upload_url).toBe(`/api/uploads/${res.json().id}/content`);
    expect(res.json().key).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(res.json().key).not.toContain('Week');
  });

  it('answers 400 with the spec message key on the field, and creates nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'bad:name?.pdf', size: 10 }, 'name', 'fileUpload.nameError'],
      [{ name: 'program.exe', size: 10 }, 'name', 'fileUpload.formatLimit'],
      [{ name: 'empty.pdf', size: 0 }, 'size', 'fileUpload.zeroSize'],
      [{ name: 'huge.pdf', size: 6 * 1024 * 1024 }, 'size', 'fileUpload.sizeLimit'],
    ];
    for (const [payload, field, key] of cases) {
      const res = await create('instructor', { ...payload, parent_type: 'course', parent_id: w.course.id });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[field]).toContain(key);
    }
    const noSize = await create('instructor', { name: 'a.pdf', parent_type: 'course', parent_id: w.course.id });
    expect(noSize.json().errors).toHaveProperty('size');
    const noParent = await create('instructor', { name: 'a.pdf', size: 3, parent_type: 'course' });
    expect(noParent.json().errors).toHaveProperty('parent_id');
    const list = await t.app.inject({ method: 'GET', url: `/api/courses/${w.course.id}/uploads`, headers: as('instructor') });
    expect(list.json().uploads.map((u: { name: string }) => u.name)).not.toContain('empty.pdf');
  });

  it('refuses students with 403, an unknown course with 404, anonymous with 401', async () => {
    const payload = { name: 'x.pdf', size: 10, parent_type: 'course', parent_id: w.course.id };
    expect((await create('student', payload)).statusCode).toBe(403);
    expect((await create('outsider', payload)).statusCode).toBe(403);
    expect((await create('instructor', { ...payload, parent_id: 987654 })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/uploads', payload })).statusCode).toBe(401);
  });
});

describe('embedded online video (spec §2 embed online video popup, §5, §7 GET /api/uploads/embed-material/{id})', () => {
  const embed = (who: string, url: string, name = 'Intro lecture') =>
    create(who, { name, size: 0, parent_type: 'course', parent_id: w.course.id, embed_material_type: 'online_video', url });
  const listNames = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/courses/${w.course.id}/uploads`, headers: as('instructor') }))
      .json()
      .uploads.map((u: { name: string }) => u.name);

  it('keeps a supported link as a ready upload of type link without bytes; members read its player frame', async () => {
    const before = storedFiles().length;
    const res = await embed('instructor', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Intro lecture',
      size: 0,
      type: 'link',
      status: 'ready',
      upload_url: null,
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
    });
    expect(storedFiles()).toHaveLength(before);
    const id = res.json().id as number;
    const read = await t.app.inject({ method: 'GET', url: `/api/uploads/embed-material/${id}`, headers: as('student') });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({
      id,
      name: 'Intro lecture',
      embed_material_type: 'online_video',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      provider: 'youtube',
      embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect(await listNames()).toContain('Intro lecture');
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${id}/blob`, headers: as('student') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/embed-material/${id}`, headers: as('outsider') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/embed-material/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads/embed-material/987654', headers: as('student') })).statusCode).toBe(404);
    const file = await uploadPdf('Not a video.pdf');
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/embed-material/${file.id}`, headers: as('student') })).statusCode).toBe(404);
  });

  it('refuses an unsupported or unsafe link on the url field, an empty title on name, and students; creates nothing', async () => {
    for (const url of ['https://example.com/lecture.mp4', 'javascript:alert(1)', 'http://youtube.com/watch?v=<script>', '']) {
      const res = await embed('instructor', url, `bad ${url}`);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().errors), url).toEqual(['url']);
    }
    const untitled = await embed('instructor', 'https://vimeo.com/76979871', '   ');
    expect(untitled.statusCode).toBe(400);
    expect(Object.keys(untitled.json().errors)).toEqual(['name']);
    expect((await embed('student', 'https://vimeo.com/76979871', 'by a student')).statusCode).toBe(403);
    const names = await listNames();
    expect(names.filter((n: string) => n.startsWith('bad ') || n === 'by a student' || !n.trim())).toEqual([]);
  });
});

describe('PUT {upload_url}', () => {
  it('stores the bytes under a generated name, processes them and marks the upload ready with its page count', async () => {
    const before = storedFiles();
    const upload = await uploadPdf();
    expect(upload).toMatchObject({ status: 'ready', upload_url: null, num_pages: 14, is_encrypted: false, failure_reason: null });
    const added = storedFiles().filter((f) => !before.includes(f));
    expect(added).toEqual([upload.key]);
    const digest = createHash('sha256')
      .update(readFileSync(path.join(t.filesDir, upload.key)))
      .digest('hex');
    expect(digest).toBe(createHash('sha256').update(pdf).digest('hex'));
  });

  it('keeps nothing when the size differs from the declared size (400) or exceeds it (413)', async () => {
    const created = (await create('instructor', { name: 'short.pdf', size: pdf.length, parent_type: 'course', parent_id: w.course.id })).json();
    const before = storedFiles();
    const short = await send('instructor', created.upload_url, pdf.subarray(0, 1000));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'UPLOAD_SIZE_MISMATCH', errors: { size: expect.any(Array) } });
    const long = await send('instructor', created.upload_url, Buffer.concat([pdf, Buffer.from('extra')]));
    expect(long.statusCode).toBe(413);
    expect(storedFiles()).toEqual(before);
    const still = await t.app.inject({ method: 'GET', url: `/api/uploads/${created.id}`, headers: as('instructor') });
    expect(still.json()).toMatchObject({ status: 'processing', upload_url: created.upload_url });
  });

  it('refuses bytes whose magic number contradicts the extension, keeping nothing', async () => {
    const created = (await create('instructor', { name: 'disguised.pdf', size: png.length, parent_type: 'course', parent_id: w.course.id })).json();
    const before = storedFiles();
    const res = await send('instructor', created.upload_url, png);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UPLOAD_CONTENT_MISMATCH', errors: { name: expect.any(Array) } });
    expect(storedFiles()).toEqual(before);
  });

  it('answers 409 to a second transfer, 403 to someone else, 404 unknown, 401 anonymous, 400 without octet-stream', async () => {
    const upload = await uploadPdf('twice.pdf');
    expect((await send('instructor', `/api/uploads/${upload.id}/content`, pdf)).statusCode).toBe(409);
    const created = (await create('instructor', { name: 'mine.pdf', size: pdf.length, parent_type: 'course', parent_id: w.course.id })).json();
    expect((await send('assistant', created.upload_url, pdf)).statusCode).toBe(403);
    expect((await send('instructor', '/api/uploads/99999/content', pdf)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: created.upload_url, payload: pdf, headers: { 'content-type': 'application/octet-stream' } })).statusCode,
    ).toBe(401);
    const asJson = await t.app.inject({ method: 'PUT', url: created.upload_url, headers: as('instructor'), payload: { a: 1 } });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json().errors).toHaveProperty('content-type');
  });
});

describe('GET /api/uploads/{id} and /blob', () => {
  it('lets course members read the upload and download the exact bytes with a safe Content-Disposition', async () => {
    const upload = await uploadPdf('讲义 week 1.pdf');
    const meta = await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}`, headers: as('student') });
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toMatchObject({ id: upload.id, status: 'ready', downloadUrl: `/api/uploads/${upload.id}/blob` });
    const blob = await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}/blob`, headers: as('student') });
    expect(blob.statusCode).toBe(200);
    expect(blob.rawPayload.equals(pdf)).toBe(true);
    expect(blob.headers['content-type']).toBe('application/pdf');
    expect(blob.headers['content-disposition']).toBe(`attachment; filename="?? week 1.pdf"; filename*=UTF-8''%E8%AE%B2%E4%B9%89%20week%201.pdf`);
    expect(blob.headers['x-content-type-options']).toBe('nosniff');
    const inline = await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}/blob?preview=true`, headers: as('student') });
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('answers one byte range with 206 (pdf.js reads large files by ranges)', async () => {
    const upload = await uploadPdf('ranges.pdf');
    const res = await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}/blob`, headers: { ...as('student'), range: 'bytes=0-1023' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-1023/${pdf.length}`);
    expect(res.rawPayload.equals(pdf.subarray(0, 1024))).toBe(true);
  });

  it('answers 403 to a non-member, 404 to unknown or another organisation, 401 anonymous', async () => {
    const upload = await uploadPdf('private.pdf');
    for (const url of [`/api/uploads/${upload.id}`, `/api/uploads/${upload.id}/blob`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: as('outsider') })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads/777777', headers: as('student') })).json()).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
    const other = await t.factories.org();
    const stranger = await t.factories.user({ orgId: other.id, role: 2 });
    const cookie = await t.factories.login(stranger.userName);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads/abc', headers: as('student') })).statusCode).toBe(400);
  });

  it('hides an upload still awaiting its bytes from everyone but its owner', async () => {
    const created = (await create('instructor', { name: 'pending.pdf', size: 10, parent_type: 'course', parent_id: w.course.id })).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${created.id}`, headers: as('student') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${created.id}`, headers: as('instructor') })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${created.id}/blob`, headers: as('instructor') })).statusCode).toBe(404);
  });
});

describe('DELETE /api/uploads/{id}', () => {
  it('lets the course team delete a file: it disappears from the course and from disk', async () => {
    const upload = await uploadPdf('to-delete.pdf');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/uploads/${upload.id}`, headers: as('student') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/uploads/${upload.id}` })).statusCode).toBe(401);
    expect(existsSync(path.join(t.filesDir, upload.key))).toBe(true);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/uploads/${upload.id}`, headers: as('assistant') });
    expect(res.statusCode).toBe(204);
    expect(existsSync(path.join(t.filesDir, upload.key))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}`, headers: as('instructor') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/uploads/${upload.id}`, headers: as('instructor') })).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: `/api/courses/${w.course.id}/uploads`, headers: as('student') });
    expect(list.json().uploads.map((u: { id: number }) => u.id)).not.toContain(upload.id);
  });
});

describe('GET /api/courses/{id}/uploads', () => {
  it('lists received files newest first to members; 403 non-member, 404 unknown, 401 anonymous', async () => {
    const a = await uploadPdf('first.pdf');
    const b = await uploadPdf('second.pdf');
    const res = await t.app.inject({ method: 'GET', url: `/api/courses/${w.course.id}/uploads`, headers: as('student') });
    expect(res.statusCode).toBe(200);
    const ids = res.json().uploads.map((u: { id: number }) => u.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(res.json().uploads.every((u: { status: string }) => u.status === 'ready')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${w.course.id}/uploads`, headers: as('outsider') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/courses/55555/uploads', headers: as('student') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${w.course.id}/uploads` })).statusCode).toBe(401);
  });
});

describe('folder upload rules (spec §5) and GET /api/uploads/settings', () => {
  it('answers the organisation rules to a signed-in user, 401 anonymous', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/uploads/settings', headers: as('instructor') });
    expect(res.json()).toEqual({ maxLevelInUploadFolder: 5, maxFileCountInUploadFolder: 500, checkUploadExtension: true, maxUploadBytes: 5 * 1024 * 1024 });
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads/settings' })).statusCode).toBe(401);
  });

  it('refuses a folder too deep or with too many files, and bad folder names, naming the field', async () => {
    const base = { name: 'a.pdf', size: 10, parent_type: 'course', parent_id: w.course.id };
    expect((await create('instructor', { ...base, relative_path: 'Week/1/2/3/a.pdf', folder_file_count: 3 })).statusCode).toBe(201);
    const deep = await create('instructor', { ...base, relative_path: 'Week/1/2/3/4/a.pdf', folder_file_count: 3 });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors.relative_path).toEqual(['fileUpload.folderExceedsMaxLevel']);
    const many = await create('instructor', { ...base, relative_path: 'Week/a.pdf', folder_file_count: 501 });
    expect(many.json().errors.folder_file_count).toEqual(['fileUpload.fileExceedsMaxCount']);
    const badFolder = await create('instructor', { ...base, relative_path: 'We:ek/a.pdf', folder_file_count: 1 });
    expect(badFolder.json().errors.relative_path).toEqual(['fileUpload.nameError']);
  });
});

describe('POST /api/uploads/screen-shot and /share-to', () => {
  it('stores a base64 PNG as an image upload of the user, and shares it into a course the actor teaches', async () => {
    const shot = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/screen-shot',
      headers: as('instructor'),
      payload: { name: 'board.png', data: png.toString('base64') },
    });
    expect(shot.statusCode).toBe(201);
    expect(shot.json()).toMatchObject({ name: 'board.png', type: 'image', size: png.length, parent_type: 'user', upload_url: null });
    const ready = await waitForProcessed(t, cookies.instructor!, shot.json().id);
    expect(ready.status).toBe('ready');
    const blob = await t.app.inject({ method: 'GET', url: `/api/uploads/${shot.json().id}/blob`, headers: as('instructor') });
    expect(blob.rawPayload.equals(png)).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/uploads/screen-shot/share-to',
          headers: as('student'),
          payload: { upload_id: shot.json().id, course_id: w.course.id },
        })
      ).statusCode,
    ).toBe(403);
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/screen-shot/share-to',
      headers: as('instructor'),
      payload: { upload_id: shot.json().id, course_id: w.course.id },
    });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({ parent_type: 'course', parent_id: w.course.id, type: 'image' });
    expect(shared.json().id).not.toBe(shot.json().id);
  });

  it('refuses a screenshot that is not PNG/JPEG by name or by content, naming the field and writing no upload, 401 anonymous', async () => {
    const uploadsNow = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads))[0]!.n;
    const before = await uploadsNow();
    const byName = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/screen-shot',
      headers: as('instructor'),
      payload: { name: 'board.gif', data: png.toString('base64') },
    });
    expect(byName.statusCode).toBe(400);
    expect(byName.json().errors).toHaveProperty('name');
    const byContent = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/screen-shot',
      headers: as('instructor'),
      payload: { name: 'board.png', data: pdf.subarray(0, 5000).toString('base64') },
    });
    expect(byContent.statusCode).toBe(400);
    expect(byContent.json()).toMatchObject({ code: 'UPLOAD_CONTENT_MISMATCH', errors: { data: ['fileUpload.formatLimit'] } });
    expect(await uploadsNow()).toBe(before);
    expect((await t.app.inject({ method: 'POST', url: '/api/uploads/screen-shot', payload: { name: 'a.png', data: 'aGk=' } })).statusCode).toBe(401);
  });
});
