import { and, asc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { fromJsonObject, fromJsonRows, jsonObject, parsedJson, qualified as q, type JsonSelection } from '../../db/json-rows.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { courseUserStates } from '../progress/progress.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { examSubjects } from '../exams/exams.table.js';
import { activities, activityReadRecords, activityUploads, courseModules } from './activities.table.js';
import { courseUserReads } from './course-reads.table.js';

export type ModuleRow = typeof courseModules.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;
export type ReadRecordRow = typeof activityReadRecords.$inferSelect;
/** Columns of a new activity row (the insert shape); a partial of it changes one. */
export type ActivityValues = typeof activities.$inferInsert;
/** Columns of a new module row (the insert shape); a partial of it changes one. */
export type ModuleValues = typeof courseModules.$inferInsert;

/** An upload held by an activity, with what completion and the answers need. */
export interface ActivityUploadRow {
  activityId: number;
  id: number;
  name: string;
  type: string;
  status: (typeof uploads.$inferSelect)['status'];
  size: number;
  numPages: number | null;
  duration: number | null;
  sort: number;
  /** A library file its owner put in the library's trash (decision 0132): removed for learners until restored. */
  inTrash: boolean;
}

/** A course's modules in order (sort, then id). */
export async function listModules(db: Db, courseId: number): Promise<ModuleRow[]> {
  return db.select().from(courseModules).where(eq(courseModules.courseId, courseId)).orderBy(asc(courseModules.sort), asc(courseModules.id));
}

/** The columns of an activity the content tree and the rules need (no description, no data: they can be large). */
const TREE_COLUMNS = {
  id: activities.id,
  courseId: activities.courseId,
  moduleId: activities.moduleId,
  type: activities.type,
  title: activities.title,
  sort: activities.sort,
  isPublished: activities.isPublished,
  startTime: activities.startTime,
  endTime: activities.endTime,
  completionCriterion: activities.completionCriterion,
  completionPercent: activities.completionPercent,
};
export type TreeActivityRow = Pick<ActivityRow, keyof typeof TREE_COLUMNS>;

/** A course's live (not deleted) activities, in order within their module (sort, then id): the tree columns only. */
export async function listActivities(db: Db, courseId: number): Promise<TreeActivityRow[]> {
  return db
    .select(TREE_COLUMNS)
    .from(activities)
    .where(and(eq(activities.courseId, courseId), isNull(activities.deletedAt)))
    .orderBy(asc(activities.moduleId), asc(activities.sort), asc(activities.id));
}

/** Live uploads held by the live activities of a course (or of the given activities), in their order. */
export async function listActivityUploads(db: Db, filter: { courseId: number } | { activityIds: number[] }): Promise<ActivityUploadRow[]> {
  if ('activityIds' in filter && filter.activityIds.length === 0) return [];
  const where =
    'courseId' in filter
      ? and(eq(activities.courseId, filter.courseId), isNull(activities.deletedAt), isNull(uploads.deletedAt))
      : and(inArray(activityUploads.activityId, filter.activityIds), isNull(uploads.deletedAt));
  const rows = await db
    .select(UPLOAD_COLUMNS)
    .from(activityUploads)
    .innerJoin(activities, eq(activities.id, activityUploads.activityId))
    .innerJoin(uploads, eq(uploads.id, activityUploads.uploadId))
    .where(where)
    .orderBy(asc(activityUploads.activityId), asc(activityUploads.sort), asc(activityUploads.id));
  return rows.map((r) => ({ ...r, numPages: r.numPages === null ? null : Number(r.numPages), duration: r.duration === null ? null : Number(r.duration) }));
}

/** What completion needs of a read record. */
export type ReadRecordFacts = Pick<ReadRecordRow, 'activityId' | 'uploadId' | 'viewedPages' | 'viewedRanges' | 'isCompleted' | 'updatedAt'>;

/** The read records of a course's activities held by its students (enrolled as student), with whose each is. One SELECT. */
export async function listStudentReadRecords(db: Db, courseId: number): Promise<(ReadRecordFacts & { userId: number })[]> {
  return db
    .select({ ...RECORD_COLUMNS, userId: activityReadRecords.userId })
    .from(activityReadRecords)
    .innerJoin(activities, eq(activities.id, activityReadRecords.activityId))
    .innerJoin(enrolments, and(eq(enrolments.courseId, activities.courseId), eq(enrolments.userId, activityReadRecords.userId), eq(enrolments.role, 'student')))
    .where(eq(activities.courseId, courseId));
}

/** One learner's read records of every activity of a course. */
export async function listReadRecords(db: Db, courseId: number, userId: number): Promise<ReadRecordFacts[]> {
  return db
    .select(RECORD_COLUMNS)
    .from(activityReadRecords)
    .innerJoin(activities, eq(activities.id, activityReadRecords.activityId))
    .where(and(eq(activityReadRecords.userId, userId), eq(activities.courseId, courseId)));
}

const MODULE_COLUMNS = getTableColumns(courseModules) satisfies JsonSelection;
const UPLOAD_COLUMNS = {
  activityId: activityUploads.activityId,
  id: uploads.id,
  name: uploads.name,
  type: uploads.type,
  status: uploads.status,
  size: uploads.size,
  numPages: sql<number | null>`(${uploads.meta}->>'numPages')::int`,
  duration: sql<number | null>`(${uploads.meta}->>'duration')::float8`,
  sort: activityUploads.sort,
  inTrash: sql<boolean>`exists (select 1 from library_items li where li.upload_id = ${uploads.id} and li.trashed_at is not null)`,
} satisfies JsonSelection;
const RECORD_COLUMNS = {
  activityId: activityReadRecords.activityId,
  uploadId: activityReadRecords.uploadId,
  viewedPages: activityReadRecords.viewedPages,
  viewedRanges: activityReadRecords.viewedRanges,
  isCompleted: activityReadRecords.isCompleted,
  updatedAt: activityReadRecords.updatedAt,
} satisfies JsonSelection;
const STATE_COLUMNS = getTableColumns(courseUserStates) satisfies JsonSelection;

/** What a course study is computed from: listModules, listActivities, listActivityUploads({ courseId }), listReadRecords and, when asked, the user's course state. */
export interface StudyRows {
  modules: ModuleRow[];
  activities: TreeActivityRow[];
  uploads: ActivityUploadRow[];
  records: ReadRecordFacts[];
  state: typeof courseUserStates.$inferSelect | undefined;
}

/**
 * A course's modules, live activities, their live uploads and one user's read records (and their course
 * state when `withState`) in ONE statement (decision 0140; it was four, or five with the state), each list
 * in the order of the single-table function it replaces. Answers empty lists for a course that does not exist.
 */
export async function readStudyRows(db: Db, courseId: number, userId: number, options: { withState?: boolean } = {}): Promise<StudyRows> {
  const uploadSort = sql`${q(activityUploads.activityId)}, ${q(activityUploads.sort)}, ${q(activityUploads.id)}`;
  const [row] = await db
    .select({
      modules: sql`(select coalesce(json_agg(${jsonObject(MODULE_COLUMNS)} order by ${q(courseModules.sort)}, ${q(courseModules.id)}), '[]'::json) from ${courseModules} where ${q(courseModules.courseId)} = ${courseId})`,
      activities: sql`(select coalesce(json_agg(${jsonObject(TREE_COLUMNS)} order by ${q(activities.moduleId)}, ${q(activities.sort)}, ${q(activities.id)}), '[]'::json) from ${activities} where ${q(activities.courseId)} = ${courseId} and ${q(activities.deletedAt)} is null)`,
      uploads: sql`(select coalesce(json_agg(${jsonObject(UPLOAD_COLUMNS)} order by ${uploadSort}), '[]'::json) from ${activityUploads} join ${activities} on ${q(activities.id)} = ${q(activityUploads.activityId)} join ${uploads} on ${q(uploads.id)} = ${q(activityUploads.uploadId)} where ${q(activities.courseId)} = ${courseId} and ${q(activities.deletedAt)} is null and ${q(uploads.deletedAt)} is null)`,
      records: sql`(select coalesce(json_agg(${jsonObject(RECORD_COLUMNS)}), '[]'::json) from ${activityReadRecords} join ${activities} on ${q(activities.id)} = ${q(activityReadRecords.activityId)} where ${q(activityReadRecords.userId)} = ${userId} and ${q(activities.courseId)} = ${courseId})`,
      state: options.withState
        ? sql`(select ${jsonObject(STATE_COLUMNS)} from ${courseUserStates} where ${q(courseUserStates.courseId)} = ${courseId} and ${q(courseUserStates.userId)} = ${userId} limit 1)`
        : sql`null`,
    })
    .from(sql`(select 1) as one`);
  const state = row?.state == null ? undefined : fromJsonObject<StudyRows['state'] & object>(STATE_COLUMNS, parsedJson(row.state as Record<string, unknown>));
  return {
    modules: fromJsonRows<ModuleRow>(MODULE_COLUMNS, row?.modules),
    activities: fromJsonRows<TreeActivityRow>(TREE_COLUMNS, row?.activities),
    uploads: fromJsonRows<ActivityUploadRow>(UPLOAD_COLUMNS, row?.uploads).map((u) => ({
      ...u,
      numPages: u.numPages === null ? null : Number(u.numPages),
      duration: u.duration === null ? null : Number(u.duration),
    })),
    records: fromJsonRows<ReadRecordFacts>(RECORD_COLUMNS, row?.records),
    state,
  };
}

export async function findModule(db: Db, id: number): Promise<ModuleRow | undefined> {
  const [row] = await db.select().from(courseModules).where(eq(courseModules.id, id)).limit(1);
  return row;
}

/** A live activity. */
export async function findActivity(db: Db, id: number): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), isNull(activities.deletedAt)))
    .limit(1);
  return row;
}

