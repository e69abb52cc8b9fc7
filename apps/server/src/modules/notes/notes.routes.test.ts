import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note, Upload } from '@atrium/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { activityWith, twoCourses, uploadFile, type TwoCourses } from '../../../test/helpers/media-world.js';

/** Notes on files (issue 5 §7, spec §3 Note, §5, §7 Notes) on real processed files. */
describe('notes', () => {
  let t: TestApp;
  let w: TwoCourses;
  let pdf: Upload;
  let image: Upload;
  let video: Upload;
  let text: Upload;
  let audio: Upload;
  let activityId: number;
  let activityB: number;
  let pdfB: Upload;

  beforeAll(async () => {
    t = await buildTestApp();
    w = await twoCourses(t);
    pdf = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'pdf/pdfjs__tracemonkey.pdf');
    image = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'images/filetype__fixture.png');
    video = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'video/pythonpptx__just-two-mice.mp4');
    audio = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'audio/howler__sound2.mp3');
    text = await uploadFile(t, w.cookies.instructor, w.courseA.id, { name: 'notes.txt', bytes: Buffer.from('plain text\n') });
    activityId = (await activityWith(t, w.courseA.id, [pdf.id, image.id, video.id, audio.id, text.id])).id;
    pdfB = await uploadFile(t, w.cookies.instructorB, w.courseB.id, 'pdf/pdfjs__tracemonkey.pdf');
    activityB = (await activityWith(t, w.courseB.id, [pdfB.id])).id;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const body = (over: Partial<Note> = {}) => ({
    content: '<p>Look here</p>',
    target_type: 'document',
    target_id: pdf.id,
    anchor: 3,
    course_id: w.courseA.id,
    activity_id: activityId,
    ...over,
  });
  const listUrl = (target = pdf.id, cid = w.courseA.id, aid = activityId) => `/api/notes?course_id=${cid}&activity_id=${aid}&target_id=${target}`;

  it('a learner adds, lists, edits and deletes notes anchored on a page, a second and an image', async () => {
    const onPage = await call('POST', '/api/notes', w.cookies.student, body());
    expect(onPage.statusCode, onPage.body).toBe(201);
    expect(onPage.json()).toMatchObject({
      content: '<p>Look here</p>',
      target_type: 'document',
      target_id: pdf.id,
      anchor: 3,
      course_id: w.courseA.id,
      activity_id: activityId,
    });
    expect((await call('POST', '/api/notes', w.cookies.student, body({ target_type: 'video', target_id: video.id, anchor: 2 }))).statusCode).toBe(201);
    expect((await call('POST', '/api/notes', w.cookies.student, body({ target_type: 'image', target_id: image.id, anchor: 0 }))).statusCode).toBe(201);
    const list = await call('GET', listUrl(), w.cookies.student);
    expect(list.json().notes.map((n: Note) => n.anchor)).toEqual([3]);
    expect((await call('GET', listUrl(video.id), w.cookies.student)).json().notes[0].anchor).toBe(2);

    const id = onPage.json().id as number;
    const edited = await call('PUT', `/api/notes/${id}`, w.cookies.student, { content: '<p>Page <b>five</b></p>', anchor: 5 });
    expect(edited.json()).toMatchObject({ content: '<p>Page <b>five</b></p>', anchor: 5 });
    // Only the author edits or deletes; others see only their own notes.
    expect((await call('PUT', `/api/notes/${id}`, w.cookies.assistant, { content: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notes/${id}`, w.cookies.instructor)).statusCode).toBe(404);
    expect((await call('GET', listUrl(), w.cookies.assistant)).json().notes).toEqual([]);
    expect((await call('DELETE', `/api/notes/${id}`, w.cookies.student)).statusCode).toBe(204);
    expect((await call('GET', listUrl(), w.cookies.student)).json().notes).toEqual([]);
  });

  it.each([
    ['<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['<img src="x" onerror="alert(1)"><p>a</p>', '<img src="x" /><p>a</p>'],
    // The shared rich-text allow-list (lib/sanitize-html.ts): links get target=_blank rel="noopener noreferrer"; a colour style is kept, handlers never.
    ['<a href="javascript:alert(1)">click</a>', '<a target="_blank" rel="noopener noreferrer">click</a>'],
    ['<p onclick="steal()" style="color:red">t</p>', '<p style="color:red">t</p>'],
    ['<p style="background:url(javascript:alert(1));color:expression(alert(1))">css</p>', '<p>css</p>'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<svg><script>alert(1)</script></svg><p>s</p>', '<p>s</p>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="d">', '<img alt="d" />'],
    ['<a href="https://example.org">ok</a>', '<a href="https://example.org" target="_blank" rel="noopener noreferrer">ok</a>'],
    ['<p><span class="formula" data-latex="x^2"></span></p>', '<p><span class="formula" data-latex="x^2"></span></p>'],
  ])('note content %s is sanitised', async (html, expected) => {
    const res = await call('POST', '/api/notes', w.cookies.student, body({ content: `${html}` }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().content).toBe(expected);
    expect(res.json().content).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
    const edited = await call('PUT', `/api/notes/${res.json().id}`, w.cookies.student, { content: `<p>e</p>${html}` });
    expect(edited.json().content).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
  });

  it('a 400 names the fields: empty content, page out of range, image anchor, text files and audio', async () => {
    const cases: [Partial<Note>, string][] = [
      [{ content: '<p> </p><script>x</script>' }, 'content'],
      [{ anchor: 0 }, 'anchor'],
      [{ anchor: 15 }, 'anchor'], // tracemonkey has 14 pages
      [{ anchor: 2.5 }, 'anchor'],
      [{ target_type: 'image', target_id: image.id, anchor: 4 }, 'anchor'],
      [{ target_type: 'document', target_id: text.id, anchor: 1 }, 'target_type'],
      [{ target_type: 'video', target_id: audio.id, anchor: 1 }, 'target_type'],
      [{ target_type: 'image', target_id: pdf.id, anchor: 0 }, 'target_type'],
      [{ target_type: 'video', target_id: video.id, anchor: 500 }, 'anchor'],
    ];
    for (const [over, field] of cases) {
      const res = await call('POST', '/api/notes', w.cookies.student, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errors, JSON.stringify(over)).toHaveProperty(field);
    }
    const schema = await call('POST', '/api/notes', w.cookies.student, { ...body(), target_type: 'audio' });
    expect(schema.statusCode).toBe(400);
    expect(schema.json().errors).toHaveProperty('target_type');
  });

  it('a document takes notes only when ready', async () => {
    const pending = await uploadFile(t, w.cookies.instructor, w.courseA.id, 'pdf/moodlecore__submission.pdf');
    const { eq } = await import('drizzle-orm');
    const { uploads } = await import('../uploads/uploads.table.js');
    await t.database.db.update(uploads).set({ status: 'processing' }).where(eq(uploads.id, pending.id));
    const aid = (await activityWith(t, w.courseA.id, [pending.id])).id;
    const res = await call('POST', '/api/notes', w.cookies.student, body({ target_id: pending.id, activity_id: aid, anchor: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.target_type[0]).toMatch(/ready/);
  });

  it('statistics count notes per anchor for the course team only', async () => {
    const aid = (await activityWith(t, w.courseA.id, [pdf.id])).id;
    for (const [cookie, anchor] of [
      [w.cookies.student, 2],
      [w.cookies.assistant, 2],
      [w.cookies.student, 7],
    ] as const) {
      expect((await call('POST', '/api/notes', cookie, body({ activity_id: aid, anchor }))).statusCode).toBe(201);
    }
    const url = `/api/notes/statistics?course_id=${w.courseA.id}&activity_id=${aid}&target_id=${pdf.id}`;
    const stats = await call('GET', url, w.cookies.instructor);
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual({
      positions: [
        { position: 2, count: 2 },
        { position: 7, count: 1 },
      ],
    });
    expect((await call('GET', url, w.cookies.student)).statusCode).toBe(403);
    expect((await call('GET', url, w.cookies.instructorB)).statusCode).toBe(403);
  });

  it('cross-course: a student of course A cannot read, add or change notes of course B, nor use course B ids with A files', async () => {
    const own = await call('POST', '/api/notes', w.cookies.studentB, body({ course_id: w.courseB.id, activity_id: activityB, target_id: pdfB.id }));
    expect(own.statusCode).toBe(201);
    const noteB = own.json().id as number;
    expect((await call('GET', listUrl(pdfB.id, w.courseB.id, activityB), w.cookies.student)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/notes', w.cookies.student, body({ course_id: w.courseB.id, activity_id: activityB, target_id: pdfB.id }))).statusCode,
    ).toBe(403);
    expect((await call('PUT', `/api/notes/${noteB}`, w.cookies.student, { content: 'mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notes/${noteB}`, w.cookies.student)).statusCode).toBe(404);
    // Mixed ids: course A's activity with course B's file, or course B's id with course A's activity.
    expect((await call('POST', '/api/notes', w.cookies.student, body({ target_id: pdfB.id }))).statusCode).toBe(404);
    expect((await call('POST', '/api/notes', w.cookies.student, body({ course_id: w.courseB.id }))).statusCode).toBe(404);
    expect((await call('GET', listUrl(pdf.id), w.cookies.outsider)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: listUrl() })).statusCode).toBe(401);
  });
});
