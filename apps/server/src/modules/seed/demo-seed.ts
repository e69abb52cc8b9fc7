import { and, eq } from 'drizzle-orm';
import { PLAN_FEATURES, USER_ROLE, type CourseRole, type PlanFeature } from '@atrium/contracts';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { hashPassword } from '../auth/password.js';
import { courses } from '../courses/courses.table.js';
import { insertEnrolment } from '../enrolments/enrolments.repository.js';
import { departments, orgs } from '../orgs/orgs.table.js';
import { orgPlans } from '../orgs/plans.table.js';
import { findState } from '../progress/progress.repository.js';
import { emit } from '../events/events.service.js';
import { activities, activityReadRecords, activityUploads, courseModules } from '../activities/activities.table.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import { users } from '../users/users.table.js';
import { seedFileSet, type SeedFileSet } from './demo-files.js';
import { seedFile, seedMediaCourse } from './media-seed.js';

/** Password of every demo account (README warns to change it). */
export const DEMO_PASSWORD = 'atrium-demo';

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
  // The platform operator (wg admin): decides organisations' plan requests at /wg-admin/request (issue 24 item 3).
  { userName: 'operator', name: 'Oona Operator', role: USER_ROLE.wgAdmin, dept: 'cs' },
];
/** The demo organisation's plan (issue 24 item 3): every feature, 500 seats, 200 GiB, a year from the first start. */
const DEMO_PLAN_DAYS = 365;
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

/**
 * Study progress of demo students (spec §3 Study completeness), as real read
 * records: student2 has read the welcome page of CS101; student3 has finished
 * CS101 (page, every PDF page, the video). Completeness is then computed.
 */
const demoReads = (set: SeedFileSet) => [
  { userName: 'student2', courseCode: 'CS101', activities: ['Welcome'] },
  { userName: 'student3', courseCode: 'CS101', activities: ['Welcome', set.reading.title, set.video.title] },
];

/** What one seed run did: the demo accounts it created (none on later starts). */
export interface SeedResult {
  createdAccounts: string[];
}

/**
 * The lines `main` prints after a seed that created the demo accounts (issue 20 §11): where to sign in and as whom.
 * `publicUrl` is the address users reach (config.publicUrl, no trailing slash).
 */
export function signInLines(publicUrl: string): string[] {
  return [
    `Sign in at ${publicUrl}/login as "admin" (organisation administrator) with the password "${DEMO_PASSWORD}".`,
    `Other demo accounts, same password: "instructor", "assistant", "student1" … "student5", and the platform operator "operator" (README, "Demo accounts"); change the passwords before others can reach this server.`,
  ];
}

/**
 * Seeds the demo organisation, accounts and courses (issue 2 §6). Idempotent:
 * each piece is looked up by its natural key first, so a second run changes nothing.
 * The files go in through the upload service, as an instructor's upload would;
 * they are the demo files the repository ships unless ATRIUM_SEED_FILES_DIR
 * names the shared fixtures (demo-files.ts). Answers the accounts it created.
 */
export async function seedDemoData(deps: AppDeps): Promise<SeedResult> {
  const { db } = deps;
  const set = seedFileSet(deps.config.seedFilesDir);
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
  const createdAccounts: string[] = [];
  for (const [i, u] of DEMO_USERS.entries()) {
    if (existing.has(u.userName)) continue;
    const created = await db
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
      .onConflictDoNothing({ target: users.userName })
      .returning({ userName: users.userName });
    createdAccounts.push(...created.map((row) => row.userName));
  }
  const planEnds = new Date(Date.now() + DEMO_PLAN_DAYS * 86_400_000);
  await db
    .insert(orgPlans)
    .values({
      orgId: org.id,
      name: 'Campus',
      seats: 500,
      storageBytes: 200 * 1024 ** 3,
      features: Object.fromEntries(PLAN_FEATURES.map((f) => [f, true])) as Record<PlanFeature, boolean>,
      expiresAt: planEnds,
      storageExpiresAt: planEnds,
    })
    .onConflictDoNothing({ target: orgPlans.orgId });
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
        c.pdf ? set : null,
      );
  }

  await seedMediaCourse(deps, org.id, deptId('cs'), userByName, set);

  for (const p of demoReads(set)) {
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
        const pages = activity.type === 'material' ? Array.from({ length: set.reading.pages }, (_, i) => i + 1) : [];
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
  return { createdAccounts };
}

/**
 * A published module "Getting started" with a welcome page; with a file set
 * also its reading PDF as a material and its video (both through the upload
 * service, processed in the background). Looked up by title first: idempotent.
 */
async function seedContent(deps: AppDeps, actor: Actor, courseId: number, files: SeedFileSet | null): Promise<void> {
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
  if (!files) return;
  const pdf = await seedFile(deps, actor, courseId, files.dir, files.reading.file, false);
  if (pdf) await add(1, { type: 'material', title: files.reading.title, data: {} }, pdf);
  const video = await seedFile(deps, actor, courseId, files.dir, files.video.file, false);
  if (video) await add(2, { type: 'online_video', title: files.video.title, data: {} }, video);
}