/** Inserts an activity; answers its id. One INSERT … RETURNING. */
export async function insertActivity(db: Db, values: ActivityValues): Promise<number> {
  const [row] = await db.insert(activities).values(values).returning({ id: activities.id });
  return row!.id;
}

/** Changes the given columns of activity `id` (deleted or not). One UPDATE. */
export async function updateActivityRow(db: Db, id: number, values: Partial<ActivityValues>): Promise<void> {
  await db.update(activities).set(values).where(eq(activities.id, id));
}

/** Inserts a module; answers the stored row. One INSERT … RETURNING. */
export async function insertModule(db: Db, values: ModuleValues): Promise<ModuleRow> {
  const [row] = await db.insert(courseModules).values(values).returning();
  return row!;
}

/** Changes the given columns of module `id`; answers the stored row (undefined when there is none). One UPDATE … RETURNING. */
export async function updateModuleRow(db: Db, id: number, values: Partial<ModuleValues>): Promise<ModuleRow | undefined> {
  const [row] = await db.update(courseModules).set(values).where(eq(courseModules.id, id)).returning();
  return row;
}

/** Deletes module `id` (its activities and their read records go with it by cascade). One DELETE. */
export async function deleteModuleRow(db: Db, id: number): Promise<void> {
  await db.delete(courseModules).where(eq(courseModules.id, id));
}

