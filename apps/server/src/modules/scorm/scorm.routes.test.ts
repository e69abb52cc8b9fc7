import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { startS3Server } from '../../../test/s3-server.js';
import { zip as makeZip, zipOfDeflated, type DeflatedEntry } from '../../../test/helpers/hostile-archives.js';
import { activityWith, manifest12, twoCourses, uploadFile, type TwoCourses } from '../../../test/helpers/media-world.js';
import { activities, activityReadRecords } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { SCORM_MAX_ENTRIES, SCORM_MAX_TOTAL_BYTES } from './scorm-package.js';
import { SCORM_CONTENT_URL_LIFE_SECONDS, signScormContentPath } from './scorm-content-url.js';
import { scormRuntimeRecords } from './scorm.table.js';

/** One deflated zip entry made from `size` zero bytes, streamed so a GiB never sits in memory (~2 MB compressed per 512 MiB). */
async function zeroEntry(name: string, size: number): Promise<DeflatedEntry> {
  const chunk = Buffer.alloc(16 * 1024 * 1024);
  const deflate = zlib.createDeflateRaw({ level: 1 });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  for (let left = size; left > 0; left -= chunk.length) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
    crc = zlib.crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { name, compressed: Buffer.concat(parts), crc, size };
}

/** SCORM packages (issue 5 §6, decision 0031): real fixtures through the real job; hostile zips refused before extraction. */
describe('SCORM packages', () => {
  let t: TestApp;
  let w: TwoCourses;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await twoCourses(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

  /** A GET on the package content origin (its own listener's inject; `cookie` sent to show it is ignored). */
  const content = (url: string, cookie?: string) => t.app.scormContent.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  /** The bridge page a launch redirects to, on the content origin: its version and signed launch path. */
  function hostPageOf(location: string | undefined): { origin: string; version: string | null; launch: string } {
    const url = new URL(location ?? '');
    expect(url.pathname).toBe('/atrium-scorm/host.html');
    const hash = new URLSearchParams(url.hash.slice(1));
    return { origin: url.origin, version: hash.get('v'), launch: hash.get('launch') ?? '' };
  }

  /** Whether the store has an object at `key`. */
  async function storedKeys(key: string): Promise<boolean> {
    return (await t.app.deps.storage.stat(key)) !== undefined;
  }

  /** Files anywhere under the test's data folder (and its parent) whose bytes are the hostile payload. */
  function payloadCopies(): string[] {
    const root = path.dirname(t.filesDir);
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.isFile() && readFileSync(p).toString('latin1') === 'owned') out.push(p);
      }
    };
    walk(root);
    return out;
  }

  it.each([
    ['golf__RuntimeBasicCalls_SCORM12.zip', '1.2'],
    ['golf__RuntimeBasicCalls_SCORM20043rdEdition.zip', '2004'],
  ])(
    '%s processes to ready with its SCO, launches on the content origin and keeps the runtime per learner',
    async (fixture, version) => {
      const upload = await uploadFile(t, w.cookies.instructor, w.courseA.id, `scorm/${fixture}`);
      expect(upload).toMatchObject({ status: 'ready', type: 'scorm' });
      const preview = await call('GET', `/api/uploads/${upload.id}?preview=true`, w.cookies.student);
      expect(preview.statusCode).toBe(200);
      const scorm = preview.json().scorm;
      expect(scorm).toMatchObject({
        id: upload.id,
        status_code: 200,
        message: null,
        data: { manifest: { version, scos: [{ identifier: expect.any(String), launch: 'shared/launchpage.html' }] } },
      });
      const sco = scorm.data.manifest.scos[0].identifier as string;

      const launch = await call('GET', `/api/uploads/scorm/${upload.id}?sco=${sco}&preview=true`, w.cookies.student);
      expect(launch.statusCode).toBe(302);
      const host = hostPageOf(launch.headers.location);
      expect(host.origin).toBe(`http://localhost:${t.app.scormContent.port}`);
      expect(host.version).toBe(version);
      expect(host.launch).toMatch(new RegExp(`^/scorm/${upload.id}/\\d+/[\\w-]+/shared/launchpage\\.html$`));
      const bridge = await content('/atrium-scorm/host.html');
      expect(bridge.statusCode).toBe(200);
      expect(bridge.body).toContain('/atrium-scorm/bridge.js');
      // The package's files: on the content origin through the signed path, without any cookie.
      const page = await content(host.launch);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toMatch(/<html/i);
      expect(page.headers['set-cookie']).toBeUndefined();
      const packageRoot = host.launch.slice(0, -'shared/launchpage.html'.length);
      const image = await content(`${packageRoot}Etiquette/course.jpg`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect((await content(`${packageRoot}%2e%2e/%2e%2e/etc/passwd`)).statusCode).toBe(404);
      // The signature is bound to this package and expires.
      const forged = packageRoot.replace(/\/[\w-]+\/$/, '/AAAA/');
      expect((await content(`${forged}shared/launchpage.html`)).statusCode).toBe(403);
      expect((await content(`${packageRoot.replace(`/scorm/${upload.id}/`, `/scorm/${upload.id + 1}/`)}shared/launchpage.html`)).statusCode).toBe(403);
      const expired = signScormContentPath(t.app.deps, upload.id, 'shared/launchpage.html', Date.now() - (SCORM_CONTENT_URL_LIFE_SECONDS + 5) * 1000);
      expect((await content(expired)).statusCode).toBe(403);
      // The app origin serves no package file: its old addresses send a member to the signed one.
      const old = await call('GET', `/api/uploads/scorm/${upload.id}/content/Etiquette/course.jpg`, w.cookies.student);
      expect(old.statusCode).toBe(302);
      expect(old.headers.location).toMatch(new RegExp(`^http://localhost:${t.app.scormContent.port}/scorm/${upload.id}/\\d+/[\\w-]+/Etiquette/course\\.jpg$`));
      expect((await call('GET', `/api/uploads/scorm/${upload.id}/content/nope.html`, w.cookies.student)).statusCode).toBe(404);
      expect((await call('GET', `/api/uploads/scorm/${upload.id}/content/shared/launchpage.html`, w.cookies.studentB)).statusCode).toBe(403);
      expect((await call('GET', `/api/uploads/scorm/${upload.id}/content/shared/launchpage.html`)).statusCode).toBe(401);

      const activity = await activityWith(t, w.courseA.id, [upload.id], { type: 'scorm' });
      const runtimeUrl = `/api/uploads/scorm/${upload.id}/runtime?activity_id=${activity.id}&sco=${encodeURIComponent(sco)}`;
      const first = await call('GET', runtimeUrl, w.cookies.student);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ version, cmi: null, scos: [{ identifier: sco }] });

      const cmi =
        version === '1.2'
          ? {
              cmi: {
                core: { lesson_status: 'incomplete', lesson_location: 'page3', score: { raw: '40' }, session_time: '0000:01:30.00' },
                suspend_data: 'p=3',
              },
            }
          : {
              cmi: {
                completion_status: 'incomplete',
                success_status: 'unknown',
                location: 'page3',
                score: { scaled: '0.4' },
                session_time: 'PT1M30S',
                suspend_data: 'p=3',
              },
            };
      const put = await call('PUT', runtimeUrl, w.cookies.student, { cmi });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toEqual({ status: 'incomplete', score: 40, location: 'page3', total_time: 90 });
      // The gradebook has the package's score (issue 16 §3: SCORM writes to the one gradebook model).
      const book = (await call('GET', `/api/courses/${w.courseA.id}/scores`, w.cookies.instructor)).json() as {
        rows: { user_id: number; scores: Record<string, number | null> }[];
      };
      expect(book.rows.find((r) => r.user_id === w.student.id)!.scores[String(activity.id)]).toBe(40);
      // A later commit of the same session carries the session's cumulative time: it replaces, not adds.
      const later = structuredClone(cmi) as unknown as { cmi: Record<string, Record<string, unknown> | string> };
      if (version === '1.2') Object.assign(later.cmi.core as object, { lesson_status: 'completed', session_time: '0000:02:00.00' });
      else Object.assign(later.cmi, { completion_status: 'completed', session_time: 'PT2M' });
      expect((await call('PUT', runtimeUrl, w.cookies.student, later)).json()).toMatchObject({ status: 'completed', total_time: 120 });

      // Relaunch: the stored data comes back with the total time of the closed session; a new session adds to it.
      const relaunch = (await call('GET', runtimeUrl, w.cookies.student)).json();
      const root = relaunch.cmi.cmi;
      if (version === '1.2') {
        expect(root.core).toMatchObject({ lesson_status: 'completed', lesson_location: 'page3', total_time: '0000:02:00.00', entry: 'resume' });
        expect(root.core.session_time).toBeUndefined();
      } else {
        expect(root).toMatchObject({ completion_status: 'completed', location: 'page3', total_time: 'PT0H2M0S', entry: 'resume' });
      }
      expect(root.suspend_data).toBe('p=3');
      const third =
        version === '1.2'
          ? { cmi: { core: { lesson_status: 'completed', session_time: '0000:00:30.00' } } }
          : { cmi: { completion_status: 'completed', session_time: 'PT30S' } };
      expect((await call('PUT', runtimeUrl, w.cookies.student, third)).json()).toMatchObject({ total_time: 150 });

      // Another learner starts fresh; a student of course B is refused; an unknown SCO is a field error.
      expect((await call('GET', runtimeUrl, w.cookies.assistant)).json().cmi).toBeNull();
      expect((await call('GET', runtimeUrl, w.cookies.studentB)).statusCode).toBe(403);
      expect((await call('PUT', runtimeUrl, w.cookies.studentB, { cmi })).statusCode).toBe(403);
      const badSco = await call('GET', `/api/uploads/scorm/${upload.id}/runtime?activity_id=${activity.id}&sco=nope`, w.cookies.student);
      expect(badSco.statusCode).toBe(400);
      expect(badSco.json().errors).toHaveProperty('sco');
    },
    60_000,
  );

  it.each([
    [
      'zip-slip entry',
      [
        { name: 'imsmanifest.xml', data: manifest12() },
        { name: 'index.html', data: '<html></html>' },
        { name: '../../evil.html', data: 'owned' },
      ],
    ],
    [
      'absolute path',
      [
        { name: 'imsmanifest.xml', data: manifest12() },
        { name: 'index.html', data: '<html></html>' },
        { name: '/etc/evil', data: 'owned' },
      ],
    ],
    [
      'backslash path',
      [
        { name: 'imsmanifest.xml', data: manifest12() },
        { name: 'index.html', data: '<html></html>' },
        { name: '..\\evil.html', data: 'owned' },
      ],
    ],
    [
      'symbolic link',
      [
        { name: 'imsmanifest.xml', data: manifest12() },
        { name: 'index.html', type: 'symlink' as const, linkname: '/etc/passwd' },
      ],
    ],
    [
      'DOCTYPE in the manifest',
      [
        {
          name: 'imsmanifest.xml',
          data: `<?xml version="1.0"?><!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]>${manifest12().replace('<?xml version="1.0"?>', '')}`,
        },
        { name: 'index.html', data: 'x' },
      ],
    ],
    ['no manifest', [{ name: 'index.html', data: 'x' }]],
    [
      'launch file missing',
      [
        { name: 'imsmanifest.xml', data: manifest12('missing.html') },
        { name: 'index.html', data: 'x' },
      ],
    ],
  ])('a package with a %s is refused (failed, with a reason) and nothing is extracted', async (_label, entries) => {
    const upload = await uploadFile(t, w.cookies.instructor, w.courseA.id, { name: 'package.zip', bytes: makeZip(entries) });
    expect(upload.status).toBe('failed');
    expect(upload.failure_reason).toEqual(expect.any(String));
    const preview = (await call('GET', `/api/uploads/${upload.id}?preview=true`, w.cookies.student)).json();
    expect(preview.scorm).toMatchObject({ status_code: 422, message: upload.failure_reason, data: { manifest: null } });
    expect(await storedKeys(`derived/${upload.id}/scorm/0`)).toBe(false);
    expect(payloadCopies()).toEqual([]);
    const launch = await call('GET', `/api/uploads/scorm/${upload.id}?preview=true`, w.cookies.student);
    expect(launch.statusCode).toBe(409);
    expect(launch.json().code).toBe('SCORM_NOT_READY');
  });

  it('a package with folder entries (emp__zips__scorm12.zip) processes to ready and serves its launch page', async () => {
    const upload = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'scorm/emp__zips__scorm12.zip');
    expect(upload.status).toBe('ready');
    const scorm = (await call('GET', `/api/uploads/${upload.id}?preview=true`, w.cookies.student)).json().scorm;
    expect(scorm.data.manifest).toMatchObject({ version: '1.2', scos: expect.arrayContaining([expect.objectContaining({ launch: expect.any(String) })]) });
    const launch = await call('GET', `/api/uploads/scorm/${upload.id}?preview=true`, w.cookies.student);
    expect(launch.statusCode).toBe(302);
    expect((await content(hostPageOf(launch.headers.location).launch)).statusCode).toBe(200);
  });

  it('reports the unsafe entry by name', async () => {
    const upload = await uploadFile(t, w.cookies.instructor, w.courseA.id, {
      name: 'slip.zip',
      bytes: makeZip([
        { name: 'imsmanifest.xml', data: manifest12() },
        { name: 'a/../../x.html', data: 'x' },
      ]),
    });
    expect(upload.failure_reason).toMatch(/unsafe|outside/);
  });

  it('a hand-made valid 1.2 package with a path needing encoding launches', async () => {
    const upload = await uploadFile(t, w.cookies.instructor, w.courseA.id, {
      name: 'ok.zip',
      bytes: makeZip([
        { name: 'imsmanifest.xml', data: manifest12('my page.html') },
        { name: 'my page.html', data: '<html>hi</html>' },
      ]),
    });
    expect(upload.status).toBe('ready');
    const launch = await call('GET', `/api/uploads/scorm/${upload.id}?preview=true`, w.cookies.student);
    const host = hostPageOf(launch.headers.location);
    expect(host.launch).toMatch(/\/my%20page\.html$/);
    expect((await content(host.launch)).body).toBe('<html>hi</html>');
  });

  it(`a package of ${SCORM_MAX_ENTRIES + 1} entries (limit ${SCORM_MAX_ENTRIES}) is refused before anything is extracted`, async () => {
    const entries = [
      { name: 'imsmanifest.xml', data: manifest12() },
      { name: 'index.html', data: '<html></html>' },
    ];
    for (let i = entries.length; i <= SCORM_MAX_ENTRIES; i++) entries.push({ name: `f/${i}.txt`, data: 'x' });
    expect(entries).toHaveLength(SCORM_MAX_ENTRIES + 1);
    const upload = await uploadFile(t, w.cookies.instructor, w.courseA.id, { name: 'many.zip', bytes: makeZip(entries) });
    expect(upload.status).toBe('failed');
    expect(upload.failure_reason).toBe(`The package holds more than ${SCORM_MAX_ENTRIES} files`);
    expect(upload).toMatchObject({ failure_code: 'SCORM_TOO_MANY_FILES', failure_params: { limit: SCORM_MAX_ENTRIES } });
    expect(await storedKeys(`derived/${upload.id}/scorm/0`)).toBe(false);
  }, 60_000);

  it('a valid package unpacking to more than 1 GiB (two honest 576 MiB files of zeros, ~5 MB zipped) is refused from its declared sizes before anything is extracted', async () => {
    const half = 576 * 1024 * 1024;
    expect(2 * half).toBeGreaterThan(SCORM_MAX_TOTAL_BYTES);
    const small = (name: string, data: string) => ({
      name,
      compressed: zlib.deflateRawSync(Buffer.from(data)),
      crc: zlib.crc32(Buffer.from(data)),
      size: Buffer.byteLength(data),
    });
    const bytes = zipOfDeflated([
      small('imsmanifest.xml', manifest12()),
      small('index.html', '<html></html>'),
      await zeroEntry('a.bin', half),
      await zeroEntry('b.bin', half),
    ]);
    expect(bytes.length).toBeLessThan(20 * 1024 * 1024);
    const upload = await uploadFile(t, w.cookies.instructor, w.courseA.id, { name: 'large.zip', bytes });
    expect(upload.status).toBe('failed');
    expect(upload.failure_reason).toBe(`The package unpacks to ${2 * half + manifest12().length + 13} bytes, more than the ${SCORM_MAX_TOTAL_BYTES} allowed`);
    expect(await storedKeys(`derived/${upload.id}/scorm/0`)).toBe(false);
  }, 120_000);

  describe("the runtime follows the activity's access rules (decision 0070)", () => {
    let upload: { id: number };
    beforeAll(async () => {
      upload = await uploadFile(t, w.cookies.instructor, w.courseA.id, {
        name: 'rules.zip',
        bytes: makeZip([
          { name: 'imsmanifest.xml', data: manifest12() },
          { name: 'index.html', data: '<html>sco</html>' },
        ]),
      });
    });

    it.each([
      ['locked by an unfinished earlier activity (checkpoint)', 'checkpoint', 'ACTIVITY_LOCKED'],
      ['not started yet', 'free', 'ACTIVITY_NOT_STARTED'],
    ] as const)("%s: launch and commit answer the open call's 403 and store nothing; the team runs it", async (_label, mode, code) => {
      const course = await t.factories.course({ orgId: w.org.id, instructorId: w.instructor.id });
      await t.factories.enrol(course.id, w.student.id, 'student');
      await t.database.db.update(courses).set({ learningMode: mode }).where(eq(courses.id, course.id));
      await activityWith(t, course.id, []); // never visited: locks what follows in checkpoint mode
      const activity = await activityWith(t, course.id, [upload.id], { type: 'scorm' });
      if (code === 'ACTIVITY_NOT_STARTED')
        await t.database.db
          .update(activities)
          .set({ startTime: new Date(Date.now() + 86_400_000) })
          .where(eq(activities.id, activity.id));
      const opened = await call('GET', `/api/activities/${activity.id}`, w.cookies.student);
      expect({ status: opened.statusCode, code: opened.json().code }).toEqual({ status: 403, code });

      const runtimeUrl = `/api/uploads/scorm/${upload.id}/runtime?activity_id=${activity.id}&sco=i1`;
      const cmi = { cmi: { core: { lesson_status: 'completed', session_time: '0000:01:00.00' } } };
      for (const res of [await call('GET', runtimeUrl, w.cookies.student), await call('PUT', runtimeUrl, w.cookies.student, { cmi })]) {
        expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 403, code });
      }
      const stored = (userId: number) =>
        Promise.all([
          t.database.db
            .select()
            .from(scormRuntimeRecords)
            .where(and(eq(scormRuntimeRecords.activityId, activity.id), eq(scormRuntimeRecords.userId, userId))),
          t.database.db
            .select()
            .from(activityReadRecords)
            .where(and(eq(activityReadRecords.activityId, activity.id), eq(activityReadRecords.userId, userId))),
        ]);
      expect(await stored(w.student.id)).toEqual([[], []]);

      expect((await call('GET', runtimeUrl, w.cookies.instructor)).statusCode).toBe(200);
      expect((await call('PUT', runtimeUrl, w.cookies.instructor, { cmi })).json()).toMatchObject({ status: 'completed' });
      expect((await stored(w.instructor.id))[0]).toHaveLength(1);
    });
  });

  it('a visitor launches a SCO of a guest-preview activity through the anonymous API; nothing else is served to visitors', async () => {
    const upload = await uploadFile(t, w.cookies.instructor, w.courseA.id, {
      name: 'guest.zip',
      bytes: makeZip([
        { name: 'imsmanifest.xml', data: manifest12('start page.html') },
        { name: 'start page.html', data: '<html>visitor</html>' },
      ]),
    });
    expect(upload.status).toBe('ready');
    const open = await activityWith(t, w.courseA.id, [upload.id], { canGuestPreview: true });
    const launch = await call('GET', `/anonymous-api/${open.id}/uploads/scorm/${upload.id}?preview=true`);
    expect(launch.statusCode, launch.body).toBe(302);
    const host = hostPageOf(launch.headers.location);
    expect(host.launch).toMatch(new RegExp(`^/scorm/${upload.id}/\\d+/[\\w-]+/start%20page\\.html$`));
    const page = await content(host.launch);
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<html>visitor</html>');
    expect(page.headers['x-frame-options']).toBeUndefined();
    const old = await call('GET', `/anonymous-api/${open.id}/uploads/scorm/${upload.id}/content/start%20page.html`);
    expect(old.statusCode).toBe(302);
    expect((await content(new URL(old.headers.location!).pathname)).body).toBe('<html>visitor</html>');
    expect((await call('GET', `/anonymous-api/${open.id}/uploads/scorm/${upload.id}/content/imsmanifest.xml.missing`)).statusCode).toBe(404);
    expect((await call('GET', `/anonymous-api/${open.id}/uploads/scorm/${upload.id}?sco=nope`)).statusCode).toBe(400);

    const closed = await activityWith(t, w.courseA.id, [upload.id], { canGuestPreview: false });
    for (const url of [
      `/anonymous-api/${closed.id}/uploads/scorm/${upload.id}`,
      `/anonymous-api/${closed.id}/uploads/scorm/${upload.id}/content/start%20page.html`,
    ]) {
      const refused = await call('GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.headers.location).toBeUndefined();
      expect(refused.body).not.toContain('visitor</html>');
    }
    const other = await activityWith(t, w.courseA.id, [], { canGuestPreview: true });
    expect((await call('GET', `/anonymous-api/${other.id}/uploads/scorm/${upload.id}/content/start%20page.html`)).statusCode).toBe(404);
    // A visitor has no runtime to store into.
    expect((await call('GET', `/api/uploads/scorm/${upload.id}/runtime?activity_id=${open.id}&sco=SCO1`)).statusCode).toBe(401);
  });
});

