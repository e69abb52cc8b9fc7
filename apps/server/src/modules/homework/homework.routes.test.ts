import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { USER_ROLE } from '@atrium/contracts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTestApp, fixturePath, type TestApp } from '../../../test/build-test-app.js';
import { waitForProcessed } from '../../../test/uploads-client.js';
import { countStatements } from '../../../test/helpers/count-statements.js';

/**
 * Issue 16 §1–3, the API the checks use: a learner hands in their own uploads and text; the
 * submission takes the files over; dates, limits, late marks, resubmission, group homework; the
 * team lists and scores (above 100 → homework.scoreError, nothing saved); a learner never sees
 * another's submission nor an unpublished score; the gradebook gathers homework and exam scores.
 */

let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
type Json = Record<string, unknown>;
const DAY = 24 * 3600 * 1000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function makeWorld() {
  const world = await t.factories.courseWorld();
  const student2 = await t.factories.user({ orgId: world.org.id, role: USER_ROLE.student });
  const loner = await t.factories.user({ orgId: world.org.id, role: USER_ROLE.student });
  await t.factories.enrol(world.course.id, student2.id, 'student');
  await t.factories.enrol(world.course.id, loner.id, 'student');
  const cookies = {
    instructor: await t.factories.login(world.instructor.userName),
    assistant: await t.factories.login(world.assistant.userName),
    student: await t.factories.login(world.student.userName),
    student2: await t.factories.login(student2.userName),
    loner: await t.factories.login(loner.userName),
    outsider: await t.factories.login(world.outsider.userName),
  };
  type Who = keyof typeof cookies;
  const call = async (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });
  const module = await call('instructor', 'POST', `/api/courses/${world.course.id}/modules`, { title: 'Week 1' });
  const moduleId = (module.json() as { id: number }).id;
  expect((await call('instructor', 'PUT', `/api/modules/${moduleId}/publish`, { published: true })).statusCode).toBe(200);
  /** A published activity of `type` with `data`. */
  const activity = async (type: string, data: Json = {}, extra: Json = {}) => {
    const res = await call('instructor', 'POST', `/api/courses/${world.course.id}/activities`, {
      module_id: moduleId,
      type,
      title: `${type} ${Math.random()}`,
      data,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { id: number }).id;
    expect((await call('instructor', 'PUT', `/api/activities/${id}/publish`, { published: true })).statusCode).toBe(200);
    return id;
  };
  /** A personal upload (parent `user`) of `who` holding `text` (or these bytes), processed. */
  const personalFile = async (who: Who, name = 'answer.txt', text: string | Buffer = `my answer ${Math.random()}`) => {
    const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
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
  return { ...world, student2, loner, cookies, call, activity, personalFile, moduleId };
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await makeWorld();
}, 180_000);
afterAll(async () => t?.close());

