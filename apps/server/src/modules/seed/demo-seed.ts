import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { USER_ROLE, type CourseRole } from '@atrium/contracts';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { hashPassword } from '../auth/password.js';
import { courses } from '../courses/courses.table.js';
import { insertEnrolment } from '../enrolments/enrolments.repository.js';
import { departments, orgs } from '../orgs/orgs.table.js';
import { findState } from '../progress/progress.repository.js';
import { emit } from '../events/events.service.js';
import { activities, activityReadRecords, activityUploads, courseModules } from '../activities/activities.table.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import { uploads } from '../uploads/uploads.table.js';
import { createUpload, receiveContent } from '../uploads/uploads.service.js';
import { users } from '../users/users.table.js';
import { seedMediaCourse } from './media-seed.js';

/** Password of every demo account (README warns to change it). */
export const DEMO_PASSWORD = 'atrium-demo';

/** The fixture PDF seeded into the first demo course (../shared/fixtures, Apache-2.0, from pdf.js). */
export const DEMO_PDF = 'pdf/pdfjs__tracemonkey.pdf';

const DEMO_ORG = { code: 'atrium-demo', name: 'Atrium Demo University' };
const DEMO_DEPARTMENTS = [
  { code: 'cs', name: 'Computer Science' },
  { code: 'math', name: 'Mathematics' },
  { code: 'lang', name: 'Languages' },
];
const DEMO_USERS = [
  { userName: 'admin', name: 'Ada Admin', role: USER_ROLE.admin, dept: 'cs' },
  { userName: 'instructor', name: 'Ivan Instructor', role: USER_ROLE.instructor, dept: 'cs' },
  { userName: 'assistant', name: 'Asha Assistant', role: USER_ROLE.instructor, dept: 'cs' },
  ...[1, 2, 3, 4, 5].map((n) => ({ userName: `student${n}`, name: `Student ${n}`, role: USER_ROLE.student, dept: 'cs' })),
];
const DEMO_COURSES = [
  {
    courseCode: 'CS101',
    name: 'Introduction to Programming Languages',
    accessCode: 'ATRIUM01',
    members: [
      ['assistant', 'instructor_assistant'],
      ['student2', 'student'],
      ['student3', 'student'],
    ] as [string, CourseRole][],
    pdf: true,
  },
  {
    courseCode: 'MATH201',
    name: 'Linear Algebra',
    accessCode: null,
    members: [
      ['student4', 'student'],
      ['student5', 'student'],
    ] as [string, CourseRole][],
    pdf: false,
  },
  {
    // A draft: unpublished until the instructor publishes it (issue 3 publish journey).
    courseCode: 'PHYS150',
    name: 'Classical Mechanics',
    accessCode: null,
    members: [] as [string, CourseRole][],
    pdf: false,
    isPublished: false,
  },
];

/** The fixture video seeded into the first demo course (../shared/fixtures, MIT, from python-pptx; 7 s). */
export const DEMO_VIDEO = 'video/pythonpptx__just-two-mice.mp4';

/**
 * Study progress of demo students (spec §3 Study completeness), as real read
 * records: student2 has read the welcome page of CS101; student3 has finished
 * CS101 (page, every PDF page, the video). Completeness is then computed.
 */
const DEMO_READS = [
  { userName: 'student2', courseCode: 'CS101', activities: ['Welcome'] },
  { userName: 'student3', courseCode: 'CS101', activities: ['Welcome', 'Reading: the TraceMonkey paper', 'Video: two mice'] },
];

/** Pages of the demo PDF (pdfinfo; recorded before processing has counted them). */
const DEMO_PDF_PAGES = 14;

/**
 * Seeds the demo organisation, accounts and courses (issue 2 §6). Idempotent:
 * each piece is looked up by its natural key first, so a second run changes nothing.
 * The PDF goes in through the upload service, as an instructor's upload would.
 */
