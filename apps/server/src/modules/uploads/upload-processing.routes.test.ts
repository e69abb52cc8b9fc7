import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Upload } from '@atrium/contracts';
import { buildTestApp, fixturePath, type TestApp } from '../../../test/build-test-app.js';
import { startS3Server } from '../../../test/s3-server.js';
import { waitForProcessed } from '../../../test/uploads-client.js';

/** Real fixtures through the real pipeline (ffprobe/ffmpeg, LibreOffice, pdfinfo), on both object stores. */
describe.each(['local', 's3'] as const)('processing pipeline on the %s store', (store) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let cookie: string;
  let studentCookie: string;
  let courseId: number;

  beforeAll(async () => {
    if (store === 's3') s3 = await startS3Server();
    t = await buildTestApp(s3?.env ?? {});
    const w = await t.factories.courseWorld();
    cookie = await t.factories.login(w.instructor.userName);
    studentCookie = await t.factories.login(w.student.userName);
    courseId = w.course.id;
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const get = (url: string, who = cookie) => t.app.inject({ method: 'GET', url, headers: { cookie: who } });

  /** Creates an upload for a fixture, PUTs its bytes, and waits until processing ends. */
  async function process(fixture: string, name = path.basename(fixture)) {
    const bytes = readFileSync(fixturePath(fixture));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { cookie },
      payload: { name, size: bytes.length, parent_type: 'course', parent_id: courseId },
    });
    expect(created.statusCode).toBe(201);
    const sent = await t.app.inject({
      method: 'PUT',
      url: created.json().upload_url,
      headers: { cookie, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe('processing');
    return waitForProcessed(t, cookie, created.json().id);
  }

  it('transcodes just-two-mice.mp4 (312×450, 7.16 s) to a 360p rendition without upscaling: HLS, MP4 fallback, poster', async () => {
    const upload = await process('video/pythonpptx__just-two-mice.mp4');
    expect(upload).toMatchObject({ status: 'ready', type: 'video', failure_reason: null });
    expect(upload.duration).toBeCloseTo(7.16, 1);
    expect(upload.videos).toEqual([
      { resolution: '360p', duration: expect.closeTo(7.16, 1), width: 250, height: 360, hls_url: expect.any(String), mp4_url: expect.any(String) },
    ]);
    // Rendition URLs are signed for whoever asked: the student asks for their own, the uploader's do not work for them.
    expect((await get(upload.videos[0]!.mp4_url!, studentCookie)).statusCode).toBe(403);
    const video = ((await get(`/api/uploads/${upload.id}`, studentCookie)).json() as Upload).videos[0]!;
    expect(video.hls_url).toMatch(new RegExp(`^/api/media/${upload.id}/\\d+/[A-Za-z0-9_-]+/360p/hls/index\\.m3u8$`));
    const playlist = await get(video.hls_url!, studentCookie);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.body).toMatch(/^#EXTM3U/);
    const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts'));
    expect((await get(video.hls_url!.replace('index.m3u8', segment!), studentCookie)).statusCode).toBe(200);
    const mp4 = await get(video.mp4_url!, studentCookie);
    expect(mp4.statusCode).toBe(200);
    expect(mp4.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(await t.app.deps.storage.stat(`derived/${upload.id}/poster.jpg`)).toMatchObject({ size: expect.any(Number) });
    expect((await get(`/api/uploads/${upload.id}/derived/%2e%2e%2F%2e%2e%2Fsecret`)).statusCode).toBe(404);
  }, 120_000);

  it('keeps a video smaller than 360p at its own height (moodle-logo.webm, 204×61, 11 s)', async () => {
    const upload = await process('video/moodlecore__moodle-logo.webm');
    expect(upload).toMatchObject({ status: 'ready' });
    expect(upload.duration).toBeCloseTo(11, 1);
    expect(upload.videos).toEqual([expect.objectContaining({ resolution: '60p', height: 60 })]);
  }, 120_000);

  it.each([
    ['audio/howler__sound2.mp3', 21.21],
    ['audio/filetype__fixture.m4a', 0.81],
    ['audio/filetype__fixture.ogg', 0.77],
  ])(
    'probes and normalises audio %s (%f s)',
    async (fixture, seconds) => {
      const upload = await process(fixture);
      expect(upload).toMatchObject({ status: 'ready', type: 'audio' });
      expect(upload.duration).toBeCloseTo(seconds, 1);
      expect(await t.app.deps.storage.stat(`derived/${upload.id}/audio.m4a`)).toMatchObject({ size: expect.any(Number) });
    },
    120_000,
  );

  it.each(['office/pythondocx__test.docx', 'office/pythonpptx__test.pptx', 'office/filetype__fixture.xlsx', 'office/filetype__fixture.odt'])(
    'converts %s to a one-page PDF with LibreOffice',
    async (fixture) => {
      const upload = await process(fixture);
      expect(upload).toMatchObject({ status: 'ready', type: 'document', num_pages: 1 });
      const url = await get(`/api/uploads/document/${upload.id}/url`, studentCookie);
      expect(url.json()).toEqual({ url: `/api/uploads/${upload.id}/derived/document.pdf`, status: 'ready' });
      const pdf = await get(url.json().url, studentCookie);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const info = await get(`/api/uploads/reference/document/${upload.id}/pdf-info-for-stat`, studentCookie);
      expect(info.json()).toEqual({ num_pages: 1, file_key: `derived/${upload.id}/document.pdf` });
    },
    120_000,
  );

  it.each([
    ['pdf/pdfjs__tracemonkey.pdf', 14],
    ['pdf/moodlecore__submission.pdf', 2],
    ['pdf/pdfjs__rotation.pdf', 2],
  ])(
    'counts the pages of %s (%i)',
    async (fixture, pages) => {
      const upload = await process(fixture);
      expect(upload).toMatchObject({ status: 'ready', num_pages: pages, is_encrypted: false });
      const info = await get(`/api/uploads/reference/document/${upload.id}/pdf-info-for-stat`, studentCookie);
      expect(info.json()).toEqual({ num_pages: pages, file_key: upload.key });
      expect((await get(`/api/uploads/reference/document/${upload.id}/url`, studentCookie)).json()).toEqual({
        url: `/api/uploads/${upload.id}/blob?preview=true`,
        status: 'ready',
      });
    },
    120_000,
  );

  it('marks an encrypted PDF ready with is_encrypted, not failed', async () => {
    const upload = await process('pdf/pdfjs__issue3371_encrypted_pw-ELXRTQWS.pdf', 'locked.pdf');
    expect(upload).toMatchObject({ status: 'ready', is_encrypted: true, num_pages: null, failure_reason: null });
  }, 60_000);

  it.each(['images/filetype__fixture.png', 'images/filetype__fixture.jpg', 'images/filetype__fixture.gif', 'images/filetype__fixture.webp'])(
    'makes image %s ready',
    async (fixture) => {
      expect(await process(fixture)).toMatchObject({ status: 'ready', type: 'image' });
    },
  );

  it('refuses a renamed .exe posing as .pdf (magic bytes) and keeps nothing', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(2000, 7)]);
    exe.writeUInt32LE(64, 60);
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { cookie },
        payload: { name: 'setup.pdf', size: exe.length, parent_type: 'course', parent_id: courseId },
      })
    ).json();
    const res = await t.app.inject({ method: 'PUT', url: created.upload_url, headers: { cookie, 'content-type': 'application/octet-stream' }, payload: exe });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UPLOAD_CONTENT_MISMATCH', errors: { name: ['fileUpload.formatLimit'] } });
    expect(await t.app.deps.storage.stat(created.key)).toBeUndefined();
  });

  it('fails with a reason naming the missing tool, and "retry transcode" requeues once the tool is there', async () => {
    const jobs = t.app.deps.config.jobs;
    const realPath = jobs.toolsPath;
    jobs.toolsPath = mkdtempSync(path.join(os.tmpdir(), 'no-tools-'));
    let video: Awaited<ReturnType<typeof process>>;
    let docx: Awaited<ReturnType<typeof process>>;
    try {
      video = await process('video/pythonpptx__just-two-mice.mp4', 'mice.mp4');
      docx = await process('office/pythondocx__test.docx', 'no-office.docx');
    } finally {
      jobs.toolsPath = realPath;
    }
    expect(video).toMatchObject({ status: 'failed', failure_reason: expect.stringContaining('ffprobe is not installed') });
    expect(docx).toMatchObject({ status: 'failed', failure_reason: expect.stringContaining('soffice is not installed') });
    expect(video).toMatchObject({ failure_code: 'TOOL_MISSING', failure_params: { tool: 'ffprobe' } });
    expect(docx).toMatchObject({ failure_code: 'TOOL_MISSING', failure_params: { tool: 'soffice' } });
    expect((await t.app.inject({ method: 'POST', url: `/api/uploads/${video.id}/retry-transcode`, headers: { cookie: studentCookie } })).statusCode).toBe(403);
    const retried = await t.app.inject({ method: 'POST', url: `/api/uploads/${video.id}/retry-transcode`, headers: { cookie } });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'processing', failure_reason: null, failure_code: null, failure_params: null });
    expect(await waitForProcessed(t, cookie, video.id)).toMatchObject({ status: 'ready', videos: [expect.objectContaining({ resolution: '360p' })] });
  }, 180_000);

  it('records a rendition made elsewhere with POST /api/uploads/{id}/videos (course team only, 400 naming the field)', async () => {
    const upload = await process('video/moodlecore__moodle-logo.webm', 'external.webm');
    const post = (payload: Record<string, unknown>, who = cookie) =>
      t.app.inject({ method: 'POST', url: `/api/uploads/${upload.id}/videos`, headers: { cookie: who }, payload });
    expect((await post({ resolution: '1080p', duration: 11, width: 1920, height: 1080 }, studentCookie)).statusCode).toBe(403);
    const bad = await post({ resolution: 'big', duration: 11, width: 1920, height: 1080 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('resolution');
    const ok = await post({ resolution: '1080p', duration: 11, width: 1920, height: 1080 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().videos.map((v: { resolution: string }) => v.resolution)).toEqual(['60p', '1080p']);
  }, 120_000);
});
