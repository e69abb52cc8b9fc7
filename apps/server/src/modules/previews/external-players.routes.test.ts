import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Upload } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { twoCourses, uploadFile, type TwoCourses } from '../../../test/helpers/media-world.js';
import { DEFAULT_ORG_SETTINGS, orgs } from '../orgs/orgs.table.js';
import { uploads } from '../uploads/uploads.table.js';

/** The external players' calls (spec §7: lesson resources, captures, RMS) and their arrears checks, with no provider configured. */
describe('external players', () => {
  let t: TestApp;
  let w: TwoCourses;
  let resource: Upload;
  let capture: Upload;
  let plain: Upload;
  let resourceB: Upload;

  const asType = async (file: Upload, type: string) => {
    await t.database.db.update(uploads).set({ type }).where(eq(uploads.id, file.id));
    return { ...file, type };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    w = await twoCourses(t);
    const small = (name: string) => ({ name, bytes: Buffer.from(`${name}\n`) });
    resource = await asType(await uploadFile(t, w.cookies.instructor, w.courseA.id, small('resource.txt')), 'lesson-resource');
    capture = await asType(await uploadFile(t, w.cookies.instructor, w.courseA.id, small('capture.txt')), 'capture');
    plain = await uploadFile(t, w.cookies.instructor, w.courseA.id, small('notes.txt'));
    resourceB = await asType(await uploadFile(t, w.cookies.instructorB, w.courseB.id, small('resource-b.txt')), 'lesson-resource');
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const notConfigured = { url: null, status_code: 503, message: expect.stringMatching(/not? .*configured/i) };

  it('a lesson resource and a capture answer no player URL, with status_code 503 and the reason (spec §4 display status, §8)', async () => {
    for (const who of ['student', 'assistant', 'instructor'] as const) {
      const r = await get(`/api/resource-file/${resource.id}/player-url?from_page=previewer`, w.cookies[who]);
      expect(r.statusCode, `${who} ${r.body}`).toBe(200);
      expect(r.json()).toEqual(notConfigured);
      expect(r.json().message).toMatch(/lesson-resource/);
    }
    const c = await get(`/api/captures/${capture.id}/player-url`, w.cookies.student);
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json()).toEqual(notConfigured);
    expect(c.json().message).toMatch(/capture/);
  });

  it('RMS preview and video URLs answer nothing to play, with the reason', async () => {
    const p = await get(`/api/uploads/${plain.id}/rms-preview`, w.cookies.student);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toEqual(notConfigured);
    const v = await get(`/api/uploads/${plain.id}/rms-video-urls`, w.cookies.student);
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json()).toEqual({ video_urls: [], status_code: 503, message: expect.stringMatching(/RMS/) });
  });

  it('refuses another course’s student (403), outsiders (403), visitors (401), wrong types and unknown ids (404), bad ids (400)', async () => {
    expect((await get(`/api/resource-file/${resourceB.id}/player-url`, w.cookies.student)).statusCode).toBe(403);
    expect((await get(`/api/resource-file/${resource.id}/player-url`, w.cookies.studentB)).statusCode).toBe(403);
    expect((await get(`/api/resource-file/${resource.id}/player-url`, w.cookies.outsider)).statusCode).toBe(403);
    expect((await get(`/api/captures/${capture.id}/player-url`, w.cookies.studentB)).statusCode).toBe(403);
    expect((await get(`/api/uploads/${plain.id}/rms-preview`, w.cookies.studentB)).statusCode).toBe(403);
    expect((await get(`/api/uploads/${plain.id}/rms-video-urls`, w.cookies.outsider)).statusCode).toBe(403);
    for (const url of [
      `/api/resource-file/${resource.id}/player-url`,
      `/api/captures/${capture.id}/player-url`,
      `/api/uploads/${plain.id}/rms-preview`,
      `/api/uploads/${plain.id}/rms-video-urls`,
      `/api/video-quizzes/org/arrears/${plain.id}`,
      `/api/resource-file/org/arrears/${resource.id}`,
    ]) {
      const anonymous = await get(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).not.toHaveProperty('url');
    }
    // A capture code names a capture; a lesson resource id names a lesson resource.
    expect((await get(`/api/captures/${resource.id}/player-url`, w.cookies.student)).statusCode).toBe(404);
    expect((await get(`/api/resource-file/${capture.id}/player-url`, w.cookies.student)).statusCode).toBe(404);
    expect((await get(`/api/resource-file/${plain.id}/player-url`, w.cookies.student)).statusCode).toBe(404);
    expect((await get('/api/captures/not-a-code/player-url', w.cookies.student)).statusCode).toBe(404);
    expect((await get('/api/uploads/999999/rms-preview', w.cookies.student)).statusCode).toBe(404);
    const bad = await get('/api/resource-file/abc/player-url', w.cookies.student);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('id');
  });

  it('arrears of video quizzes and lesson resources: false unless the organisation is flagged, course access checked', async () => {
    expect((await get(`/api/video-quizzes/org/arrears/${plain.id}`, w.cookies.student)).json()).toEqual({ is_org_transfer_arrears: false });
    expect((await get(`/api/resource-file/org/arrears/${resource.id}`, w.cookies.student)).json()).toEqual({ is_org_transfer_arrears: false });
    expect((await get(`/api/resource-file/org/arrears/${resourceB.id}`, w.cookies.student)).statusCode).toBe(403);
    expect((await get('/api/video-quizzes/org/arrears/999999', w.cookies.student)).statusCode).toBe(404);
    await t.database.db
      .update(orgs)
      .set({ settings: { ...DEFAULT_ORG_SETTINGS, isTransferArrears: true } })
      .where(eq(orgs.id, w.org.id));
    try {
      expect((await get(`/api/resource-file/org/arrears/${resource.id}`, w.cookies.student)).json()).toEqual({ is_org_transfer_arrears: true });
      expect((await get(`/api/video-quizzes/org/arrears/${plain.id}`, w.cookies.student)).json()).toEqual({ is_org_transfer_arrears: true });
    } finally {
      await t.database.db.update(orgs).set({ settings: DEFAULT_ORG_SETTINGS }).where(eq(orgs.id, w.org.id));
    }
  });
});
