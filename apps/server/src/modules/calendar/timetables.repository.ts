import { and, eq, getTableColumns, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { courses } from '../courses/courses.table.js';
import { calendarTimetables } from './calendar.table.js';

export type TimetableRow = typeof calendarTimetables.$inferSelect;
/** The values of a new timetable series row (id and createdAt default). */
export type NewTimetableValues = typeof calendarTimetables.$inferInsert;
/** What a timetable change needs to know of its course. */
export interface TimetableCourse {
  id: number;
  name: string;
  orgId: number;
  endDate: Date | null;
  deletedAt: Date | null;
}

/** Timetable series of `courseIds` that may have occurrences in [start, end) (null: unbounded). One SELECT, none for no courses. */
export async function seriesInWindow(db: Db, courseIds: number[], start: Date | null, end: Date | null): Promise<TimetableRow[]> {
  if (courseIds.length === 0) return [];
  const t = calendarTimetables;
  return db
    .select()
    .from(t)
    .where(and(inArray(t.courseId, courseIds), end ? lt(t.startTime, end) : undefined, start ? or(isNull(t.until), gt(t.until, start)) : undefined));
}

/**
 * seriesInWindow, each series with the names of its course's instructors (enrolment order): one SELECT
 * where it was two (decision 0140). None for no courses.
 */
export async function seriesInWindowWithInstructors(
  db: Db,
  courseIds: number[],
  start: Date | null,
  end: Date | null,
): Promise<(TimetableRow & { instructorNames: string[] })[]> {
  if (courseIds.length === 0) return [];
  const t = calendarTimetables;
  const rows = await db
    .select({
      ...getTableColumns(t),
      instructorNames: sql<
        string[] | string
      >`(select coalesce(json_agg(u.name order by e.id), '[]'::json) from enrolments e join users u on u.id = e.user_id where e.course_id = ${t.courseId} and e.role = 'instructor')`,
    })
    .from(t)
    .where(and(inArray(t.courseId, courseIds), end ? lt(t.startTime, end) : undefined, start ? or(isNull(t.until), gt(t.until, start)) : undefined));
  return rows.map((r) => ({ ...r, instructorNames: typeof r.instructorNames === 'string' ? (JSON.parse(r.instructorNames) as string[]) : r.instructorNames }));
}

/** Course `courseId` as { id, name, orgId, endDate, deletedAt } (deleted ones too), or undefined. One SELECT. */
export async function findTimetableCourse(db: Db, courseId: number): Promise<TimetableCourse | undefined> {
  const [course] = await db
    .select({ id: courses.id, name: courses.name, orgId: courses.orgId, endDate: courses.endDate, deletedAt: courses.deletedAt })
    .from(courses)
    .where(eq(courses.id, courseId));
  return course;
}

/** The organisation of course `courseId`, or undefined when there is no such course. One SELECT. */
export async function findCourseOrgId(db: Db, courseId: number): Promise<number | undefined> {
  const [c] = await db.select({ orgId: courses.orgId }).from(courses).where(eq(courses.id, courseId));
  return c?.orgId;
}

/** Timetable series `id`, or undefined. One SELECT. */
export async function findTimetable(db: Db, id: number): Promise<TimetableRow | undefined> {
  const [row] = await db.select().from(calendarTimetables).where(eq(calendarTimetables.id, id));
  return row;
}

/** Inserts a timetable series; answers the stored row. One INSERT … RETURNING. */
export async function insertTimetable(db: Db, values: NewTimetableValues): Promise<TimetableRow> {
  const [row] = await db.insert(calendarTimetables).values(values).returning();
  if (!row) throw new Error('insert calendar_timetables returned nothing');
  return row;
}

/** Rewrites series `id` with `values`; answers the updated row (undefined when it is gone). One UPDATE … RETURNING. */
export async function rewriteTimetable(db: Db, id: number, values: Partial<NewTimetableValues>): Promise<TimetableRow | undefined> {
  const [row] = await db.update(calendarTimetables).set(values).where(eq(calendarTimetables.id, id)).returning();
  return row;
}

/** Sets the excluded occurrences (EXDATE, ISO instants) of series `id`. One UPDATE. */
export async function setTimetableExdates(db: Db, id: number, exdates: string[]): Promise<void> {
  await db.update(calendarTimetables).set({ exdates }).where(eq(calendarTimetables.id, id));
}

/** Ends series `id` before `until` (its occurrences from then on are gone). One UPDATE. */
export async function setTimetableUntil(db: Db, id: number, until: Date): Promise<void> {
  await db.update(calendarTimetables).set({ until }).where(eq(calendarTimetables.id, id));
}

/** Deletes series `id`. One DELETE. */
export async function deleteTimetableRow(db: Db, id: number): Promise<void> {
  await db.delete(calendarTimetables).where(eq(calendarTimetables.id, id));
}
