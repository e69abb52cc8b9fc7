import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { GRADED_ACTIVITY_TYPES, type GRADE_ITEM_TYPES } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { activities, courseModules } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { users } from '../users/users.table.js';
import { certificateRules, certificates, gradeCategories, gradeItems, grades } from './gradebook.table.js';

/** The gradebook's tables (issue 16 §3–4): items, categories, grades, certificate rules and certificates. */

export type GradeCategoryRow = typeof gradeCategories.$inferSelect;
export type GradeRow = typeof grades.$inferSelect;
export type CertificateRuleRow = typeof certificateRules.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;

/** When an activity's scores were published in the gradebook, or null. One SELECT. */
export async function findGradeItemPublishedAt(db: Db, activityId: number): Promise<Date | null> {
  const [row] = await db.select({ at: gradeItems.publishedAt }).from(gradeItems).where(eq(gradeItems.activityId, activityId));
  return row?.at ?? null;
}

/** A graded activity of a course with its gradebook settings (defaults when it has no grade_items row). */
export interface GradeItemRow {
  activityId: number;
  title: string;
  type: (typeof GRADE_ITEM_TYPES)[number];
  data: Record<string, unknown>;
  categoryId: number | null;
  weight: number;
  maxScore: number | null;
  publishedAt: Date | null;
}

/**
 * The course's live graded activities (exams, homework, SCORM, and forums graded on participation:
 * `data.grading.type` = participation) in content order, with their settings. One SELECT.
 */
export async function listGradeItems(db: Db, courseId: number, onlyActivityId?: number): Promise<GradeItemRow[]> {
  const rows = await db
    .select({
      activityId: activities.id,
      title: activities.title,
      type: activities.type,
      data: activities.data,
      categoryId: gradeItems.categoryId,
      weight: sql<number>`coalesce(${gradeItems.weight}, 1)`,
      maxScore: gradeItems.maxScore,
      publishedAt: gradeItems.publishedAt,
    })
    .from(activities)
    .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
    .leftJoin(gradeItems, eq(gradeItems.activityId, activities.id))
    .where(
      and(
        eq(activities.courseId, courseId),
        isNull(activities.deletedAt),
        or(
          inArray(activities.type, [...GRADED_ACTIVITY_TYPES]),
          and(eq(activities.type, 'forum'), sql`${activities.data}->'grading'->>'type' = 'participation'`),
        ),
        onlyActivityId === undefined ? undefined : eq(activities.id, onlyActivityId),
      ),
    )
    .orderBy(asc(courseModules.sort), asc(courseModules.id), asc(activities.sort), asc(activities.id));
  return rows.map((r) => ({ ...r, type: r.type as GradeItemRow['type'], data: (r.data ?? {}) as Record<string, unknown>, weight: Number(r.weight) }));
}

/** Writes an item's settings (creating its row). One INSERT … ON CONFLICT DO UPDATE. */
export async function upsertGradeItem(
  db: Db,
  activityId: number,
  courseId: number,
  set: { categoryId?: number | null; weight?: number; maxScore?: number; publishedAt?: Date | null },
): Promise<void> {
  const values = { activityId, courseId, ...set, updatedAt: new Date() };
  await db
    .insert(gradeItems)
    .values(values)
    .onConflictDoUpdate({ target: gradeItems.activityId, set: { ...set, updatedAt: new Date() } });
}

/** Writes (or replaces) learners' scores on one activity. One INSERT … ON CONFLICT DO UPDATE. */
export async function upsertGrades(db: Db, rows: readonly (typeof grades.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(grades)
    .values(rows.map((r) => ({ ...r, updatedAt: new Date() })))
    .onConflictDoUpdate({
      target: [grades.activityId, grades.userId],
      set: { score: sql`excluded.score`, maxScore: sql`excluded.max_score`, source: sql`excluded.source`, updatedAt: new Date() },
    });
}

/** The course's grades (of `userId` only, when given). One SELECT. */
export async function listCourseGrades(db: Db, courseId: number, userId?: number): Promise<GradeRow[]> {
  return db
    .select()
    .from(grades)
    .where(and(eq(grades.courseId, courseId), userId === undefined ? undefined : eq(grades.userId, userId)));
}

/** Learners with a score on one activity. One SELECT. */
export async function listGradedUserIds(db: Db, activityId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: grades.userId })
    .from(grades)
    .where(and(eq(grades.activityId, activityId), sql`${grades.score} is not null`));
  return rows.map((r) => r.userId);
}

