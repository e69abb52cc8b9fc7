import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { CourseRole } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { activities, courseModules } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { courseGroupMembers } from '../enrolments/course-groups.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { examAttempts } from '../exams/exams.table.js';
import { homeworkSubmissions } from '../homework/homework.table.js';
import { courseUserStates } from '../progress/progress.table.js';

/**
 * The home page's own reads (issue 19 §5, decision 0133): each one statement over the user's
 * enrolments, so the page costs the same however many courses the user is in. The calendar,
 * notifications and bulletins parts are read through those modules' services and repositories.
 */

export interface DeadlineRow {
  activityId: number;
  type: 'exam' | 'homework';
  title: string;
  courseId: number;
  courseName: string;
  courseDisplayName: string | null;
  startTime: Date | null;
  endTime: Date;
}

/**
 * Exams and homework ending in [from, to] that `userId` must meet: activities of live courses of
 * organisation `orgId` where the user is enrolled as a student, published in a published module,
 * not deleted; without those the user already handed in (an exam attempt submitted or graded; a
 * homework submission of theirs, or of a group of theirs, submitted). Soonest first. One SELECT.
 */
export async function listLearnerDeadlines(db: Db, orgId: number, userId: number, from: Date, to: Date, limit: number): Promise<DeadlineRow[]> {
  const isStudent = sql`exists (select 1 from ${enrolments} where ${enrolments.courseId} = ${activities.courseId} and ${enrolments.userId} = ${userId} and ${enrolments.role} = 'student')`;
  const examDone = sql`exists (select 1 from ${examAttempts} where ${examAttempts.activityId} = ${activities.id} and ${examAttempts.userId} = ${userId} and ${examAttempts.status} in ('submitted', 'graded'))`;
  const homeworkDone = sql`exists (select 1 from ${homeworkSubmissions} where ${homeworkSubmissions.activityId} = ${activities.id} and ${homeworkSubmissions.status} = 'submitted' and (${homeworkSubmissions.userId} = ${userId} or ${homeworkSubmissions.groupId} in (select ${courseGroupMembers.groupId} from ${courseGroupMembers} where ${courseGroupMembers.userId} = ${userId})))`;
  const rows = await db
    .select({
      activityId: activities.id,
      type: activities.type,
      title: activities.title,
      courseId: courses.id,
      courseName: courses.name,
      courseDisplayName: courses.displayName,
      startTime: activities.startTime,
      endTime: activities.endTime,
    })
    .from(activities)
    .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
    .innerJoin(courses, eq(courses.id, activities.courseId))
    .where(
      and(
        inArray(activities.type, ['exam', 'homework']),
        eq(activities.isPublished, true),
        isNull(activities.deletedAt),
        eq(courseModules.isPublished, true),
        eq(courses.orgId, orgId),
        isNull(courses.deletedAt),
        gte(activities.endTime, from),
        lte(activities.endTime, to),
        isStudent,
        sql`not (case when ${activities.type} = 'exam' then ${examDone} else ${homeworkDone} end)`,
      ),
    )
    .orderBy(asc(activities.endTime), asc(activities.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, type: r.type as 'exam' | 'homework', endTime: r.endTime! }));
}

export interface RecentCourseRow {
  id: number;
  name: string;
  displayName: string | null;
  courseCode: string;
  courseType: number;
  roles: CourseRole[];
  studyCompleteness: number | null;
  lastActivityId: number | null;
  lastActivityTitle: string | null;
  lastUpdateCompletenessTime: Date | null;
}

/**
 * The live courses of organisation `orgId` `userId` is enrolled in, the one they studied last first
 * (their completeness stamp), then the newest; with their roles and their study state. One SELECT.
 */
export async function listRecentCourses(db: Db, orgId: number, userId: number, limit: number): Promise<RecentCourseRow[]> {
  const rows = await db
    .select({
      id: courses.id,
      name: courses.name,
      displayName: courses.displayName,
      courseCode: courses.courseCode,
      courseType: courses.courseType,
      roles: sql<CourseRole[]>`array_agg(${enrolments.role} order by ${enrolments.role})`,
      studyCompleteness: courseUserStates.studyCompleteness,
      lastActivityId: courseUserStates.lastActivityId,
      lastActivityTitle: courseUserStates.lastActivityTitle,
      lastUpdateCompletenessTime: courseUserStates.lastUpdateCompletenessTime,
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .leftJoin(courseUserStates, and(eq(courseUserStates.courseId, courses.id), eq(courseUserStates.userId, userId)))
    .where(and(eq(enrolments.userId, userId), eq(courses.orgId, orgId), isNull(courses.deletedAt)))
    .groupBy(courses.id, courseUserStates.id)
    .orderBy(sql`${courseUserStates.lastUpdateCompletenessTime} desc nulls last`, desc(courses.createdAt), desc(courses.id))
    .limit(limit);
  return rows;
}