describe('handing in', () => {
  it('takes over the learner’s own files, lists the submission for the team and keeps it from everyone else', async () => {
    const hw = await w.activity('homework', { due_date: iso(DAY), cut_off_date: iso(2 * DAY) });
    const file = await w.personalFile('student');
    const res = await w.call('student', 'POST', `/api/homework/${hw}/submissions`, {
      upload_ids: [file],
      content: '<p>See <b>attached</b><script>x()</script></p>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Json & { id: number; uploads: { id: number }[] };
    expect(body).toMatchObject({ status: 'submitted', is_late: false, submission_count: 1, score: null });
    expect(body.uploads.map((u) => u.id)).toEqual([file]);
    expect(body.content).not.toContain('script');

    // The file now belongs to the submission: the team reads it, another learner does not.
    expect((await w.call('instructor', 'GET', `/api/uploads/${file}`)).statusCode).toBe(200);
    expect((await w.call('student', 'GET', `/api/uploads/${file}`)).statusCode).toBe(200);
    expect([403, 404]).toContain((await w.call('student2', 'GET', `/api/uploads/${file}`)).statusCode);
    expect([403, 404]).toContain((await w.call('student2', 'GET', `/api/uploads/${file}/blob`)).statusCode);
    // Handed in, the learner can no longer delete it.
    expect([403, 404]).toContain((await w.call('student', 'DELETE', `/api/uploads/${file}`)).statusCode);

    const list = await w.call('instructor', 'GET', `/api/homework/${hw}/submissions`);
    expect(list.statusCode, list.body).toBe(200);
    const items = (list.json() as { items: Json[]; summary: Json }).items;
    expect(items).toEqual([expect.objectContaining({ id: body.id, user_id: w.student.id, score: null, file_count: 1, is_late: false })]);
    expect((list.json() as { summary: Json }).summary).toMatchObject({ expected: 3, submitted: 1, graded: 0, late: 0 });
    // Query budget (decision 0083): the session, the access check (activity, course and roles in one), then the page and the summary with the total.
    const budget = await countStatements(t, () => w.call('instructor', 'GET', `/api/homework/${hw}/submissions?page=1&page_size=20`));
    expect(budget.statements, budget.sql.join('\n')).toBeLessThanOrEqual(4);
    // The total follows the filters: counted with the summary, or apart for a keyword.
    const totalOf = async (query: string) =>
      ((await w.call('instructor', 'GET', `/api/homework/${hw}/submissions?${query}`)).json() as { total: number }).total;
    expect(await totalOf('state=ungraded')).toBe(1);
    expect(await totalOf('state=graded')).toBe(0);
    expect(await totalOf('late=true')).toBe(0);
    expect(await totalOf('late=false&state=ungraded')).toBe(1);
    expect(await totalOf(`keyword=${encodeURIComponent(w.student.name)}`)).toBe(1);
    expect(await totalOf('keyword=nobody-by-this-name')).toBe(0);
    const pastEnd = (await w.call('instructor', 'GET', `/api/homework/${hw}/submissions?page=3&page_size=10`)).json() as { items: unknown[]; total: number };
    expect(pastEnd).toMatchObject({ items: [], total: 1 });

    expect((await w.call('student', 'GET', `/api/homework/${hw}/submissions`)).statusCode).toBe(403);
    expect((await w.call('outsider', 'GET', `/api/homework/${hw}/submissions`)).statusCode).toBe(403);
    expect((await w.call('instructor', 'GET', `/api/homework/999999/submissions`)).json()).toMatchObject({ code: 'ACTIVITY_NOT_FOUND' });
    expect((await w.call('student2', 'GET', `/api/homework-submissions/${body.id}`)).statusCode).toBe(404);
    expect((await w.call('outsider', 'GET', `/api/homework-submissions/${body.id}`)).statusCode).toBe(404);
    expect((await w.call('student', 'GET', `/api/homework-submissions/${body.id}`)).statusCode).toBe(200);
    expect((await w.call('instructor', 'POST', `/api/homework/${hw}/submissions`, { content: 'x' })).statusCode).toBe(403);
  });

  it('refuses files that are not the learner’s own, over the limits or of the wrong kind, changing nothing', async () => {
    const hw = await w.activity('homework', { max_files: 1, max_file_size: 1024, submission_type: 'file' });
    const mine = await w.personalFile('student');
    const other = await w.personalFile('student2');
    const big = await w.personalFile('student', 'big.txt', 'x'.repeat(2000));
    const cases: [Json, string][] = [
      [{ upload_ids: [other] }, 'upload_ids'],
      [{ upload_ids: [mine, mine] }, 'upload_ids'],
      [{ upload_ids: [mine, big] }, 'upload_ids'],
      [{ upload_ids: [big] }, 'upload_ids'],
      [{ upload_ids: [mine], content: 'text too' }, 'content'],
    ];
    for (const [payload, field] of cases) {
      const res = await w.call('student', 'POST', `/api/homework/${hw}/submissions`, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { errors: Json }).errors).toHaveProperty(field);
    }
    const empty = await w.call('student', 'POST', `/api/homework/${hw}/submissions`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'HOMEWORK_EMPTY' });
    const my = (await w.call('student', 'GET', `/api/homework/${hw}/my-submission`)).json() as { submission: Json | null };
    expect(my.submission === null || (my.submission as { uploads: unknown[] }).uploads.length === 0).toBe(true);
    // The other learner's file stayed theirs.
    expect((await w.call('student2', 'DELETE', `/api/uploads/${other}`)).statusCode).toBeLessThan(300);
    const textOnly = await w.activity('homework', { submission_type: 'text' });
    const res = await w.call('student', 'POST', `/api/homework/${textOnly}/submissions`, { upload_ids: [mine] });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Json }).errors).toHaveProperty('upload_ids');
  });

  it('keeps drafts, allows resubmission until the due date, marks late work and closes at the cut-off', async () => {
    const open = await w.activity('homework', { due_date: iso(DAY) });
    const draft = await w.call('student', 'POST', `/api/homework/${open}/submissions`, { content: 'first thoughts', draft: true });
    expect(draft.json()).toMatchObject({ status: 'draft', submission_count: 0 });
    // A draft is the learner's own: not in the team's list.
    expect(((await w.call('instructor', 'GET', `/api/homework/${open}/submissions`)).json() as { total: number }).total).toBe(0);
    expect((await w.call('instructor', 'GET', `/api/homework-submissions/${(draft.json() as { id: number }).id}`)).statusCode).toBe(404);
    const first = await w.call('student', 'POST', `/api/homework/${open}/submissions`, { content: 'final' });
    expect(first.json()).toMatchObject({ status: 'submitted', submission_count: 1, id: (draft.json() as { id: number }).id });
    const again = await w.call('student', 'POST', `/api/homework/${open}/submissions`, { content: 'final, corrected' });
    expect(again.json()).toMatchObject({ submission_count: 2, content: 'final, corrected' });

    const late = await w.activity('homework', { due_date: iso(-DAY), cut_off_date: iso(DAY) });
    const lateRes = await w.call('student', 'POST', `/api/homework/${late}/submissions`, { content: 'sorry' });
    expect(lateRes.statusCode, lateRes.body).toBe(201);
    expect(lateRes.json()).toMatchObject({ is_late: true });
    const resubmit = await w.call('student', 'POST', `/api/homework/${late}/submissions`, { content: 'again' });
    expect(resubmit.statusCode).toBe(409);
    expect(resubmit.json()).toMatchObject({ code: 'HOMEWORK_CLOSED' });
    expect(((await w.call('student', 'GET', `/api/homework/${late}/my-submission`)).json() as Json).closed_reason).toBe('due');

    const closed = await w.activity('homework', { due_date: iso(-2 * DAY), cut_off_date: iso(-DAY) });
    const refused = await w.call('student', 'POST', `/api/homework/${closed}/submissions`, { content: 'too late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'HOMEWORK_CLOSED' });
    expect((await w.call('student', 'GET', `/api/homework/${closed}/my-submission`)).json()).toMatchObject({
      submission: null,
      can_submit: false,
      closed_reason: 'cut_off',
    });
  });
});

