import type { FastifyInstance } from 'fastify';
import { USER_ROLE, type CourseRole } from '@atrium/contracts';
import { hashPassword } from '../../src/modules/auth/password.js';
import { insertCourse, type CourseRow } from '../../src/modules/courses/courses.repository.js';
import { insertEnrolment } from '../../src/modules/enrolments/enrolments.repository.js';
import { departments, orgs } from '../../src/modules/orgs/orgs.table.js';
import { insertUser, type UserRow } from '../../src/modules/users/users.repository.js';

/** Password of every factory user. */
export const TEST_PASSWORD = 'correct horse battery staple';

let passwordHash: Promise<string> | undefined;
let sequence = 0;

/** Test data builders on the app's real database (STYLE.md: factories in tests, as Outline does). */
export function createFactories(app: FastifyInstance) {
  const db = app.deps.db;
  const next = () => ++sequence;

  async function org(name = `Org ${next()}`) {
    const [row] = await db
      .insert(orgs)
      .values({ code: `org-${next()}`, name })
      .returning();
    const [dept] = await db
      .insert(departments)
      .values({ orgId: row!.id, code: `d-${next()}`, name: 'Department of Tests' })
      .returning();
    return { ...row!, departmentId: dept!.id };
  }

  async function user(options: { orgId: number; role?: number; userName?: string; name?: string; departmentId?: number | null }): Promise<UserRow> {
    const n = next();
    return insertUser(db, {
      orgId: options.orgId,
      departmentId: options.departmentId ?? null,
      userName: options.userName ?? `user${n}`,
      userNo: `U${n}`,
      name: options.name ?? `User ${n}`,
      role: options.role ?? USER_ROLE.student,
      passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
    });
  }

  async function course(options: {
    orgId: number;
    instructorId?: number;
    accessCode?: string | null;
    isPublished?: boolean;
    isAccessCodeResettable?: boolean;
    name?: string;
  }): Promise<CourseRow> {
    const n = next();
    const row = await insertCourse(db, {
      orgId: options.orgId,
      name: options.name ?? `Course ${n}`,
      courseCode: `C${n}`,
      accessCode: options.accessCode ?? null,
      isPublished: options.isPublished ?? true,
      isAccessCodeResettable: options.isAccessCodeResettable ?? true,
      academicYear: '2026-2027',
      semester: 'Autumn',
    });
    if (options.instructorId) await insertEnrolment(db, row.id, options.instructorId, 'instructor');
    return row;
  }

  async function enrol(courseId: number, userId: number, role: CourseRole): Promise<void> {
    await insertEnrolment(db, courseId, userId, role);
  }

  /** Signs `userName` in through POST /api/login and answers the Cookie header to send. */
  async function login(userName: string, password = TEST_PASSWORD): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { user_name: userName, password } });
    if (res.statusCode !== 200) throw new Error(`login ${userName} failed: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === 'atrium_session');
    if (!cookie) throw new Error('no session cookie');
    return `atrium_session=${cookie.value}`;
  }

  /**
   * A typical course world: an org with an instructor (signed in), an assistant, an
   * enrolled student, a student outside the course, an admin, and one course.
   */
  async function courseWorld() {
    const o = await org();
    const instructor = await user({ orgId: o.id, role: USER_ROLE.instructor });
    const assistant = await user({ orgId: o.id, role: USER_ROLE.instructor });
    const student = await user({ orgId: o.id, role: USER_ROLE.student });
    const outsider = await user({ orgId: o.id, role: USER_ROLE.student });
    const admin = await user({ orgId: o.id, role: USER_ROLE.admin });
    const c = await course({ orgId: o.id, instructorId: instructor.id });
    await enrol(c.id, assistant.id, 'instructor_assistant');
    await enrol(c.id, student.id, 'student');
    return { org: o, instructor, assistant, student, outsider, admin, course: c };
  }

  return { org, user, course, enrol, login, courseWorld };
}

export type Factories = ReturnType<typeof createFactories>;
