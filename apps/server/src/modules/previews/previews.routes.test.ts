import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Upload } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { activityWith, twoCourses, uploadFile, type TwoCourses } from '../../../test/helpers/media-world.js';
import { courses } from '../courses/courses.table.js';
import { DEFAULT_ORG_SETTINGS, orgs } from '../orgs/orgs.table.js';

/** Preview calls (spec §7), office preview toggles and arrears (spec §6), the visitors' anonymous API (spec §6), on real processed files. */
describe('previews', () => {
  let t: TestApp;
  let w: TwoCourses;
  let pdf: Upload;
  let audio: Upload;
  let video: Upload;
  let text: Upload;
  let pdfB: Upload;
  let image: Upload;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await twoCourses(t);
    pdf = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'pdf/pdfjs__tracemonkey.pdf');
    audio = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'audio/howler__sound2.mp3');
    video = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'video/pythonpptx__just-two-mice.mp4');
    text = await uploadFile(t, w.cookies.instructor, w.courseA.id, { name: 'readme.txt', bytes: Buffer.from('hello visitors\n') });
    pdfB = await uploadFile(t, w.cookies.instructorB, w.courseB.id, 'pdf/pdfjs__tracemonkey.pdf');
    image = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'images/filetype__fixture.png');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const setOrg = (settings: Record<string, boolean>) =>
    t.database.db
      .update(orgs)
      .set({ settings: { ...DEFAULT_ORG_SETTINGS, ...settings } })
      .where(eq(orgs.id, w.org.id));

  it('GET /api/uploads/{id}?preview=true adds audio, scorm and is_text_file', async () => {
    const a = (await get(`/api/uploads/${audio.id}?preview=true`, w.cookies.student)).json();
    expect(a).toMatchObject({ id: audio.id, audio: { id: audio.id }, scorm: null, is_text_file: false });
    const tx = (await get(`/api/uploads/${text.id}?preview=true`, w.cookies.student)).json();
    expect(tx).toMatchObject({ audio: null, scorm: null, is_text_file: true, isTextFile: true });
    const plain = (await get(`/api/uploads/${audio.id}`, w.cookies.student)).json();
    expect(plain).not.toHaveProperty('audio');
    expect((await get(`/api/uploads/${pdfB.id}?preview=true`, w.cookies.student)).statusCode).toBe(403);
  });

  it('office previews answer our own PDF viewer with a signed URL, per organisation toggle', async () => {
    await setOrg({});
    const wps = await get(`/api/uploads/${pdf.id}/preview/wps`, w.cookies.student);
    expect(wps.statusCode, wps.body).toBe(200);
    const previewUrl = new URL(wps.json().preview_url, 'http://atrium.test');
    expect(previewUrl.pathname).toBe('/note-bene/pdf-viewer');
    const file = previewUrl.searchParams.get('file')!;
    expect(file).toMatch(/^\/api\/media\//);
    const bytes = await get(file, w.cookies.student);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const provider of ['aliyun', 'yz', 'private-wps']) {
      const off = await get(`/api/uploads/${pdf.id}/preview/${provider}`, w.cookies.student);
      expect(off.statusCode, provider).toBe(403);
      expect(off.json().code).toBe('PREVIEW_PROVIDER_DISABLED');
    }
    await setOrg({ wpsPreview: false, aliyunOfficePreview: true, yzOfficePreview: true, privateWpsPreview: true });
    expect((await get(`/api/uploads/${pdf.id}/preview/wps`, w.cookies.student)).statusCode).toBe(403);
    for (const provider of ['aliyun', 'yz', 'private-wps'])
      expect((await get(`/api/uploads/${pdf.id}/preview/${provider}`, w.cookies.student)).statusCode, provider).toBe(200);
    const org = (await get('/api/org', w.cookies.student)).json();
    expect(org.office_preview).toEqual({ wps_preview: false, yz_office_preview: true, aliyun: true, private_wps: true });
    // Not a document; another course's document.
    expect((await get(`/api/uploads/${audio.id}/preview/aliyun`, w.cookies.student)).statusCode).toBe(400);
    expect((await get(`/api/uploads/${pdfB.id}/preview/aliyun`, w.cookies.student)).statusCode).toBe(403);
    await setOrg({});
  });

  it('in a homework or exam, the private and Aliyun previewers open only the activity’s own files (spec §6)', async () => {
    await setOrg({ wpsPreview: true, aliyunOfficePreview: true, privateWpsPreview: true });
    const homework = await activityWith(t, w.courseA.id, [pdf.id], { type: 'homework' });
    const exam = await activityWith(t, w.courseA.id, [], { type: 'exam' });
    const page = await activityWith(t, w.courseA.id, [], { type: 'page' });
    for (const provider of ['aliyun', 'private-wps']) {
      expect((await get(`/api/uploads/${pdf.id}/preview/${provider}?activity_id=${homework.id}`, w.cookies.student)).statusCode, provider).toBe(200);
      const refused = await get(`/api/uploads/${pdf.id}/preview/${provider}?activity_id=${exam.id}`, w.cookies.student);
      expect(refused.statusCode, provider).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
      // Other activity types and the other previewers add no rule.
      expect((await get(`/api/uploads/${pdf.id}/preview/${provider}?activity_id=${page.id}`, w.cookies.student)).statusCode, provider).toBe(200);
    }
    expect((await get(`/api/uploads/${pdf.id}/preview/wps?activity_id=${exam.id}`, w.cookies.student)).statusCode).toBe(200);
    await setOrg({});
  });

  it('arrears answers the organisation flag', async () => {
    expect((await get(`/api/uploads/org/arrears/${pdf.id}`, w.cookies.student)).json()).toEqual({ is_org_transfer_arrears: false });
    await setOrg({ isTransferArrears: true });
    expect((await get(`/api/uploads/org/arrears/${pdf.id}`, w.cookies.student)).json()).toEqual({ is_org_transfer_arrears: true });
    expect((await get(`/api/uploads/org/arrears/${pdfB.id}`, w.cookies.student)).statusCode).toBe(403);
    expect((await get(`/api/uploads/org/arrears/${pdf.id}`)).statusCode).toBe(401);
    await setOrg({});
  });

  it('activity-files maps course files to the activities holding them; students see published activities only', async () => {
    const shown = await activityWith(t, w.courseA.id, [pdf.id, audio.id]);
    const hidden = await activityWith(t, w.courseA.id, [video.id], { isPublished: false });
    const url = `/api/courses/${w.courseA.id}/activity-files`;
    const mine = (await get(url, w.cookies.student)).json().items;
    expect(mine).toEqual(
      expect.arrayContaining([
        { upload_id: pdf.id, activity_id: shown.id, activity_type: 'material', subject_id: null, name: 'pdfjs__tracemonkey.pdf', upload_type: 'document' },
      ]),
    );
    expect(mine.some((i: { activity_id: number }) => i.activity_id === hidden.id)).toBe(false);
    expect((await get(url, w.cookies.instructor)).json().items.some((i: { activity_id: number }) => i.activity_id === hidden.id)).toBe(true);
    expect((await get(url, w.cookies.studentB)).statusCode).toBe(403);
  });

  describe('visitor matrix (spec §6)', () => {
    const calls = (activityId: number) => ({
      preview: `/anonymous-api/${activityId}/uploads/${pdf.id}?preview=true`,
      document: `/anonymous-api/${activityId}/uploads/document/${pdf.id}/url`,
      audio: `/anonymous-api/${activityId}/uploads/audio/${audio.id}`,
      text: `/anonymous-api/${activityId}/uploads/${text.id}/text?preview=true`,
      player: `/anonymous-api/${activityId}/uploads/${video.id}/player-options`,
    });

    it('guest preview on, activity present and holding the files: every visitor call answers, with URLs signed for visitors', async () => {
      const activity = await activityWith(t, w.courseA.id, [pdf.id, audio.id, text.id, video.id], { canGuestPreview: true });
      const c = calls(activity.id);
      expect((await get(c.preview)).json()).toMatchObject({ id: pdf.id, name: 'pdfjs__tracemonkey.pdf', status: 'ready' });
      const doc = (await get(c.document)).json();
      expect(doc.status).toBe('ready');
      expect((await get(doc.url)).rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Still valid for a visitor who happens to be signed in.
      expect((await get(doc.url, w.cookies.outsider)).statusCode).toBe(200);
      const a = (await get(c.audio)).json();
      expect((await get(a.url)).statusCode).toBe(200);
      expect((await get(c.text)).json()).toEqual({ content: 'hello visitors\n', truncated: false });
      const player = (await get(c.player)).json();
      expect((await get(player.resolutions[0].mp4_url)).statusCode).toBe(200);
      // A visitor cannot report progress or get a learner's URLs.
      expect((await get(`/api/uploads/${video.id}/player-options?activity_id=${activity.id}`)).statusCode).toBe(401);
    });

    const refusedCases: [string, () => Promise<number>, number][] = [
      ['guest preview off', async () => (await activityWith(t, w.courseA.id, [pdf.id, audio.id, text.id, video.id], { canGuestPreview: false })).id, 403],
      [
        'activity unpublished',
        async () => (await activityWith(t, w.courseA.id, [pdf.id, audio.id, text.id, video.id], { canGuestPreview: true, isPublished: false })).id,
        403,
      ],
      ['activity absent', async () => 999_999, 404],
      ['activity without the files', async () => (await activityWith(t, w.courseA.id, [], { canGuestPreview: true })).id, 404],
      ['another course holds the files', async () => (await activityWith(t, w.courseB.id, [pdfB.id], { canGuestPreview: true })).id, 404],
    ];
    it.each(refusedCases)('%s: every visitor call is refused and nothing about the upload leaks', async (_label, makeActivity, status) => {
      const c = calls(await makeActivity());
      for (const [name, url] of Object.entries(c)) {
        const res = await get(url);
        expect(res.statusCode, name).toBe(status);
        expect(res.body, name).not.toMatch(/tracemonkey|howler|readme|mice|\/api\/media\/|"key"|"size"/);
        expect(Object.keys(res.json()).sort(), name).toEqual(['code', 'message']);
      }
    });

    it('GET /anonymous-api/{activityId}/uploads lists the title and files (id, name, type, status, size) in activity order', async () => {
      const activity = await activityWith(t, w.courseA.id, [video.id, pdf.id, text.id], { canGuestPreview: true });
      const res = await get(`/anonymous-api/${activity.id}/uploads`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.activity).toEqual({ id: activity.id, title: activity.title });
      expect(body.files.map((f: { id: number }) => f.id)).toEqual([video.id, pdf.id, text.id]);
      expect(body.files[1]).toEqual({ id: pdf.id, name: 'pdfjs__tracemonkey.pdf', type: 'document', status: 'ready', size: pdf.size });
      expect(Object.keys(body.files[0]).sort()).toEqual(['id', 'name', 'size', 'status', 'type']);
    });

    it('a visitor image redirects to a signed URL of its bytes; other files and refused activities get no URL', async () => {
      const activity = await activityWith(t, w.courseA.id, [image.id, pdf.id], { canGuestPreview: true });
      const res = await get(`/anonymous-api/${activity.id}/uploads/${image.id}/blob`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(/^\/api\/media\//);
      const bytes = await get(String(res.headers.location));
      expect(bytes.statusCode).toBe(200);
      expect(bytes.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect((await get(`/anonymous-api/${activity.id}/uploads/${pdf.id}/blob`)).statusCode).toBe(400);
      const off = await activityWith(t, w.courseA.id, [image.id], { canGuestPreview: false });
      const refused = await get(`/anonymous-api/${off.id}/uploads/${image.id}/blob`);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers.location).toBeUndefined();
      expect(Object.keys(refused.json()).sort()).toEqual(['code', 'message']);
    });

    const listRefusals: [string, () => Promise<number>, number, string][] = [
      ['guest preview off', async () => (await activityWith(t, w.courseA.id, [pdf.id], { canGuestPreview: false })).id, 403, 'FORBIDDEN'],
      ['activity unpublished', async () => (await activityWith(t, w.courseA.id, [pdf.id], { canGuestPreview: true, isPublished: false })).id, 403, 'FORBIDDEN'],
      ['activity absent', async () => 999_999, 404, 'ACTIVITY_NOT_FOUND'],
    ];
    it.each(listRefusals)('the file list refuses visitors when %s, naming nothing', async (_label, makeActivity, status, code) => {
      const res = await get(`/anonymous-api/${await makeActivity()}/uploads`);
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
      expect(res.body).not.toMatch(/tracemonkey|title|files|\/api\/media\//);
    });

    it('the file list refuses visitors while the course is unpublished; a bad id is a 400', async () => {
      const activity = await activityWith(t, w.courseA.id, [pdf.id], { canGuestPreview: true });
      await t.database.db.update(courses).set({ isPublished: false }).where(eq(courses.id, w.courseA.id));
      try {
        const res = await get(`/anonymous-api/${activity.id}/uploads`);
        expect(res.statusCode).toBe(403);
        expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
      } finally {
        await t.database.db.update(courses).set({ isPublished: true }).where(eq(courses.id, w.courseA.id));
      }
      expect((await get(`/anonymous-api/${activity.id}/uploads`)).statusCode).toBe(200);
      expect((await get('/anonymous-api/abc/uploads')).statusCode).toBe(400);
    });

    it('a deleted activity or an unpublished course refuses visitors', async () => {
      const activity = await activityWith(t, w.courseA.id, [pdf.id], { canGuestPreview: true });
      expect((await get(calls(activity.id).preview)).statusCode).toBe(200);
      await t.database.db.update(courses).set({ isPublished: false }).where(eq(courses.id, w.courseA.id));
      expect((await get(calls(activity.id).preview)).statusCode).toBe(403);
      await t.database.db.update(courses).set({ isPublished: true }).where(eq(courses.id, w.courseA.id));
      const { activities } = await import('../activities/activities.table.js');
      await t.database.db.update(activities).set({ deletedAt: new Date() }).where(eq(activities.id, activity.id));
      expect((await get(calls(activity.id).preview)).statusCode).toBe(404);
    });
  });
});
