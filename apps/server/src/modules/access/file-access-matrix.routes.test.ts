import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { USER_ROLE } from '@atrium/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fixturePath, type TestApp } from '../../../test/build-test-app.js';
import { createActivity, createExamSubject } from '../../../test/factories/activities.js';
import { uploadFile } from '../../../test/helpers/media-world.js';
import { activities, courseModules } from '../activities/activities.table.js';

/**
 * Issue 14 §1: the file matrix of the access model. One course holds a PDF and a
 * text file in each of five activities: open (the control), unpublished, not
 * started yet, in an unpublished module, and listed only by an exam subject.
 * Every way to reach a file (upload answer, preview answer, blob, derived file,
 * document URL, PDF info, text, office preview, arrears, audio, SCORM launch,
 * player options, external players, embed, notes, lists, the anonymous API) is
 * called as every role: a learner (and a visitor) is refused every closed case
 * by every path, with an answer that names no file and carries no URL, and
 * nothing changes; the course team and the org admin are not refused.
 */

type Case = 'open' | 'unpublished_activity' | 'not_started' | 'unpublished_module' | 'exam_only';
const CASES: Case[] = ['open', 'unpublished_activity', 'not_started', 'unpublished_module', 'exam_only'];
type Role = 'anonymous' | 'outsider' | 'otherOrgAdmin' | 'student' | 'assistant' | 'instructor' | 'admin';
const ROLES: Role[] = ['anonymous', 'outsider', 'otherOrgAdmin', 'student', 'assistant', 'instructor', 'admin'];
const TEAM: Role[] = ['assistant', 'instructor', 'admin'];

/** Codes that mean "the access model refused" (as opposed to a rule of the call itself, e.g. not a text file). */
const REFUSAL_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ACTIVITY_UNPUBLISHED',
  'ACTIVITY_NOT_STARTED',
  'ACTIVITY_ENDED',
  'ACTIVITY_LOCKED',
  'UPLOAD_NOT_FOUND',
  'ACTIVITY_NOT_FOUND',
  'COURSE_NOT_FOUND',
];

/** 403 codes of the access model (the others, e.g. PREVIEW_PROVIDER_DISABLED, are the call's own rules). */
const ACCESS_REFUSALS = ['FORBIDDEN', 'ACTIVITY_UNPUBLISHED', 'ACTIVITY_NOT_STARTED', 'ACTIVITY_ENDED', 'ACTIVITY_LOCKED'];

interface Target {
  activityId: number;
  pdf: { id: number; name: string };
  text: { id: number; name: string };
}

/** The signed-in paths to one file of one activity of course `courseId`. */
function memberPaths(courseId: number, t: Target): string[] {
  const u = t.pdf.id;
  return [
    `/api/uploads/${u}`,
    `/api/uploads/${u}?preview=true`,
    `/api/uploads/${u}/blob`,
    `/api/uploads/${u}/blob?preview=true`,
    `/api/uploads/${u}/derived/document.pdf`,
    `/api/uploads/document/${u}/url`,
    `/api/uploads/reference/document/${u}/url`,
    `/api/uploads/reference/document/${u}/pdf-info-for-stat`,
    `/api/uploads/${t.text.id}/text`,
    `/api/uploads/${t.text.id}/text?preview=true`,
    `/api/uploads/${u}/preview/wps`,
    `/api/uploads/${u}/preview/private-wps`,
    `/api/uploads/org/arrears/${u}`,
    `/api/uploads/audio/${u}`,
    `/api/uploads/audio/${u}?activity_id=${t.activityId}`,
    `/api/uploads/scorm/${u}`,
    `/api/uploads/${u}/player-options?activity_id=${t.activityId}`,
    `/api/uploads/${u}/rms-preview`,
    `/api/uploads/${u}/rms-video-urls`,
    `/api/uploads/embed-material/${u}`,
    `/api/notes?course_id=${courseId}&activity_id=${t.activityId}&target_id=${u}`,
  ];
}