/** Of these upload ids, the live (not deleted) uploads as `{ id, orgId, ownerId, parentType, parentId }[]`, in no order. One SELECT. */
export async function listLiveUploadOwnership(db: Db, uploadIds: number[]) {
  return db
    .select({ id: uploads.id, orgId: uploads.orgId, ownerId: uploads.ownerId, parentType: uploads.parentType, parentId: uploads.parentId })
    .from(uploads)
    .where(and(inArray(uploads.id, uploadIds), isNull(uploads.deletedAt)));
}

/** Counts one course page read (`type`: 'content', 'outline', …) of a user: count + 1 and the read time now, or a new row at 1. One INSERT … ON CONFLICT DO UPDATE. */
export async function countCourseUserRead(db: Db, courseId: number, userId: number, type: string): Promise<void> {
  await db
    .insert(courseUserReads)
    .values({ courseId, userId, type })
    .onConflictDoUpdate({
      target: [courseUserReads.courseId, courseUserReads.userId, courseUserReads.type],
      set: { count: sql`${courseUserReads.count} + 1`, lastReadAt: new Date() },
    });
}

/** Next free sort value at the end of a course's modules, or of a module's activities. */
export async function nextModuleSort(db: Db, courseId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${courseModules.sort}), -1)::int + 1` })
    .from(courseModules)
    .where(eq(courseModules.courseId, courseId));
  return Number(row?.n ?? 0);
}

export async function nextActivitySort(db: Db, moduleId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${activities.sort}), -1)::int + 1` })
    .from(activities)
    .where(and(eq(activities.moduleId, moduleId), isNull(activities.deletedAt)));
  return Number(row?.n ?? 0);
}

/** Replaces an activity's uploads with `uploadIds`, in that order. */
export async function setActivityUploads(db: Db, activityId: number, uploadIds: number[]): Promise<void> {
  await db.delete(activityUploads).where(eq(activityUploads.activityId, activityId));
  if (uploadIds.length > 0) await db.insert(activityUploads).values(uploadIds.map((uploadId, sort) => ({ activityId, uploadId, sort })));
}

/**
 * Writes a whole content order in two statements: module sorts, then each
 * activity's module and sort (`update … from (values …)`).
 */