describe('SCORM packages on the S3 store', () => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let w: TwoCourses;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await buildTestApp(s3.env);
    w = await twoCourses(t);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('extracts the 2004 fixture into the bucket and serves its files; a zip-slip package writes nothing', async () => {
    const upload = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'scorm/golf__RuntimeBasicCalls_SCORM20043rdEdition.zip');
    expect(upload.status).toBe('ready');
    const launch = await t.app.inject({ method: 'GET', url: `/api/uploads/scorm/${upload.id}?preview=true`, headers: { cookie: w.cookies.student } });
    const launchPath = new URLSearchParams(new URL(launch.headers.location!).hash.slice(1)).get('launch')!;
    const page = await t.app.scormContent.app.inject({ method: 'GET', url: launchPath });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<html/i);
    const bad = await uploadFile(t, w.cookies.instructor, w.courseA.id, {
      name: 'slip.zip',
      bytes: makeZip([
        { name: 'imsmanifest.xml', data: manifest12() },
        { name: 'index.html', data: 'x' },
        { name: '../../evil.html', data: 'owned' },
      ]),
    });
    expect(bad.status).toBe('failed');
    expect(await t.app.deps.storage.stat(`derived/${bad.id}/scorm/0`)).toBeUndefined();
  }, 60_000);
});