export async function seedDemoData(deps: AppDeps): Promise<void> {
  const { db } = deps;
  await db.insert(orgs).values(DEMO_ORG).onConflictDoNothing({ target: orgs.code });
  const [org] = await db.select().from(orgs).where(eq(orgs.code, DEMO_ORG.code));
  if (!org) throw new Error('demo organisation missing after insert');

  await db
    .insert(departments)
    .values(DEMO_DEPARTMENTS.map((d) => ({ ...d, orgId: org.id })))
    .onConflictDoNothing({ target: [departments.orgId, departments.code] });
  const deptRows = await db.select().from(departments).where(eq(departments.orgId, org.id));
  const deptId = (code: string) => deptRows.find((d) => d.code === code)?.id ?? null;

  const existing = new Set((await db.select({ userName: users.userName }).from(users)).map((u) => u.userName));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const [i, u] of DEMO_USERS.entries()) {
    if (existing.has(u.userName)) continue;
    await db
      .insert(users)
      .values({
        orgId: org.id,
        departmentId: deptId(u.dept),
        userName: u.userName,
        userNo: `D${String(i + 1).padStart(5, '0')}`,
        name: u.name,
        role: u.role,
        email: `${u.userName}@demo.atrium.invalid`,
        // Seeded addresses cannot receive mail: count them verified, so the welcome verification popup (decision 0102) does not stand in front of every demo sign-in.
        emailVerifiedAt: new Date(),
        passwordHash,
      })
      .onConflictDoNothing({ target: users.userName });
  }
  const userRows = await db.select().from(users).where(eq(users.orgId, org.id));
  const userByName = new Map(userRows.map((u) => [u.userName, u]));
  const instructor = userByName.get('instructor');
  if (!instructor) throw new Error('demo instructor missing');

  for (const c of DEMO_COURSES) {
    let [course] = await db
      .select()
      .from(courses)
      .where(and(eq(courses.orgId, org.id), eq(courses.courseCode, c.courseCode)));
    if (!course) {
      [course] = await db
        .insert(courses)
        .values({
          orgId: org.id,
          departmentId: deptId('cs'),
          name: c.name,
          courseCode: c.courseCode,
          academicYear: '2026-2027',
          semester: 'Autumn',
          accessCode: c.accessCode,
          isPublished: c.isPublished ?? true,
          createdById: instructor.id,
        })
        .returning();
    }
    if (!course) throw new Error(`demo course ${c.courseCode} missing`);
    await insertEnrolment(db, course.id, instructor.id, 'instructor');
    for (const [userName, role] of c.members) {
      const member = userByName.get(userName);
      if (member) await insertEnrolment(db, course.id, member.id, role);
    }
  }

  for (const c of DEMO_COURSES) {
    const [course] = await db
      .select()
      .from(courses)
      .where(and(eq(courses.orgId, org.id), eq(courses.courseCode, c.courseCode)));
    if (course)
      await seedContent(
        deps,
        { id: instructor.id, orgId: org.id, role: instructor.role, name: instructor.name, departmentId: instructor.departmentId },
        course.id,
        c.pdf,
      );
  }

  await seedMediaCourse(deps, org.id, deptId('cs'), userByName);

  for (const p of DEMO_READS) {
    const [course] = await db
      .select()
      .from(courses)
      .where(and(eq(courses.orgId, org.id), eq(courses.courseCode, p.courseCode)));
    const user = userByName.get(p.userName);
    if (!course || !user) continue;
    if (await findState(db, course.id, user.id)) continue;
    let lastRead: { activityId: number; uploadId: number } | undefined;
    for (const title of p.activities) {
      const [activity] = await db
        .select()
        .from(activities)
        .where(and(eq(activities.courseId, course.id), eq(activities.title, title)));
      if (!activity) continue;
      const files = await db.select({ uploadId: activityUploads.uploadId }).from(activityUploads).where(eq(activityUploads.activityId, activity.id));
      const uploadIds = files.length > 0 ? files.map((f) => f.uploadId) : [0];
      for (const uploadId of uploadIds) {
        const pages = activity.type === 'material' ? Array.from({ length: DEMO_PDF_PAGES }, (_, i) => i + 1) : [];
        await db.insert(activityReadRecords).values({ activityId: activity.id, userId: user.id, uploadId, viewedPages: pages }).onConflictDoNothing();
        lastRead = { activityId: activity.id, uploadId };
      }
    }
    // Its handler stores the learner's study completeness (decision 0081).
    if (lastRead) {
      await emit(deps, deps.database.db, {
        type: 'activity.read',
        payload: { course_id: course.id, activity_id: lastRead.activityId, user_id: user.id, upload_id: lastRead.uploadId },
      });
    }
  }
}