/** The visitor paths (spec §6, /anonymous-api) to one file of one activity. */
function visitorPaths(t: Target): string[] {
  const a = t.activityId;
  const u = t.pdf.id;
  return [
    `/anonymous-api/${a}/uploads`,
    `/anonymous-api/${a}/uploads/${u}?preview=true`,
    `/anonymous-api/${a}/uploads/audio/${u}`,
    `/anonymous-api/${a}/uploads/${t.text.id}/text`,
    `/anonymous-api/${a}/uploads/document/${u}/url`,
    `/anonymous-api/${a}/uploads/${u}/blob`,
    `/anonymous-api/${a}/uploads/${u}/player-options`,
    `/anonymous-api/${a}/uploads/scorm/${u}`,
  ];
}

let t: TestApp;
let courseId: number;
let cookies: Record<Exclude<Role, 'anonymous'>, string>;
const targets = {} as Record<Case, Target>;

beforeAll(async () => {
  t = await buildTestApp();
  const w = await t.factories.courseWorld();
  courseId = w.course.id;
  const other = await t.factories.org();
  const otherAdmin = await t.factories.user({ orgId: other.id, role: USER_ROLE.admin });
  cookies = {
    outsider: await t.factories.login(w.outsider.userName),
    otherOrgAdmin: await t.factories.login(otherAdmin.userName),
    student: await t.factories.login(w.student.userName),
    assistant: await t.factories.login(w.assistant.userName),
    instructor: await t.factories.login(w.instructor.userName),
    admin: await t.factories.login(w.admin.userName),
  };
  for (const c of CASES) {
    const pdf = await uploadFile(t, cookies.instructor, courseId, { name: `${c}-secret-handout.pdf`, bytes: await pdfBytes() });
    const text = await uploadFile(t, cookies.instructor, courseId, { name: `${c}-secret-notes.txt`, bytes: Buffer.from(`answers of ${c}\n`) });
    const files = [pdf.id, text.id];
    const activity =
      c === 'exam_only'
        ? await createActivity(t.database, { courseId, type: 'exam', canGuestPreview: true })
        : await createActivity(t.database, { courseId, uploadIds: files, isPublished: c !== 'unpublished_activity', canGuestPreview: true });
    if (c === 'exam_only') await createExamSubject(t.database, { activityId: activity.id, uploadIds: files });
    if (c === 'not_started')
      await t.database.db
        .update(activities)
        .set({ startTime: new Date(Date.now() + 86_400_000) })
        .where(eq(activities.id, activity.id));
    if (c === 'unpublished_module') await t.database.db.update(courseModules).set({ isPublished: false }).where(eq(courseModules.id, activity.moduleId));
    targets[c] = { activityId: activity.id, pdf: { id: pdf.id, name: pdf.name }, text: { id: text.id, name: text.name } };
  }
}, 120_000);
afterAll(() => t.close());

let pdfCache: Buffer | undefined;
async function pdfBytes(): Promise<Buffer> {
  return (pdfCache ??= await readFile(fixturePath('pdf/pdfjs__rotation.pdf')));
}

async function get(url: string, role: Role) {
  const res = await t.app.inject({ method: 'GET', url, headers: role === 'anonymous' ? {} : { cookie: cookies[role] } });
  let body: unknown = null;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, raw: res.body };
}