/** The course's students by name (`userId` only, when given): id, name, number. One SELECT. */
export async function listCourseStudents(db: Db, courseId: number, userId?: number): Promise<{ id: number; name: string; userNo: string }[]> {
  return db
    .selectDistinct({ id: users.id, name: users.name, userNo: users.userNo })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(and(eq(enrolments.courseId, courseId), eq(enrolments.role, 'student'), userId === undefined ? undefined : eq(enrolments.userId, userId)))
    .orderBy(asc(users.name), asc(users.id));
}

/** The course's gradebook categories in order. One SELECT. */
export async function listGradeCategories(db: Db, courseId: number): Promise<GradeCategoryRow[]> {
  return db.select().from(gradeCategories).where(eq(gradeCategories.courseId, courseId)).orderBy(asc(gradeCategories.sort), asc(gradeCategories.id));
}

export async function findGradeCategory(db: Db, id: number): Promise<GradeCategoryRow | undefined> {
  const [row] = await db.select().from(gradeCategories).where(eq(gradeCategories.id, id));
  return row;
}

/** Adds a category at the end. Two statements. */
export async function insertGradeCategory(db: Db, courseId: number, name: string, weight: number): Promise<GradeCategoryRow> {
  const [last] = await db
    .select({ sort: sql<number>`coalesce(max(${gradeCategories.sort}), -1)` })
    .from(gradeCategories)
    .where(eq(gradeCategories.courseId, courseId));
  const [row] = await db
    .insert(gradeCategories)
    .values({ courseId, name, weight, sort: Number(last?.sort ?? -1) + 1 })
    .returning();
  return row!;
}

export async function updateGradeCategory(db: Db, id: number, set: { name: string; weight: number }): Promise<GradeCategoryRow> {
  const [row] = await db.update(gradeCategories).set(set).where(eq(gradeCategories.id, id)).returning();
  return row!;
}

/** Deletes a category; its items fall back to no category (ON DELETE SET NULL). */
export async function deleteGradeCategory(db: Db, id: number): Promise<void> {
  await db.delete(gradeCategories).where(eq(gradeCategories.id, id));
}

/** A course's certificate rule, or undefined. One SELECT. */
export async function findCertificateRule(db: Db, courseId: number): Promise<CertificateRuleRow | undefined> {
  const [row] = await db.select().from(certificateRules).where(eq(certificateRules.courseId, courseId));
  return row;
}

export async function upsertCertificateRule(db: Db, values: typeof certificateRules.$inferInsert): Promise<CertificateRuleRow> {
  const [row] = await db
    .insert(certificateRules)
    .values(values)
    .onConflictDoUpdate({
      target: certificateRules.courseId,
      set: { enabled: values.enabled, passTotal: values.passTotal, requiredActivityIds: values.requiredActivityIds, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

/** Issues a certificate unless the learner already holds one for the course (then answers undefined). One INSERT. */
export async function insertCertificate(
  db: Db,
  values: { courseId: number; userId: number; code: string; total: number; issuedAt?: Date },
): Promise<CertificateRow | undefined> {
  const [row] = await db.insert(certificates).values(values).onConflictDoNothing().returning();
  return row;
}

/** A certificate with its course's title and its learner's name. */
export type CertificateWithNames = CertificateRow & { courseTitle: string; userName: string };

/** Certificates of a user (all courses) and/or of a course, newest first, with names; or the one with `id` / `code`. One SELECT. */
export async function listCertificates(db: Db, where: { userId?: number; courseId?: number; id?: number; code?: string }): Promise<CertificateWithNames[]> {
  const rows = await db
    .select({ c: certificates, courseTitle: courses.name, userName: users.name })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(
      and(
        where.userId === undefined ? undefined : eq(certificates.userId, where.userId),
        where.courseId === undefined ? undefined : eq(certificates.courseId, where.courseId),
        where.id === undefined ? undefined : eq(certificates.id, where.id),
        where.code === undefined ? undefined : eq(certificates.code, where.code),
      ),
    )
    .orderBy(sql`${certificates.issuedAt} desc`, sql`${certificates.id} desc`);
  return rows.map((r) => ({ ...r.c, courseTitle: r.courseTitle, userName: r.userName }));
}