describe('grading', () => {
  it('refuses a score above 100 with homework.scoreError and saves nothing; the learner sees a score once published', async () => {
    const hw = await w.activity('homework');
    const sub = (await w.call('student', 'POST', `/api/homework/${hw}/submissions`, { content: 'essay' })).json() as { id: number };
    for (const score of [101, -1]) {
      const refused = await w.call('instructor', 'PUT', `/api/homework-submissions/${sub.id}/score`, { score, feedback: 'no' });
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as { errors: Json }).errors).toEqual({ score: ['homework.scoreError'] });
    }
    expect((await w.call('instructor', 'GET', `/api/homework-submissions/${sub.id}`)).json()).toMatchObject({ score: null, feedback: null });
    expect((await w.call('student', 'PUT', `/api/homework-submissions/${sub.id}/score`, { score: 100 })).statusCode).toBe(404);

    const graded = await w.call('assistant', 'PUT', `/api/homework-submissions/${sub.id}/score`, { score: 87, feedback: 'Good work' });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(graded.json()).toMatchObject({ score: 87, feedback: 'Good work' });
    const list = (await w.call('instructor', 'GET', `/api/homework/${hw}/submissions?state=graded`)).json() as { items: Json[] };
    expect(list.items).toEqual([expect.objectContaining({ id: sub.id, score: 87, graded_by_id: w.assistant.id })]);
    expect(((await w.call('instructor', 'GET', `/api/homework/${hw}/submissions?state=ungraded`)).json() as { total: number }).total).toBe(0);

    // Not published: the learner sees no score, here or in the gradebook.
    expect((await w.call('student', 'GET', `/api/homework-submissions/${sub.id}`)).json()).toMatchObject({ score: null, feedback: null });
    const before = (await w.call('student', 'GET', `/api/courses/${w.course.id}/scores`)).json() as { rows: { scores: Json }[]; items: Json[] };
    expect(before.rows).toHaveLength(1);
    expect(before.rows[0]!.scores[String(hw)]).toBeUndefined();
    // Graded work cannot be changed by its learner any more.
    expect(((await w.call('student', 'POST', `/api/homework/${hw}/submissions`, { content: 'changed' })).json() as Json).code).toBe('HOMEWORK_GRADED');

    const published = await w.call('instructor', 'POST', `/api/courses/${w.course.id}/grade-items/${hw}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect((await w.call('student', 'GET', `/api/homework-submissions/${sub.id}`)).json()).toMatchObject({ score: 87, feedback: 'Good work' });
    const after = (await w.call('student', 'GET', `/api/courses/${w.course.id}/scores`)).json() as { rows: { user_id: number; scores: Json; total: number }[] };
    expect(after.rows).toEqual([expect.objectContaining({ user_id: w.student.id })]);
    expect(after.rows[0]!.scores[String(hw)]).toBe(87);
    expect((await w.call('student2', 'GET', `/api/courses/${w.course.id}/scores`)).json()).toMatchObject({ rows: [{ user_id: w.student2.id }] });
  });

  it('takes the grader’s feedback files over, refuses the learner’s files as feedback, and shows them to the learner once published', async () => {
    const hw = await w.activity('homework');
    const answer = await w.personalFile('student', 'answer.txt');
    const sub = (await w.call('student', 'POST', `/api/homework/${hw}/submissions`, { upload_ids: [answer] })).json() as { id: number };
    const notes = await w.personalFile('instructor', 'notes.txt', 'see the margin');
    const sheet = await w.personalFile('instructor', 'rubric.txt', 'rubric');
    const theirs = await w.personalFile('assistant', 'theirs.txt', 'not yours');

    // Not one's own upload, and the learner's own answer, are refused as feedback; nothing changes.
    for (const ids of [[theirs], [answer], [notes, notes]]) {
      const refused = await w.call('instructor', 'PUT', `/api/homework-submissions/${sub.id}/score`, { score: 70, feedback_upload_ids: ids });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.keys((refused.json() as { errors: Json }).errors)).toEqual(['feedback_upload_ids']);
    }
    expect((await w.call('instructor', 'GET', `/api/homework-submissions/${sub.id}`)).json()).toMatchObject({
      score: null,
      uploads: [expect.objectContaining({ id: answer })],
      feedback_uploads: [],
    });

    const graded = await w.call('instructor', 'PUT', `/api/homework-submissions/${sub.id}/score`, { score: 70, feedback_upload_ids: [notes, sheet] });
    expect(graded.statusCode, graded.body).toBe(200);
    expect((graded.json() as { feedback_uploads: Json[] }).feedback_uploads.map((f) => f.id)).toEqual([notes, sheet]);
    // A regrade keeps one, drops the other (back to its grader's own files) and keeps the learner's answer apart.
    const regraded = await w.call('instructor', 'PUT', `/api/homework-submissions/${sub.id}/score`, { score: 72, feedback_upload_ids: [sheet] });
    expect(regraded.statusCode, regraded.body).toBe(200);
    expect(regraded.json()).toMatchObject({ uploads: [expect.objectContaining({ id: answer })], feedback_uploads: [expect.objectContaining({ id: sheet })] });
    expect((await w.call('instructor', 'GET', `/api/uploads/${notes}`)).json()).toMatchObject({ parent_type: 'user' });

    // The learner reads the feedback files only once the scores are published.
    expect((await w.call('student', 'GET', `/api/homework-submissions/${sub.id}`)).json()).toMatchObject({ feedback_uploads: [] });
    expect((await w.call('student', 'GET', `/api/uploads/${sheet}`)).statusCode).not.toBe(200);
    expect((await w.call('instructor', 'POST', `/api/courses/${w.course.id}/grade-items/${hw}/publish`)).statusCode).toBe(200);
    expect((await w.call('student', 'GET', `/api/homework-submissions/${sub.id}`)).json()).toMatchObject({
      score: 72,
      feedback_uploads: [expect.objectContaining({ id: sheet, name: 'rubric.txt' })],
    });
    expect((await w.call('student', 'GET', `/api/uploads/${sheet}`)).statusCode).toBe(200);
    expect((await w.call('student2', 'GET', `/api/uploads/${sheet}`)).statusCode).not.toBe(200);
  });

  it('group homework: one submission for the group, seen and scored for every member; a learner in no group is told', async () => {
    const group = await w.call('instructor', 'POST', `/api/courses/${w.course.id}/groups`, {
      name: `Team ${Math.random()}`,
      member_ids: [w.student.id, w.student2.id],
    });
    expect(group.statusCode, group.body).toBe(200);
    const hw = await w.activity('homework', { group_mode: true });
    const submitted = await w.call('student2', 'POST', `/api/homework/${hw}/submissions`, { content: 'our report' });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const sub = submitted.json() as { id: number; group_id: number };
    expect(sub.group_id).toBeTruthy();
    const seen = (await w.call('student', 'GET', `/api/homework/${hw}/my-submission`)).json() as { submission: { id: number } };
    expect(seen.submission.id).toBe(sub.id);
    const noGroup = await w.call('loner', 'POST', `/api/homework/${hw}/submissions`, { content: 'me' });
    expect(noGroup.statusCode).toBe(409);
    expect(noGroup.json()).toMatchObject({ code: 'HOMEWORK_NO_GROUP' });
    expect((await w.call('instructor', 'PUT', `/api/homework-submissions/${sub.id}/score`, { score: 75 })).statusCode).toBe(200);
    const book = (await w.call('instructor', 'GET', `/api/courses/${w.course.id}/scores`)).json() as { rows: { user_id: number; scores: Json }[] };
    const scoreOf = (id: number) => book.rows.find((r) => r.user_id === id)!.scores[String(hw)];
    expect([scoreOf(w.student.id), scoreOf(w.student2.id), scoreOf(w.loner.id)]).toEqual([75, 75, null]);
  });
});

describe('the PDF editor’s annotations', () => {
  it('flattens the team’s marks into a new PDF beside the untouched original, for PDFs, Office files and images; the learner sees it once published', async () => {
    const hw = await w.activity('homework');
    const pdfBytes = readFileSync(fixturePath('pdf/pdfjs__rotation.pdf'));
    const pdf = await w.personalFile('student', 'essay.pdf', pdfBytes);
    const docx = await w.personalFile('student', 'notes.docx', readFileSync(fixturePath('office/pythondocx__test.docx')));
    const png = await w.personalFile('student', 'sketch.png', readFileSync(fixturePath('images/filetype__fixture.png')));
    const txt = await w.personalFile('student', 'plain.txt');
    const sub = (await w.call('student', 'POST', `/api/homework/${hw}/submissions`, { upload_ids: [pdf, docx, png, txt] })).json() as { id: number };
    const stroke = {
      id: 'a1',
      type: 'pen',
      page: 2,
      color: '#ff0000',
      width: 12,
      points: [
        [100, 100],
        [300, 300],
      ],
    };
    const save = (uploadId: number, annotations: object[], who: 'instructor' | 'student' = 'instructor') =>
      w.call(who, 'PUT', `/api/homework-submissions/${sub.id}/annotations`, { upload_id: uploadId, annotations, rotations: { '1': 90 } });

    expect((await save(pdf, [stroke], 'student')).statusCode).toBe(404);
    const saved = await save(pdf, [stroke, { id: 't1', type: 'text', page: 1, x: 50, y: 50, text: '很好 Good', color: '#0000ff', size: 14 }]);
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json() as { annotated_upload_id: number; annotations: unknown[]; rotations: object };
    expect(body.annotations).toHaveLength(2);
    expect(body.rotations).toEqual({ '1': 90 });
    const again = (await w.call('instructor', 'GET', `/api/homework-submissions/${sub.id}/annotations?upload_id=${pdf}`)).json();
    expect(again).toMatchObject({ annotated_upload_id: body.annotated_upload_id, annotations: body.annotations });

    // The annotated copy opens in poppler with the pen's red on page 2; the original is byte-identical.
    const flat = await w.call('instructor', 'GET', `/api/uploads/${body.annotated_upload_id}/blob`);
    expect(flat.statusCode, flat.body.slice(0, 200)).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'annotated-'));
    writeFileSync(path.join(dir, 'a.pdf'), flat.rawPayload);
    expect(execFileSync('pdfinfo', [path.join(dir, 'a.pdf')]).toString()).toMatch(/Pages:\s+2/);
    const original = await w.call('instructor', 'GET', `/api/uploads/${pdf}/blob`);
    expect(Buffer.compare(original.rawPayload, pdfBytes)).toBe(0);

    // Office files are annotated on their converted PDF, images as one page; other files are refused, changing nothing.
    expect((await save(docx, [{ ...stroke, page: 1 }])).statusCode).toBe(200);
    expect((await save(png, [{ ...stroke, page: 1 }])).statusCode).toBe(200);
    const refused = await save(txt, [{ ...stroke, page: 1 }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'ANNOTATION_SOURCE_UNSUPPORTED' });
    expect((await w.call('instructor', 'GET', `/api/homework-submissions/${sub.id}/annotations?upload_id=${txt}`)).json()).toMatchObject({
      annotated_upload_id: null,
    });

    // Saving again replaces the copy; the learner reaches it only once the score is published.
    const second = (await save(pdf, [stroke])).json() as { annotated_upload_id: number };
    expect(second.annotated_upload_id).not.toBe(body.annotated_upload_id);
    expect((await w.call('instructor', 'GET', `/api/uploads/${body.annotated_upload_id}`)).statusCode).toBe(404);
    expect((await w.call('instructor', 'PUT', `/api/homework-submissions/${sub.id}/score`, { score: 87 })).statusCode).toBe(200);
    expect([403, 404]).toContain((await w.call('student', 'GET', `/api/uploads/${second.annotated_upload_id}/blob`)).statusCode);
    const mine = (await w.call('student', 'GET', `/api/homework-submissions/${sub.id}`)).json() as {
      uploads: { id: number; annotated_upload_id: number | null }[];
    };
    expect(mine.uploads.find((u) => u.id === pdf)!.annotated_upload_id).toBeNull();
    expect((await w.call('instructor', 'POST', `/api/courses/${w.course.id}/grade-items/${hw}/publish`)).statusCode).toBe(200);
    const published = (await w.call('student', 'GET', `/api/homework-submissions/${sub.id}`)).json() as {
      score: number;
      uploads: { id: number; annotated_upload_id: number | null }[];
    };
    expect(published.score).toBe(87);
    expect(published.uploads.find((u) => u.id === pdf)!.annotated_upload_id).toBe(second.annotated_upload_id);
    expect((await w.call('student', 'GET', `/api/uploads/${second.annotated_upload_id}/blob`)).statusCode).toBe(200);
    expect([403, 404]).toContain((await w.call('student2', 'GET', `/api/uploads/${second.annotated_upload_id}/blob`)).statusCode);
  }, 120_000);

  it('annotates GIF and WebP images on a PNG of their first frame: the pen shows in the flattened page; an SVG is refused', async () => {
    const hw = await w.activity('homework');
    const dir = mkdtempSync(path.join(tmpdir(), 'annotate-images-'));
    // Real images made by ffmpeg: a white 200×100 picture in each format.
    const image = (extension: string) => {
      const file = path.join(dir, `white.${extension}`);
      execFileSync('ffmpeg', ['-y', '-v', 'error', '-f', 'lavfi', '-i', 'color=white:s=200x100', '-frames:v', '1', file]);
      return readFileSync(file);
    };
    const gif = await w.personalFile('student', 'board.gif', image('gif'));
    const webp = await w.personalFile('student', 'board.webp', image('webp'));
    const svg = await w.personalFile('student', 'board.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const sub = (await w.call('student', 'POST', `/api/homework/${hw}/submissions`, { upload_ids: [gif, webp, svg] })).json() as { id: number };
    // A thick red stroke across the middle of the picture (PDF points, origin bottom-left).
    const stroke = {
      id: 's',
      type: 'pen',
      page: 1,
      color: '#ff0000',
      width: 20,
      points: [
        [20, 50],
        [180, 50],
      ],
    };
    for (const [uploadId, name] of [
      [gif, 'gif'],
      [webp, 'webp'],
    ] as const) {
      const saved = await w.call('instructor', 'PUT', `/api/homework-submissions/${sub.id}/annotations`, {
        upload_id: uploadId,
        annotations: [stroke],
        rotations: {},
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const flat = await w.call('instructor', 'GET', `/api/uploads/${(saved.json() as { annotated_upload_id: number }).annotated_upload_id}/blob`);
      const pdfFile = path.join(dir, `${name}.pdf`);
      writeFileSync(pdfFile, flat.rawPayload);
      expect(execFileSync('pdfinfo', [pdfFile]).toString()).toMatch(/Page size:\s+200 x 100 pts/);
      // Rendered at 72 dpi (PPM): the middle pixel is the pen's red, a corner the picture's white.
      const ppm = execFileSync('pdftoppm', ['-r', '72', '-singlefile', pdfFile]);
      const pixel = (x: number, y: number) => {
        const header = ppm.toString('latin1', 0, 20).match(/^P6\s+(\d+)\s+(\d+)\s+255\s/)!;
        const width = Number(header[1]);
        const at = header[0].length + (y * width + x) * 3;
        return [ppm[at], ppm[at + 1], ppm[at + 2]];
      };
      const [r, g, b] = pixel(100, 50) as number[];
      expect(r! > 200 && g! < 60 && b! < 60, `middle pixel ${r},${g},${b} is red`).toBe(true);
      // White (a GIF's palette may make it 252).
      expect(Math.min(...(pixel(5, 5) as number[]))).toBeGreaterThan(240);
    }
    const refused = await w.call('instructor', 'PUT', `/api/homework-submissions/${sub.id}/annotations`, {
      upload_id: svg,
      annotations: [stroke],
      rotations: {},
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'ANNOTATION_SOURCE_UNSUPPORTED' });
  }, 120_000);
});

describe('gradebook', () => {
  it('gathers exam and homework scores with a weighted total and exports what the screen shows', async () => {
    const exam = await w.activity('exam', { show_score: 'after_submit' });
    const subject = await w.call('instructor', 'POST', `/api/exams/${exam}/subjects`, {
      type: 'true_or_false',
      description: 'Sky is blue',
      score: 4,
      answer: true,
    });
    expect(subject.statusCode, subject.body).toBe(201);
    const attempt = (await w.call('student2', 'POST', `/api/exams/${exam}/attempts`)).json() as { id: number };
    await w.call('student2', 'PUT', `/api/exam-attempts/${attempt.id}/answers`, {
      answers: [{ subject_id: (subject.json() as { id: number }).id, answer: true }],
    });
    expect((await w.call('student2', 'POST', `/api/exam-attempts/${attempt.id}/submit`)).statusCode).toBe(200);

    const category = await w.call('instructor', 'POST', `/api/courses/${w.course.id}/grade-categories`, { name: 'Exams', weight: 3 });
    expect(category.statusCode, category.body).toBe(201);
    const item = await w.call('instructor', 'PUT', `/api/courses/${w.course.id}/grade-items/${exam}`, { category_id: (category.json() as { id: number }).id });
    expect(item.json()).toMatchObject({ activity_id: exam, max_score: 4, category_id: (category.json() as { id: number }).id });
    const page = await w.activity('page', { content: '<p>Read me</p>' });
    expect((await w.call('instructor', 'PUT', `/api/courses/${w.course.id}/grade-items/${page}`, { weight: 2 })).statusCode).toBe(409);

    const book = (await w.call('instructor', 'GET', `/api/courses/${w.course.id}/scores`)).json() as {
      items: { activity_id: number; title: string; max_score: number }[];
      rows: { user_id: number; name: string; scores: Json; total: number | null }[];
    };
    const row = book.rows.find((r) => r.user_id === w.student2.id)!;
    expect(row.scores[String(exam)]).toBe(4);
    // student2: exam 100% in "Exams" (weight 3), group homework 75% uncategorised (weight 1) → 93.75.
    expect(row.total).toBe(93.75);
    expect((await w.call('student', 'GET', `/api/courses/${w.course.id}/scores/export`)).statusCode).toBe(403);

    const xlsx = await w.call('instructor', 'GET', `/api/courses/${w.course.id}/scores/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Learner', 'User number', ...book.items.map((i) => `${i.title} (${i.max_score})`), 'Total (%)']);
    const names = book.rows.map((r) => r.name);
    for (let i = 0; i < book.rows.length; i++) {
      const values = (sheet.getRow(i + 2).values as unknown[]).slice(1);
      expect(values[0]).toBe(names[i]);
      expect(values[2 + book.items.length] ?? null).toBe(book.rows[i]!.total);
      book.items.forEach((item, k) => expect(values[2 + k] ?? null).toBe(book.rows[i]!.scores[String(item.activity_id)] ?? null));
    }

    // The same sheet comes back in: a changed score is written; any bad cell refuses the whole sheet.
    const examColumn = 3 + book.items.findIndex((i) => i.activity_id === exam);
    const learnerRow = 2 + book.rows.findIndex((r) => r.user_id === w.student2.id);
    const send = async (edit: (s: ExcelJS.Worksheet) => void) => {
      edit(sheet);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      return t.app.inject({
        method: 'POST',
        url: `/api/courses/${w.course.id}/scores/import?format=xlsx`,
        headers: { cookie: w.cookies.instructor, 'content-type': 'application/octet-stream' },
        payload: bytes,
      });
    };
    const bad = await send((s) => {
      s.getRow(learnerRow).getCell(examColumn).value = 2;
      s.getRow(2 + book.rows.findIndex((r) => r.user_id === w.student.id)).getCell(examColumn).value = 9;
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: { file: string[] } }).errors.file).toEqual([expect.stringMatching(/^row \d+, .*: Give a number from 0 to 4$/)]);
    const unchanged = (await w.call('instructor', 'GET', `/api/courses/${w.course.id}/scores`)).json() as typeof book;
    expect(unchanged.rows.find((r) => r.user_id === w.student2.id)!.scores[String(exam)]).toBe(4);
    const good = await send((s) => {
      s.getRow(2 + book.rows.findIndex((r) => r.user_id === w.student.id)).getCell(examColumn).value = null;
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ rows: book.rows.length });
    const imported = (await w.call('instructor', 'GET', `/api/courses/${w.course.id}/scores`)).json() as typeof book;
    expect(imported.rows.find((r) => r.user_id === w.student2.id)!.scores[String(exam)]).toBe(2);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/courses/${w.course.id}/scores/import?format=csv`,
          headers: { cookie: w.cookies.instructor, 'content-type': 'text/csv' },
          payload: 'just,text\n1,2',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('issues a certificate when the published scores meet the course’s rule, once, with a PDF and a code anyone can verify', async () => {
    const v = await makeWorld();
    const hw = await v.activity('homework');
    const page = await v.activity('page', { content: '<p>Read</p>' });
    expect((await v.call('student', 'PUT', `/api/courses/${v.course.id}/certificate-rule`, { pass_total: 80, required_activity_ids: [hw] })).statusCode).toBe(
      403,
    );
    const wrong = await v.call('instructor', 'PUT', `/api/courses/${v.course.id}/certificate-rule`, { pass_total: 80, required_activity_ids: [page] });
    expect(wrong.statusCode).toBe(400);
    expect((wrong.json() as { errors: Json }).errors).toHaveProperty('required_activity_ids');
    const rule = await v.call('instructor', 'PUT', `/api/courses/${v.course.id}/certificate-rule`, { pass_total: 80, required_activity_ids: [hw] });
    expect(rule.json()).toEqual({ course_id: v.course.id, enabled: true, pass_total: 80, required_activity_ids: [hw] });

    const handIn = async (who: 'student' | 'student2', score: number) => {
      const sub = (await v.call(who, 'POST', `/api/homework/${hw}/submissions`, { content: 'done' })).json() as { id: number };
      expect((await v.call('instructor', 'PUT', `/api/homework-submissions/${sub.id}/score`, { score })).statusCode).toBe(200);
    };
    await handIn('student', 87);
    await handIn('student2', 50);
    const check = () => v.call('student', 'PUT', '/api/user/course-certification/scores', { course_id: v.course.id });
    // Not published yet: nothing counts.
    expect((await check()).json()).toMatchObject({ total: null, pass_total: 80, missing_activity_ids: [hw], eligible: false, certificate: null });

    expect((await v.call('instructor', 'POST', `/api/courses/${v.course.id}/grade-items/${hw}/publish`)).statusCode).toBe(200);
    const mine = (await v.call('student', 'GET', '/api/certifications')).json() as { items: { id: number; code: string; total: number; pdf_url: string }[] };
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ total: 87, course_id: v.course.id });
    expect(((await v.call('student2', 'GET', '/api/certifications')).json() as { items: unknown[] }).items).toEqual([]);
    const again = (await check()).json() as { eligible: boolean; certificate: { id: number } };
    expect(again).toMatchObject({ total: 87, eligible: true, missing_activity_ids: [] });
    expect(again.certificate.id).toBe(mine.items[0]!.id);
    expect(((await v.call('instructor', 'GET', `/api/certifications?course_id=${v.course.id}`)).json() as { items: unknown[] }).items).toHaveLength(1);
    expect((await v.call('student', 'GET', `/api/certifications?course_id=${v.course.id}`)).statusCode).toBe(403);

    const pdf = await v.call('student', 'GET', mine.items[0]!.pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'certificate-'));
    writeFileSync(path.join(dir, 'c.pdf'), pdf.rawPayload);
    const text = execFileSync('pdftotext', [path.join(dir, 'c.pdf'), '-']).toString();
    expect(text).toContain(v.student.name);
    expect(text).toContain(mine.items[0]!.code);
    expect((await v.call('student2', 'GET', mine.items[0]!.pdf_url)).statusCode).toBe(404);
    expect((await v.call('instructor', 'GET', mine.items[0]!.pdf_url)).statusCode).toBe(200);

    const verified = await t.app.inject({ method: 'GET', url: `/api/certificates/verify/${mine.items[0]!.code}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ user_name: v.student.name, total: 87 });
    expect((await t.app.inject({ method: 'GET', url: '/api/certificates/verify/AAAA-BBBB-CCCC' })).statusCode).toBe(404);
  }, 120_000);
});