/**
 * A published module "Getting started" with a welcome page; with `withFiles`
 * also the demo PDF as a material and the demo video (both through the upload
 * service, processed in the background). Looked up by title first: idempotent.
 */
async function seedContent(deps: AppDeps, actor: Actor, courseId: number, withFiles: boolean): Promise<void> {
  const { db } = deps;
  let [module] = await db
    .select()
    .from(courseModules)
    .where(and(eq(courseModules.courseId, courseId), eq(courseModules.title, 'Getting started')));
  if (!module) {
    [module] = await db
      .insert(courseModules)
      .values({
        courseId,
        title: 'Getting started',
        summary: sanitizeRichText('<p>Start here: read the welcome page, then the material.</p>'),
        sort: 0,
        isPublished: true,
      })
      .returning();
  }
  if (!module) throw new Error('demo module missing');
  const moduleId = module.id;
  const existing = new Set((await db.select({ title: activities.title }).from(activities).where(eq(activities.moduleId, moduleId))).map((a) => a.title));
  const add = async (sort: number, values: Omit<typeof activities.$inferInsert, 'courseId' | 'moduleId' | 'sort'>, uploadId?: number) => {
    if (existing.has(values.title)) return;
    const [row] = await db
      .insert(activities)
      .values({ courseId, moduleId, sort, isPublished: true, createdById: actor.id, ...values })
      .returning({ id: activities.id });
    if (uploadId && row) await db.insert(activityUploads).values({ activityId: row.id, uploadId, sort: 0 });
  };
  await add(0, {
    type: 'page',
    title: 'Welcome',
    description: null,
    data: {
      content: sanitizeRichText(
        '<h2>Welcome</h2><p>This course has a <strong>reading</strong> and a short <em>video</em>. Formulas look like <span data-latex="e^{i\\pi}+1=0">e^{iπ}+1=0</span>.</p>',
      ),
    },
  });
  if (!withFiles) return;
  const pdf = await seedUpload(deps, actor, courseId, DEMO_PDF);
  if (pdf) await add(1, { type: 'material', title: 'Reading: the TraceMonkey paper', data: {} }, pdf);
  const video = await seedUpload(deps, actor, courseId, DEMO_VIDEO);
  if (video) await add(2, { type: 'online_video', title: 'Video: two mice', data: {} }, video);
}

/** A fixture file uploaded to the course through the upload service (as an instructor's upload); answers its id, or null when the file is missing. */
async function seedUpload(deps: AppDeps, actor: Actor, courseId: number, relative: string): Promise<number | null> {
  const file = path.join(deps.config.seedFilesDir, relative);
  const name = path.basename(file);
  const [already] = await deps.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.parentType, 'course'), eq(uploads.parentId, courseId), eq(uploads.name, name)));
  if (already) return already.id;
  if (!existsSync(file)) {
    deps.log.warn({ file }, 'demo file not found; set ATRIUM_SEED_FILES_DIR or ATRIUM_FIXTURES to the fixtures folder to seed it');
    return null;
  }
  const upload = await createUpload(deps, actor, { name, size: statSync(file).size, parent_type: 'course', parent_id: courseId });
  await receiveContent(deps, actor, upload.id, createReadStream(file));
  return upload.id;
}
