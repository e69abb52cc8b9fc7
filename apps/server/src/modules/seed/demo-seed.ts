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
import { courseUserStates } from '../progress/progress.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { createUpload, receiveContent } from '../uploads/uploads.service.js';
import { users } from '../users/users.table.js';

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
    members: [['assistant', 'instructor_assistant'], ['student2', 'student'], ['student3', 'student']] as [string, CourseRole][],
    pdf: true,
  },
  {
    courseCode: 'MATH201',
    name: 'Linear Algebra',
    accessCode: null,
    members: [['student4', 'student'], ['student5', 'student']] as [string, CourseRole][],
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

/** Study progress of demo students (spec §3 Study completeness): student2 has begun CS101, student3 has finished it. */
const DEMO_PROGRESS = [
  { userName: 'student2', courseCode: 'CS101', studyCompleteness: 35, lastActivityTitle: 'Reading: pdfjs__tracemonkey.pdf' },
  { userName: 'student3', courseCode: 'CS101', studyCompleteness: 100, lastActivityTitle: 'Reading: pdfjs__tracemonkey.pdf' },
];

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
        passwordHash,
      })
      .onConflictDoNothing({ target: users.userName });
  }
  const userRows = await db.select().from(users).where(eq(users.orgId, org.id));
  const userByName = new Map(userRows.map((u) => [u.userName, u]));
  const instructor = userByName.get('instructor');
  if (!instructor) throw new Error('demo instructor missing');

  for (const c of DEMO_COURSES) {
    let [course] = await db.select().from(courses).where(and(eq(courses.orgId, org.id), eq(courses.courseCode, c.courseCode)));
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
    if (c.pdf) await seedPdf(deps, { id: instructor.id, orgId: org.id, role: instructor.role, name: instructor.name, departmentId: instructor.departmentId }, course.id);
  }

  for (const p of DEMO_PROGRESS) {
    const [course] = await db.select().from(courses).where(and(eq(courses.orgId, org.id), eq(courses.courseCode, p.courseCode)));
    const user = userByName.get(p.userName);
    if (!course || !user) continue;
    await db
      .insert(courseUserStates)
      .values({ courseId: course.id, userId: user.id, studyCompleteness: p.studyCompleteness, lastActivityTitle: p.lastActivityTitle, lastUpdateCompletenessTime: new Date() })
      .onConflictDoNothing({ target: [courseUserStates.courseId, courseUserStates.userId] });
  }
}

async function seedPdf(deps: AppDeps, actor: Actor, courseId: number): Promise<void> {
  const file = path.join(deps.config.seedFilesDir, DEMO_PDF);
  const name = path.basename(file);
  const [already] = await deps.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.parentType, 'course'), eq(uploads.parentId, courseId), eq(uploads.name, name)));
  if (already) return;
  if (!existsSync(file)) {
    deps.log.warn({ file }, 'demo PDF not found; set ATRIUM_SEED_FILES_DIR to the fixtures folder to seed it');
    return;
  }
  const upload = await createUpload(deps, actor, { name, size: statSync(file).size, parent_type: 'course', parent_id: courseId });
  await receiveContent(deps, actor, upload.id, createReadStream(file));
}