/** A refusal by the access model: 401/403/404 with a refusal code, naming no file and carrying no URL. */
function expectRefused(url: string, role: Role, target: Target, res: Awaited<ReturnType<typeof get>>) {
  const code = (res.body as { code?: string } | null)?.code;
  expect({ url, role, status: [401, 403, 404].includes(res.status), code: REFUSAL_CODES.includes(code ?? '') }).toEqual({
    url,
    role,
    status: true,
    code: true,
  });
  expect({ url, role, namesFile: res.raw.includes(target.pdf.name) || res.raw.includes(target.text.name) }).toEqual({ url, role, namesFile: false });
  expect({ url, role, url_: /"(url|preview_url|upload_url|downloadUrl|src)"\s*:\s*"/.test(res.raw) }).toEqual({ url, role, url_: false });
}

/** Not refused by the access model (the call's own rules may still answer 4xx: a PDF is not a text file, a provider is off, no audio). */
function expectNotRefused(url: string, role: Role, res: Awaited<ReturnType<typeof get>>) {
  const code = (res.body as { code?: string } | null)?.code ?? null;
  const refused = res.status === 401 || (res.status === 403 && ACCESS_REFUSALS.includes(code ?? ''));
  expect({ url, role, status: res.status, code, refused }).toEqual({ url, role, status: res.status, code, refused: false });
  if (/^\/api\/uploads\/\d+$/.test(url)) expect({ url, role, status: res.status }).toEqual({ url, role, status: 200 });
}

async function snapshot() {
  const rows = await t.database.db.execute(
    sql`select (select count(*) from activity_read_records) as reads, (select count(*) from notes) as notes, (select count(*) from uploads where deleted_at is null) as uploads, (select coalesce(max(updated_at)::text, '') from uploads) as touched`,
  );
  return JSON.stringify((rows as { rows?: unknown }).rows ?? rows);
}

describe('files of closed activities, by every path and role', () => {
  for (const c of CASES) {
    it(`${c}: learners and visitors ${c === 'open' ? 'reach' : 'are refused'} the files; the course team and org admin always reach them; nothing changes`, async () => {
      const target = targets[c];
      const before = await snapshot();
      for (const role of ROLES) {
        for (const url of memberPaths(courseId, target)) {
          const res = await get(url, role);
          const isMetadataOfExamFile = c === 'exam_only' && role === 'student' && /^\/api\/uploads\/\d+(\?preview=true)?$/.test(url);
          if (TEAM.includes(role)) expectNotRefused(url, role, res);
          else if (role === 'student' && (c === 'open' || isMetadataOfExamFile)) {
            expectNotRefused(url, role, res);
            if (isMetadataOfExamFile) expect({ url, signed: /\/api\/media\//.test(res.raw) }).toEqual({ url, signed: false });
          } else expectRefused(url, role, target, res);
        }
      }
      for (const url of visitorPaths(target)) {
        const res = await get(url, 'anonymous');
        if (c === 'open') expectNotRefused(url, 'anonymous', res);
        else if (c === 'exam_only' && url.endsWith('/uploads') && res.status === 200) {
          // The exam itself may be previewed; its list holds no file of its subjects.
          expect({ url, namesFile: res.raw.includes(target.pdf.name) || res.raw.includes(target.text.name) }).toEqual({ url, namesFile: false });
        } else expectRefused(url, 'anonymous', target, res);
      }
      expect(await snapshot()).toEqual(before);
    });
  }

  it('lists: a learner sees the open activity’s files only; the team sees all', async () => {
    const ids = (res: Awaited<ReturnType<typeof get>>) => (res.body as { uploads: { id: number }[] }).uploads.map((u) => u.id);
    const student = await get(`/api/courses/${courseId}/uploads`, 'student');
    expect(student.status).toBe(200);
    expect(ids(student).sort()).toEqual([targets.open.pdf.id, targets.open.text.id].sort());
    for (const c of CASES.filter((x) => x !== 'open')) expect(student.raw.includes(targets[c].pdf.name)).toBe(false);
    const team = await get(`/api/courses/${courseId}/uploads`, 'assistant');
    expect(ids(team)).toHaveLength(CASES.length * 2);
    const files = await get(`/api/courses/${courseId}/activity-files`, 'student');
    expect(files.status).toBe(200);
    const activityIds = new Set((files.body as { items: { activity_id: number }[] }).items.map((f) => f.activity_id));
    expect(activityIds.has(targets.unpublished_activity.activityId)).toBe(false);
    expect(activityIds.has(targets.unpublished_module.activityId)).toBe(false);
    expect(activityIds.has(targets.open.activityId)).toBe(true);
  });
});
