// What the benches fill alike: an org with a teacher and students enrolled in one course
// (straight into the tables), sessions for them, and JSON calls to the API as one of them.
import { USER_ROLE } from '@atrium/contracts';
import type { Database } from '../../apps/server/src/db/client.js';
import { randomToken, sha256Hex } from '../../apps/server/src/lib/crypto.js';
import { hashPassword } from '../../apps/server/src/modules/auth/password.js';
import { courses } from '../../apps/server/src/modules/courses/courses.table.js';
import { enrolments } from '../../apps/server/src/modules/enrolments/enrolments.table.js';
import { departments, orgs } from '../../apps/server/src/modules/orgs/orgs.table.js';
import { sessions, users } from '../../apps/server/src/modules/users/users.table.js';

/** The course a fill makes and who is in it. */
export interface FilledCourse {
  orgId: number;
  courseId: number;
  teacherId: number;
  /** The students' user ids, in order (`Student 0` first). */
  learnerIds: number[];
}

/**
 * An org (`orgCode`) with a department, the teacher `bench-teacher` (password `bench-password`)
 * and `learners` students (`Student k`, user name `s{k}` unless `userNameOf` says otherwise, user
 * number `userNoOf`, default `S{k}`), all enrolled in one course (the teacher as instructor).
 */
export async function fillCourse(
  database: Database,
  options: {
    orgCode: string;
    learners: number;
    course: { name: string; courseCode: string; learningMode?: 'free' | 'checkpoint' };
    userNameOf?: (k: number) => string;
    userNoOf?: (k: number) => string;
  },
): Promise<FilledCourse> {
  const db = database.db;
  const { userNameOf = (k) => `s${k}`, userNoOf = (k) => `S${k}` } = options;
  const [org] = await db.insert(orgs).values({ code: options.orgCode, name: 'Bench University' }).returning();
  const [dept] = await db.insert(departments).values({ orgId: org!.id, code: 'b', name: 'Bench' }).returning();
  const passwordHash = await hashPassword('bench-password');
  const [teacher] = await db
    .insert(users)
    .values({ orgId: org!.id, departmentId: dept!.id, userName: 'bench-teacher', userNo: 'T0', name: 'Teacher', role: USER_ROLE.instructor, passwordHash })
    .returning();
  const learners = await db
    .insert(users)
    .values(
      Array.from({ length: options.learners }, (_, k) => ({
        orgId: org!.id,
        userName: userNameOf(k),
        userNo: userNoOf(k),
        name: `Student ${k}`,
        role: USER_ROLE.student,
        passwordHash,
      })),
    )
    .returning({ id: users.id });
  const [course] = await db
    .insert(courses)
    .values({ orgId: org!.id, departmentId: dept!.id, academicYear: '2026-2027', semester: 'Autumn', ...options.course })
    .returning();
  await db
    .insert(enrolments)
    .values([
      { courseId: course!.id, userId: teacher!.id, role: 'instructor' as const },
      ...learners.map((l) => ({ courseId: course!.id, userId: l.id, role: 'student' as const })),
    ]);
  return { orgId: org!.id, courseId: course!.id, teacherId: teacher!.id, learnerIds: learners.map((l) => l.id) };
}

/**
 * A session of a day for each user, straight into the table (hundreds of sign-ins would measure
 * the password hash, not what a bench is after); answers their cookie tokens in the same order.
 */
export async function createSessions(database: Database, userIds: readonly number[]): Promise<string[]> {
  const expiresAt = new Date(Date.now() + 86_400_000);
  const tokens = userIds.map(() => randomToken());
  await database.db.insert(sessions).values(userIds.map((userId, i) => ({ userId, tokenHash: sha256Hex(tokens[i]!), expiresAt })));
  return tokens;
}

/** A JSON call to the API as the user `token` belongs to; answers the body as `T` (unchecked). */
export type ApiCall = <T = Record<string, unknown> & { id: number }>(method: string, url: string, body?: unknown) => Promise<T>;

/** An ApiCall against the server at `base` (`http://127.0.0.1:port`); throws on anything but 2xx, naming the call and the answer. */
export const apiCaller =
  (base: string, token: string): ApiCall =>
  async <T>(method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { cookie: `atrium_session=${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