/**
 * Issue 20 §3: package JavaScript runs on its own origin, a second listener of the server, which
 * answers nothing but signed package files and the bridge page — no API, whatever cookie arrives
 * (browsers send cookies to every port of a host).
 */
describe('SCORM content origin', () => {
  let t: TestApp;
  let w: TwoCourses;
  let appOrigin: string;
  let contentOrigin: string;

  beforeAll(async () => {
    t = await buildTestApp({ PORT: '0' });
    w = await twoCourses(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (t.app.server.address() as { port: number }).port;
    await t.app.scormContent.listen('127.0.0.1', appPort);
    appOrigin = `http://127.0.0.1:${appPort}`;
    contentOrigin = `http://127.0.0.1:${t.app.scormContent.port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('listens on a free port of its own when PORT is 0 and launches name that port', async () => {
    expect(t.app.scormContent.port).toBeGreaterThan(0);
    expect(contentOrigin).not.toBe(appOrigin);
    const upload = await uploadFile(t, w.cookies.instructor, w.courseA.id, {
      name: 'isolated.zip',
      bytes: makeZip([
        { name: 'imsmanifest.xml', data: manifest12('index.html') },
        { name: 'index.html', data: '<html><script>fetch("/api/user")</script></html>' },
      ]),
    });
    const launch = await fetch(`${appOrigin}/api/uploads/scorm/${upload.id}?preview=true`, { headers: { cookie: w.cookies.student }, redirect: 'manual' });
    expect(launch.status).toBe(302);
    const host = new URL(launch.headers.get('location')!);
    expect(host.origin).toBe(contentOrigin);
    // The app page may frame the content origin; the content origin's answers may be framed by the app only.
    expect(launch.headers.get('content-security-policy')).toContain(`frame-src 'self'`);
    const appPage = await fetch(`${appOrigin}/api/health`);
    expect(appPage.headers.get('content-security-policy')).toMatch(new RegExp(`frame-src [^;]*127\\.0\\.0\\.1:${t.app.scormContent.port}`));

    const file = await fetch(`${contentOrigin}${new URLSearchParams(host.hash.slice(1)).get('launch')}`, { headers: { cookie: w.cookies.student } });
    expect(file.status).toBe(200);
    expect(await file.text()).toContain('fetch("/api/user")');
    const policy = file.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("'unsafe-inline'");
    expect(policy).toMatch(new RegExp(`frame-ancestors [^;]*http://127\\.0\\.0\\.1:${(t.app.server.address() as { port: number }).port}`));
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('set-cookie')).toBeNull();
  });

  it("answers 404 to every API path, with or without the viewer's session cookie", async () => {
    // On the app origin the same cookie is the student's session.
    expect((await fetch(`${appOrigin}/api/user`, { headers: { cookie: w.cookies.student } })).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/user'],
      ['GET', '/api/courses'],
      ['GET', '/api/health'],
      ['POST', '/api/logout'],
      ['PUT', `/api/uploads/scorm/1/runtime?activity_id=1&sco=SCO1`],
      ['GET', '/anonymous-api/1/uploads/1'],
      ['GET', '/'],
      ['GET', '/index.html'],
    ] as const) {
      const answer = await fetch(`${contentOrigin}${path}`, { method, headers: { cookie: w.cookies.student } });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    // The student is still signed in: nothing on the content origin touched the session.
    expect((await fetch(`${appOrigin}/api/user`, { headers: { cookie: w.cookies.student } })).status).toBe(200);
  });
});
