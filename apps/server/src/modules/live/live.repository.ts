import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { MEETING_ACTIVITY_TYPES } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { activities, courseModules } from '../activities/activities.table.js';
import { courses } from '../courses/courses.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { users } from '../users/users.table.js';
import { liveAttendance } from './live.table.js';

export type LiveAttendanceRow = typeof liveAttendance.$inferSelect;

/** A meeting or live activity with what the live pages need (its data, its module's publication). */
export interface MeetingActivityRow {
  id: number;
  courseId: number;
  moduleId: number;
  type: (typeof MEETING_ACTIVITY_TYPES)[number];
  title: string;
  isPublished: boolean;
  isModulePublished: boolean;
  startTime: Date | null;
  endTime: Date | null;
  data: Record<string, unknown>;
}

const MEETING_COLUMNS = {
  id: activities.id,
  courseId: activities.courseId,
  moduleId: activities.moduleId,
  type: activities.type,
  title: activities.title,
  isPublished: activities.isPublished,
  isModulePublished: courseModules.isPublished,
  startTime: activities.startTime,
  endTime: activities.endTime,
  data: activities.data,
};

const isMeeting = inArray(activities.type, [...MEETING_ACTIVITY_TYPES]);

/** The live (not deleted) meeting and live activities of a course, by id. One SELECT (activities join modules). */
export async function listMeetingActivities(db: Db, courseId: number): Promise<MeetingActivityRow[]> {
  const rows = await db
    .select(MEETING_COLUMNS)
    .from(activities)
    .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
    .where(and(eq(activities.courseId, courseId), isNull(activities.deletedAt), isMeeting))
    .orderBy(asc(activities.id));
  return rows as MeetingActivityRow[];
}

/** The join window's bounds in SQL: data's meeting times, else the activity's own. */
const windowStart = sql<Date | null>`coalesce((${activities.data}->>'meeting_start_time')::timestamptz, ${activities.startTime})`;
const windowEnd = sql<Date | null>`coalesce((${activities.data}->>'meeting_end_time')::timestamptz, ${activities.endTime})`;

/** A meeting activity of the calendar, with its course's name and the user's role in it. */
export interface CalendarMeetingActivityRow extends MeetingActivityRow {
  courseTitle: string;
  role: string;
}

/**
 * The meeting and live activities of the live courses user `userId` is enrolled in whose join window
 * starts before `to` and does not end before `from` (a missing end counts as the start), any role,
 * unordered; the caller filters what a learner may not see. One SELECT (enrolments, courses, activities, modules).
 */
export async function listCalendarMeetingActivities(db: Db, userId: number, from: Date, to: Date): Promise<CalendarMeetingActivityRow[]> {
  const rows = await db
    .select({ ...MEETING_COLUMNS, courseTitle: courses.name, role: enrolments.role })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(activities, eq(activities.courseId, courses.id))
    .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
    .where(
      and(
        eq(enrolments.userId, userId),
        isNull(courses.deletedAt),
        isNull(activities.deletedAt),
        isMeeting,
        isNotNull(windowStart),
        sql`${windowStart} < ${to.toISOString()}::timestamptz`,
        sql`coalesce(${windowEnd}, ${windowStart}) >= ${from.toISOString()}::timestamptz`,
      ),
    );
  return rows as CalendarMeetingActivityRow[];
}

/**
 * Records one join of `userId` to `activityId` at `now`: creates the attendance row (count 1) or
 * moves its last join and adds one to its count. Answers the row after it. One INSERT … ON CONFLICT DO UPDATE.
 */
export async function recordJoin(db: Db, activityId: number, userId: number, now: Date): Promise<LiveAttendanceRow> {
  const [row] = await db
    .insert(liveAttendance)
    .values({ activityId, userId, firstJoinedAt: now, lastJoinedAt: now, joinCount: 1 })
    .onConflictDoUpdate({
      target: [liveAttendance.activityId, liveAttendance.userId],
      set: { lastJoinedAt: now, joinCount: sql`${liveAttendance.joinCount} + 1` },
    })
    .returning();
  return row!;
}

/** A student of the course with their attendance of one activity (null fields: never joined). */
export interface AttendanceListRow {
  userId: number;
  name: string;
  userNo: string;
  firstJoinedAt: Date | null;
  lastJoinedAt: Date | null;
  joinCount: number | null;
}

/**
 * One page of the course's students (by name, then id) with their attendance of `activityId`;
 * `joined` true/false keeps only who did (not) join. Also the course's students and how many of
 * them joined, over all pages. Three SELECTs, run together.
 */
export async function listAttendancePage(
  db: Db,
  courseId: number,
  activityId: number,
  joined: boolean | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: AttendanceListRow[]; total: number; students: number; joinedStudents: number }> {
  const students = and(eq(enrolments.courseId, courseId), eq(enrolments.role, 'student'));
  const onAttendance = and(eq(liveAttendance.userId, enrolments.userId), eq(liveAttendance.activityId, activityId));
  const where = and(students, joined === undefined ? undefined : joined ? isNotNull(liveAttendance.id) : isNull(liveAttendance.id));
  const [rows, [total], [totals]] = await Promise.all([
    db
      .select({
        userId: users.id,
        name: users.name,
        userNo: users.userNo,
        firstJoinedAt: liveAttendance.firstJoinedAt,
        lastJoinedAt: liveAttendance.lastJoinedAt,
        joinCount: liveAttendance.joinCount,
      })
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.userId))
      .leftJoin(liveAttendance, onAttendance)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(enrolments).leftJoin(liveAttendance, onAttendance).where(where),
    db
      .select({ students: count(), joined: count(liveAttendance.id) })
      .from(enrolments)
      .leftJoin(liveAttendance, onAttendance)
      .where(students),
  ]);
  return { rows, total: Number(total?.n ?? 0), students: Number(totals?.students ?? 0), joinedStudents: Number(totals?.joined ?? 0) };
}