export async function writeOrder(db: Db, modules: { id: number; activityIds: number[] }[]): Promise<void> {
  if (modules.length > 0) {
    const values = sql.join(
      modules.map((m, i) => sql`(${m.id}::int, ${i}::int)`),
      sql`, `,
    );
    await db.execute(sql`update course_modules set sort = v.sort, updated_at = now() from (values ${values}) as v(id, sort) where course_modules.id = v.id`);
  }
  const rows = modules.flatMap((m) => m.activityIds.map((id, i) => sql`(${id}::int, ${m.id}::int, ${i}::int)`));
  if (rows.length > 0) {
    await db.execute(
      sql`update activities set module_id = v.module_id, sort = v.sort, updated_at = now() from (values ${sql.join(rows, sql`, `)}) as v(id, module_id, sort) where activities.id = v.id`,
    );
  }
}

/**
 * Upserts one learner's read record of an activity (uploadId 0 for the
 * activity itself), adding `page` to viewed_pages when given.
 */
export async function recordRead(db: Db, activityId: number, userId: number, uploadId: number, page: number | undefined): Promise<void> {
  const pages = page === undefined ? [] : [page];
  await db
    .insert(activityReadRecords)
    .values({ activityId, userId, uploadId, viewedPages: pages })
    .onConflictDoUpdate({
      target: [activityReadRecords.activityId, activityReadRecords.userId, activityReadRecords.uploadId],
      set: {
        viewedPages:
          page === undefined
            ? sql`${activityReadRecords.viewedPages}`
            : sql`case when ${activityReadRecords.viewedPages} @> ${JSON.stringify(pages)}::jsonb then ${activityReadRecords.viewedPages} else ${activityReadRecords.viewedPages} || ${JSON.stringify(pages)}::jsonb end`,
        updatedAt: new Date(),
      },
    });
}

/** A live activity that holds a file, as the access rules see it (decision 0080). Times as stored. */
export interface FileHolderRow {
  uploadId: number;
  activityId: number;
  courseId: number;
  isPublished: boolean;
  isModulePublished: boolean;
  startTime: Date | null;
  endTime: Date | null;
  criterion: ActivityRow['completionCriterion'];
  /** true: an exam subject lists the file (exam_subjects.upload_ids); false: the activity holds it (activity_uploads). */
  viaExam: boolean;
}

/**
 * Every live activity holding one of `uploadIds`, by activity_uploads or by an
 * exam subject's upload_ids (decision 0030), with its module's published flag.
 * One statement (a UNION ALL; it was two in one round, decision 0140); none when `uploadIds` is empty.
 */
export async function listFileHolders(db: Db, uploadIds: readonly number[]): Promise<FileHolderRow[]> {
  if (uploadIds.length === 0) return [];
  const columns = {
    activityId: activities.id,
    courseId: activities.courseId,
    isPublished: activities.isPublished,
    isModulePublished: courseModules.isPublished,
    startTime: activities.startTime,
    endTime: activities.endTime,
    criterion: activities.completionCriterion,
  };
  // One statement (decision 0140): the held files and the exam listings as one UNION ALL, each row with its
  // upload ids as a jsonb array (one id for activity_uploads) and whether an exam lists it.
  const rows = await unionAll(
    db
      .select({
        uploadIds: sql<number[] | string>`jsonb_build_array(${activityUploads.uploadId})`.as('upload_ids'),
        viaExam: sql<boolean>`false`.as('via_exam'),
        ...columns,
      })
      .from(activityUploads)
      .innerJoin(activities, eq(activities.id, activityUploads.activityId))
      .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
      .where(and(inArray(activityUploads.uploadId, [...uploadIds]), isNull(activities.deletedAt))),
    db
      .select({ uploadIds: sql<number[] | string>`${examSubjects.uploadIds}`.as('upload_ids'), viaExam: sql<boolean>`true`.as('via_exam'), ...columns })
      .from(examSubjects)
      .innerJoin(activities, eq(activities.id, examSubjects.activityId))
      .innerJoin(courseModules, eq(courseModules.id, activities.moduleId))
      .where(and(isNull(activities.deletedAt), or(...uploadIds.map((id) => sql`${examSubjects.uploadIds} @> ${JSON.stringify([id])}::jsonb`)))),
  );
  const held = rows.filter((r) => !r.viaExam).map(({ uploadIds: ids, viaExam: _, ...a }) => ({ uploadId: parsedJson(ids)[0]!, ...a }));
  const listed = rows.filter((r) => r.viaExam).map(({ viaExam: _, uploadIds: ids, ...a }) => ({ uploadIds: parsedJson(ids), ...a }));
  const wanted = new Set(uploadIds);
  return [
    ...held.map((h) => ({ ...h, viaExam: false })),
    ...listed.flatMap(({ uploadIds: ids, ...a }) => [...new Set(ids)].filter((id) => wanted.has(id)).map((uploadId) => ({ uploadId, ...a, viaExam: true }))),
  ];
}
